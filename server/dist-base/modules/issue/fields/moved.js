"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.movedFromField = exports.movedToField = void 0;
const system_notes_1 = require("../../note/system-notes");
/**
 * A move's mark on the original (actions/move-issue.ts): moved_to_id, the "moved to" note and
 * the link in the event; the move closes it in the same write. Not a request parameter.
 */
exports.movedToField = {
    key: 'movedTo',
    params: {},
    read: () => undefined,
    ability: () => 'admin_issue',
    plan: (to, cur) => cur.movedToId === to.id
        ? null
        : { set: { movedToId: to.id }, notes: [system_notes_1.systemNotes.movedTo(to.reference)], eventFields: { moved_to_id: to.id, moved_to_web_url: to.webUrl } },
};
/** The copy's "moved from" note: a note only, nothing of the row changes. Not a request parameter. */
exports.movedFromField = {
    key: 'movedFrom',
    params: {},
    read: () => undefined,
    ability: () => 'update_issue',
    write: async (ref) => ({ notes: [system_notes_1.systemNotes.movedFrom(ref)], events: [] }),
};
//# sourceMappingURL=moved.js.map