import { ACCESS_LEVEL, ACCESS_LEVEL_NAMES, type PermissionsHelp } from '@tandem/shared-types';
import { canMergeRequest, type MergeRequestFacts } from './merge-request-permissions';
import { canEpic, canGroup, canIssue, canProject, type Ability, type Actor, type GroupFacts, type IssueFacts, type ProjectFacts } from './policy';

/**
 * The role permissions help page (/help/user/permissions), generated from this policy module:
 * every ability is asked of the policy for a member at each role, so the page cannot drift from
 * what the server enforces. The facts are the strict case (a private project in a private
 * group, an open unlocked issue the member neither wrote nor is assigned to); the page says so.
 */
export const PERMISSION_ROLES = [ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER] as const;

type Section = 'Projects' | 'Issues' | 'Merge requests and code' | 'Groups and epics';
const SECTIONS: readonly Section[] = ['Projects', 'Issues', 'Merge requests and code', 'Groups and epics'];

const project = (level: number): ProjectFacts => ({ visibility: 'private', archived: false, accessLevel: level });
const group = (level: number): GroupFacts => ({ visibility: 'private', accessLevel: level });
const ISSUE: IssueFacts = { confidential: false, authorId: null, assigneeIds: [], discussionLocked: false, state: 'opened' };
const MERGE_REQUEST: MergeRequestFacts = { authorId: null, discussionLocked: false, state: 'opened' };

type Check = (actor: Actor, level: number) => boolean;
const onProject = (a: Parameters<typeof canProject>[1]): Check => (actor, l) => canProject(actor, a, project(l));
const onIssue = (a: Parameters<typeof canIssue>[1]): Check => (actor, l) => canIssue(actor, a, project(l), ISSUE);
const onGroup = (a: Parameters<typeof canGroup>[1]): Check => (actor, l) => canGroup(actor, a, group(l));
const onEpic = (a: Parameters<typeof canEpic>[1]): Check => (actor, l) => canEpic(actor, a, group(l), { confidential: false });
const onMergeRequest = (a: Parameters<typeof canMergeRequest>[1]): Check => (actor, l) => canMergeRequest(actor, a, project(l), MERGE_REQUEST);

