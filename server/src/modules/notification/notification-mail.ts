import { NOTIFICATION_TEXTS as T } from '@tandem/shared-types';
import type { MailMessage } from '../../core/mail/mailer';
import type { NoteableForMail } from './notification-recipients';
import type { NotificationAction } from './notification-rules';

/** What one event says, the same for every recipient. */
export interface MailEvent {
  eventId: number;
  action: NotificationAction;
  actorName: string;
  /** A comment's, a new issue's or an edited description's text (markdown source, sent as plain text). */
  text: string | null;
  /** Where the event is seen: the note's permalink or the issue's (merge request's) page. */
  url: string;
  /** reassign: the new assignees' names; due_date: the date; new_note: a submitted review's number of comments. */
  detail: string | null;
}

/** The Message-ID prefix of a noteable's mails (GitLab's `issue_<id>`, `merge_request_<id>`). */
const threadKey = (t: Pick<NoteableForMail, 'type' | 'id'>) => `${t.type === 'MergeRequest' ? 'merge_request' : 'issue'}_${t.id}`;

/** The thread every mail about an issue (or a merge request) belongs to (GitLab's `issue_<id>@host`). */
export const threadId = (t: Pick<NoteableForMail, 'type' | 'id'>, host: string) => `<${threadKey(t)}@${host}>`;

function lead(e: MailEvent, mentioned: boolean, type: NoteableForMail['type']): string {
  switch (e.action) {
    case 'new_note':
      // detail: a submitted review's number of comments (one mail for all of them)
      return mentioned ? T.mentioned(e.actorName) : e.detail ? T.reviewed(e.actorName, Number(e.detail)) : T.commented(e.actorName);
    case 'reassign':
      return type === 'MergeRequest' ? T.reassignedMergeRequest(e.actorName, e.detail ?? '') : T.reassigned(e.actorName, e.detail ?? '');
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
 * One recipient's mail: GitLab's subject (`#iid` for an issue, `!iid` for a merge request), the
 * event's text, links to see it and to unsubscribe (also as List-Unsubscribe, one click: RFC
 * 8058), and the noteable's thread (a new issue starts it; everything after answers it; a merge
 * request's opening is not mailed, so its mails all answer it).
 */
export function notificationMail(target: NoteableForMail, e: MailEvent, to: { id: number; email: string; mentioned: boolean }, unsubscribeUrl: string, host: string): MailMessage {
  const thread = threadId(target, host);
  const first = e.action === 'new_issue';
  const mr = target.type === 'MergeRequest';
  const body = [lead(e, to.mentioned, target.type), ...(e.text ? ['', e.text] : []), '', '-- ', T.viewIt(e.url), mr ? T.unsubscribeMergeRequest(unsubscribeUrl) : T.unsubscribe(unsubscribeUrl), T.why].join('\n');
  return {
    to: to.email,
    subject: mr
      ? T.mergeRequestSubject(target.projectName, target.title, target.iid)
      : first
        ? T.newIssueSubject(target.projectName, target.title, target.iid)
        : T.subject(target.projectName, target.title, target.iid),
    text: body,
    headers: {
      // One event may mail a person twice (a state change and the description's new mention in one edit)
      'Message-ID': first ? thread : `<${threadKey(target)}_event_${e.eventId}${e.action === 'new_mention' ? '_mention' : ''}_${to.id}@${host}>`,
      ...(first ? {} : { 'In-Reply-To': thread, References: thread }),
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Tandem-NotificationReason': e.action,
    },
  };
}
