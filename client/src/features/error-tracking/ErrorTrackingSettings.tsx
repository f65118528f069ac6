import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_TRACKING_TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { CopyButton } from '../../shared/ui/CopyButton';
import { createClientKey, errorTrackingKeys, revokeClientKey, saveErrorTrackingSettings, useErrorTrackingSetup } from './errorTrackingApi';
import './errorTracking.css';

/**
 * Settings > Monitor > Error tracking (maintainers): turn it on, and the DSN to give the
 * application's Sentry SDK, with a copy button; keys can be added and revoked.
 */
export function ErrorTrackingSettings({ projectPath }: { projectPath: string }) {
  const setup = useErrorTrackingSetup(projectPath);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: errorTrackingKeys.settings(projectPath) });

  async function run(op: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await op();
      await refresh();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (setup.isError) return <Alert variant="danger">{setup.error.message}</Alert>;
  if (!setup.data) return <p className="muted" role="status">Loading…</p>;
  const { settings, keys } = setup.data;
  const active = keys.filter((k) => k.active);
  return (
    <section className="card error-settings" aria-labelledby="error-settings-title">
      <h2 id="error-settings-title" className="card__title">
        Error tracking
      </h2>
      <p className="muted">Give this DSN to your application&apos;s Sentry SDK: the errors it reports appear on this project&apos;s Error tracking page.</p>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <label className="error-settings__toggle">
        <input type="checkbox" checked={settings.active} disabled={busy} onChange={(e) => void run(() => saveErrorTrackingSettings(projectPath, e.target.checked))} />
        Enable error tracking
      </label>
      <h3 className="error-settings__subtitle">Data Source Name (DSN)</h3>
      {active.length === 0 ? (
        <button type="button" className="btn" disabled={busy} onClick={() => void run(() => createClientKey(projectPath))}>
          Generate a DSN
        </button>
      ) : (
        <ul className="error-settings__keys">
          {active.map((k) => (
            <li key={k.id} className="error-settings__key">
              <input className="input error-settings__dsn" readOnly value={k.sentry_dsn} aria-label="DSN" data-testid="error-tracking-dsn" onFocus={(e) => e.target.select()} />
              <CopyButton text={k.sentry_dsn} label={ERROR_TRACKING_TEXTS.copyDsn} />
              <button type="button" className="btn btn--tertiary" disabled={busy} onClick={() => void run(() => revokeClientKey(projectPath, k.id))}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {!settings.active && active.length > 0 && <p className="muted">Events sent with this DSN are refused until error tracking is enabled.</p>}
    </section>
  );
}
