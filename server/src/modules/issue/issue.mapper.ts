import { timeStats, type ApiIssue, type RealtimeChanges } from '@tandem/shared-types';
import type { MarkdownService } from '../../core/markdown/markdown.service';
import { taskCompletionStatus } from '../../core/markdown/markdown.service';
import { toApiIssueIteration } from '../iteration/iteration.queries';
import { toApiIssueMilestone } from '../milestone/milestone.queries';
import { toUserBasic } from '../user/user.mapper';
import type { HydratedIssue } from './issue-context';
import { toIssueEpic } from '../epic/epic.mapper';

const TYPE_UPPER = { issue: 'ISSUE', incident: 'INCIDENT', test_case: 'TEST_CASE' } as const;

export function issueWebPath(projectPath: string, iid: number): string {
  return `/${projectPath}/-/issues/${iid}`;
}

/** GitLab REST v4 Issue entity (plus lock_version and description_html for the page). */
export function toApiIssue(h: HydratedIssue, baseUrl: string): ApiIssue {
  const { issue: i, project: p } = h;
  const tasks = taskCompletionStatus(i.description);
  const api = `${baseUrl}/api/v4/projects/${p.id}`;
  const assignees = h.assignees.map((u) => toUserBasic(u, baseUrl));
  const ghost = { id: 0, username: 'ghost', name: 'Ghost User', state: 'active', locked: false, avatar_url: null, web_url: `${baseUrl}/ghost` };
  return {
    id: i.id,
    iid: i.iid,
    project_id: i.projectId,
    title: i.title,
    description: i.description,
    state: i.state,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    closed_at: i.closedAt?.toISOString() ?? null,
    closed_by: h.closedBy ? toUserBasic(h.closedBy, baseUrl) : null,
    labels: h.labels.map((l) => l.title).sort((a, b) => a.localeCompare(b)),
    milestone: h.milestone
      ? toApiIssueMilestone(
          { id: h.milestone.id, iid: h.milestone.iid, title: h.milestone.title, state: h.milestone.state, due_date: h.milestone.dueDate, start_date: h.milestone.startDate, project_id: h.milestone.projectId, group_id: h.milestone.groupId, owner_path: h.milestoneOwnerPath ?? p.fullPath },
          baseUrl,
        )
      : null,
    assignees,
    assignee: assignees[0] ?? null,
    author: h.author ? toUserBasic(h.author, baseUrl) : ghost,
    type: TYPE_UPPER[i.issueType],
    issue_type: i.issueType,
    user_notes_count: h.userNotesCount,
    merge_requests_count: h.mergeRequestsCount ?? 0,
    upvotes: h.upvotes,
    downvotes: h.downvotes,
    due_date: i.dueDate,
    weight: i.weight,
    confidential: i.confidential,
    discussion_locked: i.discussionLocked,
    web_url: `${baseUrl}${issueWebPath(p.fullPath, i.iid)}`,
    time_stats: timeStats(i.timeEstimate, i.totalTimeSpent),
    task_completion_status: tasks,
    has_tasks: tasks.count > 0,
    references: { short: `#${i.iid}`, relative: `#${i.iid}`, full: `${p.fullPath}#${i.iid}` },
    _links: {
      self: `${api}/issues/${i.iid}`,
      notes: `${api}/issues/${i.iid}/notes`,
      award_emoji: `${api}/issues/${i.iid}/award_emoji`,
      project: api,
    },
    subscribed: h.subscribed ?? false,
    moved_to_id: i.movedToId,
    service_desk_reply_to: i.serviceDeskReplyTo,
    moved_to_web_url: h.movedToPath ? `${baseUrl}/${h.movedToPath}` : null,
    epic: h.epic ? toIssueEpic(h.epic, p.namespaceId, baseUrl) : null,
    epic_iid: h.epic?.iid ?? null,
    health_status: i.healthStatus,
    severity: i.severity,
    iteration: h.iteration ? toApiIssueIteration(h.iteration, baseUrl) : null,
    lock_version: i.lockVersion,
    description_html: i.descriptionHtml ?? '',
    zoom_meeting_url: i.zoomMeetingUrl,
    ...(i.lastEditedAt && h.updatedBy ? { last_edited_at: i.lastEditedAt.toISOString(), last_edited_by: toUserBasic(h.updatedBy, baseUrl) } : {}),
  };
}

/** GET {issue}/realtime_changes: GitLab's shape, so the page's poller reads it unchanged (docs/realtime.md). */
export function toRealtimeChanges(h: HydratedIssue, md: MarkdownService): RealtimeChanges {
  const i = h.issue;
  const out: RealtimeChanges = {
    title: md.renderInline(i.title),
    title_text: i.title,
    description: i.descriptionHtml ?? '',
    description_text: i.description ?? '',
    task_completion_status: taskCompletionStatus(i.description),
    lock_version: i.lockVersion,
    state: i.state,
  };
  if (i.lastEditedAt && h.updatedBy) {
    out.updated_at = i.lastEditedAt.toISOString();
    out.updated_by_name = h.updatedBy.name;
    out.updated_by_path = `/${h.updatedBy.username}`;
  }
  return out;
}
