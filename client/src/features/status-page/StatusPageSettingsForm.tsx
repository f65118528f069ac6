import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STATUS_PAGE_TEXTS as T } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { saveStatusPageSettings, statusPageSettingsKey, useStatusPageSettings } from './statusPageApi';

/** The project's status page setting on the incident list (maintainers): active, and the page's URL. */
export function StatusPageSettingsForm({ projectPath }: { projectPath: string }) {
  const settings = useStatusPageSettings(projectPath, true);
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(false);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setEnabled(settings.data.enabled);
    setUrl(settings.data.status_page_url === settings.data.default_url ? '' : settings.data.status_page_url);
  }, [settings.data]);

  if (!settings.data) return null;
  const data = settings.data;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const saved = await saveStatusPageSettings(projectPath, { enabled, status_page_url: url.trim() || null });
      queryClient.setQueryData(statusPageSettingsKey(projectPath), saved);
      setResult({ ok: true, text: T.saved });
    } catch (err) {
      setResult({ ok: false, text: err instanceof Error ? err.message : T.saveFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="status-page-settings" data-testid="status-page-settings">
      <summary>{T.settingsTitle}</summary>
      <form onSubmit={(e) => void submit(e)}>
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {T.enabledLabel}
        </label>
        <label className="field">
          <span>{T.urlLabel}</span>
          <input type="url" className="input" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <p className="muted">
          {T.urlHelp}{' '}
          {data.enabled && (
            <a href={data.status_page_url} target="_blank" rel="noopener noreferrer">
              {data.status_page_url}
            </a>
          )}
        </p>
        <button type="submit" className="btn btn--confirm btn--sm" disabled={busy}>
          {T.save}
        </button>
        {result && (
          <Alert variant={result.ok ? 'success' : 'danger'} onDismiss={() => setResult(null)}>
            {result.text}
          </Alert>
        )}
      </form>
    </details>
  );
}
