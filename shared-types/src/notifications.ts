import { z } from 'zod';

/** GitLab's notification levels (notification_settings.level); 'global' defers to the user's global level (a project's to its group's first). */
export const NOTIFICATION_LEVELS = ['global', 'watch', 'participating', 'mention', 'custom', 'disabled'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/**
 * The custom level's events Tandem mails (GitLab's NotificationSetting email events for issues
 * and merge requests, its API keys in its order): a custom user gets what participating gets,
 * plus these where chosen. GitLab's pipeline and release events are not listed: Tandem sends no
 * mail for them.
 */
export const NOTIFICATION_CUSTOM_EVENTS = [
  'new_note',
  'new_issue',
  'reopen_issue',
  'close_issue',
  'reassign_issue',
  'issue_due',
  'new_merge_request',
  'push_to_merge_request',
  'reopen_merge_request',
  'close_merge_request',
  'reassign_merge_request',
  'change_reviewer_merge_request',
  'merge_merge_request',
] as const;
export type NotificationCustomEvent = (typeof NOTIFICATION_CUSTOM_EVENTS)[number];
export type NotificationEvents = Record<NotificationCustomEvent, boolean>;

/** GitLab REST `GET/PUT /notification_settings` (`events` only while the level is custom). */
export interface ApiGlobalNotificationSettings {
  level: Exclude<NotificationLevel, 'global'>;
  notification_email: string | null;
  events?: NotificationEvents;
}

/** GitLab REST `GET/PUT /projects/:id/notification_settings` and `/groups/:id/notification_settings`. */
export interface ApiNotificationSettings {
  level: NotificationLevel;
  events?: NotificationEvents;
}

/** The notification settings page's data (`GET /-/profile/notifications.json`): the global setting, then each group and project the user belongs to. */
export interface ApiNotificationSettingsPage {
  global: ApiGlobalNotificationSettings;
  groups: Array<{ id: number; name: string; full_path: string; setting: ApiNotificationSettings }>;
  projects: Array<{ id: number; name_with_namespace: string; path_with_namespace: string; setting: ApiNotificationSettings }>;
}

const level = (levels: readonly string[]) =>
  z.enum(levels as [string, ...string[]], { errorMap: () => ({ message: 'does not have a valid value' }) });

/** A custom event flag: a boolean, or GitLab's form values 'true' / 'false'. */
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ errorMap: () => ({ message: 'is invalid' }) }),
);
const eventFlags = Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.map((e) => [e, flag.optional()])) as Record<NotificationCustomEvent, z.ZodOptional<typeof flag>>;

/** PUT /notification_settings: the global level ('global' is not one) and the custom events. */
export const globalNotificationSettingsSchema = z.object({ level: level(NOTIFICATION_LEVELS.filter((l) => l !== 'global')).optional(), ...eventFlags });

/** PUT /projects/:id/notification_settings and /groups/:id/notification_settings. */
export const projectNotificationSettingsSchema = z.object({ level: level(NOTIFICATION_LEVELS).optional(), ...eventFlags });

/** The notification settings page (GitLab's profile notifications and its custom events modal). */
export const NOTIFICATION_SETTINGS_TEXTS = {
  menuItem: 'Notifications',
  title: 'Notifications',
  intro: 'You can specify notification level per group or per project.',
  /** A callout on the page (dismissed for 365 days): what GitLab users may look for in vain. */
  issuesOnly: 'Notification emails are sent about issues and merge requests: pipelines and releases are not mailed.',
  globalHeading: 'Global notification settings',
  globalLevel: 'Global notification level',
  globalHelp: 'By default, all projects and groups use the global notifications setting.',
  notificationEmail: 'Notification email',
  groupsHeading: 'Groups',
  projectsHeading: 'Projects',
  noGroups: 'You are not a member of any group.',
  noProjects: 'You are not a member of any project.',
  levels: {
    global: { label: 'Global', help: 'Use your global notification setting' },
    watch: { label: 'Watch', help: 'You will receive notifications for any activity' },
    participating: { label: 'Participate', help: 'You will only receive notifications for threads you have participated in' },
    mention: { label: 'On mention', help: 'You will receive notifications only for comments in which you were @mentioned' },
    custom: { label: 'Custom', help: 'You will only receive notifications for the events you choose' },
    disabled: { label: 'Disabled', help: 'You will not get any notifications via email' },
  } satisfies Record<NotificationLevel, { label: string; help: string }>,
  customTitle: 'Custom notification events',
  customIntro:
    'Custom notification levels are the same as participating levels. With custom notification levels you will also receive notifications for select events.',
  events: {
    new_note: 'New note',
    new_issue: 'New issue',
    reopen_issue: 'Reopen issue',
    close_issue: 'Close issue',
    reassign_issue: 'Reassign issue',
    issue_due: 'Issue due date changed',
    new_merge_request: 'New merge request',
    push_to_merge_request: 'Push to merge request',
    reopen_merge_request: 'Reopen merge request',
    close_merge_request: 'Close merge request',
    reassign_merge_request: 'Reassign merge request',
    change_reviewer_merge_request: 'Change reviewer merge request',
    merge_merge_request: 'Merge merge request',
  } satisfies Record<NotificationCustomEvent, string>,
  saved: 'Notification settings saved',
  failed: 'An error occurred while updating the notification settings. Please try again.',
  loadFailed: 'An error occurred while loading the notification settings.',
} as const;

