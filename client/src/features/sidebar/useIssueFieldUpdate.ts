import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { appStore } from '../../shared/store';
import { issueListKeys } from '../issue-list/issueListQueries';
import { updateIssueFields } from '../issue/issueApi';
import { updateIssueAtom, type IssueState } from '../issue/issueAtoms';

/**
 * Saves sidebar fields of an issue and applies the answer at once (the socket's event brings
 * the same state a moment later, and everyone else's page too). `error` is the widget's
 * message when the server refused or could not be reached.
 */
export function useIssueFieldUpdate(issueKey: string, endpoint: string, projectPath: string, failureText: string) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = useCallback(
    async (fields: Record<string, unknown>): Promise<boolean> => {
      setSaving(true);
      setError(null);
      try {
        const res = await updateIssueFields(endpoint, fields);
        if (!res.ok) {
          const detail = res.data?.errors?.join(' ');
          setError(detail ? `${failureText} ${detail}` : failureText);
          return false;
        }
        const saved = res.data;
        // Never move the page backwards: a newer event may already be applied
        updateIssueAtom(appStore, issueKey, (cur) => (cur.lock_version > saved.lock_version ? cur : ({ ...cur, ...saved } as IssueState)));
        void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
        return true;
      } catch {
        setError(failureText);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [endpoint, failureText, issueKey, projectPath, queryClient],
  );

  return { save, saving, error };
}
