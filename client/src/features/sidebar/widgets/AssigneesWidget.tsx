import { useCallback, useEffect, useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { ASSIGNEE_AVATAR_SIZE, PEOPLE_TEXTS, type UserBasic } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { appStore } from '../../../shared/store';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { assigneeTooltip, offeredWithParticipants } from '../people/assigneeRules';
import { PeopleBlock } from '../people/PeopleBlock';
import { issuePeopleKey, searchUsers, setAssignees } from '../people/peopleApi';
import { useIssuePeople } from '../people/useIssuePeople';
import { UserStatusEmoji } from '../../../shared/emoji/UserStatusEmoji';
import { knownUserStatusesAtom } from '../../user-status/userStatusAtoms';

interface AssigneesWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May change assignees (admin_issue). */
  editable: boolean;
}

/**
 * The issue's assignees (the spec's newer widget, PeopleBlock): tooltips and '(Busy)' from the
 * issue's people, user status emoji; the search merges project members with the participants,
 * which are offered before anything is typed; saved through issueSetAssignees and applied at once.
 */
export function AssigneesWidget({ issueKey, projectPath, iid, editable }: AssigneesWidgetProps) {
  const assignees = useAtomValue(issueAtomFamily(issueKey))!.assignees;
  const queryClient = useQueryClient();
  const version = assignees.map((a) => a.username).join(',');
  const people = useIssuePeople(projectPath, iid, version);
  const known = useMemo(() => (people.data?.participants ?? []).concat(people.data?.assignees ?? []), [people.data]);
  const busy = useMemo(() => new Map(known.map((p) => [p.username, p.availability])), [known]);
  const statusOf = useMemo(() => new Map(known.map((p) => [p.username, p.status ?? null])), [known]);
  const setKnownStatuses = useSetAtom(knownUserStatusesAtom);
  useEffect(() => setKnownStatuses(statusOf), [statusOf, setKnownStatuses]);

  const save = async (usernames: string[]): Promise<string | null> => {
    try {
      const res = await setAssignees(projectPath, iid, usernames);
      if (res.errors.length || !res.assignees) return res.errors.length ? `${PEOPLE_TEXTS.updateAssigneesFailed} ${res.errors.join(' ')}` : PEOPLE_TEXTS.updateAssigneesFailed;
      const next = res.assignees;
      updateIssueAtom(appStore, issueKey, (issue) => ({ ...issue, assignees: next, assignee: next[0] ?? null }));
      if (res.people) {
        const saved = res.people;
        queryClient.setQueryData([...issuePeopleKey(projectPath, iid), next.map((a) => a.username).join(',')], (old: { subscribed: boolean } | undefined) => ({ ...saved, subscribed: old?.subscribed ?? false }));
      }
      return null;
    } catch {
      return PEOPLE_TEXTS.saveAssigneesFailed;
    }
  };
  const search = useCallback((term: string, signal: AbortSignal) => searchUsers(projectPath, iid, term, signal), [projectPath, iid]);
  const offered = useMemo(() => offeredWithParticipants(people.data?.participants ?? []), [people.data]);

  return (
    <PeopleBlock<UserBasic>
      title={PEOPLE_TEXTS.assigneeHeader(assignees.length)}
      icon={<UserRound size={16} />}
      testIds={{ block: 'sidebar-assignees', dropdown: 'assignees-dropdown', list: 'assignee-list' }}
      listLabel="Assignees"
      people={assignees}
      collapsed={{ text: String(assignees.length), tooltip: assignees.length ? assignees.map((a) => a.name).join(', ') : PEOPLE_TEXTS.assigneeHeader(0) }}
      editable={editable}
      save={save}
      search={search}
      offered={offered}
      optionTitle={(p) => assigneeTooltip({ name: p.name, availability: p.availability ?? busy.get(p.username) })}
      renderPerson={(u) => (
        <li key={u.id}>
          <a href={u.web_url} className="user-list__item" title={assigneeTooltip({ name: u.name, availability: busy.get(u.username) })}>
            <Avatar user={u} size={ASSIGNEE_AVATAR_SIZE} decorative />
            <span>
              <span className="user-list__name">{u.name}</span> <UserStatusEmoji status={statusOf.get(u.username) ?? null} /> <span className="muted">@{u.username}</span>
              {busy.get(u.username) === 'busy' && <span className="muted"> {PEOPLE_TEXTS.busy}</span>}
            </span>
          </a>
        </li>
      )}
    />
  );
}
