import type { DataSource, EntityManager } from 'typeorm';
import type { Visibility } from '@tandem/shared-types';
import { groupLevelSql } from '../../core/policy/membership-sql';

/** Anything that runs SQL: the data source, a transaction's manager. */
export type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** An epic as its queries read it, with its group's path and the actor's effective level in that group. */
export interface EpicRow {
  id: number;
  groupId: number;
  iid: number;
  parentId: number | null;
  parentIid: number | null;
  title: string;
  description: string | null;
  descriptionHtml: string | null;
  startDate: string | null;
  endDate: string | null;
  confidential: boolean;
  state: 'opened' | 'closed';
  authorId: number | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic locking: bumped by every write of the epic. */
  lockVersion: number;
  groupPath: string;
  groupVisibility: Visibility;
  /** The actor's effective access level in the epic's group (0 without an actor). */
  accessLevel: number;
  author: { id: number; username: string; name: string; avatar_url: string | null; state: string } | null;
}

/** Columns of `epics e JOIN namespaces n`; `$1` is the actor id (or null), whose effective level in the epic's group is `access_level`. */
const EPIC_SELECT = `SELECT e.id, e.group_id, e.iid, e.parent_id, pe.iid AS parent_iid, e.title, e.description, e.description_html,
    e.start_date::text AS start_date, e.end_date::text AS end_date, e.confidential, e.state, e.author_id, e.closed_at, e.created_at, e.updated_at, e.lock_version,
    n.full_path AS group_path, n.visibility AS group_visibility, COALESCE(${groupLevelSql('e.group_id', '$1')}, 0) AS access_level,
    (SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url, 'state', u.state) FROM users u WHERE u.id = e.author_id) AS author
  FROM epics e JOIN namespaces n ON n.id = e.group_id LEFT JOIN epics pe ON pe.id = e.parent_id`;

const toRow = (r: Record<string, unknown>): EpicRow => ({
  id: Number(r.id),
  groupId: Number(r.group_id),
  iid: Number(r.iid),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  parentIid: r.parent_iid === null || r.parent_iid === undefined ? null : Number(r.parent_iid),
  title: String(r.title),
  description: (r.description as string | null) ?? null,
  descriptionHtml: (r.description_html as string | null) ?? null,
  startDate: (r.start_date as string | null) ?? null,
  endDate: (r.end_date as string | null) ?? null,
  confidential: Boolean(r.confidential),
  state: r.state as EpicRow['state'],
  authorId: r.author_id === null ? null : Number(r.author_id),
  closedAt: r.closed_at ? new Date(r.closed_at as string) : null,
  createdAt: new Date(r.created_at as string),
  updatedAt: new Date(r.updated_at as string),
  lockVersion: Number(r.lock_version ?? 0),
  groupPath: String(r.group_path),
  groupVisibility: r.group_visibility as Visibility,
  accessLevel: Number(r.access_level ?? 0),
  author: (typeof r.author === 'string' ? JSON.parse(r.author) : r.author) as EpicRow['author'],
});

export async function epicById(m: Queryable, actorId: number | null, id: number): Promise<EpicRow | null> {
  const rows = (await m.query(`${EPIC_SELECT} WHERE e.id = $2`, [actorId, id])) as Record<string, unknown>[];
  return rows[0] ? toRow(rows[0]) : null;
}

export async function epicByIid(m: Queryable, actorId: number | null, groupId: number, iid: number): Promise<EpicRow | null> {
  const rows = (await m.query(`${EPIC_SELECT} WHERE e.group_id = $2 AND e.iid = $3`, [actorId, groupId, iid])) as Record<string, unknown>[];
  return rows[0] ? toRow(rows[0]) : null;
}

/** The epic's direct children, oldest first (the tree's order). */
export async function childEpicRows(m: Queryable, actorId: number | null, parentId: number): Promise<EpicRow[]> {
  const rows = (await m.query(`${EPIC_SELECT} WHERE e.parent_id = $2 ORDER BY e.id`, [actorId, parentId])) as Record<string, unknown>[];
  return rows.map(toRow);
}

export interface EpicListFilter {
  groupIds: number[];
  search?: string;
  state?: 'opened' | 'closed';
  iids?: number[];
}

