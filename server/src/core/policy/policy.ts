import { ACCESS_LEVEL, type IssueType, type Visibility } from '@tandem/shared-types';

/**
 * The one policy module. Every REST endpoint, GraphQL resolver and socket handler asks it.
 * Rules are pure functions over facts the caller loads (the actor, the project's visibility,
 * the actor's effective access level, the issue); they never touch the database.
 */
export interface Actor {
  id: number;
  username: string;
  isAdmin: boolean;
  /** Token scopes; null for a browser session (full access). */
  scopes: string[] | null;
}

export interface ProjectFacts {
  visibility: Visibility;
  archived: boolean;
  /** The actor's effective access level: max of project and ancestor-group memberships. */
  accessLevel: number;
}

export interface IssueFacts {
  confidential: boolean;
  authorId: number | null;
  assigneeIds: readonly number[];
  discussionLocked: boolean;
  state: 'opened' | 'closed';
  /** Submitted as spam: only admins see it (absent: not hidden). */
  hidden?: boolean;
}

export interface GroupFacts {
  visibility: Visibility;
  /** The actor's effective access level: max of the group's and every ancestor group's membership. */
  accessLevel: number;
}

/**
 * A membership change, for the owner-level rule: `from` is the member's current direct level
 * (null: not a member yet), `to` the level asked for (null: removal).
 */
export interface MembershipChange {
  from: number | null;
  to: number | null;
  /** The member is the actor (leaving). */
  self: boolean;
}

export type ProjectAbility =
  | 'read_project'
  | 'create_issue'
  /** Open a new issue as an incident, or as a test case (GitLab's create_incident, create_test_case): reporters and up. */
  | 'create_incident'
  | 'create_test_case'
  | 'admin_project'
  | 'read_confidential_issues'
  | 'read_project_member'
  | 'admin_project_member'
  | 'change_visibility_level'
  | 'upload_file'
  | 'admin_label'
  | 'admin_milestone'
  | 'admin_service_desk'
  /** Change an alert's status (GitLab's update_alert_management_alert): developers and up. */
  | 'update_alert'
  /** Clone, fetch and read files (GitLab's download_code): readers of public and internal projects, reporters and up of private ones. */
  | 'read_code'
  /** Push to unprotected branches, create and delete them (GitLab's push_code): developers and up. */
  | 'push_code'
  /** Push to the protected (default) branch (GitLab's push_to_protected_branch default): maintainers and up. */
  | 'push_protected_branch'
  /** Fork the project into a namespace (GitLab's fork_project): signed-in users who may read its code. */
  | 'fork_project'
  /** Error tracking (GitLab's read_sentry_issue, update_sentry_issue, admin_operations): reporters read, developers triage, maintainers set it up. */
  | 'read_error_tracking'
  | 'update_error_tracking'
  | 'admin_error_tracking';
export type GroupAbility =
  | 'read_group'
  | 'read_group_member'
  | 'admin_group_member'
  | 'admin_group_label'
  | 'admin_group_milestone'
  | 'admin_iteration'
  | 'upload_group_file'
  /** Make a project in the group, a fork too (GitLab's create_projects with the default project_creation_level): developers and up. */
  | 'create_projects';
export type IssueAbility =
  | 'read_issue'
  | 'update_issue'
  | 'admin_issue'
  | 'reopen_issue'
  | 'destroy_issue'
  | 'create_note'
  | 'update_subscription'
  /** Publish an incident to (or take it off) the project's public status page: maintainers. */
  | 'publish_status_page';
/** Group epics (GitLab's EpicPolicy): read with the group (confidential ones: reporters and up), write as reporter, destroy as owner. */
export type EpicAbility = 'read_epic' | 'create_epic' | 'admin_epic' | 'destroy_epic';
/**
 * Merge requests (GitLab's MergeRequestPolicy and ProjectPolicy): reporters and up read them in
 * a private project (public and internal projects: every reader); developers open, edit and merge
 * them (push_code); the author edits and closes their own; push_code is also what creates a branch.
 */
export type MergeRequestAbility =
  | 'read_merge_request'
  | 'create_merge_request'
  | 'update_merge_request'
  | 'admin_merge_request'
  | 'merge_merge_request'
  | 'push_code'
  /** The reader's own to-do and notifications on it (/todo, /subscribe): any signed-in reader, archived project or not. */
  | 'update_subscription';
