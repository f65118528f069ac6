import { useCallback, useState } from 'react';
import { DISCUSSION_TEXTS, TEXTS } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { appStore } from '../../shared/store';
import { fetchIssue, updateIssueFields } from './issueApi';
import { issueAtomFamily, updateIssueAtom, type IssueState } from './issueAtoms';

/** The line a rendered task item stands on (the server's data-sourcepos, "line:col-line:col"). */
export function taskLineOf(box: Element): number | null {
  const pos = box.closest('li[data-sourcepos]')?.getAttribute('data-sourcepos');
  const line = pos ? Number(pos.split(':')[0]) : NaN;
  return Number.isInteger(line) && line > 0 ? line : null;
}

/**
 * Toggles a task-list checkbox of the description through `update_task` with the issue's
 * lock_version (GitLab's TaskList). A conflict shows the spec's text and loads the current
 * description; any other failure shows "Update failed" with the server's reasons.
 */
export function useTaskListToggle(issueKey: string, endpoint: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = useCallback(
    async (box: HTMLInputElement) => {
      const issue = appStore.get(issueAtomFamily(issueKey));
      const line = taskLineOf(box);
      const source = line === null ? undefined : (issue?.description ?? '').split('\n')[line - 1];
      if (!issue || line === null || source === undefined) return;
      const checked = box.checked;
      setBusy(true);
      setError(null);
      try {
        const res = await updateIssueFields(endpoint, { lock_version: issue.lock_version, update_task: { checked, line_number: line, line_source: source } });
        if (res.ok) {
          const saved = res.data;
          updateIssueAtom(appStore, issueKey, (cur) => (cur.lock_version > saved.lock_version ? cur : ({ ...cur, ...saved } as IssueState)));
          return;
        }
        box.checked = !checked;
        if (res.status === 409) {
          setError(TEXTS.taskListConflict('issue'));
          const fresh = await fetchIssue(endpoint);
          if (fresh.ok) updateIssueAtom(appStore, issueKey, (cur) => (cur.lock_version > fresh.data.lock_version ? cur : ({ ...cur, ...fresh.data } as IssueState)));
        } else {
          const detail = errorText(res.data, '');
          setError(detail ? `${DISCUSSION_TEXTS.updateFailed}: ${detail}` : DISCUSSION_TEXTS.updateFailed);
        }
      } catch {
        box.checked = !checked;
        setError(DISCUSSION_TEXTS.updateFailed);
      } finally {
        setBusy(false);
      }
    },
    [endpoint, issueKey],
  );

  return { toggle, busy, error, dismissError: () => setError(null) };
}
