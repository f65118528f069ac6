import { useState } from 'react';
import { GraphqlError } from '../../../shared/api/graphql';
import { appStore } from '../../../shared/store';
import { updateIssueAtom } from '../../issue/issueAtoms';
import type { FlagResult } from './issueFlagsApi';

/**
 * Turns one boolean of the issue (confidential, discussion_locked) on or off through its
 * mutation: busy while it runs; on success the issue holds the answer and the form closes; on
 * failure the first mutation error is shown as is, else `failureText`.
 */
export function useIssueFlagToggle(issueKey: string, field: 'confidential' | 'discussion_locked', mutate: (value: boolean) => Promise<FlagResult>, failureText: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function apply(value: boolean): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const res = await mutate(value);
      if (res.errors.length || res.value === null) {
        setError(res.errors[0] ?? failureText);
        return false;
      }
      updateIssueAtom(appStore, issueKey, (issue) => (issue[field] === res.value ? issue : { ...issue, [field]: res.value }));
      return true;
    } catch (e) {
      setError(e instanceof GraphqlError && e.message && !e.message.startsWith('HTTP') ? e.message : failureText);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { apply, busy, error, clearError: () => setError(null) };
}
