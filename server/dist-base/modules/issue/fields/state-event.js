"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.stateEventField = void 0;
const system_notes_1 = require("../../note/system-notes");
const issue_field_1 = require("./issue-field");
const params_1 = require("./params");
exports.stateEventField = {
    key: 'stateEvent',
    params: { state_event: (0, params_1.oneOfParam)(['close', 'reopen']) },
    read: (p) => p.state_event,
    ability: (ev) => (ev === 'reopen' ? 'reopen_issue' : 'update_issue'),
    plan: (ev, cur, env) => {
        if (ev === 'close' && cur.state === 'opened')
            return { set: { state: 'closed', closedAt: issue_field_1.NOW, closedById: env.actor.id }, notes: [system_notes_1.systemNotes.closed()] };
        if (ev === 'reopen' && cur.state === 'closed')
            return { set: { state: 'opened', closedAt: null, closedById: null }, notes: [system_notes_1.systemNotes.reopened()] };
        return null;
    },
    event: (i, env) => ({ state: i.state, closed_at: i.closedAt?.toISOString() ?? null, closed_by: i.closedById ? env.actorBasic : null }),
};
//# sourceMappingURL=state-event.js.map