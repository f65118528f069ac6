import { graphqlRequest } from '../../shared/api/graphql';
import type { PersonOption } from '../sidebar/people/assigneeRules';

interface GqlUser {
  username: string;
  name: string;
  avatarUrl: string | null;
  webUrl: string;
  status?: { availability: string } | null;
}

/** GitLab's getMrParticipants (sidebar-and-widgets.md §7: fullPath, iid → participants, assignees), its aliases kept. */
export const GET_MR_PARTICIPANTS = `query getMrParticipants($fullPath: ID!, $iid: String!) {
  workspace: project(fullPath: $fullPath) {
    __typename
    issuable: mergeRequest(iid: $iid) {
      __typename
      id
      participants { nodes { id username name avatarUrl webUrl status { availability } } }
      assignees { nodes { id username name avatarUrl webUrl status { availability } } }
    }
  }
}`;

export const mergeRequestParticipantsKey = (projectPath: string, iid: number) => ['merge-request-participants', projectPath, iid] as const;

const toPerson = (u: GqlUser): PersonOption => ({ username: u.username, name: u.name, avatar_url: u.avatarUrl, web_url: u.webUrl, availability: u.status?.availability?.toLowerCase() ?? null });

/** The merge request's participants and assignees; throws when it cannot be read. */
export async function fetchMergeRequestParticipants(projectPath: string, iid: number): Promise<{ participants: PersonOption[]; assignees: PersonOption[] }> {
  const data = await graphqlRequest<{ workspace: { issuable: { participants: { nodes: GqlUser[] }; assignees: { nodes: GqlUser[] } } | null } | null }>(GET_MR_PARTICIPANTS, {
    fullPath: projectPath,
    iid: String(iid),
  });
  const mr = data.workspace?.issuable;
  if (!mr) throw new Error('not found');
  return { participants: mr.participants.nodes.map(toPerson), assignees: mr.assignees.nodes.map(toPerson) };
}
