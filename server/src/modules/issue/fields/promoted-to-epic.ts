import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/**
 * Not an API parameter: PromoteToEpicAction sets it (with the close) in the transaction that
 * creates the epic, so the issue's 'promoted to epic &N' note and its events are one write.
 */
export const promotedToEpicField: IssueField<'promotedToEpic'> = {
  key: 'promotedToEpic',
  params: {},
  read: () => undefined,
  ability: () => 'admin_issue',
  plan: (ref) => ({ set: {}, notes: [systemNotes.promotedToEpic(ref)] }),
};
