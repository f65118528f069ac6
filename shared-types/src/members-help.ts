/**
 * Issue #23 point 7: the invite modal's notice for users who may not invite, the role
 * permissions help page (its table comes from the server's policy module) and the member
 * relations of GraphQL `projectMembers` / `groupMembers` (GitLab's ProjectMemberRelation and
 * GroupMemberRelation, the ones Tandem has data for). Texts live here once.
 */

/**
 * The "not everyone can invite" notice (sidebar spec: Invite-members modal: "not everyone can
 * invite ... asks to have an owner invite new project members"). GitLab's own words promise a
 * change to come; Tandem's say what is true now (the UI never promises).
 */
export const INVITE_NOTICE_TEXTS = {
  title: 'Not everyone can invite members',
  bodyTop: "Inviting members takes a project's Maintainer role or a group's Owner role",
  bodyMiddle: 'Until then, ask an owner to invite new project members for you',
  seeWho: 'See who can invite members for you',
  gotIt: 'Got it',
} as const;

/** Where 'Read more about role permissions' leads (GitLab's help path user/permissions). */
export const PERMISSIONS_HELP_PATH = '/help/user/permissions';
/** The help page's data: the server evaluates its policy module for every role. */
export const PERMISSIONS_HELP_JSON_PATH = '/help/user/permissions.json';

export const PERMISSIONS_HELP_TEXTS = {
  title: 'Roles and permissions',
  intro:
    'What each role may do, read from the rules Tandem enforces. A member has the highest of the roles given to them in a project, in its groups, and through the groups the project is shared with.',
  assumptions:
    'The table is for a private project in a private group, for a member who is not the author or an assignee of the issue. In public and internal projects everyone who can see the project may read its issues and code, and anyone signed in may report issues. Authors and assignees may also edit, close and reopen their own issues.',
  action: 'Action',
  loadFailed: 'The permissions could not be loaded.',
} as const;

export interface PermissionsHelpRow {
  /** The policy module's ability name. */
  ability: string;
  text: string;
  /** One per role, in the order of `roles`. */
  allowed: boolean[];
}

export interface PermissionsHelp {
  roles: Array<{ access_level: number; name: string }>;
  sections: Array<{ title: string; rows: PermissionsHelpRow[] }>;
}

/** GraphQL `projectMembers(relations:)` (GitLab's ProjectMemberRelation). GitLab's default: DIRECT and INHERITED. */
export const PROJECT_MEMBER_RELATIONS = ['DIRECT', 'INHERITED', 'INVITED_GROUPS'] as const;
export type ProjectMemberRelation = (typeof PROJECT_MEMBER_RELATIONS)[number];
/** GraphQL `groupMembers(relations:)` (GitLab's GroupMemberRelation). */
export const GROUP_MEMBER_RELATIONS = ['DIRECT', 'INHERITED', 'DESCENDANTS'] as const;
export type GroupMemberRelation = (typeof GROUP_MEMBER_RELATIONS)[number];
export const DEFAULT_MEMBER_RELATIONS = ['DIRECT', 'INHERITED'] as const;

/** The members pages (/{project}/-/project_members, /groups/{group}/-/group_members), GitLab's words. */
export const MEMBERS_PAGE_TEXTS = {
  projectTitle: 'Project members',
  groupTitle: 'Group members',
  intro: (name: string, kind: 'project' | 'group') => `You're viewing members of the ${name} ${kind}.`,
  account: 'Account',
  maxRole: 'Max role',
  expiration: 'Expiration',
  noExpiration: 'No expiration set',
  loadFailed: 'An error occurred while loading the members, please try again.',
  notFound: 'The members list could not be found, or you may not see it.',
} as const;
