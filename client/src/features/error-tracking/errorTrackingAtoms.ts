import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { IssueErrorTrackingPayload } from '@tandem/shared-types';

/** The live state of the error an issue was made from (issue.error_tracking), by issue key; null until an event. */
export const issueErrorStateAtomFamily = atomFamily((key: string) => {
  const a = atom<IssueErrorTrackingPayload | null>(null);
  a.debugLabel = `issueErrorState/${key}`;
  return a;
});
