"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.severityField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
/** Incident severity (CRITICAL S1 .. LOW S4, UNKNOWN); refused on anything but an incident. */
exports.severityField = {
    key: 'severity',
    params: { severity: (0, params_1.enumParam)(shared_types_1.SEVERITIES) },
    read: (p) => p.severity,
    ability: () => 'admin_issue',
    plan: (severity, cur) => {
        if (cur.issueType !== 'incident')
            throw new app_error_1.ValidationError({ severity: [shared_types_1.TAXONOMY_ERRORS.severityNotIncident] });
        return severity === cur.severity ? null : { set: { severity }, notes: [system_notes_1.systemNotes.severity(shared_types_1.SEVERITY_LABELS[severity])] };
    },
    event: (i) => ({ severity: i.severity }),
};
//# sourceMappingURL=severity.js.map