"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.referenceFrom = referenceFrom;
exports.toRelatedIssue = toRelatedIssue;
exports.toApiRelatedIssue = toApiRelatedIssue;
exports.toApiIssueLink = toApiIssueLink;
const shared_types_1 = require("@tandem/shared-types");
const issue_mapper_1 = require("../issue/issue.mapper");
/** How issue `from` refers to an issue of `toProject`: `#12` in the same project, `group/project#12` elsewhere. */
function referenceFrom(fromProject, toProject, iid) {
    return fromProject.toLowerCase() === toProject.toLowerCase() ? `#${iid}` : `${toProject}#${iid}`;
}
/** The related-issues block's item (GitLab's LinkedProjectIssueEntity). */
function toRelatedIssue(v, viewer, publicUrl) {
    const api = (0, issue_mapper_1.toApiIssue)(v.other, publicUrl);
    const i = v.other.issue;
    return {
        id: i.id,
        iid: i.iid,
        title: i.title,
        state: i.state,
        confidential: i.confidential,
        reference: referenceFrom(viewer.projectPath, v.other.project.fullPath, i.iid),
        path: `/${v.other.project.fullPath}/-/issues/${i.iid}`,
        project_path: v.other.project.fullPath,
        link_type: v.linkType,
        id_link: v.linkId,
        relation_path: (0, shared_types_1.noteablePaths)(viewer.projectPath, viewer.iid, viewer.id).relatedIssue(v.linkId),
        relative_position: v.relativePosition ?? v.linkId * 1000,
        assignees: api.assignees,
        due_date: i.dueDate,
        weight: i.weight,
        milestone: api.milestone,
        created_at: api.created_at,
        closed_at: api.closed_at,
    };
}
/** REST v4 GET .../links item: the issue plus its link facts. */
function toApiRelatedIssue(v, publicUrl) {
    return {
        ...(0, issue_mapper_1.toApiIssue)(v.other, publicUrl),
        issue_link_id: v.linkId,
        link_type: v.linkType,
        link_created_at: v.createdAt.toISOString(),
        link_updated_at: v.updatedAt.toISOString(),
    };
}
/** REST v4 IssueLink: both issues and the relation from the source's side. */
function toApiIssueLink(source, target, linkType, publicUrl) {
    return { source_issue: (0, issue_mapper_1.toApiIssue)(source, publicUrl), target_issue: (0, issue_mapper_1.toApiIssue)(target, publicUrl), link_type: linkType };
}
//# sourceMappingURL=issue-link.mapper.js.map