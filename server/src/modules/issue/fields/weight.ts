import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { nonNegativeIntParam } from './params';

/** GitLab's issue weight: a non-negative integer, or none; whoever may update the issue may weigh it (the spec's editable flag). */
export const weightField: IssueField<'weight'> = {
  key: 'weight',
  params: { weight: nonNegativeIntParam() },
  read: (p) => p.weight as number | null | undefined,
  ability: () => 'update_issue',
  plan: (weight, cur) => (weight === cur.weight ? null : { set: { weight }, notes: [systemNotes.weight(weight)] }),
  event: (i) => ({ weight: i.weight }),
};
