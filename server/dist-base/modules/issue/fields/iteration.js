"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.iterationField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const iteration_queries_1 = require("../../iteration/iteration.queries");
const system_notes_1 = require("../../note/system-notes");
const issue_field_1 = require("./issue-field");
const params_1 = require("./params");
/** The issue's iteration (REST/page `iteration_id`, GraphQL issueSetIteration): one of the project's groups' iterations; null removes. */
exports.iterationField = {
    key: 'iteration',
    params: { iteration_id: (0, params_1.optionalIdParam)() },
    read: (p) => (p.iteration_id === undefined ? undefined : p.iteration_id === null ? null : { id: p.iteration_id }),
    ability: () => 'admin_issue',
    async write(ref, tx, ctx, env) {
        const id = ref?.id ?? null;
        if (id === ctx.issue.iterationId)
            return null;
        const it = id === null ? null : await (0, iteration_queries_1.availableIteration)(tx, ctx.project, id);
        if (id !== null && !it)
            throw new app_error_1.ValidationError({ iteration_id: [shared_types_1.TAXONOMY_ERRORS.iterationNotFound] });
        await tx.query('issue.set-iteration', 'UPDATE issues SET iteration_id = $2 WHERE id = $1', [ctx.issue.id, id]);
        const api = it ? (0, iteration_queries_1.toApiIssueIteration)(it, env.publicUrl) : null;
        return { notes: [system_notes_1.systemNotes.iteration(api ? { title: api.title ?? `${api.iteration_cadence.title} ${api.start_date}` } : null)], events: [(0, issue_field_1.fieldsEvent)({ iteration: api })] };
    },
};
//# sourceMappingURL=iteration.js.map