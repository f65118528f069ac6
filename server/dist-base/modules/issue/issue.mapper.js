"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.issueWebPath = issueWebPath;
exports.toApiIssue = toApiIssue;
exports.toRealtimeChanges = toRealtimeChanges;
const shared_types_1 = require("@tandem/shared-types");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const iteration_queries_1 = require("../iteration/iteration.queries");
const milestone_queries_1 = require("../milestone/milestone.queries");
const user_mapper_1 = require("../user/user.mapper");
const epic_mapper_1 = require("../epic/epic.mapper");
const TYPE_UPPER = { issue: 'ISSUE', incident: 'INCIDENT', test_case: 'TEST_CASE' };
function issueWebPath(projectPath, iid) {
    return `/${projectPath}/-/issues/${iid}`;
}
/** GitLab REST v4 Issue entity (plus lock_version and description_html for the page). */
function toApiIssue(h, baseUrl) {
    const { issue: i, project: p } = h;
    const tasks = (0, markdown_service_1.taskCompletionStatus)(i.description);
    const api = `${baseUrl}/api/v4/projects/${p.id}`;
    const assignees = h.assignees.map((u) => (0, user_mapper_1.toUserBasic)(u, baseUrl));
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
        closed_by: h.closedBy ? (0, user_mapper_1.toUserBasic)(h.closedBy, baseUrl) : null,
        labels: h.labels.map((l) => l.title).sort((a, b) => a.localeCompare(b)),
        milestone: h.milestone
            ? (0, milestone_queries_1.toApiIssueMilestone)({ id: h.milestone.id, iid: h.milestone.iid, title: h.milestone.title, state: h.milestone.state, due_date: h.milestone.dueDate, start_date: h.milestone.startDate, project_id: h.milestone.projectId, group_id: h.milestone.groupId, owner_path: h.milestoneOwnerPath ?? p.fullPath }, baseUrl)
            : null,
        assignees,
        assignee: assignees[0] ?? null,
        author: h.author ? (0, user_mapper_1.toUserBasic)(h.author, baseUrl) : ghost,
        type: TYPE_UPPER[i.issueType],
        issue_type: i.issueType,
        user_notes_count: h.userNotesCount,
        merge_requests_count: 0,
        upvotes: h.upvotes,
        downvotes: h.downvotes,
        due_date: i.dueDate,
        weight: i.weight,
        confidential: i.confidential,
        discussion_locked: i.discussionLocked,
        web_url: `${baseUrl}${issueWebPath(p.fullPath, i.iid)}`,
        time_stats: (0, shared_types_1.timeStats)(i.timeEstimate, i.totalTimeSpent),
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
        moved_to_web_url: h.movedToPath ? `${baseUrl}/${h.movedToPath}` : null,
        epic: h.epic ? (0, epic_mapper_1.toIssueEpic)(h.epic, p.namespaceId, baseUrl) : null,
        epic_iid: h.epic?.iid ?? null,
        health_status: i.healthStatus,
        severity: i.severity,
        iteration: h.iteration ? (0, iteration_queries_1.toApiIssueIteration)(h.iteration, baseUrl) : null,
        lock_version: i.lockVersion,
        description_html: i.descriptionHtml ?? '',
        zoom_meeting_url: i.zoomMeetingUrl,
        ...(i.lastEditedAt && h.updatedBy ? { last_edited_at: i.lastEditedAt.toISOString(), last_edited_by: (0, user_mapper_1.toUserBasic)(h.updatedBy, baseUrl) } : {}),
    };
}
/** GET {issue}/realtime_changes: GitLab's shape, so the page's poller reads it unchanged (docs/realtime.md). */
function toRealtimeChanges(h, md) {
    const i = h.issue;
    const out = {
        title: md.renderInline(i.title),
        title_text: i.title,
        description: i.descriptionHtml ?? '',
        description_text: i.description ?? '',
        task_completion_status: (0, markdown_service_1.taskCompletionStatus)(i.description),
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
//# sourceMappingURL=issue.mapper.js.map