"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.dueDateField = void 0;
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
exports.dueDateField = {
    key: 'dueDate',
    params: { due_date: (0, params_1.dateParam)() },
    read: (p) => p.due_date,
    ability: () => 'admin_issue',
    plan: (dueDate, cur) => (dueDate === cur.dueDate ? null : { set: { dueDate }, notes: [system_notes_1.systemNotes.dueDate(dueDate)] }),
    event: (i) => ({ due_date: i.dueDate }),
};
//# sourceMappingURL=due-date.js.map