"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.timeSpentField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const system_notes_1 = require("../../note/system-notes");
/** The signed change to the total: a reset logs minus the total, as GitLab does. */
const deltaOf = (spend, total) => (spend.seconds === 'reset' ? -total : spend.seconds);
/**
 * Spent time: a timelogs row (side table) and the issue's running total_time_spent (column), in
 * one write. Set by /spend, /remove_time_spent and REST add_spent_time / reset_spent_time;
 * admin_issue. A subtraction below zero is refused, naming the parameter.
 */
exports.timeSpentField = {
    key: 'timeSpent',
    params: {},
    read: () => undefined,
    ability: () => 'admin_issue',
    plan: (spend, cur) => {
        const delta = deltaOf(spend, cur.totalTimeSpent);
        if (delta === 0)
            return null;
        const total = cur.totalTimeSpent + delta;
        if (total < 0)
            throw new app_error_1.ValidationError({ duration: [shared_types_1.TIME_TRACKING_TEXTS.exceedsSpent] });
        return { set: { totalTimeSpent: total }, notes: [system_notes_1.systemNotes.timeSpent(spend.seconds === 'reset' ? 'reset' : delta, spend.spentAt)] };
    },
    async write(spend, tx, ctx, env) {
        const delta = deltaOf(spend, ctx.issue.totalTimeSpent);
        if (delta === 0 || ctx.issue.totalTimeSpent + delta < 0)
            return null;
        await tx.manager.query(`INSERT INTO timelogs (issue_id, user_id, time_spent, spent_at, summary) VALUES ($1, $2, $3, COALESCE($4::date, CURRENT_DATE), $5)`, [
            ctx.issue.id,
            env.actor.id,
            delta,
            spend.spentAt ?? null,
            spend.summary ?? null,
        ]);
        return { notes: [], events: [] };
    },
    event: (i) => ({ time_stats: (0, shared_types_1.timeStats)(i.timeEstimate, i.totalTimeSpent) }),
};
//# sourceMappingURL=time-spent.js.map