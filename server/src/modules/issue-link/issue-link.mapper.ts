import type { ApiIssue, LinkType, RelatedIssue } from '@tandem/shared-types';
import { noteablePaths } from '@tandem/shared-types';
import type { HydratedIssue } from '../issue/issue-context';
import { toApiIssue } from '../issue/issue.mapper';

/** A link as one issue sees it: the other issue and the relation from this side. */
export interface LinkView {
  linkId: number;
  /** The relation read from the viewing issue (a stored `blocks` reads `is_blocked_by` from its target). */
  linkType: LinkType;
  relativePosition: number | null;
  createdAt: Date;
  updatedAt: Date;
  other: HydratedIssue;
}

/** How issue `from` refers to an issue of `toProject`: `#12` in the same project, `group/project#12` elsewhere. */
export function referenceFrom(fromProject: string, toProject: string, iid: number): string {
  return fromProject.toLowerCase() === toProject.toLowerCase() ? `#${iid}` : `${toProject}#${iid}`;
}

/** The related-issues block's item (GitLab's LinkedProjectIssueEntity). */
export function toRelatedIssue(v: LinkView, viewer: { projectPath: string; iid: number; id: number }, publicUrl: string): RelatedIssue {
  const api = toApiIssue(v.other, publicUrl);
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
    relation_path: noteablePaths(viewer.projectPath, viewer.iid, viewer.id).relatedIssue(v.linkId),
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
export function toApiRelatedIssue(v: LinkView, publicUrl: string): ApiIssue & { issue_link_id: number; link_type: LinkType; link_created_at: string; link_updated_at: string } {
  return {
    ...toApiIssue(v.other, publicUrl),
    issue_link_id: v.linkId,
    link_type: v.linkType,
    link_created_at: v.createdAt.toISOString(),
    link_updated_at: v.updatedAt.toISOString(),
  };
}

/** REST v4 IssueLink: both issues and the relation from the source's side. */
export function toApiIssueLink(source: HydratedIssue, target: HydratedIssue, linkType: LinkType, publicUrl: string) {
  return { source_issue: toApiIssue(source, publicUrl), target_issue: toApiIssue(target, publicUrl), link_type: linkType };
}
