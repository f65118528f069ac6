import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { nonNegativeIntParam } from './params';
import { REFUSED } from './quick-action';

/** GitLab's issue weight: a non-negative integer, or none; whoever may update the issue may weigh it (the spec's editable flag). */
export const weightField: IssueField<'weight'> = {
  key: 'weight',
  params: { weight: nonNegativeIntParam() },
  read: (p) => p.weight as number | null | undefined,
  onCreate: 'triager',
  quickActions: {
    names: ['weight', 'clear_weight'],
    onCreate: ['weight'],
    run({ name, arg, state, allowed }) {
      const weight = name === 'weight' ? (/^\d{1,9}$/.test(arg) ? Number(arg) : NaN) : null;
      if (Number.isNaN(weight) || (name === 'clear_weight' && state.issue.weight === null) || !allowed(weight)) return REFUSED;
      state.issue.weight = weight;
      return { value: weight, message: weight === null ? T.weightCleared : T.weightSet(weight) };
    },
  },
  ability: () => 'update_issue',
  plan: (weight, cur) => (weight === cur.weight ? null : { set: { weight }, notes: [systemNotes.weight(weight)] }),
  event: (i) => ({ weight: i.weight }),
};
