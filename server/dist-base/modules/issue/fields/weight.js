"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.weightField = void 0;
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
/** GitLab's issue weight: a non-negative integer, or none; whoever may update the issue may weigh it (the spec's editable flag). */
exports.weightField = {
    key: 'weight',
    params: { weight: (0, params_1.nonNegativeIntParam)() },
    read: (p) => p.weight,
    ability: () => 'update_issue',
    plan: (weight, cur) => (weight === cur.weight ? null : { set: { weight }, notes: [system_notes_1.systemNotes.weight(weight)] }),
    event: (i) => ({ weight: i.weight }),
};
//# sourceMappingURL=weight.js.map