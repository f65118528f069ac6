import type { ApiIssueMilestone } from '@tandem/shared-types';
import type { StatementTx } from '../../core/realtime/event-log.service';
import type { Project } from '../project/project.entity';

/** A milestone row with the path of its owner (project or group), as the issue write reads it. */
export interface MilestoneRow {
  id: number;
  iid: number;
  title: string;
  state: string;
  due_date: string | null;
  start_date: string | null;
  project_id: number | null;
  group_id: number | null;
  owner_path: string;
}

/** Milestones a project may use: its own and its ancestor groups' (`projectId`, `namespaceId`: SQL placeholders). */
export const availableMilestonesSql = (projectId: string, namespaceId: string) => `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = ${namespaceId}
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT m.id, m.iid, m.title, m.state, to_char(m.due_date, 'YYYY-MM-DD') AS due_date, to_char(m.start_date, 'YYYY-MM-DD') AS start_date,
         m.project_id, m.group_id, COALESCE(p.full_path, g.full_path) AS owner_path
  FROM milestones m LEFT JOIN projects p ON p.id = m.project_id LEFT JOIN namespaces g ON g.id = m.group_id
  WHERE (m.project_id = ${projectId} OR m.group_id IN (SELECT id FROM anc))`;

/** Milestones a project may use ($1 project id, $2 namespace id). */
export const AVAILABLE_MILESTONES_SQL = availableMilestonesSql('$1', '$2');

/**
 * SQL true while milestone `m` is one `project` may use and still reads as `m` (title, state,
 * dates, owner): the issue write's guard, so its note and event tell what the row says.
 */
export function milestoneStillSql(m: MilestoneRow, project: Project, param: (v: unknown) => string): string {
  return `EXISTS (SELECT 1 FROM (${availableMilestonesSql(`${param(project.id)}::int`, `${param(project.namespaceId)}::int`)} AND m.id = ${param(m.id)}::int) a
    WHERE (a.iid, a.title::text, a.state::text, a.due_date, a.start_date, a.project_id, a.group_id, a.owner_path::text)
      IS NOT DISTINCT FROM (${param(m.iid)}::int, ${param(m.title)}::text, ${param(m.state)}::text, ${param(m.due_date)}::text, ${param(m.start_date)}::text,
        ${param(m.project_id)}::int, ${param(m.group_id)}::int, ${param(m.owner_path)}::text))`;
}

export async function availableMilestone(tx: StatementTx, project: Project, id: number): Promise<MilestoneRow | null> {
  const [row] = await tx.query<MilestoneRow>('milestone.available-by-id', `${AVAILABLE_MILESTONES_SQL} AND m.id = $3`, [project.id, project.namespaceId, id]);
  return row ? { ...row, id: Number(row.id), iid: Number(row.iid), project_id: row.project_id === null ? null : Number(row.project_id), group_id: row.group_id === null ? null : Number(row.group_id) } : null;
}

/** GitLab's web path of a milestone. */
export const milestoneWebPath = (m: { iid: number; group_id: number | null; owner_path: string }) =>
  m.group_id ? `/groups/${m.owner_path}/-/milestones/${m.iid}` : `/${m.owner_path}/-/milestones/${m.iid}`;

/** The issue's milestone as the API and events show it. */
export function toApiIssueMilestone(m: MilestoneRow, baseUrl: string, today = new Date().toISOString().slice(0, 10)): ApiIssueMilestone {
  return {
    id: m.id,
    iid: m.iid,
    title: m.title,
    state: m.state,
    due_date: m.due_date,
    start_date: m.start_date,
    expired: !!m.due_date && m.due_date < today,
    web_url: `${baseUrl}${milestoneWebPath(m)}`,
  };
}
