import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { DateScalar } from '../../../core/graphql/scalars';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { dateParam } from './params';
import { parseDueDate, REFUSED } from './quick-action';

export const dueDateField: IssueField<'dueDate'> = {
  key: 'dueDate',
  params: { due_date: dateParam() },
  read: (p) => p.due_date as string | null | undefined,
  onCreate: 'triager',
  graphql: {
    update: [{ name: 'dueDate', type: () => DateScalar, nullable: true }],
    create: [{ name: 'dueDate', type: () => DateScalar, nullable: true }],
    // null removes the date of an issue; a new one has none to remove
    toParams: ({ dueDate }, mutation) => (dueDate === undefined || (dueDate === null && mutation === 'create') ? {} : { due_date: dueDate }),
  },
  quickActions: {
    names: ['due', 'remove_due_date'],
    onCreate: ['due'],
    run({ name, arg, state, env, allowed }) {
      const date = name === 'due' ? parseDueDate(arg, env.today) : null;
      if ((name === 'due' && !date) || (name === 'remove_due_date' && !state.issue.dueDate) || !allowed(date)) return REFUSED;
      state.issue.dueDate = date;
      return { value: date, message: date ? T.dueDateSet(date) : T.dueDateRemoved };
    },
  },
  ability: () => 'admin_issue',
  plan: (dueDate, cur) => (dueDate === cur.dueDate ? null : { set: { dueDate }, notes: [systemNotes.dueDate(dueDate)] }),
  event: (i) => ({ due_date: i.dueDate }),
};
