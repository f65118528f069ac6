import { withRangeLines, type ApiDiffPosition } from '@tandem/shared-types';
import type { Queryable } from '../merge-request.store';

/** A review draft as its queries read it (table draft_notes). */
export interface DraftNoteRow {
  id: number;
  mergeRequestId: number;
  authorId: number;
  note: string;
  noteHtml: string;
  position: ApiDiffPosition | null;
  discussionId: string | null;
  resolveDiscussion: boolean;
  commitId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Raw {
  id: number;
  merge_request_id: number;
  author_id: number;
  note: string;
  note_html: string;
  position: ApiDiffPosition | string | null;
  discussion_id: string | null;
  resolve_discussion: boolean;
  commit_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, merge_request_id, author_id, note, note_html, position, discussion_id, resolve_discussion, commit_id, created_at, updated_at';

const fromRaw = (r: Raw): DraftNoteRow => ({
  id: Number(r.id),
  mergeRequestId: Number(r.merge_request_id),
  authorId: Number(r.author_id),
  note: r.note,
  noteHtml: r.note_html,
  position: withRangeLines(typeof r.position === 'string' ? (JSON.parse(r.position) as ApiDiffPosition) : r.position),
  discussionId: r.discussion_id,
  resolveDiscussion: r.resolve_discussion,
  commitId: r.commit_id,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The author's drafts on a merge request, oldest first (the order a review publishes them in). */
export async function draftsOf(q: Queryable, mergeRequestId: number, authorId: number): Promise<DraftNoteRow[]> {
  const rows = (await q.query(`SELECT ${COLUMNS} FROM draft_notes WHERE merge_request_id = $1 AND author_id = $2 ORDER BY id`, [mergeRequestId, authorId])) as Raw[];
  return rows.map(fromRaw);
}

export async function draftById(q: Queryable, mergeRequestId: number, id: number): Promise<DraftNoteRow | null> {
  const [row] = (await q.query(`SELECT ${COLUMNS} FROM draft_notes WHERE merge_request_id = $1 AND id = $2`, [mergeRequestId, id])) as Raw[];
  return row ? fromRaw(row) : null;
}

/** A draft before it is stored: the row less what the database assigns. */
export type NewDraft = Omit<DraftNoteRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Inserts a draft unless the author already holds `max` on the merge request (one statement: no race past the cap). */
export async function insertDraft(q: Queryable, d: NewDraft, max: number): Promise<DraftNoteRow | null> {
  const [row] = (await q.query(
    `INSERT INTO draft_notes (merge_request_id, author_id, note, note_html, position, discussion_id, resolve_discussion, commit_id)
     SELECT $1, $2, $3, $4, $5::jsonb, $6, $7, $8
     WHERE (SELECT count(*) FROM draft_notes WHERE merge_request_id = $1 AND author_id = $2) < $9
     RETURNING ${COLUMNS}`,
    [d.mergeRequestId, d.authorId, d.note, d.noteHtml, d.position === null ? null : JSON.stringify(d.position), d.discussionId, d.resolveDiscussion, d.commitId, max],
  )) as Raw[];
  return row ? fromRaw(row) : null;
}

export async function updateDraft(q: Queryable, id: number, authorId: number, change: { note: string; noteHtml: string; resolveDiscussion: boolean; position: ApiDiffPosition | null }): Promise<DraftNoteRow | null> {
  const out = (await q.query(
    `UPDATE draft_notes SET note = $3, note_html = $4, resolve_discussion = $5, position = $6::jsonb, updated_at = now() WHERE id = $1 AND author_id = $2 RETURNING ${COLUMNS}`,
    [id, authorId, change.note, change.noteHtml, change.resolveDiscussion, change.position === null ? null : JSON.stringify(change.position)],
  )) as unknown;
  const [r] = rowsOf<Raw>(out);
  return r ? fromRaw(r) : null;
}

/** Deletes the author's drafts with these ids; returns the ids that were still there. */
export async function deleteDrafts(q: Queryable, ids: readonly number[], authorId: number): Promise<number[]> {
  if (!ids.length) return [];
  const out = (await q.query(`DELETE FROM draft_notes WHERE id = ANY($1::int[]) AND author_id = $2 RETURNING id`, [ids, authorId])) as unknown;
  return rowsOf<{ id: number }>(out).map((r) => Number(r.id));
}

/** TypeORM answers an UPDATE or DELETE ... RETURNING as [rows, count], a SELECT or INSERT as rows. */
function rowsOf<T>(out: unknown): T[] {
  return (Array.isArray(out) && Array.isArray(out[0]) ? out[0] : out) as T[];
}
