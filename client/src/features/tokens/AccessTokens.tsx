import { useId, useState } from 'react';
import { TOKEN_SCOPES, TEXTS, type TokenScope } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { CopyButton } from '../../shared/ui/CopyButton';
import { formatDate, formatTimestamp } from '../../shared/time/formatTime';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken, type NewAccessToken, type PersonalAccessToken } from './accessTokenQueries';

const SCOPE_HELP: Record<TokenScope, string> = {
  api: 'Grants complete read and write access to the API.',
  read_api: 'Grants read access to the API.',
};

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Personal access tokens: create (shown once), list, revoke. */
export function AccessTokens() {
  const { data: tokens, error: loadFailure } = useAccessTokens();
  const loadError = loadFailure?.message ?? null;
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);
  const revokeMutation = useRevokeAccessToken();
  const revokeError = revokeMutation.error?.message ?? null;

  function revoke(t: PersonalAccessToken) {
    setRevoking(null);
    revokeMutation.mutate(t);
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
        onCreated={(t) => setCreated({ name: t.name, token: t.token })}
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
        onConfirm={() => revoking && revoke(revoking)}
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
  const create = useCreateAccessToken();
  const busy = create.isPending;
  const error = create.error?.message ?? null;
  const ids = { name: useId(), expires: useId() };

  function submit() {
    const body: NewAccessToken = { name: name.trim(), scopes };
    if (expiresAt) body.expires_at = expiresAt;
    create.mutate(body, {
      onSuccess: (t) => {
        onCreated(t);
        setName('');
        setExpiresAt('');
        setScopes(['api']);
      },
    });
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
          submit();
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
