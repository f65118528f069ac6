import type { NotificationCustomEvent, NotificationLevel } from '@tandem/shared-types';

/**
 * Who is mailed about an event on an issue or a merge request (GitLab's NotificationRecipients::Builder and
 * NotificationRecipient#notifiable?). Pure, so the rules are unit-tested apart from the
 * database; the recipients' facts (levels, subscriptions, access) are loaded by
 * notification-recipients.ts, and access is decided by the policy module.
 */


/**
 * What happened: on an issue a comment, an assignment, the issue closed or reopened, its due date
 * changed, a new issue, or users newly mentioned by a description edit; on a merge request a
 * comment, users newly mentioned by a description edit, and GitLab's merge request actions (named as its custom events), of which
 * 'request_review' is reviewers asked for a review (added, or asked again).
 */
export type NotificationAction =
  | 'new_note'
  | 'reassign'
  | 'close'
  | 'reopen'
  | 'due_date'
  | 'new_issue'
  | 'new_mention'
  | 'new_mention_merge_request'
  | 'new_merge_request'
  | 'reassign_merge_request'
  | 'request_review'
  | 'close_merge_request'
  | 'reopen_merge_request'
  | 'merge_merge_request'
  | 'push_to_merge_request';

/** The custom level's event for each action (GitLab's custom_action; a description's new mentions are its "new" action). */
export const CUSTOM_EVENT_OF: Record<NotificationAction, NotificationCustomEvent> = {
  new_note: 'new_note',
  reassign: 'reassign_issue',
  close: 'close_issue',
  reopen: 'reopen_issue',
  due_date: 'issue_due',
  new_issue: 'new_issue',
  new_mention: 'new_issue',
  new_mention_merge_request: 'new_merge_request',
  new_merge_request: 'new_merge_request',
  reassign_merge_request: 'reassign_merge_request',
  request_review: 'change_reviewer_merge_request',
  close_merge_request: 'close_merge_request',
  reopen_merge_request: 'reopen_merge_request',
  merge_merge_request: 'merge_merge_request',
  push_to_merge_request: 'push_to_merge_request',
};

/** Actions whose `assignmentChanged` users are mentions: who was (un)assigned, asked for a review, or assigned or asked by a new merge request. */
const NAMES_ITS_USERS = new Set<NotificationAction>(['reassign', 'reassign_merge_request', 'request_review', 'new_merge_request']);

/** Actions participants are not mailed about as such (GitLab's new_issue / new_merge_request builders; a review request goes to the reviewers asked). */
const NOT_FOR_PARTICIPANTS = new Set<NotificationAction>(['new_issue', 'new_merge_request', 'request_review']);

/** Why someone is a candidate, strongest first when one person is several (one mail each). */
export type RecipientType = 'mention' | 'subscription' | 'participating' | 'watch' | 'custom';

export interface RecipientFacts {
  id: number;
  /** The user's level for this project, 'global' resolved already (default participating). */
  level: Exclude<NotificationLevel, 'global'>;
  /** The author, an assignee or a commenter of the issue. */
  participant: boolean;
  /** Mentioned by what this event added (the comment's text, a new issue's description). */
  mentioned: boolean;
  /** Assigned or unassigned by this event (GitLab mails both as mentions), or asked for a review by it, or a new merge request's assignee or reviewer. */
  assignmentChanged: boolean;
  /** The issue's subscription toggle: true subscribed, false unsubscribed, null never set. */
  subscribed: boolean | null;
  /** Watches the project (level watch, and may see it). */
  watcher: boolean;
  /** The custom level's chosen events, where they reach this project (empty unless the level is custom). */
  customEvents: readonly NotificationCustomEvent[];
  /** May read the issue, and for an internal note internal notes (the policy module's answer). */
  canRead: boolean;
  /** A user who can sign in and has an address. */
  active: boolean;
}

/** The recipient type that brings this person in (strongest first), or null. */
function typeOf(c: RecipientFacts, action: NotificationAction): RecipientType | null {
  if (c.mentioned || (NAMES_ITS_USERS.has(action) && c.assignmentChanged)) return 'mention';
  if (c.subscribed === true) return 'subscription';
  if (c.participant && !NOT_FOR_PARTICIPANTS.has(action)) return 'participating';
  if (c.watcher) return 'watch';
  if (c.level === 'custom' && c.customEvents.includes(CUSTOM_EVENT_OF[action])) return 'custom';
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
    case 'custom':
      // GitLab: custom_enabled? || participating or mention (a 'custom' type is a chosen event)
      return type === 'participating' || type === 'mention' || type === 'custom';
    case 'disabled':
      return false;
  }
}

/**
 * The users mailed about one event, once each, in the order given: never the actor; never
 * someone who may not read it (a confidential issue, an internal note); a manual subscription
 * mails even a 'disabled' user; an explicit unsubscribe silences everything but a mention.
 * 'new_mention' and 'new_mention_merge_request' (a description edit) mail only the users it
 * newly mentions, who are then judged as a new issue's or merge request's mentions are (GitLab's
 * new_mentions_in_issue and new_mentions_in_merge_request). A new issue or merge
 * request, and a review request, do not mail participants as such.
 */
export function notificationRecipients(candidates: readonly RecipientFacts[], action: NotificationAction, actorId: number | null): number[] {
  const out: number[] = [];
  for (const c of candidates) {
    if (c.id === actorId || !c.active || !c.canRead || out.includes(c.id)) continue;
    if ((action === 'new_mention' || action === 'new_mention_merge_request') && !c.mentioned) continue;
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

/** One notification_settings row that may apply to a project. */
export interface SettingRow {
  source: 'Project' | 'Group' | 'Global';
  level: NotificationLevel;
  events: Partial<Record<NotificationCustomEvent, boolean>>;
}

/** The setting that decides: its level ('global' resolved) and events, and where it came from ('default': no row). */
export interface EffectiveSetting {
  level: Exclude<NotificationLevel, 'global'>;
  events: NotificationCustomEvent[];
  source: SettingRow['source'] | 'default';
}

/**
 * A user's effective setting for a project (GitLab's NotificationRecipient#notification_setting):
 * the project's row unless 'global' or unset, then the nearest group's (rows given nearest
 * first), then the global one (default participating).
 */
export function effectiveSetting(project: SettingRow | null, groupsNearestFirst: readonly SettingRow[], global: SettingRow | null): EffectiveSetting {
  for (const row of [project, ...groupsNearestFirst, global]) {
    if (!row || row.level === 'global') continue;
    const events = row.level === 'custom' ? (Object.keys(row.events) as NotificationCustomEvent[]).filter((e) => row.events[e] === true) : [];
    return { level: row.level, events, source: row.source };
  }
  return { level: 'participating', events: [], source: 'default' };
}

/** A user's effective level for a project from the project's and the global level alone. */
export function effectiveLevel(projectLevel: NotificationLevel | null, globalLevel: NotificationLevel | null): RecipientFacts['level'] {
  const row = (source: SettingRow['source'], level: NotificationLevel | null): SettingRow | null => (level ? { source, level, events: {} } : null);
  return effectiveSetting(row('Project', projectLevel), [], row('Global', globalLevel)).level;
}
