import { useAtomValue } from 'jotai';
import type { IssuePermissions, NoteAward } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { issueAtomFamily } from '../issue/issueAtoms';
import { currentUserAtom } from '../session/sessionAtoms';
import { AwardsBar } from './AwardsBar';
import { liveAwardPermission } from './liveAwardPermission';

/**
 * The issue's own awards bar: its reaction controls follow the discussion lock live (an
 * `issue.updated` discussion_locked), as the comment form does, so a viewer who may no longer
 * react on a locked issue loses them at once, and gets them back on unlock.
 */
export function IssueAwardsBar({ issueKey, awards, permissions, toggleUrl }: { issueKey: string; awards: NoteAward[]; permissions: IssuePermissions; toggleUrl: string }) {
  const issue = useAtomValue(issueAtomFamily(issueKey), { store: appStore })!;
  const currentUser = useAtomValue(currentUserAtom, { store: appStore });
  return (
    <AwardsBar awardableType="Issue" awardableId={issue.id} awards={awards} canAward={liveAwardPermission(permissions, issue.discussion_locked)} toggleUrl={toggleUrl} currentUser={currentUser} />
  );
}
