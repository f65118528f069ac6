import { mergeRequestStreamPath, type ApiMergeRequest, type UserBasic } from '@tandem/shared-types';
import type { Noteable } from '../../core/realtime/event-log.service';
import type { MergeRequestRow } from './merge-request.store';

type UserJson = NonNullable<MergeRequestRow['author']>;

export const mergeRequestWebPath = (projectPath: string, iid: number) => `/${projectPath}/-/merge_requests/${iid}`;

/** A user as the MR's JSON columns carry it, in GitLab's UserBasic. */
export function userBasicOf(u: UserJson, baseUrl: string): UserBasic {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: u.state === 'blocked',
    avatar_url: u.avatar_url ?? `${baseUrl}/-/avatars/${u.id}`,
    web_url: `${baseUrl}/${u.username}`,
  };
}

/** `!3` within the project, `group/project!3` from anywhere else (GitLab's merge request reference). */
export const mergeRequestReference = (projectPath: string, iid: number, fromProjectPath: string | null) =>
  fromProjectPath !== null && fromProjectPath.toLowerCase() === projectPath.toLowerCase() ? `!${iid}` : `${projectPath}!${iid}`;

/** GitLab REST v4 MergeRequest entity (no CI here: head_pipeline and pipeline are null). */
export function toApiMergeRequest(m: MergeRequestRow, projectPath: string, baseUrl: string, hasConflicts = false): ApiMergeRequest {
  const user = (u: UserJson | null) => (u ? userBasicOf(u, baseUrl) : null);
  const assignees = m.assignees.map((u) => userBasicOf(u, baseUrl));
  const draft = /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s)/i.test(m.title);
  return {
    id: m.id,
    iid: m.iid,
    project_id: m.targetProjectId,
    title: m.title,
    description: m.description,
    description_html: m.descriptionHtml ?? '',
    state: m.state,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    merged_by: user(m.mergedBy),
    merge_user: user(m.mergedBy),
    merged_at: m.mergedAt?.toISOString() ?? null,
    closed_by: user(m.closedBy),
    closed_at: m.closedAt?.toISOString() ?? null,
    target_branch: m.targetBranch,
    source_branch: m.sourceBranch,
    source_project_id: m.sourceProjectId,
    target_project_id: m.targetProjectId,
    user_notes_count: m.userNotesCount,
    upvotes: m.upvotes,
    downvotes: m.downvotes,
    author: user(m.author),
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: m.reviewers.map((u) => userBasicOf(u, baseUrl)),
    labels: m.labels,
    draft,
    work_in_progress: draft,
    milestone: m.milestone
      ? { id: m.milestone.id, iid: m.milestone.iid, title: m.milestone.title, state: m.milestone.state, due_date: m.milestone.due_date, start_date: m.milestone.start_date, web_url: `${baseUrl}/${projectPath}/-/milestones/${m.milestone.iid}` }
      : null,
    merge_when_pipeline_succeeds: false,
    merge_status: m.state !== 'opened' ? 'unchecked' : hasConflicts ? 'cannot_be_merged' : 'can_be_merged',
    detailed_merge_status: m.state === 'merged' ? 'merged' : m.state !== 'opened' ? 'not_open' : draft ? 'draft_status' : hasConflicts ? 'conflict' : 'mergeable',
    sha: m.headSha,
    merge_commit_sha: m.mergeCommitSha,
    squash_commit_sha: m.squashCommitSha,
    discussion_locked: m.discussionLocked,
    should_remove_source_branch: m.shouldRemoveSourceBranch,
    force_remove_source_branch: m.shouldRemoveSourceBranch,
    squash: m.squash,
    // GitLab shows these for merge requests from a fork only
    ...(m.sourceProjectId !== m.targetProjectId ? { allow_collaboration: m.allowCollaboration, allow_maintainer_to_push: m.allowCollaboration } : {}),
    has_conflicts: hasConflicts,
    reference: `!${m.iid}`,
    references: { short: `!${m.iid}`, relative: `!${m.iid}`, full: `${projectPath}!${m.iid}` },
    web_url: `${baseUrl}${mergeRequestWebPath(projectPath, m.iid)}`,
    head_pipeline: null,
    pipeline: null,
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    task_completion_status: taskStatus(m.description),
    lock_version: m.lockVersion,
  };
}

function taskStatus(description: string | null): { count: number; completed_count: number } {
  const items = [...(description ?? '').matchAll(/^\s*(?:[-*+]|\d+[.)])\s+\[([ xX])\]/gm)];
  return { count: items.length, completed_count: items.filter((i) => i[1] !== ' ').length };
}

/** The event log's handle on a merge request: its stream is named by `<project>/-/merge_requests` and its iid. */
export const mergeRequestNoteable = (m: { id: number; iid: number }, projectPath: string): Noteable => ({
  type: 'MergeRequest',
  id: m.id,
  ref: { id: m.id, iid: m.iid, project_path: mergeRequestStreamPath(projectPath) },
});
