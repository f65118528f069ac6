import type { IssueEpicFacts } from '../epic/epic.mapper';
import { AppError } from '../../core/errors/app-error';
import { canIssue, type Actor, type IssueAbility, type IssueFacts, type ProjectFacts } from '../../core/policy/policy';
import type { Noteable } from '../../core/realtime/event-log.service';
import type { Label } from '../label/label.entity';
import type { IterationRow } from '../iteration/iteration.queries';
import type { Milestone } from '../milestone/milestone.entity';
import type { Project } from '../project/project.entity';
import type { User } from '../user/user.entity';
import type { Issue } from './issue.entity';

/** An issue as one request read it: its project, the actor's project access and the issue's facts. */
export interface IssueContext {
  project: Project;
  projectFacts: ProjectFacts;
  issue: Issue;
  assigneeIds: number[];
  facts: IssueFacts;
}

/** An issue with everything its API shapes need. */
export interface HydratedIssue {
  issue: Issue;
  project: Project;
  author: User | null;
  closedBy: User | null;
  updatedBy: User | null;
  assignees: User[];
  labels: Label[];
  milestone: Milestone | null;
  /** The full path of the milestone's project or group (its web_url). */
  milestoneOwnerPath: string | null;
  iteration: IterationRow | null;
  userNotesCount: number;
  /** Thumbs up and down on the issue (award_emoji), counted in the hydration statement. */
  upvotes: number;
  downvotes: number;
  /** Merge requests that close the issue (GitLab's merge_requests_count: merge_requests_closing_issues). */
  mergeRequestsCount?: number;
  /** The issue's epic (epic_issues), read in the hydration statement. */
  epic: IssueEpicFacts | null;
  /** Where a moved issue went: `<project path>/-/issues/<iid>` (null when not moved). */
  movedToPath?: string | null;
  /** Whether the viewer gets notifications (present when the read knew the viewer). */
  subscribed?: boolean;
}

export function issueFacts(issue: Issue, assigneeIds: number[]): IssueFacts {
  return {
    confidential: issue.confidential,
    authorId: issue.authorId,
    assigneeIds,
    discussionLocked: issue.discussionLocked,
    state: issue.state,
    ...(issue.hidden ? { hidden: true } : {}),
  };
}

export function canOnIssue(actor: Actor | null, ability: IssueAbility, ctx: IssueContext): boolean {
  return canIssue(actor, ability, ctx.projectFacts, ctx.facts);
}

/** Throws 401 for anonymous, 403 for a reader without the right. */
export function authorizeOnIssue(actor: Actor | null, ability: IssueAbility, ctx: IssueContext): void {
  if (canOnIssue(actor, ability, ctx)) return;
  throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
}

/** The event log's handle on an issue. */
export const issueNoteable = (issue: Issue, project: Project): Noteable => ({
  type: 'Issue',
  id: issue.id,
  ref: { id: issue.id, iid: issue.iid, project_path: project.fullPath },
});

/** An iid from a route or an API argument, or null when it cannot name an issue (int4, > 0). */
export function parseIid(iid: number | string): number | null {
  const n = typeof iid === 'number' ? iid : /^\d+$/.test(iid) ? Number(iid) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
