import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { fetchIssue, updateIssueState } from './issueApi';
import { issueAtomFamily } from './issueAtoms';
import { issueListKeys } from '../issue-list/issueListQueries';

/** Close/Reopen through GraphQL; the badge flips from the mutation's answer. */
export function useIssueStateToggle(issueKey: string, projectPath: string, iid: number, endpoint: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  async function toggle(event: 'CLOSE' | 'REOPEN') {
    setBusy(true);
    setError(null);
    const issueAtom = issueAtomFamily(issueKey);
    try {
      const { state, errors } = await updateIssueState(projectPath, iid, event);
      if (errors.length || !state) {
        setError(errors.length ? `${TEXTS.statusUpdateFailed}. ${errors.join('. ')}` : TEXTS.statusUpdateFailed);
        return;
      }
      const cur = appStore.get(issueAtom);
      if (cur) appStore.set(issueAtom, { ...cur, state });
      void queryClient.invalidateQueries({ queryKey: issueListKeys.project(projectPath) });
      // The change bumped lock_version and closed_by/closed_at: read them so a later save is not refused
      const fresh = await fetchIssue(endpoint).catch(() => null);
      const now = appStore.get(issueAtom);
      if (fresh?.ok && now && fresh.data.lock_version >= now.lock_version) appStore.set(issueAtom, { ...now, ...fresh.data });
    } catch {
      setError(TEXTS.statusUpdateFailed);
    } finally {
      setBusy(false);
    }
  }

  return { toggle, busy, error, dismissError: () => setError(null) };
}
