import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';
import { boolParam } from './params';
import { REFUSED } from './quick-action';

export const discussionLockedField: IssueField<'discussionLocked'> = {
  key: 'discussionLocked',
  params: { discussion_locked: boolParam() },
  read: (p) => p.discussion_locked as boolean | undefined,
  onCreate: 'triager',
  graphql: {
    update: [{ name: 'locked', type: () => Boolean, nullable: true, description: 'Indicates discussion is locked on the issue.' }],
    create: [{ name: 'locked', type: () => Boolean, nullable: true }],
    toParams: ({ locked }) => (locked == null ? {} : { discussion_locked: locked }),
  },
  quickActions: {
    names: ['lock', 'unlock'],
    onCreate: ['lock'],
    run({ name, state, allowed }) {
      const locked = name === 'lock';
      if (state.issue.discussionLocked === locked || !allowed(locked)) return REFUSED;
      state.issue.discussionLocked = locked;
      return { value: locked, message: locked ? T.locked : T.unlocked };
    },
  },
  ability: () => 'admin_issue',
  plan: (locked, cur) => (locked === cur.discussionLocked ? null : { set: { discussionLocked: locked }, notes: [systemNotes.discussionLock(locked)] }),
  event: (i) => ({ discussion_locked: i.discussionLocked }),
};
