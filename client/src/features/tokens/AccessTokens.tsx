import { useEffect, useId, useState } from 'react';
import { TOKEN_SCOPES, TEXTS, type TokenScope } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { CopyButton } from '../../shared/ui/CopyButton';
import { formatDate, formatTimestamp } from '../../shared/time/formatTime';
import { RelativeTime } from '../../shared/ui/RelativeTime';

export interface PersonalAccessToken {
  id: number;
  name: string;
  revoked: boolean;
  active: boolean;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  scopes: string[];
}

const SCOPE_HELP: Record<TokenScope, string> = {
  api: 'Grants complete read and write access to the API.',
  read_api: 'Grants read access to the API.',
};

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Personal access tokens: create (shown once), list, revoke. */
export function AccessTokens() {
  const [tokens, setTokens] = useState<PersonalAccessToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  useEffect(() => {
    requestJson<PersonalAccessToken[]>('/api/v4/personal_access_tokens')
      .then((res) => (res.ok ? setTokens(res.data) : setLoadError(errorText(res.data, 'Tokens could not be loaded.'))))
      .catch(() => setLoadError('Tokens could not be loaded.'));
  }, []);

  async function revoke(t: PersonalAccessToken) {
    setRevokeError(null);
    const res = await requestJson(`/api/v4/personal_access_tokens/${t.id}`, { method: 'DELETE' }).catch(() => null);
    setRevoking(null);
    if (!res?.ok) {
      setRevokeError(errorText(res?.data, 'The token could not be revoked.'));
      return;
    }
    setTokens((list) => list?.map((x) => (x.id === t.id ? { ...x, revoked: true, active: false } : x)) ?? null);
  }

  const active = tokens?.filter((t) => t.active) ?? [];
  const inactive = tokens?.filter((t) => !t.active) ?? [];

  return (
    <div className="tokens">
      {created && (
        <div className="alert alert--success new-token" role="status" data-testid="new-token">
          <div className="alert__body">
            <label className="field__label" htmlFor="new-token-value">
              Your new personal access token “{created.name}”
            </label>
            <div className="new-token__row">
              <input id="new-token-value" className="input input--mono" readOnly value={created.token} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={created.token} label="Copy personal access token" />
            </div>
            <p className="field__hint">Make sure you save it: you won&apos;t be able to access it again.</p>
          </div>
        </div>
      )}
      <CreateTokenForm
        onCreated={(t) => {
          setCreated({ name: t.name, token: t.token });
          setTokens((list) => [t, ...(list ?? [])]);
        }}
      />
      <section aria-labelledby="active-tokens-heading" className="card">
        <h2 id="active-tokens-heading" className="card__title">
          Active personal access tokens <span className="tab__count">{tokens ? active.length : '–'}</span>
        </h2>
        {loadError && <Alert variant="danger">{loadError}</Alert>}
        <div aria-live="assertive">{revokeError && <Alert variant="danger">{revokeError}</Alert>}</div>
        {tokens && <TokenTable tokens={active} onRevoke={setRevoking} />}
      </section>
      {inactive.length > 0 && (
        <section aria-labelledby="inactive-tokens-heading" className="card">
          <h2 id="inactive-tokens-heading" className="card__title">
            Inactive personal access tokens <span className="tab__count">{inactive.length}</span>
          </h2>
          <TokenTable tokens={inactive} />
        </section>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke token?"
        message={`Are you sure you want to revoke the token “${revoking?.name ?? ''}”? This action cannot be undone. Any tools that rely on it will stop working.`}
        confirmLabel="Revoke"
        danger
        onConfirm={() => revoking && void revoke(revoking)}
        onOpenChange={(o) => !o && setRevoking(null)}
      />
    </div>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: PersonalAccessToken[]; onRevoke?: (t: PersonalAccessToken) => void }) {
  if (!tokens.length) return <p className="empty-row">{TEXTS.noRecords}</p>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid={onRevoke ? 'active-tokens' : 'inactive-tokens'}>
        <thead>
          <tr>
            <th scope="col">Token name</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            {onRevoke ? <th scope="col"><span className="visually-hidden">Actions</span></th> : <th scope="col">Status</th>}
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id}>
              <td className="table__name">{t.name}</td>
              <td>{t.scopes.join(', ')}</td>
              <td>
                <time dateTime={t.created_at} title={formatTimestamp(t.created_at)}>
                  {formatDate(t.created_at)}
                </time>
              </td>
              <td>{t.last_used_at ? <RelativeTime iso={t.last_used_at} /> : <span className="muted">Never</span>}</td>
              <td>{t.expires_at ? formatDate(t.expires_at) : <span className="muted">Never</span>}</td>
              {onRevoke ? (
                <td className="table__actions">
                  <button type="button" className="btn btn--danger-secondary btn--small" onClick={() => onRevoke(t)} aria-label={`Revoke ${t.name}`}>
                    Revoke
                  </button>
                </td>
              ) : (
                <td>{t.revoked ? 'Revoked' : 'Expired'}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(t: PersonalAccessToken & { token: string }): void }) {
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['api']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), expires: useId() };

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = { name: name.trim(), scopes };
      if (expiresAt) body.expires_at = expiresAt;
      const res = await requestJson<PersonalAccessToken & { token: string }>('/api/v4/user/personal_access_tokens', { method: 'POST', body });
      if (!res.ok) {
        setError(errorText(res.data, 'The token could not be created.'));
        return;
      }
      onCreated(res.data);
      setName('');
      setExpiresAt('');
      setScopes(['api']);
    } catch {
      setError('The token could not be created.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="add-token-heading">
      <h2 id="add-token-heading" className="card__title">
        Add a personal access token
      </h2>
      <p className="muted">Use it to authenticate with the API over HTTP (the PRIVATE-TOKEN header).</p>
      <form
        className="token-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div aria-live="assertive">{error && <Alert variant="danger">{error}</Alert>}</div>
        <div className="token-form__row">
          <div className="field">
            <label className="field__label" htmlFor={ids.name}>
              Token name
            </label>
            <input id={ids.name} className="input" value={name} maxLength={255} required onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.expires}>
              Expiration date <span className="muted">(optional)</span>
            </label>
            <input id={ids.expires} className="input" type="date" min={tomorrow()} value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
          </div>
        </div>
        <fieldset className="field fieldset">
          <legend className="field__label">Select scopes</legend>
          {TOKEN_SCOPES.map((s) => (
            <label key={s} className="checkbox">
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
              />
              <span>
                <strong>{s}</strong>
                <span className="checkbox__help">{SCOPE_HELP[s]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--confirm" disabled={busy || !name.trim() || scopes.length === 0}>
          {busy ? 'Creating…' : 'Create personal access token'}
        </button>
      </form>
    </section>
  );
}
