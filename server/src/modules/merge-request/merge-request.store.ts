import { DataSource, type EntityManager } from 'typeorm';
import type { MergeRequestState } from '@tandem/shared-types';
import { pgPool } from '../../core/database/pg-pool';

/** Anything that runs SQL: the data source, a transaction's manager. */
export type Queryable = Pick<DataSource | EntityManager, 'query'>;

type UserJson = { id: number; username: string; name: string; avatar_url: string | null; state: string };

/** A merge request as its queries read it, with its people, labels and milestone. */
export interface MergeRequestRow {
  id: number;
  iid: number;
  targetProjectId: number;
  sourceProjectId: number;
  title: string;
  description: string | null;
  descriptionHtml: string | null;
  state: MergeRequestState;
  sourceBranch: string;
  targetBranch: string;
  authorId: number | null;
  headSha: string | null;
  mergeCommitSha: string | null;
  squashCommitSha: string | null;
  squash: boolean;
  shouldRemoveSourceBranch: boolean;
  /** GitLab's allow_maintainer_to_push: who may merge may push to a fork's source branch. */
  allowCollaboration: boolean;
  mergedAt: Date | null;
  closedAt: Date | null;
  discussionLocked: boolean;
  lockVersion: number;
  createdAt: Date;
  updatedAt: Date;
  author: UserJson | null;
  mergedBy: UserJson | null;
  closedBy: UserJson | null;
  assignees: UserJson[];
  /** In the order they were asked, with GitLab's review state. */
  reviewers: Array<UserJson & { review_state: string }>;
  labels: string[];
  milestone: { id: number; iid: number; title: string; state: string; due_date: string | null; start_date: string | null; web_url?: string } | null;
  userNotesCount: number;
  upvotes: number;
  downvotes: number;
}

const userJson = (col: string) =>
  `(SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url, 'state', u.state) FROM users u WHERE u.id = ${col})`;

/** Columns of `merge_requests m` (one statement: people, labels, milestone and counts as JSON). */
export const MR_SELECT = `SELECT m.id, m.iid, m.target_project_id, m.source_project_id, m.title, m.description, m.description_html, m.state,
    m.source_branch, m.target_branch, m.author_id, m.head_sha, m.merge_commit_sha, m.squash_commit_sha, m.squash, m.should_remove_source_branch, m.allow_collaboration,
    m.merged_at, m.closed_at, m.discussion_locked, m.lock_version, m.created_at, m.updated_at,
    ${userJson('m.author_id')} AS author, ${userJson('m.merged_by_id')} AS merged_by, ${userJson('m.closed_by_id')} AS closed_by,
    COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url, 'state', u.state) ORDER BY a.position, u.id)
      FROM merge_request_assignees a JOIN users u ON u.id = a.user_id WHERE a.merge_request_id = m.id), '[]'::json) AS assignees,
    COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'avatar_url', u.avatar_url, 'state', u.state, 'review_state', r.state) ORDER BY r.position, u.id)
      FROM merge_request_reviewers r JOIN users u ON u.id = r.user_id WHERE r.merge_request_id = m.id), '[]'::json) AS reviewers,
    COALESCE((SELECT json_agg(l.title ORDER BY l.title) FROM label_links ll JOIN labels l ON l.id = ll.label_id
      WHERE ll.target_type = 'MergeRequest' AND ll.target_id = m.id), '[]'::json) AS labels,
    (SELECT json_build_object('id', ms.id, 'iid', ms.iid, 'title', ms.title, 'state', ms.state, 'due_date', ms.due_date, 'start_date', ms.start_date)
      FROM milestones ms WHERE ms.id = m.milestone_id) AS milestone,
    (SELECT count(*)::int FROM notes n WHERE n.noteable_type = 'MergeRequest' AND n.noteable_id = m.id AND NOT n.system) AS user_notes_count,
    (SELECT count(*)::int FROM award_emoji a WHERE a.awardable_type = 'MergeRequest' AND a.awardable_id = m.id AND a.name = 'thumbsup') AS upvotes,
    (SELECT count(*)::int FROM award_emoji a WHERE a.awardable_type = 'MergeRequest' AND a.awardable_id = m.id AND a.name = 'thumbsdown') AS downvotes
  FROM merge_requests m`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: unknown) => (v ? new Date(v as string) : null);

