import { z } from 'zod';
import { INT4_MAX } from './schemas/fields';

/**
 * The people side of the issue sidebar (sidebar spec §2, §4, §5, §8, §9): assignees,
 * participants, notifications, move issue, the collapsible gutter and the issue list's bulk
 * update. Texts live here once; server and client import them.
 */
export const PEOPLE_TEXTS = {
  assigneeHeader: (n: number) => (n === 1 || n === 0 ? 'Assignee' : `${n} Assignees`),
  none: 'None',
  assignYourself: 'assign yourself',
  unassigned: 'Unassigned',
  edit: 'Edit',
  apply: 'Apply',
  searchUsers: 'Search users',
  /** The assignee list's toggle (sidebar spec §5: '+ N more'). */
  showMore: (n: number) => `+ ${n} more`,
  /** The participants list past its first 7 (issue-page spec §9: '+N more'). */
  participantsMore: (n: number) => `+${n} more`,
  showLess: '- show less',
  busy: '(Busy)',
  noMatchingResults: 'No matching results',
  updateAssigneesFailed: 'An error occurred while updating assignees.',
  saveAssigneesFailed: 'Error occurred when saving assignees.',
  searchUsersFailed: 'An error occurred while searching users.',
  participantsFailed: 'An error occurred while fetching participants.',
  notifications: 'Notifications',
  notificationsOn: 'Notifications on',
  notificationsOff: 'Notifications off',
  subscriptionFailed: 'Error occurred when toggling the notification subscription.',
  moveIssue: 'Move issue',
  moveSearchProjects: 'Search project',
  moveConfirm: 'Move',
  moveFailed: 'An error occurred while moving the issue.',
  projectsAutocompleteFailed: 'An error occurred while fetching projects autocomplete.',
  movedTo: 'This issue was moved to',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  bulkEdit: 'Bulk edit',
  bulkUpdate: 'Update all',
  bulkUpdateFailed: 'Issue update failed',
} as const;

/** Assignee rows shown before '+ N more' (spec §9). */
export const ASSIGNEES_SHOWN = 5;
/** Assignee row avatar size (spec §9). */
export const ASSIGNEE_AVATAR_SIZE = 32;
/** The user search's debounce (the spec names a constant without its value; GitLab's is 250 ms). */
export const ASSIGNEE_SEARCH_DEBOUNCE_MS = 250;
/** The sidebar's collapsed state (spec §2). */
export const COLLAPSED_GUTTER_COOKIE = 'collapsed_gutter';

/** GitLab's user availability: `busy` adds '(Busy)' to a user's name in tooltips. */
export type UserAvailability = 'not_set' | 'busy';

/** GitLab REST `GET/PUT /user/status`. */
export interface ApiUserStatus {
  availability: UserAvailability;
  message: string | null;
  emoji: string | null;
  message_html: string;
  /** When the status clears itself (null: it stays). */
  clear_status_at: string | null;
}

/** The spec's clear-after durations (issue-page §9), GitLab's `clear_status_after` values, 8 hours by default. */
export const USER_STATUS_CLEAR_AFTER = [
  { value: '30_minutes', label: '30 minutes', minutes: 30 },
  { value: '3_hours', label: '3 hours', minutes: 180 },
  { value: '8_hours', label: '8 hours', minutes: 480 },
  { value: '1_day', label: '1 day', minutes: 1440 },
  { value: '3_days', label: '3 days', minutes: 4320 },
  { value: '7_days', label: '7 days', minutes: 10080 },
  { value: '30_days', label: '30 days', minutes: 43200 },
] as const;
export type UserStatusClearAfter = (typeof USER_STATUS_CLEAR_AFTER)[number]['value'];
export const USER_STATUS_CLEAR_AFTER_DEFAULT: UserStatusClearAfter = '8_hours';
/** GitLab's emoji for a status with a message and no emoji. */
export const USER_STATUS_DEFAULT_EMOJI = 'speech_balloon';

/** The Set status dialog (user menu). */
export const USER_STATUS_TEXTS = {
  menuItem: 'Set status',
  title: 'Set status',
  emoji: 'Add status emoji',
  message: 'Your status',
  messagePlaceholder: "What's your status?",
  busy: 'Set yourself as busy',
  busyHelp: 'Displays that you are busy or not able to respond',
  clearAfter: 'Clear status after',
  save: 'Set status',
  remove: 'Remove status',
  removeEmoji: 'Remove emoji',
  failed: 'An error occurred while setting your status.',
} as const;

const id = z.coerce.number({ invalid_type_error: 'must be an integer' }).int('must be an integer').positive('must be positive').max(INT4_MAX, 'is too large');
const idList = z
  .union([z.array(id), id.transform((n) => [n])])
  .refine((ids) => ids.length <= 100, 'has too many entries');

/** PUT /user/status. */
export const userStatusSchema = z
  .object({
    availability: z.enum(['not_set', 'busy'], { errorMap: () => ({ message: 'does not have a valid value' }) }).optional(),
    message: z.string().max(100, 'is too long (maximum is 100 characters)').nullable().optional(),
    emoji: z.string().max(100).nullable().optional(),
    clear_status_after: z
      .enum(USER_STATUS_CLEAR_AFTER.map((c) => c.value) as [UserStatusClearAfter, ...UserStatusClearAfter[]], { errorMap: () => ({ message: 'does not have a valid value' }) })
      .nullable()
      .optional(),
  })
  .strict();

/** POST /projects/:id/issues/:iid/move. */
export const moveIssueSchema = z.object({ to_project_id: z.union([id, z.string().min(1).max(255)]) });

/**
 * PUT /projects/:id/issues/bulk_update (GitLab's form shape): the issues and the subscription.
 * The issue fields it sets are the server's field registry's (fields declaring `bulk`).
 */
export const bulkUpdateSchema = z.object({
  issuable_ids: idList,
  subscription_event: z.enum(['subscribe', 'unsubscribe'], { errorMap: () => ({ message: 'does not have a valid value' }) }).optional(),
});
/** The bulk form's payload as the client sends it. */
export type BulkUpdateParams = z.infer<typeof bulkUpdateSchema> & {
  state_event?: 'close' | 'reopen';
  /** [0] unassigns everyone (GitLab). */
  assignee_ids?: number[];
  add_label_ids?: number[];
  remove_label_ids?: number[];
  /** A milestone of the project or its groups; 0 removes the milestone (GitLab). */
  milestone_id?: number;
  /** null removes it (open issues only). */
  health_status?: import('./sidebar-taxonomy').HealthStatus | null;
  /** An epic of the project's group or its ancestors; null removes the issues from their epic. */
  epic_id?: number | null;
  /** An iteration of the project's groups; null removes it. */
  iteration_id?: number | null;
};
