"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.timeEstimateField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const system_notes_1 = require("../../note/system-notes");
/**
 * The time estimate in seconds (0 removes it). Set by /estimate, /remove_estimate and REST
 * time_estimate / reset_time_estimate; GitLab's admin_issue (reporters and up). No REST PUT
 * parameter of its own, as in GitLab: the callers build the input.
 */
exports.timeEstimateField = {
    key: 'timeEstimate',
    params: {},
    read: () => undefined,
    ability: () => 'admin_issue',
    plan: (seconds, cur) => (seconds === cur.timeEstimate ? null : { set: { timeEstimate: seconds }, notes: [system_notes_1.systemNotes.timeEstimate(seconds)] }),
    event: (i) => ({ time_stats: (0, shared_types_1.timeStats)(i.timeEstimate, i.totalTimeSpent) }),
};
//# sourceMappingURL=time-estimate.js.map