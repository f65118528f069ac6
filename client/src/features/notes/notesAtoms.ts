import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { ApiDiscussion } from '@tandem/shared-types';
import { appStore } from '../../shared/store';

/** The discussions of one issue as the server last said (keyed like the issue: `${projectPath}#${iid}`); null until loaded. */
export const discussionsAtomFamily = atomFamily((key: string) => {
  const a = atom<ApiDiscussion[] | null>(null);
  a.debugLabel = `discussionsAtom(${key})`;
  return a;
});

/** Notes changed remotely while their edit form was open, by note id (the form shows the spec's warning). */
export const remotelyChangedNotesAtom = atom<Record<string, true>>({});
remotelyChangedNotesAtom.debugLabel = 'remotelyChangedNotesAtom';

/** Note ids being edited on this page, so a live update can flag them. */
export const editingNotesAtom = atom<Record<string, true>>({});
editingNotesAtom.debugLabel = 'editingNotesAtom';

/** Rewrites one issue's discussions if they are on screen (null: not loaded, left alone). */
export function updateDiscussions(store: typeof appStore, key: string, update: (list: ApiDiscussion[]) => ApiDiscussion[]): void {
  const a = discussionsAtomFamily(key);
  const list = store.get(a);
  if (!list) return;
  const next = update(list);
  if (next !== list) store.set(a, next);
}

/** A request to open a discussion's reply form, optionally with quoted text (Reply button, `r` shortcut). */
export const replyRequestAtom = atom<{ discussionId: string; quote: string; n: number } | null>(null);
replyRequestAtom.debugLabel = 'replyRequestAtom';

/** Suggestion applies in flight (discussions.md §4: "Polling is paused while suggestions are applied"); the notes poller skips its turn while above 0. */
export const notesPollPausedAtom = atom(0);
notesPollPausedAtom.debugLabel = 'notesPollPausedAtom';

/** A request to open a note's edit form (Up in an empty comment box). */
export const editRequestAtom = atom<{ noteId: string; n: number } | null>(null);
editRequestAtom.debugLabel = 'editRequestAtom';
