import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Users } from 'lucide-react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { assigneeTooltip, type PersonOption } from '../people/assigneeRules';
import { useIssuePeople } from '../people/useIssuePeople';
import './peopleWidgets.css';

/** Participants shown before '+ N more' (spec §9). */
const PARTICIPANTS_SHOWN = 7;

interface ParticipantsWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
}

/**
 * The participants block: GraphQL `participants` (author, assignees, commenters), with the
 * live author and assignees of the page added at once, so an assignment shows before the refetch.
 */
export function ParticipantsWidget({ issueKey, projectPath, iid }: ParticipantsWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const version = issue.assignees.map((a) => a.username).join(',');
  const people = useIssuePeople(projectPath, iid, version);
  const [showAll, setShowAll] = useState(false);

  const all = new Map<string, PersonOption>();
  for (const u of [issue.author, ...issue.assignees]) if (u) all.set(u.username, { username: u.username, name: u.name, avatar_url: u.avatar_url, web_url: u.web_url });
  for (const p of people.data?.participants ?? []) all.set(p.username, p);
  const participants = [...all.values()];
  const shown = showAll ? participants : participants.slice(0, PARTICIPANTS_SHOWN);

  return (
    <SidebarBlock title={`${participants.length} ${participants.length === 1 ? 'Participant' : 'Participants'}`} icon={<Users size={16} />} testId="sidebar-participants">
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
          {showAll ? PEOPLE_TEXTS.showLess : PEOPLE_TEXTS.showMore(participants.length - PARTICIPANTS_SHOWN)}
        </button>
      )}
      {people.isError && !people.data && (
        <p className="field-error" role="alert">
          {PEOPLE_TEXTS.participantsFailed}
        </p>
      )}
    </SidebarBlock>
  );
}
