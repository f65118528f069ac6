"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.confidentialField = void 0;
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
exports.confidentialField = {
    key: 'confidential',
    params: { confidential: (0, params_1.boolParam)() },
    read: (p) => p.confidential,
    ability: () => 'admin_issue',
    plan: (confidential, cur) => (confidential === cur.confidential ? null : { set: { confidential }, notes: [system_notes_1.systemNotes.confidentiality(confidential)] }),
    event: (i) => ({ confidential: i.confidential }),
};
//# sourceMappingURL=confidential.js.map