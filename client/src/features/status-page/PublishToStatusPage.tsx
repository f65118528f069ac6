import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { STATUS_PAGE_TEXTS as T } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { appStore } from '../../shared/store';
import { publishedIncidentUrlAtomFamily } from './statusPageAtoms';
import { setIncidentPublished } from './statusPageApi';

/**
 * The incident page's "Publish to status page" (and Unpublish) for maintainers while the
 * project's status page is on. The pinned link follows from the answer and, on every other
 * open page, from the issue.status_page event.
 */
export function PublishToStatusPage({ issueKey, projectPath, iid }: { issueKey: string; projectPath: string; iid: number }) {
  const url = useAtomValue(publishedIncidentUrlAtomFamily(issueKey), { store: appStore });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      appStore.set(publishedIncidentUrlAtomFamily(issueKey), await setIncidentPublished(projectPath, iid, !url));
    } catch (e) {
      setError(e instanceof Error ? e.message : T.publishFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="status-page-publish">
      <button type="button" className="btn btn--default btn--sm" disabled={busy} onClick={() => void toggle()} data-testid="status-page-publish">
        {url ? T.unpublish : T.publish}
      </button>
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
    </div>
  );
}
