import type { ApiNote } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { updateIssueAtom } from '../issue/issueAtoms';
import { discussionsAtomFamily } from './notesAtoms';

/** Whether the issue's loaded discussions hold this note. */
export function holdsNote(store: typeof appStore, key: string, noteId: string): ApiNote | null {
  for (const d of store.get(discussionsAtomFamily(key)) ?? []) for (const n of d.notes) if (n.id === noteId) return n;
  return null;
}

/**
 * Keeps the issue's comment count in step with a note arriving or leaving. Called before the
 * list changes, so whichever of our own answer and the live event comes second counts nothing.
 */
export function countNoteChange(store: typeof appStore, key: string, note: Pick<ApiNote, 'id' | 'system'> | null, delta: 1 | -1): void {
  if (!note || note.system) return;
  const held = !!holdsNote(store, key, note.id);
  if ((delta === 1 && held) || (delta === -1 && !held)) return;
  updateIssueAtom(store, key, (issue) => ({ ...issue, user_notes_count: Math.max(0, issue.user_notes_count + delta) }));
}
