"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.loadLabelLookup = loadLabelLookup;
const markdown_service_1 = require("./markdown.service");
/**
 * The RenderContext.labelExists for a text about to be rendered in a project: one query for the
 * titles the text references (none when it has no ~reference), among the project's labels and
 * those of its group and every ancestor group.
 */
async function loadLabelLookup(manager, projectId, ...texts) {
    const wanted = [...new Set(texts.flatMap((t) => (0, markdown_service_1.labelReferenceTitles)(t)))];
    if (wanted.length === 0)
        return () => false;
    const rows = await manager.query(`WITH RECURSIVE ancestors(id, parent_id) AS (
       SELECT n.id, n.parent_id FROM namespaces n JOIN projects p ON p.namespace_id = n.id WHERE p.id = $1
       UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ancestors a ON n.id = a.parent_id
     )
     SELECT DISTINCT title FROM labels
     WHERE title = ANY($2::varchar[]) AND (project_id = $1 OR group_id IN (SELECT id FROM ancestors))`, [projectId, wanted]);
    const found = new Set(rows.map((r) => r.title));
    return (title) => found.has(title);
}
//# sourceMappingURL=label-lookup.js.map