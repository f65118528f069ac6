import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { boolParam } from './params';

export const discussionLockedField: IssueField<'discussionLocked'> = {
  key: 'discussionLocked',
  params: { discussion_locked: boolParam() },
  read: (p) => p.discussion_locked as boolean | undefined,
  ability: () => 'admin_issue',
  plan: (locked, cur) => (locked === cur.discussionLocked ? null : { set: { discussionLocked: locked }, notes: [systemNotes.discussionLock(locked)] }),
  event: (i) => ({ discussion_locked: i.discussionLocked }),
};
