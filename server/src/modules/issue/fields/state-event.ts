import { systemNotes } from '../../note/system-notes';
import { NOW, type IssueField } from './issue-field';
import { oneOfParam } from './params';

export const stateEventField: IssueField<'stateEvent'> = {
  key: 'stateEvent',
  params: { state_event: oneOfParam(['close', 'reopen'] as const) },
  read: (p) => p.state_event as 'close' | 'reopen' | undefined,
  ability: (ev) => (ev === 'reopen' ? 'reopen_issue' : 'update_issue'),
  plan: (ev, cur, env) => {
    if (ev === 'close' && cur.state === 'opened') return { set: { state: 'closed', closedAt: NOW, closedById: env.actor.id }, notes: [systemNotes.closed()] };
    if (ev === 'reopen' && cur.state === 'closed') return { set: { state: 'opened', closedAt: null, closedById: null }, notes: [systemNotes.reopened()] };
    return null;
  },
  event: (i, env) => ({ state: i.state, closed_at: i.closedAt?.toISOString() ?? null, closed_by: i.closedById ? env.actorBasic : null }),
};
