import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { PresenceMap } from './presenceModel';

/** Other tabs on an issue, keyed `${projectPath}#${iid}` (volatile: never stored). */
export const presenceAtomFamily = atomFamily((key: string) => {
  const a = atom<PresenceMap>(new Map());
  a.debugLabel = `presenceAtom(${key})`;
  return a;
});

/** What this tab is doing on the issue: the edit form open, and the last keystroke in a comment box. */
export const presenceActivityAtomFamily = atomFamily((key: string) => {
  const a = atom<{ editing: boolean; typingAt: number }>({ editing: false, typingAt: 0 });
  a.debugLabel = `presenceActivityAtom(${key})`;
  return a;
});