/** Notification mail's texts (GitLab's notify mailer, in plain text) and the unsubscribe page's. */
export const NOTIFICATION_TEXTS = {
  subject: (projectName: string, title: string, iid: number) => `Re: ${projectName} | ${title} (#${iid})`,
  newIssueSubject: (projectName: string, title: string, iid: number) => `${projectName} | ${title} (#${iid})`,
  /** A merge request's mail (GitLab's `!iid`) after its opening: it answers the thread the opening's mail started. */
  mergeRequestSubject: (projectName: string, title: string, iid: number) => `Re: ${projectName} | ${title} (!${iid})`,
  newMergeRequestSubject: (projectName: string, title: string, iid: number) => `${projectName} | ${title} (!${iid})`,
  commented: (name: string) => `${name} commented:`,
  mentioned: (name: string) => `${name} mentioned you:`,
  /** A submitted review's one mail (GitLab's new_review_email): every comment of it, in order. */
  reviewed: (name: string, comments: number) => `${name} submitted a review of ${comments} comments:`,
  reassigned: (name: string, assignees: string) => (assignees ? `${name} assigned this issue to ${assignees}.` : `${name} removed all assignees.`),
  reassignedMergeRequest: (name: string, assignees: string) => (assignees ? `${name} assigned this merge request to ${assignees}.` : `${name} removed all assignees.`),
  closed: (name: string) => `Issue was closed by ${name}.`,
  reopened: (name: string) => `Issue was reopened by ${name}.`,
  dueDate: (name: string, date: string | null) => (date ? `${name} changed the due date to ${date}.` : `${name} removed the due date.`),
  newIssue: (name: string) => `${name} created an issue:`,
  /** GitLab's new_merge_request_email, before the description. */
  newMergeRequest: (name: string) => `${name} created a merge request:`,
  /** GitLab's request_review_merge_request_email: to the reviewer asked (an added reviewer, or a review requested again). */
  reviewRequested: (name: string) => `${name} requested a review of this merge request from you.`,
  /** The same request as a watcher, a subscriber or a custom level's change_reviewer_merge_request reads it. */
  reviewRequestedOf: (name: string, reviewers: string) => `${name} requested a review of this merge request from ${reviewers}.`,
  closedMergeRequest: (iid: number, name: string) => `Merge request !${iid} was closed by ${name}.`,
  reopenedMergeRequest: (iid: number, name: string) => `Merge request !${iid} was reopened by ${name}.`,
  mergedMergeRequest: (iid: number, name: string) => `Merge request !${iid} was merged by ${name}.`,
  /** GitLab's push_to_merge_request_email; the new commits (short sha and title) follow when known. */
  pushedToMergeRequest: (name: string, iid: number) => `${name} pushed new commits to merge request !${iid}.`,
  /** GitLab's new_mention_in_issue_email: a description edit mentioned the reader. */
  mentionedInIssue: 'You have been mentioned in an issue.',
  /** GitLab's new_mention_in_merge_request_email: a merge request's description edit mentioned the reader. */
  mentionedInMergeRequest: (iid: number) => `You have been mentioned in merge request !${iid}.`,
  viewIt: (url: string) => `View it on Tandem: ${url}`,
  unsubscribe: (url: string) => `Unsubscribe from this issue: ${url}`,
  unsubscribeMergeRequest: (url: string) => `Unsubscribe from this merge request: ${url}`,
  why: "You're receiving this email because of your activity, subscription or notification settings.",
  unsubscribedTitle: 'Unsubscribed',
  unsubscribed: (ref: string) => `You have been unsubscribed from ${ref}.`,
  badLink: 'This unsubscribe link is not valid.',
} as const;
