"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fromAlertField = void 0;
const system_notes_1 = require("../../note/system-notes");
/** Not an API parameter: the alert module sets it on the incident it opened for an alert (its system note). */
exports.fromAlertField = {
    key: 'fromAlert',
    params: {},
    read: () => undefined,
    ability: () => 'update_issue',
    plan: (alertIid) => ({ set: {}, notes: [system_notes_1.systemNotes.incidentFromAlert(alertIid)] }),
};
//# sourceMappingURL=from-alert.js.map