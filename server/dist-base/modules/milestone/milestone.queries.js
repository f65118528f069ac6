"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.milestoneWebPath = exports.AVAILABLE_MILESTONES_SQL = void 0;
exports.availableMilestone = availableMilestone;
exports.toApiIssueMilestone = toApiIssueMilestone;
/** Milestones a project may use: its own and its ancestor groups' ($1 project id, $2 namespace id). */
exports.AVAILABLE_MILESTONES_SQL = `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT m.id, m.iid, m.title, m.state, to_char(m.due_date, 'YYYY-MM-DD') AS due_date, to_char(m.start_date, 'YYYY-MM-DD') AS start_date,
         m.project_id, m.group_id, COALESCE(p.full_path, g.full_path) AS owner_path
  FROM milestones m LEFT JOIN projects p ON p.id = m.project_id LEFT JOIN namespaces g ON g.id = m.group_id
  WHERE (m.project_id = $1 OR m.group_id IN (SELECT id FROM anc))`;
async function availableMilestone(tx, project, id) {
    const [row] = await tx.query('milestone.available-by-id', `${exports.AVAILABLE_MILESTONES_SQL} AND m.id = $3`, [project.id, project.namespaceId, id]);
    return row ? { ...row, id: Number(row.id), iid: Number(row.iid) } : null;
}
/** GitLab's web path of a milestone. */
const milestoneWebPath = (m) => m.group_id ? `/groups/${m.owner_path}/-/milestones/${m.iid}` : `/${m.owner_path}/-/milestones/${m.iid}`;
exports.milestoneWebPath = milestoneWebPath;
/** The issue's milestone as the API and events show it. */
function toApiIssueMilestone(m, baseUrl, today = new Date().toISOString().slice(0, 10)) {
    return {
        id: m.id,
        iid: m.iid,
        title: m.title,
        state: m.state,
        due_date: m.due_date,
        start_date: m.start_date,
        expired: !!m.due_date && m.due_date < today,
        web_url: `${baseUrl}${(0, exports.milestoneWebPath)(m)}`,
    };
}
//# sourceMappingURL=milestone.queries.js.map