import { NOTIFICATION_TEXTS as T } from '@tandem/shared-types';
import type { MailMessage } from '../../core/mail/mailer';
import type { IssueForMail } from './notification-recipients';
import type { NotificationAction } from './notification-rules';

/** What one event says, the same for every recipient. */
export interface MailEvent {
  eventId: number;
  action: NotificationAction;
  actorName: string;
  /** A comment's, a new issue's or an edited description's text (markdown source, sent as plain text). */
  text: string | null;
  /** Where the event is seen: the note's permalink or the issue's page. */
  url: string;
  /** reassign: the new assignees' names; due_date: the date. */
  detail: string | null;
}

/** The thread every mail about an issue belongs to (GitLab's `issue_<id>@host`). */
export const threadId = (issueId: number, host: string) => `<issue_${issueId}@${host}>`;

function lead(e: MailEvent, mentioned: boolean): string {
  switch (e.action) {
    case 'new_note':
      return mentioned ? T.mentioned(e.actorName) : T.commented(e.actorName);
    case 'reassign':
      return T.reassigned(e.actorName, e.detail ?? '');
    case 'close':
      return T.closed(e.actorName);
    case 'reopen':
      return T.reopened(e.actorName);
    case 'due_date':
      return T.dueDate(e.actorName, e.detail);
    case 'new_issue':
      return T.newIssue(e.actorName);
    case 'new_mention':
      return T.mentionedInIssue;
  }
}

/**
 * One recipient's mail: GitLab's subject, the event's text, links to see it and to
 * unsubscribe (also as List-Unsubscribe, one click: RFC 8058), and the issue's thread
 * (a new issue starts it; everything after answers it).
 */
export function notificationMail(issue: IssueForMail, e: MailEvent, to: { id: number; email: string; mentioned: boolean }, unsubscribeUrl: string, host: string): MailMessage {
  const thread = threadId(issue.id, host);
  const first = e.action === 'new_issue';
  const body = [lead(e, to.mentioned), ...(e.text ? ['', e.text] : []), '', '-- ', T.viewIt(e.url), T.unsubscribe(unsubscribeUrl), T.why].join('\n');
  return {
    to: to.email,
    subject: first ? T.newIssueSubject(issue.projectName, issue.title, issue.iid) : T.subject(issue.projectName, issue.title, issue.iid),
    text: body,
    headers: {
      // One event may mail a person twice (a state change and the description's new mention in one edit)
      'Message-ID': first ? thread : `<issue_${issue.id}_event_${e.eventId}${e.action === 'new_mention' ? '_mention' : ''}_${to.id}@${host}>`,
      ...(first ? {} : { 'In-Reply-To': thread, References: thread }),
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Tandem-NotificationReason': e.action,
    },
  };
}
