import type { ApiIssueIteration, IterationState } from '@tandem/shared-types';
import type { StatementTx } from '../../core/realtime/event-log.service';
import type { Project } from '../project/project.entity';

/** An iteration with its cadence and group path. */
export interface IterationRow {
  id: number;
  iid: number;
  group_id: number;
  title: string | null;
  description: string | null;
  state: 'opened' | 'closed';
  start_date: string;
  due_date: string;
  created_at: string | Date;
  updated_at: string | Date;
  cadence_id: number;
  cadence_title: string;
  group_path: string;
}

export const ITERATION_COLUMNS = `it.id, it.iid, it.group_id, it.title, it.description, it.state,
  to_char(it.start_date, 'YYYY-MM-DD') AS start_date, to_char(it.due_date, 'YYYY-MM-DD') AS due_date, it.created_at, it.updated_at,
  c.id AS cadence_id, c.title AS cadence_title, g.full_path AS group_path
  FROM iterations it JOIN iteration_cadences c ON c.id = it.iteration_cadence_id JOIN namespaces g ON g.id = it.group_id`;

/** Iterations a project may use: its ancestor groups' (`namespaceId`: an SQL placeholder). */
export const availableIterationsSql = (namespaceId: string) => `WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = ${namespaceId}
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
  SELECT ${ITERATION_COLUMNS} WHERE it.group_id IN (SELECT id FROM anc)`;

/** Iterations a project may use ($1 namespace id). */
export const AVAILABLE_ITERATIONS_SQL = availableIterationsSql('$1');

/** SQL true while iteration `it` is one `project` may use and still reads as `it` (the issue write's guard). */
export function iterationStillSql(it: IterationRow, project: Project, param: (v: unknown) => string): string {
  return `EXISTS (SELECT 1 FROM (${availableIterationsSql(`${param(project.namespaceId)}::int`)} AND it.id = ${param(it.id)}::int) a
    WHERE (a.iid, a.title::text, a.state::text, a.start_date, a.due_date, a.cadence_id, a.cadence_title::text, a.group_path::text)
      IS NOT DISTINCT FROM (${param(it.iid)}::int, ${param(it.title)}::text, ${param(it.state)}::text, ${param(it.start_date)}::text, ${param(it.due_date)}::text,
        ${param(it.cadence_id)}::int, ${param(it.cadence_title)}::text, ${param(it.group_path)}::text))`;
}

const norm = (r: IterationRow): IterationRow => ({ ...r, id: Number(r.id), iid: Number(r.iid), group_id: Number(r.group_id), cadence_id: Number(r.cadence_id) });

export async function availableIteration(tx: StatementTx, project: Project, id: number): Promise<IterationRow | null> {
  const [row] = await tx.query<IterationRow>('iteration.available-by-id', `${AVAILABLE_ITERATIONS_SQL} AND it.id = $2`, [project.namespaceId, id]);
  return row ? norm(row) : null;
}

/** upcoming / current / closed: a closed iteration, or one past its due date, is closed; then by the dates. */
export function iterationState(it: { state: 'opened' | 'closed'; start_date: string; due_date: string }, today: string): IterationState {
  if (it.state === 'closed' || it.due_date < today) return 'closed';
  return it.start_date <= today ? 'current' : 'upcoming';
}

export const iterationWebPath = (it: { iid: number; group_path: string }) => `/groups/${it.group_path}/-/iterations/${it.iid}`;

export function toApiIssueIteration(it: IterationRow, baseUrl: string, today = new Date().toISOString().slice(0, 10)): ApiIssueIteration {
  return {
    id: it.id,
    iid: it.iid,
    title: it.title,
    state: iterationState(it, today),
    start_date: it.start_date,
    due_date: it.due_date,
    web_url: `${baseUrl}${iterationWebPath(it)}`,
    iteration_cadence: { id: it.cadence_id, title: it.cadence_title },
  };
}

export { norm as normIterationRow };
