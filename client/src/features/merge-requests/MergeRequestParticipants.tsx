import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { Avatar } from '../../shared/ui/Avatar';
import { assigneeTooltip } from '../sidebar/people/assigneeRules';
import { fetchMergeRequestParticipants, mergeRequestParticipantsKey } from './mergeRequestPeopleApi';

/** Participants shown before '+ N more' (sidebar-and-widgets.md §9). */
const PARTICIPANTS_SHOWN = 7;

/**
 * The merge request's participants (getMrParticipants): author, assignees, reviewers and
 * commenters, 7 then '+ N more'; read again when the merge request changes or someone comments
 * (mergeRequestEvents).
 */
export function MergeRequestParticipants({ projectPath, iid }: { projectPath: string; iid: number }) {
  const q = useQuery({ queryKey: mergeRequestParticipantsKey(projectPath, iid), queryFn: () => fetchMergeRequestParticipants(projectPath, iid), placeholderData: (prev) => prev });
  const [showAll, setShowAll] = useState(false);
  if (q.isError && !q.data) {
    return (
      <p className="field-error" role="alert">
        {PEOPLE_TEXTS.participantsFailed}
      </p>
    );
  }
  if (!q.data) return <span aria-busy="true">Loading…</span>;
  const all = q.data.participants;
  const shown = showAll ? all : all.slice(0, PARTICIPANTS_SHOWN);
  return (
    <div data-testid="mr-participants">
      <span className="mr-participants-count">
        {all.length} {all.length === 1 ? 'Participant' : 'Participants'}
      </span>
      <ul className="participants">
        {shown.map((u) => (
          <li key={u.username}>
            <a href={u.web_url ?? `/${u.username}`} title={assigneeTooltip(u)}>
              <Avatar user={u} size={24} decorative />
              <span className="visually-hidden">{assigneeTooltip(u)}</span>
            </a>
          </li>
        ))}
      </ul>
      {all.length > PARTICIPANTS_SHOWN && (
        <button type="button" className="link-button" onClick={() => setShowAll((v) => !v)}>
          {showAll ? PEOPLE_TEXTS.showLess : PEOPLE_TEXTS.showMore(all.length - PARTICIPANTS_SHOWN)}
        </button>
      )}
    </div>
  );
}
