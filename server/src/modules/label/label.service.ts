import { Injectable } from '@nestjs/common';
import { labelTextColor } from '@tandem/shared-types';
import type { Tx } from '../../core/realtime/event-log.service';
import type { Project } from '../project/project.entity';

/** A label as the issue write path uses it. */
export interface LabelRow {
  id: number;
  title: string;
  color: string;
  description: string | null;
}

/** The labels a project may use: its own and those of its ancestor groups. */
export const AVAILABLE_LABELS_SQL = `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT l.id, l.title, l.color, l.description, l.project_id FROM labels l
  WHERE (l.project_id = $1 OR l.group_id IN (SELECT id FROM anc))`;

/**
 * Labels of issues, by id. Titles are resolved only where GitLab's REST API takes titles
 * (`labels`, `add_labels`, `remove_labels`): there a project label wins over a group label
 * of the same title, and an unknown title creates a project label, as GitLab does.
 */
@Injectable()
export class LabelService {
  /** The labels with these ids that the project may use, in the order asked (others are ignored, as GitLab does). */
  async availableByIds(tx: Tx, project: Project, ids: readonly number[]): Promise<LabelRow[]> {
    if (!ids.length) return [];
    const rows = await tx.query<LabelRow>('label.available-by-ids', `${AVAILABLE_LABELS_SQL} AND l.id = ANY($3::int[])`, [project.id, project.namespaceId, ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((l): l is LabelRow => !!l);
  }

  /** The labels with these titles (case-insensitive), creating project labels for unknown titles when asked. */
  async byTitles(tx: Tx, project: Project, titles: readonly string[], opts: { create: boolean }): Promise<LabelRow[]> {
    if (!titles.length) return [];
    const rows = await tx.query<LabelRow & { project_id: number | null }>(
      'label.available-by-titles',
      `${AVAILABLE_LABELS_SQL} AND lower(l.title) = ANY($3::text[]) ORDER BY l.project_id NULLS LAST`,
      [project.id, project.namespaceId, titles.map((t) => t.toLowerCase())],
    );
    const byTitle = new Map<string, LabelRow>();
    for (const r of rows) if (!byTitle.has(r.title.toLowerCase())) byTitle.set(r.title.toLowerCase(), r);
    const out: LabelRow[] = [];
    for (const title of titles) {
      let label = byTitle.get(title.toLowerCase());
      if (!label && opts.create) {
        const [created] = await tx.query<LabelRow>(
          'label.create-for-project',
          `INSERT INTO labels (project_id, title, color) VALUES ($1, $2, $3)
           ON CONFLICT (project_id, lower(title)) WHERE project_id IS NOT NULL DO UPDATE SET title = labels.title
           RETURNING id, title, color, description`,
          [project.id, title, defaultLabelColor(title)],
        );
        label = created!;
        byTitle.set(title.toLowerCase(), label);
      }
      if (label) out.push(label);
    }
    return out;
  }

  /** The issue's labels, by title. */
  async ofIssue(tx: Tx, issueId: number): Promise<LabelRow[]> {
    return tx.query<LabelRow>(
      'label.of-issue',
      `SELECT l.id, l.title, l.color, l.description FROM label_links ll JOIN labels l ON l.id = ll.label_id
       WHERE ll.target_type = 'Issue' AND ll.target_id = $1 ORDER BY l.title`,
      [issueId],
    );
  }

  /** Links exactly these labels to the issue. */
  async setOnIssue(tx: Tx, issueId: number, labelIds: readonly number[]): Promise<void> {
    await tx.query(
      'label.set-on-issue',
      `WITH gone AS (DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1 AND NOT (label_id = ANY($2::int[])))
       INSERT INTO label_links (label_id, target_type, target_id) SELECT unnest($2::int[]), 'Issue', $1 ON CONFLICT DO NOTHING`,
      [issueId, labelIds],
    );
  }
}

/** A label as events and the API show it. */
export const labelForEvent = (l: LabelRow) => ({ id: l.id, name: l.title, color: l.color, text_color: labelTextColor(l.color), description: l.description });

const PALETTE = ['#009966', '#8fbc8f', '#3cb371', '#6699cc', '#0000ff', '#6a5acd', '#9400d3', '#cc338b', '#dc143c', '#ed9121', '#c39953', '#808080'];

/** A stable colour for a label created from a title alone. */
export function defaultLabelColor(title: string): string {
  let h = 0;
  for (const ch of title) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}
