import { epicStreamPath, type ApiEpic, type ApiIssueEpic } from '@tandem/shared-types';
import type { Noteable } from '../../core/realtime/event-log.service';
import type { EpicRow } from './epic.store';

export const epicWebPath = (groupPath: string, iid: number) => `/groups/${groupPath}/-/epics/${iid}`;

/** `&3` within the epic's own group, `group/path&3` from anywhere else (GitLab's epic reference). */
export const epicReference = (e: { iid: number; groupId: number; groupPath: string }, fromGroupId: number | null) =>
  e.groupId === fromGroupId ? `&${e.iid}` : `${e.groupPath}&${e.iid}`;

/** GitLab REST v4 Epic entity. */
export function toApiEpic(e: EpicRow, baseUrl: string): ApiEpic {
  const api = `${baseUrl}/api/v4/groups/${e.groupId}`;
  return {
    id: e.id,
    iid: e.iid,
    group_id: e.groupId,
    parent_id: e.parentId,
    parent_iid: e.parentIid,
    title: e.title,
    description: e.description,
    description_html: e.descriptionHtml ?? '',
    state: e.state,
    confidential: e.confidential,
    author: e.author
      ? { id: e.author.id, username: e.author.username, name: e.author.name, state: e.author.state, locked: false, avatar_url: e.author.avatar_url, web_url: `${baseUrl}/${e.author.username}` }
      : null,
    start_date: e.startDate,
    end_date: e.endDate,
    due_date: e.endDate,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    closed_at: e.closedAt?.toISOString() ?? null,
    labels: [],
    upvotes: 0,
    downvotes: 0,
    web_url: `${baseUrl}${epicWebPath(e.groupPath, e.iid)}`,
    references: { short: `&${e.iid}`, relative: `&${e.iid}`, full: `${e.groupPath}&${e.iid}` },
    reference: `&${e.iid}`,
    _links: { self: `${api}/epics/${e.iid}`, epic_issues: `${api}/epics/${e.iid}/issues`, group: api, parent: e.parentIid ? `${api}/epics/${e.parentIid}` : null },
    lock_version: e.lockVersion,
  };
}

/** What an issue shows of its epic, the reference relative to the issue's project group. */
export interface IssueEpicFacts {
  id: number;
  iid: number;
  title: string;
  groupId: number;
  groupPath: string;
  endDate: string | null;
  confidential: boolean;
  state?: 'opened' | 'closed';
}

export function toIssueEpic(e: IssueEpicFacts, projectNamespaceId: number | null, baseUrl: string): ApiIssueEpic {
  return {
    id: e.id,
    iid: e.iid,
    title: e.title,
    group_id: e.groupId,
    end_date: e.endDate,
    web_url: `${baseUrl}${epicWebPath(e.groupPath, e.iid)}`,
    reference: epicReference(e, projectNamespaceId),
    confidential: e.confidential,
  };
}

/** The event log's handle on an epic: its stream is named by `groups/<group path>` and its iid. */
export const epicNoteable = (e: { id: number; iid: number; groupPath: string }): Noteable => ({
  type: 'Epic',
  id: e.id,
  ref: { id: e.id, iid: e.iid, project_path: epicStreamPath(e.groupPath) },
});
