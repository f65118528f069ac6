import type { ApiProject, UserBasic } from '@tandem/shared-types';
import { noteablePaths } from '@tandem/shared-types';
import { graphqlRequest } from '../../../shared/api/graphql';
import { requestJson } from '../../../shared/api/http';
import type { PersonOption } from './assigneeRules';

interface GqlUser {
  id: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  webUrl: string;
  state: string;
  status?: { availability: string; emoji?: string | null; message?: string | null } | null;
}

const USER_FIELDS = 'id username name avatarUrl webUrl state status { availability emoji message }';

const PEOPLE = `query issuePeople($fullPath: ID!, $iid: String!) {
  project(fullPath: $fullPath) { issue(iid: $iid) { id subscribed
    assignees { nodes { ${USER_FIELDS} } }
    participants { nodes { ${USER_FIELDS} } } } }
}`;

const SET_ASSIGNEES = `mutation issueSetAssignees($input: IssueSetAssigneesInput!) {
  issueSetAssignees(input: $input) { errors issue { id assignees { nodes { ${USER_FIELDS} } } participants { nodes { ${USER_FIELDS} } } } }
}`;

const SET_SUBSCRIPTION = `mutation issueSetSubscription($input: IssueSetSubscriptionInput!) {
  issueSetSubscription(input: $input) { errors issue { id subscribed } }
}`;

const MOVE = `mutation issueMove($input: IssueMoveInput!) {
  issueMove(input: $input) { errors issue { id webUrl } }
}`;

const toPerson = (u: GqlUser): PersonOption => ({ username: u.username, name: u.name, avatar_url: u.avatarUrl, web_url: u.webUrl, availability: u.status?.availability?.toLowerCase() ?? null,
  status: u.status?.emoji ? { emoji: u.status.emoji, message: u.status.message ?? null } : null,
});

/** GraphQL users as the REST shape the issue atom holds. */
export const toUserBasic = (u: GqlUser): UserBasic => ({
  id: Number(u.id.split('/').pop()),
  username: u.username,
  name: u.name,
  state: u.state,
  locked: u.state === 'blocked',
  avatar_url: u.avatarUrl,
  web_url: u.webUrl,
});

export interface IssuePeople {
  assignees: PersonOption[];
  participants: PersonOption[];
  subscribed: boolean;
}

export const issuePeopleKey = (projectPath: string, iid: number) => ['issuePeople', projectPath, iid] as const;

/** The issue's assignees and participants with their availability, and the viewer's subscription. */
export async function fetchIssuePeople(projectPath: string, iid: number): Promise<IssuePeople> {
  const data = await graphqlRequest<{ project: { issue: { subscribed: boolean; assignees: { nodes: GqlUser[] }; participants: { nodes: GqlUser[] } } | null } | null }>(PEOPLE, {
    fullPath: projectPath,
    iid: String(iid),
  });
  const issue = data.project?.issue;
  if (!issue) throw new Error('not found');
  return { assignees: issue.assignees.nodes.map(toPerson), participants: issue.participants.nodes.map(toPerson), subscribed: issue.subscribed };
}

/** Project members and issue participants matching `term` (the server's autocomplete source). */
export async function searchUsers(projectPath: string, iid: number, term: string, signal?: AbortSignal): Promise<PersonOption[]> {
  const url = `${noteablePaths(projectPath, iid, 0).autocomplete('members')}&search=${encodeURIComponent(term)}`;
  const res = await requestJson<Array<{ username: string; name: string; avatar_url: string | null }>>(url, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((m) => ({ username: m.username, name: m.name, avatar_url: m.avatar_url }));
}

export interface SetAssigneesResult {
  assignees: UserBasic[] | null;
  people: Omit<IssuePeople, 'subscribed'> | null;
  errors: string[];
}

/** GraphQL issueSetAssignees (replace): the new assignees and participants, or the mutation's errors. */
export async function setAssignees(projectPath: string, iid: number, usernames: string[]): Promise<SetAssigneesResult> {
  const data = await graphqlRequest<{ issueSetAssignees: { errors: string[]; issue: { assignees: { nodes: GqlUser[] }; participants: { nodes: GqlUser[] } } | null } | null }>(SET_ASSIGNEES, {
    input: { projectPath, iid: String(iid), assigneeUsernames: usernames },
  });
  const r = data.issueSetAssignees;
  const issue = r?.issue ?? null;
  return {
    errors: r?.errors ?? [],
    assignees: issue ? issue.assignees.nodes.map(toUserBasic) : null,
    people: issue ? { assignees: issue.assignees.nodes.map(toPerson), participants: issue.participants.nodes.map(toPerson) } : null,
  };
}

/** GraphQL issueSetSubscription: the viewer's new state, or the errors. */
export async function setSubscription(projectPath: string, iid: number, subscribed: boolean): Promise<{ subscribed: boolean | null; errors: string[] }> {
  const data = await graphqlRequest<{ issueSetSubscription: { errors: string[]; issue: { subscribed: boolean } | null } | null }>(SET_SUBSCRIPTION, {
    input: { projectPath, iid: String(iid), subscribedState: subscribed },
  });
  return { subscribed: data.issueSetSubscription?.issue?.subscribed ?? null, errors: data.issueSetSubscription?.errors ?? [] };
}

/** GraphQL issueMove: the new issue's page, or the errors. */
export async function moveIssue(projectPath: string, iid: number, targetProjectPath: string): Promise<{ webUrl: string | null; errors: string[] }> {
  const data = await graphqlRequest<{ issueMove: { errors: string[]; issue: { webUrl: string } | null } | null }>(MOVE, {
    input: { projectPath, iid: String(iid), targetProjectPath },
  });
  return { webUrl: data.issueMove?.issue?.webUrl ?? null, errors: data.issueMove?.errors ?? [] };
}

/** Projects the user is a member of that match `term`, where an issue can go (not archived). */
export async function searchProjects(term: string, signal?: AbortSignal): Promise<ApiProject[]> {
  const q = new URLSearchParams({ membership: 'true', per_page: '20', order_by: 'name' });
  if (term) q.set('search', term);
  const res = await requestJson<ApiProject[]>(`/api/v4/projects?${q}`, { signal });
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.filter((p) => !p.archived);
}
