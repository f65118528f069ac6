"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.milestoneField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const milestone_queries_1 = require("../../milestone/milestone.queries");
const system_notes_1 = require("../../note/system-notes");
const issue_field_1 = require("./issue-field");
const params_1 = require("./params");
/**
 * The issue's milestone (REST/page `milestone_id`, GraphQL `milestoneId`, /milestone): a
 * milestone of the project or its groups; null or 0 removes it. It reads the milestone it
 * names, so it writes in the transaction and sends its own issue.updated fields.
 */
exports.milestoneField = {
    key: 'milestone',
    params: { milestone_id: (0, params_1.optionalIdParam)() },
    read: (p) => (p.milestone_id === undefined ? undefined : p.milestone_id === null ? null : { id: p.milestone_id }),
    ability: () => 'admin_issue',
    async write(ref, tx, ctx, env) {
        const id = ref?.id ?? null;
        if (id === ctx.issue.milestoneId)
            return null;
        const m = id === null ? null : await (0, milestone_queries_1.availableMilestone)(tx, ctx.project, id);
        if (id !== null && !m)
            throw new app_error_1.ValidationError({ milestone_id: [shared_types_1.TAXONOMY_ERRORS.milestoneNotFound] });
        await tx.query('issue.set-milestone', 'UPDATE issues SET milestone_id = $2 WHERE id = $1', [ctx.issue.id, id]);
        return { notes: [system_notes_1.systemNotes.milestone(m)], events: [(0, issue_field_1.fieldsEvent)({ milestone: m ? (0, milestone_queries_1.toApiIssueMilestone)(m, env.publicUrl) : null })] };
    },
};
//# sourceMappingURL=milestone.js.map