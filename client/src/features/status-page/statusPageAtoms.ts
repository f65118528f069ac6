import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';

/** The incident's link on the status page while published (spec page prop publishedIncidentUrl), keyed like the issue; null: not published. */
export const publishedIncidentUrlAtomFamily = atomFamily((issueKey: string) => {
  const a = atom<string | null>(null);
  a.debugLabel = `publishedIncidentUrlAtom(${issueKey})`;
  return a;
});