/** What each ability lets a member do, and how the policy is asked. Keyed by ability: a new ability must be described here. */
const ABILITIES: Record<Ability, { section: Section; text: string; check: Check }> = {
  read_project: { section: 'Projects', text: 'View the project', check: onProject('read_project') },
  read_project_member: { section: 'Projects', text: 'View the project members', check: onProject('read_project_member') },
  upload_file: { section: 'Projects', text: 'Upload files to comments and descriptions', check: onProject('upload_file') },
  admin_label: { section: 'Projects', text: 'Manage project labels', check: onProject('admin_label') },
  admin_milestone: { section: 'Projects', text: 'Manage project milestones', check: onProject('admin_milestone') },
  read_error_tracking: { section: 'Projects', text: 'View error tracking', check: onProject('read_error_tracking') },
  update_error_tracking: { section: 'Projects', text: 'Resolve and ignore tracked errors', check: onProject('update_error_tracking') },
  update_alert: { section: 'Projects', text: "Change an alert's status", check: onProject('update_alert') },
  admin_project_member: { section: 'Projects', text: 'Invite and manage project members', check: onProject('admin_project_member') },
  admin_project: { section: 'Projects', text: 'Manage project settings', check: onProject('admin_project') },
  admin_service_desk: { section: 'Projects', text: 'Turn Service Desk on and off', check: onProject('admin_service_desk') },
  admin_error_tracking: { section: 'Projects', text: 'Set up error tracking', check: onProject('admin_error_tracking') },
  change_visibility_level: { section: 'Projects', text: "Change the project's visibility", check: onProject('change_visibility_level') },
  read_issue: { section: 'Issues', text: 'View issues', check: onIssue('read_issue') },
  create_issue: { section: 'Issues', text: 'Create issues', check: onProject('create_issue') },
  create_note: { section: 'Issues', text: 'Comment on issues', check: onIssue('create_note') },
  update_subscription: { section: 'Issues', text: 'Subscribe to notifications', check: onIssue('update_subscription') },
  read_confidential_issues: { section: 'Issues', text: 'View confidential issues', check: onProject('read_confidential_issues') },
  create_incident: { section: 'Issues', text: 'Create incidents', check: onProject('create_incident') },
  create_test_case: { section: 'Issues', text: 'Create test cases', check: onProject('create_test_case') },
  update_issue: { section: 'Issues', text: 'Edit issues', check: onIssue('update_issue') },
  reopen_issue: { section: 'Issues', text: 'Close and reopen issues', check: onIssue('reopen_issue') },
  admin_issue: { section: 'Issues', text: 'Triage issues: labels, milestones, assignees, locking', check: onIssue('admin_issue') },
  publish_status_page: { section: 'Issues', text: 'Publish incidents to the status page', check: onIssue('publish_status_page') },
  destroy_issue: { section: 'Issues', text: 'Delete issues', check: onIssue('destroy_issue') },
  read_code: { section: 'Merge requests and code', text: 'View and clone the repository', check: onProject('read_code') },
  fork_project: { section: 'Merge requests and code', text: 'Fork the project', check: onProject('fork_project') },
  read_merge_request: { section: 'Merge requests and code', text: 'View merge requests', check: onMergeRequest('read_merge_request') },
  push_code: { section: 'Merge requests and code', text: 'Push to branches other than the default branch', check: onProject('push_code') },
  create_merge_request: { section: 'Merge requests and code', text: 'Create merge requests', check: onMergeRequest('create_merge_request') },
  update_merge_request: { section: 'Merge requests and code', text: "Edit others' merge requests", check: onMergeRequest('update_merge_request') },
  admin_merge_request: { section: 'Merge requests and code', text: 'Manage merge requests: labels, assignees, reviewers, locking', check: onMergeRequest('admin_merge_request') },
  merge_merge_request: { section: 'Merge requests and code', text: 'Merge merge requests', check: onMergeRequest('merge_merge_request') },
  push_protected_branch: { section: 'Merge requests and code', text: 'Push to the default (protected) branch', check: onProject('push_protected_branch') },
  read_group: { section: 'Groups and epics', text: 'View the group', check: onGroup('read_group') },
  read_group_member: { section: 'Groups and epics', text: 'View the group members', check: onGroup('read_group_member') },
  upload_group_file: { section: 'Groups and epics', text: 'Upload files to epics', check: onGroup('upload_group_file') },
  read_epic: { section: 'Groups and epics', text: 'View epics', check: onEpic('read_epic') },
  create_epic: { section: 'Groups and epics', text: 'Create epics', check: onEpic('create_epic') },
  admin_epic: { section: 'Groups and epics', text: 'Edit epics', check: onEpic('admin_epic') },
  admin_group_label: { section: 'Groups and epics', text: 'Manage group labels', check: onGroup('admin_group_label') },
  admin_group_milestone: { section: 'Groups and epics', text: 'Manage group milestones', check: onGroup('admin_group_milestone') },
  admin_iteration: { section: 'Groups and epics', text: 'Manage iterations', check: onGroup('admin_iteration') },
  create_projects: { section: 'Groups and epics', text: 'Create projects in the group', check: onGroup('create_projects') },
  admin_group_member: { section: 'Groups and epics', text: 'Invite and manage group members', check: onGroup('admin_group_member') },
  destroy_epic: { section: 'Groups and epics', text: 'Delete epics', check: onEpic('destroy_epic') },
};

/** A member signed in through the browser (no token scopes), not an admin. */
const MEMBER: Actor = { id: -2, username: 'member', isAdmin: false, scopes: null };

export function permissionsHelp(): PermissionsHelp {
  return {
    roles: PERMISSION_ROLES.map((l) => ({ access_level: l, name: ACCESS_LEVEL_NAMES[l]! })),
    sections: SECTIONS.map((title) => ({
      title,
      rows: (Object.entries(ABILITIES) as Array<[Ability, (typeof ABILITIES)[Ability]]>)
        .filter(([, a]) => a.section === title)
        .map(([ability, a]) => ({ ability, text: a.text, allowed: PERMISSION_ROLES.map((l) => a.check(MEMBER, l)) })),
    })),
  };
}
