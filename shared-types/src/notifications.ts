import { z } from 'zod';

/** GitLab's notification levels (notification_settings.level); 'global' defers to the user's global level. */
export const NOTIFICATION_LEVELS = ['global', 'watch', 'participating', 'mention', 'disabled'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** GitLab REST `GET/PUT /notification_settings`. */
export interface ApiGlobalNotificationSettings {
  level: Exclude<NotificationLevel, 'global'>;
  notification_email: string | null;
}

/** GitLab REST `GET/PUT /projects/:id/notification_settings`. */
export interface ApiNotificationSettings {
  level: NotificationLevel;
}

const level = (levels: readonly string[]) =>
  z.enum(levels as [string, ...string[]], { errorMap: () => ({ message: 'does not have a valid value' }) });

/** PUT /notification_settings: the global level ('global' is not one). */
export const globalNotificationSettingsSchema = z.object({ level: level(NOTIFICATION_LEVELS.filter((l) => l !== 'global')).optional() });

/** PUT /projects/:id/notification_settings. */
export const projectNotificationSettingsSchema = z.object({ level: level(NOTIFICATION_LEVELS).optional() });

/** Notification mail's texts (GitLab's notify mailer, in plain text) and the unsubscribe page's. */
export const NOTIFICATION_TEXTS = {
  subject: (projectName: string, title: string, iid: number) => `Re: ${projectName} | ${title} (#${iid})`,
  newIssueSubject: (projectName: string, title: string, iid: number) => `${projectName} | ${title} (#${iid})`,
  commented: (name: string) => `${name} commented:`,
  mentioned: (name: string) => `${name} mentioned you:`,
  reassigned: (name: string, assignees: string) => (assignees ? `${name} assigned this issue to ${assignees}.` : `${name} removed all assignees.`),
  closed: (name: string) => `Issue was closed by ${name}.`,
  reopened: (name: string) => `Issue was reopened by ${name}.`,
  dueDate: (name: string, date: string | null) => (date ? `${name} changed the due date to ${date}.` : `${name} removed the due date.`),
  newIssue: (name: string) => `${name} created an issue:`,
  viewIt: (url: string) => `View it on Tandem: ${url}`,
  unsubscribe: (url: string) => `Unsubscribe from this issue: ${url}`,
  why: "You're receiving this email because of your activity, subscription or notification settings.",
  unsubscribedTitle: 'Unsubscribed',
  unsubscribed: (ref: string) => `You have been unsubscribed from ${ref}.`,
  badLink: 'This unsubscribe link is not valid.',
} as const;