export const toMergeRequestRow = (r: Record<string, unknown>): MergeRequestRow => ({
  id: Number(r.id),
  iid: Number(r.iid),
  targetProjectId: Number(r.target_project_id),
  sourceProjectId: Number(r.source_project_id),
  title: String(r.title),
  description: (r.description as string | null) ?? null,
  descriptionHtml: (r.description_html as string | null) ?? null,
  state: r.state as MergeRequestState,
  sourceBranch: String(r.source_branch),
  targetBranch: String(r.target_branch),
  authorId: r.author_id === null ? null : Number(r.author_id),
  headSha: (r.head_sha as string | null) ?? null,
  mergeCommitSha: (r.merge_commit_sha as string | null) ?? null,
  squashCommitSha: (r.squash_commit_sha as string | null) ?? null,
  squash: Boolean(r.squash),
  shouldRemoveSourceBranch: Boolean(r.should_remove_source_branch),
  allowCollaboration: Boolean(r.allow_collaboration),
  mergedAt: date(r.merged_at),
  closedAt: date(r.closed_at),
  discussionLocked: Boolean(r.discussion_locked),
  lockVersion: Number(r.lock_version ?? 0),
  createdAt: new Date(r.created_at as string),
  updatedAt: new Date(r.updated_at as string),
  author: json(r.author),
  mergedBy: json(r.merged_by),
  closedBy: json(r.closed_by),
  assignees: json(r.assignees) ?? [],
  reviewers: json(r.reviewers) ?? [],
  labels: json(r.labels) ?? [],
  milestone: json(r.milestone),
  userNotesCount: Number(r.user_notes_count ?? 0),
  upvotes: Number(r.upvotes ?? 0),
  downvotes: Number(r.downvotes ?? 0),
});

const MR_BY_IID = `${MR_SELECT} WHERE m.target_project_id = $1::int AND m.iid = $2::int`;
const MR_BY_ID = `${MR_SELECT} WHERE m.id = $1::int`;

/**
 * One merge request's row. Read through the data source itself (not a transaction's manager), it
 * is a named statement, prepared once per connection: unnamed, Postgres parsed and planned it at
 * every request about a merge request (0.2 + 0.5 ms of its CPU a read, in the statement log).
 */
async function mergeRequestRow(m: Queryable, name: string, text: string, values: unknown[]): Promise<MergeRequestRow | null> {
  const rows = m instanceof DataSource ? (await pgPool(m).query({ name, text, values })).rows : ((await m.query(text, values)) as Record<string, unknown>[]);
  return rows[0] ? toMergeRequestRow(rows[0]) : null;
}

export function mergeRequestByIid(m: Queryable, projectId: number, iid: number): Promise<MergeRequestRow | null> {
  return mergeRequestRow(m, 'merge_request.by_iid', MR_BY_IID, [projectId, iid]);
}

export function mergeRequestById(m: Queryable, id: number): Promise<MergeRequestRow | null> {
  return mergeRequestRow(m, 'merge_request.by_id', MR_BY_ID, [id]);
}

/** GitLab's list filters (lib/api/merge_requests.rb, MergeRequestsFinder) that Tandem serves. */
export interface MergeRequestFilter {
  projectId: number;
  state?: 'opened' | 'closed' | 'merged' | 'locked' | 'all';
  labels?: string[];
  authorId?: number;
  authorUsername?: string;
  assigneeId?: number | 'none' | 'any';
  assigneeUsername?: string;
  sourceBranch?: string;
  targetBranch?: string;
  search?: string;
  iids?: number[];
  orderBy: 'created_at' | 'updated_at' | 'title';
  sort: 'asc' | 'desc';
}

/**
 * One page of the project's merge requests matching the filter, in the asked order, and how many
 * match in all (X-Total): the page's rows are the only ones built (assignees, reviewers, labels,
 * counts), whatever the project's size.
 */
