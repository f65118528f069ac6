import { useState } from 'react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { assigneeTooltip, type PersonOption } from './assigneeRules';

/** Participants shown before '+N more' (issue-page.md §9, sidebar-and-widgets.md §9). */
export const PARTICIPANTS_SHOWN = 7;

/** '1 Participant', '3 Participants'. */
export const participantsTitle = (count: number) => `${count} ${count === 1 ? 'Participant' : 'Participants'}`;

/**
 * A noteable's participants as avatars (name and busy state as tooltip and for screen readers):
 * the first 7, then '+N more' / 'Show less'. Issues and merge requests show theirs with it.
 */
export function ParticipantList({ participants }: { participants: readonly PersonOption[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? participants : participants.slice(0, PARTICIPANTS_SHOWN);
  return (
    <>
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
      {participants.length > PARTICIPANTS_SHOWN && (
        <button type="button" className="link-button" onClick={() => setShowAll((v) => !v)}>
          {showAll ? PEOPLE_TEXTS.showLess : PEOPLE_TEXTS.participantsMore(participants.length - PARTICIPANTS_SHOWN)}
        </button>
      )}
    </>
  );
}
