import { useState } from 'react';
import { DISCUSSION_TEXTS, type ApiDiscussion } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { upsertDiscussion } from './discussionRules';
import { updateDiscussions } from './notesAtoms';
import { resolveDiscussion } from './notesApi';
import { useNotesContext } from './NotesContext';

/** Resolve/unresolve a thread (PUT/DELETE its resolve path); the answer is the thread's new state. Null: nothing to toggle. */
export function useResolveDiscussion(discussion: ApiDiscussion | null) {
  const { issueKey, paths, setError } = useNotesContext();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (!discussion) return;
    setBusy(true);
    setError(null);
    try {
      const res = await resolveDiscussion(discussion.resolve_path || paths.discussionResolve(discussion.id), !discussion.resolved);
      if (!res.ok || !res.data?.notes) throw new Error(String(res.status));
      updateDiscussions(appStore, issueKey, (l) => upsertDiscussion(l, res.data));
    } catch {
      setError(DISCUSSION_TEXTS.resolveFailed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, toggle };
}
