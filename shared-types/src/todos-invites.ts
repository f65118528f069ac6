import { z } from 'zod';
import { ACCESS_LEVEL } from './constants';
import { VALIDATION } from './errors';

/**
 * To-dos, the invite-members modal and invitations (sign-up: registration.ts) (sidebar spec: To-do, Invite-members
 * modal, §5, §8). Where the spec names a message without its words, GitLab's are used.
 */
export const TODO_TEXTS = {
  add: 'Add a to do',
  markDone: 'Mark as done',
  /** 'There was an error %{message} todo.' with 'adding a' or 'deleting the' (spec §8). */
  failed: (message: string) => `There was an error ${message} todo.`,
  adding: 'adding a',
  deleting: 'deleting the',
  pageTitle: 'To-Do List',
  pending: 'To Do',
  done: 'Done',
  markAllDone: 'Mark all as done',
  emptyPending: "Good job! Looks like you don't have anything left on your To-Do List",
  emptyDone: 'There are no done to-dos yet.',
  navLabel: (count: number) => `To-Do List (${count} pending)`,
  actions: { assigned: 'assigned you', mentioned: 'mentioned you on', marked: 'added a to-do for' },
} as const;

export const TODO_ACTIONS = ['assigned', 'mentioned', 'marked'] as const;
export type TodoAction = (typeof TODO_ACTIONS)[number];
export const TODO_STATES = ['pending', 'done'] as const;
export type TodoState = (typeof TODO_STATES)[number];

/** The sidebar's issuable types (the page sends GitLab's snake_case name; the class name is accepted too). */
export const TODO_ISSUABLE_TYPES = ['issue', 'merge_request'] as const;
export type TodoIssuableType = (typeof TODO_ISSUABLE_TYPES)[number];

/**
 * GET / POST / DELETE {project}/-/todos: the sidebar toggle's input (spec: {issuable_id, issuable_type}).
 * issuable_id is the issue's or the merge request's id; issuable_type comes out as the to-do's target_type.
 */
export const todoToggleSchema = z.object({
  issuable_id: z.coerce.number({ invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(2_147_483_647, VALIDATION.tooLarge(2_147_483_647)),
  issuable_type: z
    .enum(['issue', 'Issue', 'merge_request', 'MergeRequest'], { errorMap: () => ({ message: VALIDATION.notAllowed(TODO_ISSUABLE_TYPES) }) })
    .transform((t): TodoTargetType => (t === 'issue' || t === 'Issue' ? 'Issue' : 'MergeRequest')),
});
export type TodoToggleInput = z.output<typeof todoToggleSchema>;

/** The toggle's answer: the user's pending count, and the path that removes the to-do (null once done). */
export interface TodoToggleResponse {
  count: number;
  delete_path: string | null;
}

/** What a to-do points at (GitLab's target_type). */
export const TODO_TARGET_TYPES = ['Issue', 'MergeRequest'] as const;
export type TodoTargetType = (typeof TODO_TARGET_TYPES)[number];

/** GET /api/v4/todos, GitLab's shape. */
export interface ApiTodo {
  id: number;
  project: { id: number; name: string; name_with_namespace: string; path: string; path_with_namespace: string };
  author: { id: number; username: string; name: string; state: string; avatar_url: string | null; web_url: string };
  action_name: TodoAction;
  target_type: TodoTargetType;
  target: { id: number; iid: number; project_id: number; title: string; state: string; confidential: boolean; web_url: string };
  target_url: string;
  body: string;
  state: TodoState;
  created_at: string;
  updated_at: string;
}

/** GET /api/v4/todos filters (GitLab's names). */
export const todoListQuerySchema = z.object({
  state: z.enum(TODO_STATES, { errorMap: () => ({ message: VALIDATION.notAllowed(TODO_STATES) }) }).optional(),
  action: z.enum(TODO_ACTIONS, { errorMap: () => ({ message: VALIDATION.notAllowed(TODO_ACTIONS) }) }).optional(),
  type: z.enum(TODO_TARGET_TYPES, { errorMap: () => ({ message: VALIDATION.notAllowed(TODO_TARGET_TYPES) }) }).optional(),
  project_id: z.coerce.number({ invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.mustBePositive).max(2_147_483_647).optional(),
});

export const INVITE_TEXTS = {
  link: 'Invite members',
  titleMembers: 'Invite members',
  titleGroup: 'Invite a group',
  introMembers: (name: string, kind: 'project' | 'group') => `You're inviting members to the ${name} ${kind}.`,
  introGroup: (name: string, kind: 'project' | 'group') => `You're inviting a group to the ${name} ${kind}.`,
  membersLabel: 'Username or email address',
  membersPlaceholder: 'Search for members to invite',
  groupLabel: 'Select a group to invite',
  groupPlaceholder: 'Search for a group to invite',
  /** Spec §5: a typed entry with an at sign becomes an email token. */
  emailToken: (email: string) => `Invite "${email}" by email`,
  roleLabel: 'Select a role',
  readMore: 'Read more about role permissions',
  expiresLabel: 'Access expiration date (optional)',
  expiresPlaceholder: 'YYYY-MM-DD',
  cancel: 'Cancel',
  invite: 'Invite',
  success: 'Members were successfully added',
  failure: 'Some of the members could not be added',
  noMatches: 'No matching results',
  userSearchFailed: 'An error occurred while searching users.',
  /** The invite modal's tabs. */
  tabMembers: 'Invite members',
  tabGroup: 'Invite a group',
  pendingTitle: 'Pending invitations',
  acceptTitle: 'You have been invited',
  acceptIntro: (source: string, role: string) => `You have been invited to join ${source} as ${role}. Sign up to accept the invitation.`,
  inviteNotFound: 'The invitation could not be found. It may have been accepted, revoked or may have expired.',
} as const;

/** Spec §5: an entry containing an at sign is an email address typed by the user. */
export function isEmailToken(text: string): boolean {
  return text.trim().includes('@');
}

/** Today's date as YYYY-MM-DD in UTC (the server's and the date field's `min`). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Spec §5: the access expiration date must not be in the past (today is allowed). */
export function isExpiryAllowed(date: string, today: string = todayIso()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && date >= today;
}

const INVITE_LEVELS = [ACCESS_LEVEL.GUEST, ACCESS_LEVEL.REPORTER, ACCESS_LEVEL.DEVELOPER, ACCESS_LEVEL.MAINTAINER, ACCESS_LEVEL.OWNER] as const;

const expiresAtField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.notDate });
      return z.NEVER;
    }
    if (!isExpiryAllowed(v)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION.dateInPast });
      return z.NEVER;
    }
    return v;
  });

