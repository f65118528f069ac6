import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';

/** A comment shown before the server has it: sending now, or queued until the connection returns. */
export interface PendingNote {
  key: string;
  note: string;
  thread: boolean;
  replyTo?: string;
  status: 'sending' | 'queued';
  created_at: string;
}

/** An issue's pending comments (placeholders), by issue key. */
export const pendingNotesAtomFamily = atomFamily((key: string) => {
  const a = atom<PendingNote[]>([]);
  a.debugLabel = `pendingNotesAtom(${key})`;
  return a;
});
