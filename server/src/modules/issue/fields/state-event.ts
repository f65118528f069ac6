import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { systemNotes } from '../../note/system-notes';
import { IssueStateEventEnum } from '../issue.graphql-types';
import { NOW, type IssueField } from './issue-field';
import { oneOfParam } from './params';
import { REFUSED } from './quick-action';

export const stateEventField: IssueField<'stateEvent'> = {
  key: 'stateEvent',
  params: { state_event: oneOfParam(['close', 'reopen'] as const) },
  read: (p) => p.state_event as 'close' | 'reopen' | undefined,
  bulk: { params: ['state_event'] },
  graphql: {
    update: [{ name: 'stateEvent', type: () => IssueStateEventEnum, nullable: true }],
    toParams: ({ stateEvent }) => (stateEvent == null ? {} : { state_event: stateEvent }),
  },
  quickActions: {
    names: ['close', 'reopen'],
    run({ name, state, allowed }) {
      const ev = name === 'close' ? 'close' : 'reopen';
      const applies = ev === 'close' ? state.issue.state === 'opened' : state.issue.state === 'closed';
      if (!applies || !allowed(ev)) return REFUSED;
      state.issue.state = ev === 'close' ? 'closed' : 'opened';
      return { value: ev, message: ev === 'close' ? T.closed() : T.reopened() };
    },
  },
  ability: (ev) => (ev === 'reopen' ? 'reopen_issue' : 'update_issue'),
  plan: (ev, cur, env) => {
    if (ev === 'close' && cur.state === 'opened') return { set: { state: 'closed', closedAt: NOW, closedById: env.actor.id }, notes: [systemNotes.closed()] };
    if (ev === 'reopen' && cur.state === 'closed') return { set: { state: 'opened', closedAt: null, closedById: null }, notes: [systemNotes.reopened()] };
    return null;
  },
  event: (i, env) => ({ state: i.state, closed_at: i.closedAt?.toISOString() ?? null, closed_by: i.closedById ? env.actorBasic : null }),
};
