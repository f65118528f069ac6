import { NOTIFICATION_TEXTS as T } from '@tandem/shared-types';
import type { MailMessage } from '../../core/mail/mailer';
import type { NoteableForMail } from './notification-recipients';
import type { NotificationAction } from './notification-rules';

/** What one event says, the same for every recipient. */
export interface MailEvent {
  eventId: number;
  action: NotificationAction;
  actorName: string;
  /** A comment's, a new issue's or merge request's or an edited description's text (markdown source, sent as plain text); a push's new commits. */
  text: string | null;
  /** Where the event is seen: the note's permalink or the issue's (merge request's) page. */
  url: string;
  /** reassign: the new assignees' names; request_review: the reviewers asked; due_date: the date; new_note: a submitted review's number of comments. */
  detail: string | null;
}

/** The Message-ID prefix of a noteable's mails (GitLab's `issue_<id>`, `merge_request_<id>`). */
const threadKey = (t: Pick<NoteableForMail, 'type' | 'id'>) => `${t.type === 'MergeRequest' ? 'merge_request' : 'issue'}_${t.id}`;

/** The thread every mail about an issue (or a merge request) belongs to (GitLab's `issue_<id>@host`). */
export const threadId = (t: Pick<NoteableForMail, 'type' | 'id'>, host: string) => `<${threadKey(t)}@${host}>`;

/** The reader as the event concerns them: mentioned by it, or asked by it for a review. */
interface Reader {
  id: number;
  email: string;
  mentioned: boolean;
  asked: boolean;
}

function lead(e: MailEvent, to: Reader, target: NoteableForMail): string {
  switch (e.action) {
    case 'new_note':
      // detail: a submitted review's number of comments (one mail for all of them)
      return to.mentioned ? T.mentioned(e.actorName) : e.detail ? T.reviewed(e.actorName, Number(e.detail)) : T.commented(e.actorName);
    case 'reassign':
      return T.reassigned(e.actorName, e.detail ?? '');
    case 'reassign_merge_request':
      return T.reassignedMergeRequest(e.actorName, e.detail ?? '');
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
    case 'new_mention_merge_request':
      return T.mentionedInMergeRequest(target.iid);
    case 'new_merge_request':
      return T.newMergeRequest(e.actorName);
    case 'request_review':
      return to.asked ? T.reviewRequested(e.actorName) : T.reviewRequestedOf(e.actorName, e.detail ?? '');
    case 'close_merge_request':
      return T.closedMergeRequest(target.iid, e.actorName);
    case 'reopen_merge_request':
      return T.reopenedMergeRequest(target.iid, e.actorName);
    case 'merge_merge_request':
      return T.mergedMergeRequest(target.iid, e.actorName);
    case 'push_to_merge_request':
      return T.pushedToMergeRequest(e.actorName, target.iid);
  }
}

/**
 * What tells one event's mails to one reader apart in their Message-ID: a description's new
 * mentions beside the issue's state change; on a merge request, the actions of one edit (closed,
 * reassigned and a review asked by one comment's quick actions).
 */
function eventPart(e: MailEvent, type: NoteableForMail['type']): string {
  if (e.action === 'new_mention' || e.action === 'new_mention_merge_request') return '_mention';
  return type === 'MergeRequest' && e.action !== 'new_note' ? `_${e.action}` : '';
}

/**
 * One recipient's mail: GitLab's subject (`#iid` for an issue, `!iid` for a merge request), the
 * event's text, links to see it and to unsubscribe (also as List-Unsubscribe, one click: RFC
 * 8058), and the noteable's thread (a new issue's or merge request's mail starts it; everything
 * after answers it).
 */
export function notificationMail(target: NoteableForMail, e: MailEvent, to: Reader, unsubscribeUrl: string, host: string): MailMessage {
  const thread = threadId(target, host);
  const first = e.action === 'new_issue' || e.action === 'new_merge_request';
  const mr = target.type === 'MergeRequest';
  const body = [lead(e, to, target), ...(e.text ? ['', e.text] : []), '', '-- ', T.viewIt(e.url), mr ? T.unsubscribeMergeRequest(unsubscribeUrl) : T.unsubscribe(unsubscribeUrl), T.why].join('\n');
  return {
    to: to.email,
    subject: mr
      ? first
        ? T.newMergeRequestSubject(target.projectName, target.title, target.iid)
        : T.mergeRequestSubject(target.projectName, target.title, target.iid)
      : first
        ? T.newIssueSubject(target.projectName, target.title, target.iid)
        : T.subject(target.projectName, target.title, target.iid),
    text: body,
    headers: {
      // One event may mail a person twice (a state change and the description's new mention in one edit): eventPart
      'Message-ID': first ? thread : `<${threadKey(target)}_event_${e.eventId}${eventPart(e, target.type)}_${to.id}@${host}>`,
      ...(first ? {} : { 'In-Reply-To': thread, References: thread }),
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Tandem-NotificationReason': e.action,
    },
  };
}
