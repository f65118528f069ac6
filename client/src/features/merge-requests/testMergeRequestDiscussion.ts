import { cleanup } from '@testing-library/react';
import { NOTES_FILTER_OPTIONS, mergeRequestNoteablePaths } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { connectionStateAtom } from '../../realtime/realtimeAtoms';
import { testPermissions } from '../issue/testPermissions';
import type { DiscussionNoteable } from '../notes/DiscussionArea';
import { discussionsAtomFamily } from '../notes/notesAtoms';
import { pendingNotesAtomFamily } from '../notes/pendingNotesAtoms';
import { alice } from '../notes/testNotes';
import { csrfTokenAtom, currentUserAtom } from '../session/sessionAtoms';

/** Merge request g/p!3 (id 30) in tests of its Overview's discussion area: its key, paths and noteable. */
export const MR_KEY = 'g/p/-/merge_requests#3';
export const MR_PATHS = mergeRequestNoteablePaths('g/p', 3, 30);

export const mergeRequestNoteable = (notesFilter: 0 | 1 | 2 = 0, prerenderedNotesCount = 1): DiscussionNoteable => ({
  type: 'MergeRequest', key: MR_KEY, path: 'g/p', editorProjectPath: 'g/p', iid: 3, id: 30, state: 'opened', confidential: false, discussionLocked: false, authorId: 1,
  permissions: testPermissions(), notesData: { notesFilter, prerenderedNotesCount, isProjectArchived: false }, notesFilters: NOTES_FILTER_OPTIONS, lastFetchedAt: 1,
});

/** A clean page before each test: alice signed in, the socket open, no discussions or pending notes kept. */
export function resetMergeRequestDiscussion(): void {
  cleanup();
  localStorage.clear();
  window.history.pushState({}, '', '/g/p/-/merge_requests/3');
  discussionsAtomFamily.remove(MR_KEY);
  appStore.set(pendingNotesAtomFamily(MR_KEY), []);
  appStore.set(csrfTokenAtom, 'csrf');
  appStore.set(currentUserAtom, { ...alice, email: 'a@x', is_admin: false, created_at: '' });
  appStore.set(connectionStateAtom, 'open');
}