export type Ability = ProjectAbility | IssueAbility | GroupAbility | EpicAbility | MergeRequestAbility;

export const ALL_ABILITIES: readonly Ability[] = [
  'read_project', 'create_issue', 'create_incident', 'create_test_case', 'admin_project', 'read_confidential_issues',
  'read_project_member', 'admin_project_member', 'change_visibility_level', 'upload_file',
  'read_issue', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note', 'update_subscription', 'publish_status_page',
  'read_group', 'read_group_member', 'admin_group_member',
  'read_epic', 'create_epic', 'admin_epic', 'destroy_epic',
  'admin_label', 'admin_milestone', 'admin_group_label', 'admin_group_milestone', 'admin_iteration', 'upload_group_file',
  'admin_service_desk', 'update_alert',
  'read_code', 'push_code', 'push_protected_branch', 'fork_project', 'create_projects',
  'read_error_tracking', 'update_error_tracking', 'admin_error_tracking',
  'read_merge_request', 'create_merge_request', 'update_merge_request', 'admin_merge_request', 'merge_merge_request',
];

/** Abilities that change data: tokens with only `read_api` may not use them. */
const WRITE_ABILITIES = new Set<Ability>([
  'create_issue', 'create_incident', 'create_test_case', 'admin_project', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note',
  'admin_project_member', 'change_visibility_level', 'admin_group_member', 'upload_file', 'update_subscription',
  'create_epic', 'admin_epic', 'destroy_epic', 'publish_status_page',
  'admin_label', 'admin_milestone', 'admin_group_label', 'admin_group_milestone', 'admin_iteration', 'upload_group_file',
  'admin_service_desk', 'update_alert',
  'push_code', 'push_protected_branch', 'fork_project', 'create_projects',
  'update_error_tracking', 'admin_error_tracking',
  'create_merge_request', 'update_merge_request', 'admin_merge_request', 'merge_merge_request',
]);

export function scopeAllows(actor: Actor | null, ability: Ability): boolean {
  if (!actor || actor.scopes === null) return true;
  if (actor.scopes.includes('api')) return true;
  return actor.scopes.includes('read_api') && !WRITE_ABILITIES.has(ability);
}

export function canReadProject(actor: Actor | null, p: ProjectFacts): boolean {
  if (actor?.isAdmin) return true;
  if (p.visibility === 'public') return true;
  if (p.visibility === 'internal') return actor !== null;
  return actor !== null && p.accessLevel >= ACCESS_LEVEL.GUEST;
}

export function canProject(actor: Actor | null, ability: ProjectAbility, p: ProjectFacts): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadProject(actor, p)) return false;
  switch (ability) {
    case 'read_project':
      return true;
    case 'create_issue':
      // Any signed-in user who can see the project may report an issue (GitLab's rule).
      return actor !== null && !p.archived;
    case 'read_confidential_issues':
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'create_incident':
    case 'create_test_case':
      // GitLab: reporters and up open incidents and test cases; changing an issue's type later is admin_issue, the same level
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'admin_project':
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
    case 'read_project_member':
      // Whoever sees the project sees who works on it (GitLab's rule)
      return true;
    case 'admin_project_member':
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
    case 'change_visibility_level':
      // GitLab: "Change project visibility level: Owner"
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.OWNER);
    case 'upload_file':
      // Attachments go into comments and descriptions: whoever may report an issue or comment
      // (a signed-in reader of a live project) may upload (docs/decisions.md)
      return actor !== null && !p.archived;
    case 'admin_label':
    case 'admin_milestone':
      // GitLab: reporters and up manage a project's labels and milestones
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'admin_service_desk':
      // GitLab: maintainers turn Service Desk on and off
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
    case 'update_alert':
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.DEVELOPER);
    case 'read_code':
      // GitLab's download_code: guests of a private project see issues, not code
      return p.visibility !== 'private' || actor?.isAdmin === true || p.accessLevel >= ACCESS_LEVEL.REPORTER;
    case 'push_code':
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.DEVELOPER);
    case 'push_protected_branch':
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
    case 'fork_project':
      // GitLab forks archived projects too: a fork copies code, it changes nothing upstream
      return actor !== null && canProject(actor, 'read_code', p);
    case 'read_error_tracking':
      // GitLab's read_sentry_issue: reporters and up (an error's events may hold user data)
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'update_error_tracking':
      // GitLab's update_sentry_issue: developers resolve and ignore errors (and make issues from them)
      return actor !== null && !p.archived && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.DEVELOPER);
    case 'admin_error_tracking':
      // GitLab's admin_operations: maintainers turn error tracking on and manage its client keys
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
  }
}

