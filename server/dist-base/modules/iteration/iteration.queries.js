"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.normIterationRow = exports.iterationWebPath = exports.AVAILABLE_ITERATIONS_SQL = exports.ITERATION_COLUMNS = void 0;
exports.availableIteration = availableIteration;
exports.iterationState = iterationState;
exports.toApiIssueIteration = toApiIssueIteration;
exports.ITERATION_COLUMNS = `it.id, it.iid, it.group_id, it.title, it.description, it.state,
  to_char(it.start_date, 'YYYY-MM-DD') AS start_date, to_char(it.due_date, 'YYYY-MM-DD') AS due_date, it.created_at, it.updated_at,
  c.id AS cadence_id, c.title AS cadence_title, g.full_path AS group_path
  FROM iterations it JOIN iteration_cadences c ON c.id = it.iteration_cadence_id JOIN namespaces g ON g.id = it.group_id`;
/** Iterations a project may use: its ancestor groups' ($1 namespace id). */
exports.AVAILABLE_ITERATIONS_SQL = `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $1
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT ${exports.ITERATION_COLUMNS} WHERE it.group_id IN (SELECT id FROM anc)`;
const norm = (r) => ({ ...r, id: Number(r.id), iid: Number(r.iid), group_id: Number(r.group_id), cadence_id: Number(r.cadence_id) });
exports.normIterationRow = norm;
async function availableIteration(tx, project, id) {
    const [row] = await tx.query('iteration.available-by-id', `${exports.AVAILABLE_ITERATIONS_SQL} AND it.id = $2`, [project.namespaceId, id]);
    return row ? norm(row) : null;
}
/** upcoming / current / closed: a closed iteration, or one past its due date, is closed; then by the dates. */
function iterationState(it, today) {
    if (it.state === 'closed' || it.due_date < today)
        return 'closed';
    return it.start_date <= today ? 'current' : 'upcoming';
}
const iterationWebPath = (it) => `/groups/${it.group_path}/-/iterations/${it.iid}`;
exports.iterationWebPath = iterationWebPath;
function toApiIssueIteration(it, baseUrl, today = new Date().toISOString().slice(0, 10)) {
    return {
        id: it.id,
        iid: it.iid,
        title: it.title,
        state: iterationState(it, today),
        start_date: it.start_date,
        due_date: it.due_date,
        web_url: `${baseUrl}${(0, exports.iterationWebPath)(it)}`,
        iteration_cadence: { id: it.cadence_id, title: it.cadence_title },
    };
}
//# sourceMappingURL=iteration.queries.js.map