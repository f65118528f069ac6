import type { NotificationLevel } from '@tandem/shared-types';

/**
 * Who is mailed about an event on an issue (GitLab's NotificationRecipients::Builder and
 * NotificationRecipient#notifiable?). Pure, so the rules are unit-tested apart from the
 * database; the recipients' facts (levels, subscriptions, access) are loaded by
 * notification-recipients.ts, and access is decided by the policy module.
 */


/** What happened: a comment, an assignment, the issue closed or reopened, its due date changed, a new issue. */
export type NotificationAction = 'new_note' | 'reassign' | 'close' | 'reopen' | 'due_date' | 'new_issue';

/** Why someone is a candidate, strongest first when one person is several (one mail each). */
export type RecipientType = 'mention' | 'subscription' | 'participating' | 'watch';

export interface RecipientFacts {
  id: number;
  /** The user's level for this project, 'global' resolved already (default participating). */
  level: Exclude<NotificationLevel, 'global'>;
  /** The author, an assignee or a commenter of the issue. */
  participant: boolean;
  /** Mentioned by what this event added (the comment's text, a new issue's description). */
  mentioned: boolean;
  /** Assigned or unassigned by this event (GitLab mails both as mentions). */
  assignmentChanged: boolean;
  /** The subscription toggle: true subscribed, false unsubscribed, null never set. */
  subscribed: boolean | null;
  /** Watches the project (level watch, and may see it). */
  watcher: boolean;
  /** May read the issue, and for an internal note internal notes (the policy module's answer). */
  canRead: boolean;
  /** A user who can sign in and has an address. */
  active: boolean;
}

/** The recipient type that brings this person in (strongest first), or null. */
function typeOf(c: RecipientFacts, action: NotificationAction): RecipientType | null {
  if (c.mentioned || (action === 'reassign' && c.assignmentChanged)) return 'mention';
  if (c.subscribed === true) return 'subscription';
  if (c.participant && action !== 'new_issue') return 'participating';
  if (c.watcher) return 'watch';
  return null;
}

/** GitLab's suitable_notification_level?: which levels accept which recipient types. */
function suits(level: RecipientFacts['level'], type: RecipientType): boolean {
  switch (level) {
    case 'watch':
      return true;
    case 'participating':
      return type === 'participating' || type === 'mention';
    case 'mention':
      return type === 'mention';
    case 'disabled':
      return false;
  }
}

/**
 * The users mailed about one event, once each, in the order given: never the actor; never
 * someone who may not read it (a confidential issue, an internal note); a manual subscription
 * mails even a 'disabled' user; an explicit unsubscribe silences everything but a mention.
 */
export function notificationRecipients(candidates: readonly RecipientFacts[], action: NotificationAction, actorId: number | null): number[] {
  const out: number[] = [];
  for (const c of candidates) {
    if (c.id === actorId || !c.active || !c.canRead || out.includes(c.id)) continue;
    const type = typeOf(c, action);
    if (!type) continue;
    if (type === 'subscription') {
      out.push(c.id);
      continue;
    }
    if (!suits(c.level, type)) continue;
    if (type !== 'mention' && c.subscribed === false) continue;
    out.push(c.id);
  }
  return out;
}

/** A user's effective level for a project: the project's setting unless 'global' or unset, then the global one (default participating). */
export function effectiveLevel(projectLevel: NotificationLevel | null, globalLevel: NotificationLevel | null): RecipientFacts['level'] {
  if (projectLevel && projectLevel !== 'global') return projectLevel;
  if (globalLevel && globalLevel !== 'global') return globalLevel;
  return 'participating';
}