/**
 * The type a new issue gets (GitLab's Issues::BuildService): the type asked for when the actor
 * may create that type (`create_incident`, `create_test_case`), else a plain issue, silently,
 * as GitLab does. Every way an issue is created (REST, GraphQL, the new-issue form, a move)
 * goes through CreateIssueAction, which asks this.
 */
export function creatableIssueType(actor: Actor | null, requested: IssueType, p: ProjectFacts): IssueType {
  if (requested === 'incident') return canProject(actor, 'create_incident', p) ? requested : 'issue';
  if (requested === 'test_case') return canProject(actor, 'create_test_case', p) ? requested : 'issue';
  return requested;
}

/**
 * can_delete_description_version (spec discussions §6): the version's author while they may
 * still edit the issue, or whoever triages it (admin_issue: reporters and up, admins).
 */
export function canDeleteDescriptionVersion(actor: Actor | null, p: ProjectFacts, i: IssueFacts, versionAuthorId: number | null): boolean {
  if (canIssue(actor, 'admin_issue', p, i)) return true;
  return actor !== null && versionAuthorId === actor.id && canIssue(actor, 'update_issue', p, i);
}

/**
 * May the actor make this change to a direct project membership? Maintainers manage members
 * below owner; only owners (and admins) grant, change or remove the owner level. Any member
 * may leave (remove their own membership).
 */
export function canChangeProjectMember(actor: Actor | null, p: ProjectFacts, c: MembershipChange): boolean {
  if (actor === null || !scopeAllows(actor, 'admin_project_member') || !canReadProject(actor, p)) return false;
  if (c.self && c.to === null && c.from !== null) return true;
  if (!canProject(actor, 'admin_project_member', p)) return false;
  return ownerLevelAllowed(actor, p.accessLevel, c);
}

/**
 * May the actor share the project with a group at `groupAccess` (POST /projects/:id/share), or
 * end such a share (`groupAccess` null)? Those who manage the project's members, for a group
 * they can see; only owners (and admins) give the owner level.
 */
export function canShareProjectWithGroup(actor: Actor | null, p: ProjectFacts, g: GroupFacts, groupAccess: number | null): boolean {
  if (actor === null || !canProject(actor, 'admin_project_member', p)) return false;
  if (!canReadGroup(actor, g)) return false;
  return groupAccess === null || ownerLevelAllowed(actor, p.accessLevel, { from: null, to: groupAccess, self: false });
}

/**
 * May the actor share the group `g` with the group `invited` (GitLab's admin_group_member on the
 * shared group, read_group on the invited one)? Only owners grant the owner level (`groupAccess`
 * null: removing a share).
 */
export function canShareGroupWithGroup(actor: Actor | null, g: GroupFacts, invited: GroupFacts, groupAccess: number | null): boolean {
  if (actor === null || !canGroup(actor, 'admin_group_member', g)) return false;
  if (!canReadGroup(actor, invited)) return false;
  return groupAccess === null || ownerLevelAllowed(actor, g.accessLevel, { from: null, to: groupAccess, self: false });
}

export function canReadGroup(actor: Actor | null, g: GroupFacts): boolean {
  if (actor?.isAdmin) return true;
  if (g.visibility === 'public') return true;
  if (g.visibility === 'internal') return actor !== null;
  return actor !== null && g.accessLevel >= ACCESS_LEVEL.GUEST;
}

export function canGroup(actor: Actor | null, ability: GroupAbility, g: GroupFacts): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadGroup(actor, g)) return false;
  switch (ability) {
    case 'read_group':
    case 'read_group_member':
      return true;
    case 'admin_group_member':
      // GitLab: "Manage group members: Owner" (the effective level, so ancestors' owners too)
      return actor !== null && (actor.isAdmin || g.accessLevel >= ACCESS_LEVEL.OWNER);
    case 'admin_group_label':
    case 'admin_group_milestone':
    case 'admin_iteration':
      // GitLab: reporters and up manage a group's labels, milestones and iterations
      return actor !== null && (actor.isAdmin || g.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'upload_group_file':
      // GitLab's upload_file on a group. Attachments of epic comments and descriptions: whoever
      // may comment on the group's epics (a signed-in reader) may upload, as on a project (docs/decisions.md)
      return actor !== null;
    case 'create_projects':
      return actor !== null && (actor.isAdmin || g.accessLevel >= ACCESS_LEVEL.DEVELOPER);
  }
}

