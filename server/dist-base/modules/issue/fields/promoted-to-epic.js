"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.promotedToEpicField = void 0;
const system_notes_1 = require("../../note/system-notes");
/**
 * Not an API parameter: PromoteToEpicAction sets it (with the close) in the transaction that
 * creates the epic, so the 'promoted to epic &N' note and its events are one write.
 */
exports.promotedToEpicField = {
    key: 'promotedToEpic',
    params: {},
    read: () => undefined,
    ability: () => 'admin_issue',
    plan: (ref) => ({ set: {}, notes: [system_notes_1.systemNotes.promotedToEpic(ref)] }),
};
//# sourceMappingURL=promoted-to-epic.js.map