import { labelTextColor } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import type { Queryable } from './merge-request.store';

/** Label ids of the titles, among the project's labels and its groups' (an unknown title is a 400 naming it). */
export async function labelIdsFor(m: Queryable, projectId: number, titles: readonly string[]): Promise<Array<{ id: number; title: string }>> {
  if (!titles.length) return [];
  const rows = (await m.query(
    `SELECT DISTINCT ON (lower(l.title)) l.id, l.title FROM labels l
     WHERE lower(l.title) = ANY($2::text[]) AND (l.project_id = $1 OR l.group_id IN (
       WITH RECURSIVE up(id, parent_id) AS (SELECT n.id, n.parent_id FROM namespaces n JOIN projects p ON p.namespace_id = n.id WHERE p.id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN up ON n.id = up.parent_id) SELECT id FROM up))
     ORDER BY lower(l.title), l.project_id NULLS LAST`,
    [projectId, titles.map((t) => t.toLowerCase())],
  )) as Array<{ id: number; title: string }>;
  const found = new Set(rows.map((r) => r.title.toLowerCase()));
  const missing = titles.filter((t) => !found.has(t.toLowerCase()));
  if (missing.length) throw new ValidationError({ labels: [`does not exist: ${missing.join(', ')}`] });
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

/** The users exist (an unknown id is a 400 naming it). */
export async function checkUsers(m: Queryable, ids: readonly number[], field = 'assignee_ids'): Promise<void> {
  if (!ids.length) return;
  const rows = (await m.query('SELECT id FROM users WHERE id = ANY($1::int[])', [ids])) as Array<{ id: number }>;
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new ValidationError({ [field]: [`unknown user ${missing.join(', ')}`] });
}

/** A milestone of the project or one of its groups (else 400). */
export async function checkMilestone(m: Queryable, projectId: number, milestoneId: number | null): Promise<void> {
  if (milestoneId === null) return;
  const rows = (await m.query(
    `SELECT 1 FROM milestones ms WHERE ms.id = $2 AND (ms.project_id = $1 OR ms.group_id IN (
       WITH RECURSIVE up(id, parent_id) AS (SELECT n.id, n.parent_id FROM namespaces n JOIN projects p ON p.namespace_id = n.id WHERE p.id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN up ON n.id = up.parent_id) SELECT id FROM up))`,
    [projectId, milestoneId],
  )) as unknown[];
  if (!rows.length) throw new ValidationError({ milestone_id: ['is invalid'] });
}

export async function setAssignees(m: Queryable, mrId: number, ids: readonly number[]): Promise<void> {
  await m.query('DELETE FROM merge_request_assignees WHERE merge_request_id = $1', [mrId]);
  if (ids.length)
    await m.query('INSERT INTO merge_request_assignees (merge_request_id, user_id, position) SELECT $1, u, o::int - 1 FROM unnest($2::int[]) WITH ORDINALITY AS t(u, o)', [mrId, ids]);
}

export async function setLabels(m: Queryable, mrId: number, labelIds: readonly number[]): Promise<void> {
  await m.query(`DELETE FROM label_links WHERE target_type = 'MergeRequest' AND target_id = $1 AND NOT (label_id = ANY($2::int[]))`, [mrId, labelIds]);
  if (labelIds.length)
    await m.query(`INSERT INTO label_links (label_id, target_type, target_id) SELECT unnest($2::int[]), 'MergeRequest', $1 ON CONFLICT DO NOTHING`, [mrId, labelIds]);
}

/** The reviewers in the order given; those kept keep their review state. */
export async function setReviewers(m: Queryable, mrId: number, ids: readonly number[]): Promise<void> {
  await m.query('DELETE FROM merge_request_reviewers WHERE merge_request_id = $1 AND NOT (user_id = ANY($2::int[]))', [mrId, ids]);
  if (ids.length)
    await m.query(
      `INSERT INTO merge_request_reviewers (merge_request_id, user_id, position) SELECT $1, u, o::int - 1 FROM unnest($2::int[]) WITH ORDINALITY AS t(u, o)
       ON CONFLICT (merge_request_id, user_id) DO UPDATE SET position = EXCLUDED.position`,
      [mrId, ids],
    );
}

/** The merge request's labels with their ids and colours, by name (the event's `label_details`: its history and resource label events). */
export async function labelDetails(m: Queryable, mrId: number): Promise<Array<{ id: number; name: string; color: string; text_color: string; description: string | null }>> {
  const rows = (await m.query(
    `SELECT l.id, l.title AS name, l.color, l.description FROM label_links ll JOIN labels l ON l.id = ll.label_id
     WHERE ll.target_type = 'MergeRequest' AND ll.target_id = $1 ORDER BY l.title`,
    [mrId],
  )) as Array<{ id: number; name: string; color: string; description: string | null }>;
  return rows.map((r) => ({ id: Number(r.id), name: r.name, color: r.color, text_color: labelTextColor(r.color), description: r.description }));
}
