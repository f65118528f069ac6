import { useQuery } from '@tanstack/react-query';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { FieldError } from '../../shared/ui/FieldError';
import { ParticipantList, participantsTitle } from '../sidebar/people/ParticipantList';
import { fetchMergeRequestParticipants, mergeRequestParticipantsKey } from './mergeRequestPeopleApi';

/**
 * The merge request's participants (getMrParticipants): author, assignees, reviewers and
 * commenters, 7 then '+ N more'; read again when the merge request changes or someone comments
 * (mergeRequestEvents).
 */
export function MergeRequestParticipants({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: mergeRequestParticipantsKey(projectPath, iid), queryFn: () => fetchMergeRequestParticipants(projectPath, iid), placeholderData: (prev) => prev });
  if (q.isError && !q.data) return <FieldError message={PEOPLE_TEXTS.participantsFailed} />;
  if (!q.data) return <span aria-busy="true">Loading…</span>;
  const all = q.data.participants;
  return (
    <div data-testid="mr-participants">
      <span className="mr-participants-count">{participantsTitle(all.length)}</span>
      <ParticipantList participants={all} />
    </div>
  );
}