/** Epics of the groups, newest first (GitLab's default order: created_at desc). */
export async function listEpics(m: Queryable, actorId: number | null, f: EpicListFilter): Promise<EpicRow[]> {
  const values: unknown[] = [actorId, f.groupIds];
  const where = ['e.group_id = ANY($2::int[])'];
  if (f.search) {
    values.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(e.title ILIKE $${values.length} OR e.description ILIKE $${values.length})`);
  }
  if (f.state) {
    values.push(f.state);
    where.push(`e.state = $${values.length}`);
  }
  if (f.iids) {
    values.push(f.iids);
    where.push(`e.iid = ANY($${values.length}::int[])`);
  }
  const rows = (await m.query(`${EPIC_SELECT} WHERE ${where.join(' AND ')} ORDER BY e.created_at DESC, e.id DESC`, values)) as Record<string, unknown>[];
  return rows.map(toRow);
}

/** The group and its ancestors, nearest first. */
export async function ancestorGroupIds(m: Queryable, groupId: number): Promise<number[]> {
  const rows = (await m.query(
    `WITH RECURSIVE anc(id, parent_id, depth) AS (SELECT id, parent_id, 0 FROM namespaces WHERE id = $1
       UNION ALL SELECT n.id, n.parent_id, anc.depth + 1 FROM namespaces n JOIN anc ON n.id = anc.parent_id)
     SELECT id FROM anc ORDER BY depth`,
    [groupId],
  )) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** The group and every group below it. */
export async function descendantGroupIds(m: Queryable, groupId: number): Promise<number[]> {
  const rows = (await m.query(
    `WITH RECURSIVE d(id) AS (SELECT id FROM namespaces WHERE id = $1 UNION ALL SELECT n.id FROM namespaces n JOIN d ON n.parent_id = d.id)
     SELECT id FROM d`,
    [groupId],
  )) as Array<{ id: number }>;
  return rows.map((r) => Number(r.id));
}

/** The link of an issue to its epic (one per issue), or null. */
export async function epicLinkOfIssue(m: Queryable, issueId: number): Promise<{ linkId: number; epicId: number } | null> {
  const rows = (await m.query('SELECT id, epic_id FROM epic_issues WHERE issue_id = $1', [issueId])) as Array<{ id: number; epic_id: number }>;
  return rows[0] ? { linkId: Number(rows[0].id), epicId: Number(rows[0].epic_id) } : null;
}

/** Links the issue to the epic (replacing its previous epic) or unlinks it (null). */
export async function setIssueEpic(m: Queryable, issueId: number, epicId: number | null): Promise<void> {
  if (epicId === null) {
    await m.query('DELETE FROM epic_issues WHERE issue_id = $1', [issueId]);
    return;
  }
  await m.query(
    `INSERT INTO epic_issues (epic_id, issue_id) VALUES ($1, $2)
     ON CONFLICT (issue_id) DO UPDATE SET epic_id = EXCLUDED.epic_id, updated_at = now()`,
    [epicId, issueId],
  );
}

/** The epic's issue ids with their link ids, in link order. */
export async function issueLinksOfEpic(m: Queryable, epicId: number): Promise<Array<{ linkId: number; issueId: number }>> {
  const rows = (await m.query('SELECT id, issue_id FROM epic_issues WHERE epic_id = $1 ORDER BY relative_position NULLS LAST, id', [epicId])) as Array<{ id: number; issue_id: number }>;
  return rows.map((r) => ({ linkId: Number(r.id), issueId: Number(r.issue_id) }));
}

export interface NewEpic {
  groupId: number;
  title: string;
  description: string | null;
  descriptionHtml: string;
  confidential: boolean;
  startDate: string | null;
  endDate: string | null;
  parentId: number | null;
  authorId: number;
}

/** Inserts an epic with the group's next iid; the group row is locked so concurrent creates number in turn. */
export async function insertEpic(m: Queryable, e: NewEpic): Promise<number> {
  await m.query('SELECT id FROM namespaces WHERE id = $1 FOR UPDATE', [e.groupId]);
  const rows = (await m.query(
    `INSERT INTO epics (group_id, iid, title, description, description_html, confidential, start_date, end_date, parent_id, author_id)
     SELECT $1, COALESCE(MAX(iid), 0) + 1, $2, $3, $4, $5, $6::date, $7::date, $8, $9 FROM epics WHERE group_id = $1
     RETURNING id`,
    [e.groupId, e.title, e.description, e.descriptionHtml, e.confidential, e.startDate, e.endDate, e.parentId, e.authorId],
  )) as Array<{ id: number }>;
  return Number(rows[0]!.id);
}
