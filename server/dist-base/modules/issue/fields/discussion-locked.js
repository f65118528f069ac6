"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.discussionLockedField = void 0;
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
exports.discussionLockedField = {
    key: 'discussionLocked',
    params: { discussion_locked: (0, params_1.boolParam)() },
    read: (p) => p.discussion_locked,
    ability: () => 'admin_issue',
    plan: (locked, cur) => (locked === cur.discussionLocked ? null : { set: { discussionLocked: locked }, notes: [system_notes_1.systemNotes.discussionLock(locked)] }),
    event: (i) => ({ discussion_locked: i.discussionLocked }),
};
//# sourceMappingURL=discussion-locked.js.map