const accessLevelField = z.coerce
  .number({ invalid_type_error: VALIDATION.notInteger })
  .refine((n) => (INVITE_LEVELS as readonly number[]).includes(n), { message: VALIDATION.notAllowed(INVITE_LEVELS.map(String)) });

/** POST /api/v4/projects/:id/invitations (GitLab: email, access_level, expires_at). One address. */
export const invitationCreateSchema = z.object({
  email: z.string({ required_error: VALIDATION.missing }).trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)).email('is invalid'),
  access_level: accessLevelField,
  expires_at: expiresAtField,
});
export type InvitationCreateInput = z.output<typeof invitationCreateSchema>;

/** POST /api/v4/projects/:id/share (GitLab: group_id, group_access, expires_at). */
export const projectShareSchema = z.object({
  group_id: z.coerce.number({ required_error: VALIDATION.missing, invalid_type_error: VALIDATION.notInteger }).int(VALIDATION.notInteger).positive(VALIDATION.notInteger).max(2_147_483_647, VALIDATION.notInteger),
  group_access: accessLevelField,
  expires_at: expiresAtField,
});
export type ProjectShareInput = z.output<typeof projectShareSchema>;

/** POST /api/v4/groups/:id/share (GitLab: group_id, group_access, expires_at): the same fields as a project's share. */
export const groupShareSchema = projectShareSchema;
export type GroupShareInput = ProjectShareInput;

/** A group the group is shared with, as GitLab's group answers list them (`shared_with_groups`). */
export interface ApiSharedWithGroup {
  group_id: number;
  group_name: string;
  group_full_path: string;
  group_access_level: number;
  expires_at: string | null;
}

/** GitLab's project group link (the answer of POST /projects/:id/share). */
export interface ApiProjectGroupLink {
  id: number;
  project_id: number;
  group_id: number;
  group_access: number;
  expires_at: string | null;
}

/** GET /api/v4/projects/:id/invitations (GitLab's shape). */
export interface ApiInvitation {
  id: number;
  invite_email: string;
  access_level: number;
  expires_at: string | null;
  created_at: string;
  created_by_name: string | null;
  user_name: string | null;
}

/** The answer of POST .../invitations (GitLab's). */
export type InvitationResponse = { status: 'success' } | { status: 'error'; message: Record<string, string> };

