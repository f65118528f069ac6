"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.healthStatusField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
/** Health status (on_track, needs_attention, at_risk; null or "" removes it), only while the issue is open. */
exports.healthStatusField = {
    key: 'healthStatus',
    params: { health_status: (0, params_1.enumParam)(shared_types_1.HEALTH_STATUSES, { nullable: true }) },
    read: (p) => p.health_status,
    ability: () => 'admin_issue',
    plan: (health, cur) => {
        if (cur.state === 'closed')
            throw new app_error_1.ValidationError({ health_status: [shared_types_1.TAXONOMY_ERRORS.healthClosed] });
        if (health === cur.healthStatus)
            return null;
        return { set: { healthStatus: health }, notes: [system_notes_1.systemNotes.healthStatus(health ? shared_types_1.HEALTH_STATUS_LABELS[health] : null)] };
    },
    event: (i) => ({ health_status: i.healthStatus }),
};
//# sourceMappingURL=health-status.js.map