export async function listMergeRequests(m: Queryable, f: MergeRequestFilter, page: { page: number; perPage: number }): Promise<{ rows: MergeRequestRow[]; total: number }> {
  const values: unknown[] = [f.projectId];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ['m.target_project_id = $1'];
  if (f.state && f.state !== 'all') where.push(`m.state = ${p(f.state)}`);
  for (const l of f.labels ?? [])
    where.push(`EXISTS (SELECT 1 FROM label_links ll JOIN labels lb ON lb.id = ll.label_id WHERE ll.target_type = 'MergeRequest' AND ll.target_id = m.id AND lower(lb.title) = lower(${p(l)}))`);
  if (f.authorId !== undefined) where.push(`m.author_id = ${p(f.authorId)}`);
  if (f.authorUsername !== undefined) where.push(`m.author_id = (SELECT id FROM users WHERE lower(username) = lower(${p(f.authorUsername)}))`);
  if (f.assigneeId === 'none') where.push('NOT EXISTS (SELECT 1 FROM merge_request_assignees a WHERE a.merge_request_id = m.id)');
  else if (f.assigneeId === 'any') where.push('EXISTS (SELECT 1 FROM merge_request_assignees a WHERE a.merge_request_id = m.id)');
  else if (f.assigneeId !== undefined) where.push(`EXISTS (SELECT 1 FROM merge_request_assignees a WHERE a.merge_request_id = m.id AND a.user_id = ${p(f.assigneeId)})`);
  if (f.assigneeUsername !== undefined)
    where.push(`EXISTS (SELECT 1 FROM merge_request_assignees a JOIN users u ON u.id = a.user_id WHERE a.merge_request_id = m.id AND lower(u.username) = lower(${p(f.assigneeUsername)}))`);
  if (f.sourceBranch !== undefined) where.push(`m.source_branch = ${p(f.sourceBranch)}`);
  if (f.targetBranch !== undefined) where.push(`m.target_branch = ${p(f.targetBranch)}`);
  if (f.search) {
    const like = p(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(m.title ILIKE ${like} OR m.description ILIKE ${like})`);
  }
  if (f.iids?.length) where.push(`m.iid = ANY(${p(f.iids)}::int[])`);
  const order = { created_at: 'm.created_at', updated_at: 'm.updated_at', title: 'm.title' }[f.orderBy];
  const filter = where.join(' AND ');
  const countValues = [...values];
  const pageSql = `${MR_SELECT} WHERE ${filter} ORDER BY ${order} ${f.sort === 'asc' ? 'ASC' : 'DESC'}, m.id DESC LIMIT ${p(page.perPage)} OFFSET ${p((page.page - 1) * page.perPage)}`;
  const [counted, rows] = await Promise.all([
    m.query(`SELECT count(*)::int AS total FROM merge_requests m WHERE ${filter}`, countValues) as Promise<Array<{ total: number }>>,
    m.query(pageSql, values) as Promise<Record<string, unknown>[]>,
  ]);
  return { rows: rows.map(toMergeRequestRow), total: counted[0]?.total ?? 0 };
}

/**
 * The issues a description says it closes (GitLab's default closing pattern: "Closes #1",
 * "fixes #2, #3", "Resolves group/project#4"): `{path: null}` means the merge request's project.
 */
export function closingReferences(description: string | null): Array<{ path: string | null; iid: number }> {
  if (!description) return [];
  const out: Array<{ path: string | null; iid: number }> = [];
  const clause = /\b(?:clos(?:e|es|ed|ing)|fix(?:|es|ed|ing)|resolv(?:e|es|ed|ing)|implement(?:|s|ed|ing))\b:?\s+((?:(?:[A-Za-z0-9_.][A-Za-z0-9_.\-/]*)?#\d{1,10}(?:\s*(?:,|and|,\s*and)\s*)?)+)/gi;
  for (const m of description.matchAll(clause))
    for (const r of m[1]!.matchAll(/([A-Za-z0-9_.][A-Za-z0-9_.\-/]*)?#(\d{1,10})/g)) out.push({ path: r[1] ?? null, iid: Number(r[2]) });
  return out;
}

/** Issue references anywhere in a text (#1, group/project#2): what "mentions" an issue. */
export function issueMentions(text: string | null): Array<{ path: string | null; iid: number }> {
  if (!text) return [];
  return [...text.matchAll(/(?:^|[\s(,;:])([A-Za-z0-9_.][A-Za-z0-9_.\-/]*)?#(\d{1,10})\b/g)].map((r) => ({ path: r[1] ?? null, iid: Number(r[2]) }));
}
