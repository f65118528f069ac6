import type { ApiIssueEpic } from '@tandem/shared-types';
import { graphqlRequest } from '../../shared/api/graphql';
import type { EpicOption } from './epicSearch';

const GROUP_EPICS = `query groupEpics($fullPath: ID!) {
  group(fullPath: $fullPath) {
    epics(state: "opened", includeAncestorGroups: true, includeDescendantGroups: false, first: 100) { nodes { id iid title reference webUrl } }
  }
}`;

const SET_EPIC = `mutation issueSetEpic($input: IssueSetEpicInput!) {
  issueSetEpic(input: $input) { errors issue { id epic { id iid title reference webUrl dueDate confidential groupId } } }
}`;

const PROMOTE = `mutation promoteToEpic($input: PromoteToEpicInput!) {
  promoteToEpic(input: $input) { errors epic { id iid webPath } }
}`;

/** The group a project belongs to (its path without the last segment), or null for a top-level path. */
export const groupPathOf = (projectPath: string): string | null => {
  const k = projectPath.lastIndexOf('/');
  return k > 0 ? projectPath.slice(0, k) : null;
};

/** The open epics an issue of the group may join: the group's and its ancestors'. */
export async function fetchGroupEpics(groupPath: string): Promise<EpicOption[]> {
  const data = await graphqlRequest<{ group: { epics: { nodes: EpicOption[] } | null } | null }>(GROUP_EPICS, { fullPath: groupPath });
  return data.group?.epics?.nodes ?? [];
}

interface GqlEpic {
  id: string;
  iid: string;
  title: string;
  reference: string;
  webUrl: string;
  dueDate: string | null;
  confidential: boolean;
  groupId: string;
}

const gidNumber = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

/** GraphQL issueSetEpic: the issue's epic afterwards (null: none), or the mutation's errors. */
export async function setIssueEpic(projectPath: string, iid: number, epicId: string | null): Promise<{ epic: ApiIssueEpic | null; errors: string[] }> {
  const data = await graphqlRequest<{ issueSetEpic: { errors: string[]; issue: { epic: GqlEpic | null } | null } | null }>(SET_EPIC, {
    input: { projectPath, iid: String(iid), epicId },
  });
  const e = data.issueSetEpic?.issue?.epic ?? null;
  return {
    errors: data.issueSetEpic?.errors ?? [],
    epic: e ? { id: gidNumber(e.id), iid: Number(e.iid), title: e.title, reference: e.reference, web_url: e.webUrl, end_date: e.dueDate, confidential: e.confidential, group_id: gidNumber(e.groupId) } : null,
  };
}

/** GraphQL promoteToEpic: the new epic's path, or the errors. */
export async function promoteToEpic(projectPath: string, iid: number): Promise<{ webPath: string | null; errors: string[] }> {
  const data = await graphqlRequest<{ promoteToEpic: { errors: string[]; epic: { webPath: string } | null } | null }>(PROMOTE, { input: { projectPath, iid: String(iid) } });
  return { webPath: data.promoteToEpic?.epic?.webPath ?? null, errors: data.promoteToEpic?.errors ?? [] };
}
