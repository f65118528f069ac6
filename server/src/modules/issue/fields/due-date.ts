import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { dateParam } from './params';

export const dueDateField: IssueField<'dueDate'> = {
  key: 'dueDate',
  params: { due_date: dateParam() },
  read: (p) => p.due_date as string | null | undefined,
  ability: () => 'admin_issue',
  plan: (dueDate, cur) => (dueDate === cur.dueDate ? null : { set: { dueDate }, notes: [systemNotes.dueDate(dueDate)] }),
  event: (i) => ({ due_date: i.dueDate }),
};
