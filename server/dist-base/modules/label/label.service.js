"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.labelForEvent = exports.LabelService = exports.AVAILABLE_LABELS_SQL = void 0;
exports.defaultLabelColor = defaultLabelColor;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
/** The labels a project may use: its own and those of its ancestor groups. */
exports.AVAILABLE_LABELS_SQL = `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT l.id, l.title, l.color, l.description, l.project_id FROM labels l
  WHERE (l.project_id = $1 OR l.group_id IN (SELECT id FROM anc))`;
/**
 * Labels of issues, by id. Titles are resolved only where GitLab's REST API takes titles
 * (`labels`, `add_labels`, `remove_labels`): there a project label wins over a group label
 * of the same title, and an unknown title creates a project label, as GitLab does.
 */
let LabelService = class LabelService {
    /** The labels with these ids that the project may use, in the order asked (others are ignored, as GitLab does). */
    async availableByIds(tx, project, ids) {
        if (!ids.length)
            return [];
        const rows = await tx.query('label.available-by-ids', `${exports.AVAILABLE_LABELS_SQL} AND l.id = ANY($3::int[])`, [project.id, project.namespaceId, ids]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id)).filter((l) => !!l);
    }
    /** The labels with these titles (case-insensitive), creating project labels for unknown titles when asked. */
    async byTitles(tx, project, titles, opts) {
        if (!titles.length)
            return [];
        const rows = await tx.query('label.available-by-titles', `${exports.AVAILABLE_LABELS_SQL} AND lower(l.title) = ANY($3::text[]) ORDER BY l.project_id NULLS LAST`, [project.id, project.namespaceId, titles.map((t) => t.toLowerCase())]);
        const byTitle = new Map();
        for (const r of rows)
            if (!byTitle.has(r.title.toLowerCase()))
                byTitle.set(r.title.toLowerCase(), r);
        const out = [];
        for (const title of titles) {
            let label = byTitle.get(title.toLowerCase());
            if (!label && opts.create) {
                const [created] = await tx.query('label.create-for-project', `INSERT INTO labels (project_id, title, color) VALUES ($1, $2, $3)
           ON CONFLICT (project_id, lower(title)) WHERE project_id IS NOT NULL DO UPDATE SET title = labels.title
           RETURNING id, title, color, description`, [project.id, title, defaultLabelColor(title)]);
                label = created;
                byTitle.set(title.toLowerCase(), label);
            }
            if (label)
                out.push(label);
        }
        return out;
    }
    /** The issue's labels, by title. */
    async ofIssue(tx, issueId) {
        return tx.query('label.of-issue', `SELECT l.id, l.title, l.color, l.description FROM label_links ll JOIN labels l ON l.id = ll.label_id
       WHERE ll.target_type = 'Issue' AND ll.target_id = $1 ORDER BY l.title`, [issueId]);
    }
    /** Links exactly these labels to the issue. */
    async setOnIssue(tx, issueId, labelIds) {
        await tx.query('label.set-on-issue', `WITH gone AS (DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1 AND NOT (label_id = ANY($2::int[])))
       INSERT INTO label_links (label_id, target_type, target_id) SELECT unnest($2::int[]), 'Issue', $1 ON CONFLICT DO NOTHING`, [issueId, labelIds]);
    }
};
exports.LabelService = LabelService;
exports.LabelService = LabelService = __decorate([
    (0, common_1.Injectable)()
], LabelService);
/** A label as events and the API show it. */
const labelForEvent = (l) => ({ id: l.id, name: l.title, color: l.color, text_color: (0, shared_types_1.labelTextColor)(l.color), description: l.description });
exports.labelForEvent = labelForEvent;
const PALETTE = ['#009966', '#8fbc8f', '#3cb371', '#6699cc', '#0000ff', '#6a5acd', '#9400d3', '#cc338b', '#dc143c', '#ed9121', '#c39953', '#808080'];
/** A stable colour for a label created from a title alone. */
function defaultLabelColor(title) {
    let h = 0;
    for (const ch of title)
        h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return PALETTE[h % PALETTE.length];
}
//# sourceMappingURL=label.service.js.map