/**
 * May the actor make this change to a direct group membership? Owners manage members; any
 * member may leave. (That a group keeps at least one owner is checked against the data.)
 */
export function canChangeGroupMember(actor: Actor | null, g: GroupFacts, c: MembershipChange): boolean {
  if (actor === null || !scopeAllows(actor, 'admin_group_member') || !canReadGroup(actor, g)) return false;
  if (c.self && c.to === null && c.from !== null) return true;
  if (!canGroup(actor, 'admin_group_member', g)) return false;
  return ownerLevelAllowed(actor, g.accessLevel, c);
}

/** Only owners (and admins) grant, change or remove the owner level. */
function ownerLevelAllowed(actor: Actor, actorLevel: number, c: MembershipChange): boolean {
  if (actor.isAdmin || actorLevel >= ACCESS_LEVEL.OWNER) return true;
  return (c.from ?? 0) < ACCESS_LEVEL.OWNER && (c.to ?? 0) < ACCESS_LEVEL.OWNER;
}

export function canIssue(actor: Actor | null, ability: IssueAbility, p: ProjectFacts, i: IssueFacts): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadIssue(actor, p, i)) return false;
  if (ability === 'read_issue') return true;
  if (actor === null) return false;
  // Notifications are the reader's own choice, archived project or not (GitLab's update_subscription)
  if (ability === 'update_subscription') return true;
  const isAuthor = i.authorId === actor.id;
  const isAssignee = i.assigneeIds.includes(actor.id);
  const reporter = actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER;
  if (p.archived) return false;
  switch (ability) {
    case 'update_issue':
    case 'reopen_issue':
      // Reporters and up manage issues; authors and assignees may edit and close their own.
      return reporter || isAuthor || isAssignee;
    case 'admin_issue':
      return reporter;
    case 'destroy_issue':
      return actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.OWNER;
    case 'create_note':
      return !i.discussionLocked || reporter;
    case 'publish_status_page':
      // What the status page shows is public: maintainers decide it (docs/decisions.md)
      return actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER;
  }
}

/**
 * Spec §6: maintainers may request a CVE ID. The block shows on confidential issues only: the
 * page checks that live (an issue made confidential while open shows it at once).
 */
export function canRequestCveId(actor: Actor | null, p: ProjectFacts, i: IssueFacts): boolean {
  if (actor === null || !canReadIssue(actor, p, i) || p.archived) return false;
  return canProject(actor, 'admin_project', p);
}

export function canReadIssue(actor: Actor | null, p: ProjectFacts, i: IssueFacts): boolean {
  if (!canReadProject(actor, p)) return false;
  if (i.hidden && !actor?.isAdmin) return false;
  if (!i.confidential) return true;
  if (actor === null) return false;
  return (
    actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER || i.authorId === actor.id || i.assigneeIds.includes(actor.id)
  );
}

export interface EpicFacts {
  confidential: boolean;
}

/**
 * Epics (GitLab's EpicPolicy): whoever reads the group reads its epics, confidential ones only
 * reporters and up; reporters create and edit them; owners delete them. `e` null: a new epic.
 */
export function canEpic(actor: Actor | null, ability: EpicAbility, g: GroupFacts, e: EpicFacts | null): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadGroup(actor, g)) return false;
  const reporter = actor !== null && (actor.isAdmin || g.accessLevel >= ACCESS_LEVEL.REPORTER);
  if (e?.confidential && !reporter) return false;
  switch (ability) {
    case 'read_epic':
      return true;
    case 'create_epic':
    case 'admin_epic':
      return reporter;
    case 'destroy_epic':
      return actor !== null && (actor.isAdmin || g.accessLevel >= ACCESS_LEVEL.OWNER);
  }
}

/**
 * Notification mail (GitLab's NotificationRecipient#has_access?): a user is mailed about an
 * issue only if they may read it (a confidential issue: reporters, its author and assignees),
 * and about an internal note only if they may read internal notes (reporters and up).
 */
export function canBeNotifiedAbout(actor: Actor, p: ProjectFacts, i: IssueFacts, internalNote: boolean): boolean {
  return canReadIssue(actor, p, i) && (!internalNote || canProject(actor, 'read_confidential_issues', p));
}
