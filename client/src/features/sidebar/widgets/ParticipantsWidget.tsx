import { useAtomValue } from 'jotai';
import { Users } from 'lucide-react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { FieldError } from '../../../shared/ui/FieldError';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { type PersonOption } from '../people/assigneeRules';
import { ParticipantList, participantsTitle } from '../people/ParticipantList';
import { useIssuePeople } from '../people/useIssuePeople';
import './peopleWidgets.css';

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

  const all = new Map<string, PersonOption>();
  for (const u of [issue.author, ...issue.assignees]) if (u) all.set(u.username, { username: u.username, name: u.name, avatar_url: u.avatar_url, web_url: u.web_url });
  for (const p of people.data?.participants ?? []) all.set(p.username, p);
  const participants = [...all.values()];

  return (
    <SidebarBlock title={participantsTitle(participants.length)} icon={<Users size={16} />} testId="sidebar-participants">
      <ParticipantList participants={participants} />
      <FieldError message={people.isError && !people.data ? PEOPLE_TEXTS.participantsFailed : null} />
    </SidebarBlock>
  );
}
