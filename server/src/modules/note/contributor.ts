import type { DataSource } from 'typeorm';

/**
 * The 'Contributor' badge of a note written now (live events carry it as discussions.json does):
 * the author is a non-member of the note's project with a merged merge request in it. Members
 * never carry it, so the write path asks only for non-members, and never for group noteables.
 */
export async function contributorsAmong(ds: DataSource, projectId: number | null, authorId: number, accessLevel: number): Promise<Set<number>> {
  if (projectId === null || accessLevel > 0) return new Set();
  const [row] = (await ds.query(`SELECT 1 AS yes FROM merge_requests WHERE target_project_id = $1 AND author_id = $2 AND state = 'merged' LIMIT 1`, [projectId, authorId])) as Array<{ yes: number }>;
  return row ? new Set([authorId]) : new Set();
}
