import { atom } from 'jotai';

export interface ShownStatus {
  emoji: string | null;
  message: string | null;
}

/**
 * The statuses of the people the open issue page knows (its participants: the author, the
 * assignees and every commenter), by username: filled from the sidebar's people query
 * (AssigneesWidget), read beside authors' names in notes (NoteHeader).
 */
export const knownUserStatusesAtom = atom<ReadonlyMap<string, ShownStatus | null>>(new Map());
