import type { UserBasic } from '@tandem/shared-types';
import { EventStatement, type Appended, type PlannedEvent } from '../../core/realtime/event-append';
import type { Noteable, StatementTx } from '../../core/realtime/event-log.service';
import type { NoteRecord } from './note.mapper';

/**
 * The one-statement write every note action shares (like update-issue's write): the action's
 * own CTEs change the notes and name what they changed in a CTE `changed(key, id)`; each
 * planned event fires only when its key is in `changed`. The event log's append
 * (core/realtime/event-append.ts) takes the noteable's next seqs in the same statement (only
 * for the events that fire; none when nothing changed, e.g. an idempotent retry or a note
 * deleted meanwhile) and fills the statement's now() and a new note's id into the stored and
 * the live events alike.
 */
export type PlannedNoteEvent = PlannedEvent & { key: string };

export type NoteStatementResult = Appended;

/** Runs `ctes` + the event append as one prepared statement on `tx`. */
export async function runNoteStatement(
  tx: StatementTx,
  name: string,
  noteable: Noteable,
  actor: UserBasic,
  urlPrefix: string,
  ctes: (param: (value: unknown) => string) => string,
  planned: readonly PlannedNoteEvent[],
): Promise<NoteStatementResult> {
  const st = new EventStatement({ noteable, actor, events: planned, urlPrefix, changed: true });
  const own = ctes(st.param);
  const out = await st.run(tx, name, `WITH ${own}, ${st.ctes()} SELECT ${st.columns}`);
  return out!;
}

/** One note's write as a row: what `runNoteRowsStatement` inserts, and its events (a reply may first turn its individual root into a thread). */
export interface PlannedNoteRow {
  noteable: Noteable;
  author: UserBasic;
  /** A new note's permalink is this plus its id. */
  urlPrefix: string;
  projectId: number | null;
  idempotencyKey: string | null;
  /** The note as planned (its id, times and seq filled by the statement). */
  record: NoteRecord;
  /** The individual note this reply turns into a thread's root, if any. */
  convertsRootId: number | null;
  /** That root's note.updated, when it converts one. */
  converted: PlannedEvent | null;
  created: PlannedEvent;
}

/**
 * Drafts a publish turns into its notes, deleted by the same statement: the notes are written
 * only when every one of them was still there (a publish racing this one took them first).
 */
export interface ConsumedDrafts {
  ids: readonly number[];
  authorId: number;
}

/**
 * Many notes of one noteable by one author, and their events, as ONE statement (a review's
 * publish: one round trip instead of one a note). Every column goes in as an array (`unnest ...
 * WITH ORDINALITY`), so the text is the same for any number of notes: prepared once. The notes'
 * ids are drawn from their sequence in the rows' order before the insert, which is how each
 * note.created event learns its note's id (`new<k>` in `changed`). A root that several replies
 * convert is converted, and announced, once (by the first). Rows with an idempotency key are
 * not taken: their conflict handling is the single statement's (runNoteStatement).
 */
export async function runNoteRowsStatement(tx: StatementTx, rows: readonly PlannedNoteRow[], consumes?: ConsumedDrafts): Promise<NoteStatementResult> {
  const first = rows[0];
  if (!first) throw new Error('runNoteRowsStatement: no rows');
  for (const r of rows) {
    if (r.idempotencyKey !== null) throw new Error('runNoteRowsStatement: a row with an idempotency key');
    if (r.noteable.type !== first.noteable.type || r.noteable.id !== first.noteable.id || r.author.id !== first.author.id || r.urlPrefix !== first.urlPrefix || r.projectId !== first.projectId) {
      throw new Error('runNoteRowsStatement: rows of one noteable and one author only');
    }
  }
  const events: PlannedNoteEvent[] = [];
  const convertedRoots = new Set<number>();
  rows.forEach((r, k) => {
    if (r.convertsRootId !== null && r.converted && !convertedRoots.has(r.convertsRootId)) {
      convertedRoots.add(r.convertsRootId);
      events.push({ key: `conv${r.convertsRootId}`, ...r.converted });
    }
    events.push({ key: `new${k + 1}`, ...r.created });
  });
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const col = <T>(f: (r: NoteRecord) => T) => rows.map((r) => f(r.record));
  return runNoteStatement(
    tx,
    'note.create_rows',
    first.noteable,
    first.author,
    first.urlPrefix,
    (p) => `${consumes ? `gone AS (DELETE FROM draft_notes WHERE id = ANY(${p(consumes.ids)}::int[]) AND author_id = ${p(consumes.authorId)}::int RETURNING id),
        ` : ''}rows AS (SELECT * FROM unnest(${p(col((r) => r.note))}::text[], ${p(col((r) => r.noteHtml))}::text[], ${p(col((r) => r.type))}::varchar[], ${p(col((r) => r.discussionId))}::varchar[],
            ${p(col((r) => r.internal))}::boolean[], ${p(col((r) => r.resolvable))}::boolean[], ${p(col((r) => json(r.position)))}::text[], ${p(col((r) => json(r.originalPosition)))}::text[],
            ${p(col((r) => r.positionOutdated ?? false))}::boolean[], ${p(col((r) => json(r.suggestions)))}::text[], ${p(col((r) => r.resolvedAt !== null))}::boolean[], ${p(col((r) => r.resolvedById))}::int[])
          WITH ORDINALITY AS u(note, note_html, type, discussion_id, internal, resolvable, position, original_position, position_outdated, suggestions, resolved, resolved_by_id, ord)${consumes ? `
          WHERE (SELECT count(*) FROM gone) = ${p(consumes.ids.length)}` : ''}),
        ids AS (SELECT ord, nextval(pg_get_serial_sequence('notes', 'id'))::int AS id FROM (SELECT ord FROM rows ORDER BY ord) o),
        ins AS (INSERT INTO notes (id, noteable_type, noteable_id, project_id, author_id, note, note_html, type, discussion_id, system, internal, resolvable, position, original_position, position_outdated, suggestions, resolved_at, resolved_by_id, created_at, updated_at)
          SELECT ids.id, ${p(first.noteable.type)}::varchar, ${p(first.noteable.id)}::int, ${p(first.projectId)}::int, ${p(first.author.id)}::int, r.note, r.note_html, r.type, r.discussion_id, false, r.internal, r.resolvable,
            r.position::jsonb, r.original_position::jsonb, r.position_outdated, r.suggestions::jsonb, CASE WHEN r.resolved THEN now() END, r.resolved_by_id, now(), now()
          FROM rows r JOIN ids ON ids.ord = r.ord ORDER BY r.ord RETURNING id),
        conv AS (UPDATE notes SET type = 'DiscussionNote', resolvable = true, updated_at = now()
          WHERE id = ANY(${p([...convertedRoots])}::int[]) AND type IS NULL AND EXISTS (SELECT 1 FROM ins) RETURNING id),
        changed AS (SELECT 'conv' || id AS key, id FROM conv UNION ALL SELECT 'new' || ids.ord, ids.id FROM ids WHERE ids.id IN (SELECT id FROM ins))`,
    events,
  );
}
