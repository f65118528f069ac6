import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityMetadata } from 'typeorm';
import { ACCESS_LEVEL, NOTES_FILTER, type ApiDiscussion, type ApiNote, type NoteableType, type NotesFilter } from '@tandem/shared-types';
import { AwardFinder } from '../award/award.finder';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { pgPool, statementName } from '../../core/database/pg-pool';
import type { Actor } from '../../core/policy/policy';
import type { IssueContext } from '../issue/issue-context';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { effectiveLevel } from '../issue/issue.loader';
import { groupByDiscussion, toApiDiscussion } from './discussion.mapper';
import { CrossReferenceVisibility } from './cross-reference-visibility';
import { Note } from './note.entity';
import { NoteFinder } from './note.finder';
import { userIdsOf } from './note.mapper';
import { targetNoteMap, toTarget, viewerNotes, type NoteIssue, type NoteTarget } from './note-target';

export interface DiscussionPage {
  discussions: ApiDiscussion[];
  /** Opaque cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Notes a filter shows: 1 only comments, 2 only system notes (GitLab's UserPreference::NOTES_FILTERS). */
const FILTER_SQL: Record<NotesFilter, string> = { 0: 'true', 1: 'NOT n.system', 2: 'n.system' };

/**
 * The issue's discussions as discussions.json lists them: grouped by discussion in the order of
 * their first note, a page at a time by an opaque cursor (first note's time and id), notes
 * and their users in two statements whatever the page size.
 */
@Injectable()
export class DiscussionFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notes: NoteFinder,
    private readonly awards: AwardFinder,
    private readonly crossReferences: CrossReferenceVisibility,
  ) {}

  async page(actor: Actor | null, source: NoteIssue | NoteTarget, opts: { filter: NotesFilter; perPage?: number; cursor?: string | null; discussionId?: string }): Promise<DiscussionPage> {
    const ctx = toTarget(actor, source);
    const includeInternal = ctx.abilities.readInternalNote;
    const values: unknown[] = [ctx.noteable.id, opts.perPage ? opts.perPage + 1 : null, ctx.noteable.type];
    const where = [`n.noteable_type = $3`, 'n.noteable_id = $1', FILTER_SQL[opts.filter]];
    if (!includeInternal) where.push('NOT n.internal');
    if (opts.discussionId !== undefined) {
      values.push(opts.discussionId);
      where.push(`n.discussion_id = $${values.length}`);
    }
    const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
    let after = '';
    if (cursor) {
      values.push(cursor.us, cursor.id);
      after = `WHERE (d.first_us, d.first_id) >= ($${values.length - 1}::bigint, $${values.length}::int)`;
    }
    // The authors' roles (badges) in the same statement: their max membership level in the
    // project and its ancestor groups, or through a group the project is shared with, as the
    // policy's effective level counts it
    values.push(ctx.membership.projectId, ctx.membership.namespaceId);
    const [projectParam, namespaceParam] = [`$${values.length - 1}`, `$${values.length}`];
    // A named statement, one per shape (filter, internal notes, one discussion, cursor): unnamed,
    // Postgres parsed and planned it at every discussions.json (2 x 1.3 ms of its CPU in the
    // statement log). Its columns are listed, not `v.*`: a prepared statement whose result columns
    // change under it (a migration adding a column to notes) fails instead of planning again
    const meta = this.ds.getMetadata(Note);
    const text = `WITH visible AS (SELECT n.* FROM notes n WHERE ${where.join(' AND ')}),
        d AS (SELECT discussion_id, (floor(extract(epoch FROM min(created_at)) * 1000000))::bigint AS first_us, min(id) AS first_id FROM visible GROUP BY discussion_id),
        picked AS (SELECT * FROM d ${after} ORDER BY first_us, first_id LIMIT $2),
        authors AS (SELECT DISTINCT v.author_id FROM visible v JOIN picked p ON p.discussion_id = v.discussion_id WHERE NOT v.system AND v.author_id IS NOT NULL),
        levels AS (SELECT a.author_id AS user_id, ${projectLevelSql(`${projectParam}::int`, `${namespaceParam}::int`, 'a.author_id')} AS level
          FROM authors a),
        contributors AS (SELECT DISTINCT m.author_id FROM merge_requests m JOIN authors a ON a.author_id = m.author_id WHERE m.target_project_id = ${projectParam}::int AND m.state = 'merged')
      SELECT ${noteColumns(meta)}, p.first_us::text AS first_us, p.first_id AS first_id, l.level AS author_level, (c.author_id IS NOT NULL) AS author_contributor FROM visible v JOIN picked p ON p.discussion_id = v.discussion_id
        LEFT JOIN levels l ON l.user_id = v.author_id LEFT JOIN contributors c ON c.author_id = v.author_id
      ORDER BY p.first_us, p.first_id, v.created_at, v.id`;
    const { rows } = await pgPool(this.ds).query<Record<string, unknown>>({ name: statementName('discussions.page', text), text, values });
    const accessLevels = new Map<number, number>();
    for (const r of rows) if (r.author_id !== null && !r.system) accessLevels.set(Number(r.author_id), (ctx.issue ? effectiveLevel(Number(r.author_level ?? ACCESS_LEVEL.NO_ACCESS), ctx.issue.project, Number(r.author_id)) : Number(r.author_level ?? ACCESS_LEVEL.NO_ACCESS)));
    // GitLab's Contributor badge: merged work in the project (shown for non-members)
    const contributors = new Set(rows.filter((r) => r.author_contributor === true || r.author_contributor === 't').map((r) => Number(r.author_id)));
    const notes = rows.map((r) => {
      const n = meta.create() as Note & Record<string, unknown>;
      for (const c of meta.columns) if (c.databaseName in r) n[c.propertyName] = this.ds.driver.prepareHydratedValue(r[c.databaseName], c);
      return { note: n as Note, firstUs: String(r.first_us), firstId: Number(r.first_id) };
    });
    const groups = groupByDiscussion(notes.map((x) => ({ ...x, discussion_id: x.note.discussionId })));
    let nextCursor: string | null = null;
    if (opts.perPage && groups.length > opts.perPage) {
      const next = groups[opts.perPage]![0]!;
      nextCursor = encodeCursor(next.firstUs, next.firstId);
      groups.length = opts.perPage;
    }
    // System notes naming what the viewer may not read are left out after the page is cut (a
    // page may come out shorter; the cursor still follows what the database listed)
    const hidden = await this.crossReferences.hidden(actor, ctx.markdown, groups.flat().map((x) => x.note));
    if (hidden.size) {
      const kept = groups.map((g) => g.filter((x) => !hidden.has(x.note))).filter((g) => g.length);
      groups.splice(0, groups.length, ...kept);
    }
    const records = groups.flat().map((x) => x.note);
    const [users, awards] = await Promise.all([this.notes.users(userIdsOf(records)), this.awards.forNotes(records.filter((n) => !n.system).map((n) => n.id))]);
    const map = { ...targetNoteMap(this.config, ctx, users), accessLevels, contributors };
    const place = ctx.place;
    const withAwards = (notes: ApiNote[]) => notes.map((n) => (n.system ? n : { ...n, award_emoji: awards.get(Number(n.id)) ?? [] }));
    return {
      discussions: groups.map((g) => toApiDiscussion(withAwards(viewerNotes(actor, ctx, g.map((x) => x.note), map)), place)),
      nextCursor,
    };
  }

  /** The issue page's notes data: the viewer's saved filter and how many discussions it shows, in one statement. */
  async pageNotesData(actor: Actor | null, source: IssueContext | NoteTarget): Promise<{ notesFilter: NotesFilter; prerenderedNotesCount: number; isProjectArchived: boolean }> {
    const ctx = toTarget(actor, source);
    const includeInternal = ctx.abilities.readInternalNote;
    const text = `SELECT COALESCE((SELECT ${filterColumn(ctx.noteable.type)} FROM user_preferences WHERE user_id = $2::int), 0)::int AS filter,
         count(DISTINCT n.discussion_id)::int AS n0,
         count(DISTINCT n.discussion_id) FILTER (WHERE NOT n.system)::int AS n1,
         count(DISTINCT n.discussion_id) FILTER (WHERE n.system)::int AS n2
       FROM notes n WHERE n.noteable_type = $4 AND n.noteable_id = $1 AND ($3::boolean OR NOT n.internal)`;
    const {
      rows: [row],
    } = await pgPool(this.ds).query<{ filter: number; n0: number; n1: number; n2: number }>({ name: statementName('notes.page_data', text), text, values: [ctx.noteable.id, actor?.id ?? null, includeInternal, ctx.noteable.type] });
    const notesFilter = Number(row?.filter ?? 0) as NotesFilter;
    const counts = [row?.n0, row?.n1, row?.n2].map((n) => Number(n ?? 0));
    return { notesFilter, prerenderedNotesCount: counts[notesFilter] ?? 0, isProjectArchived: ctx.issue?.project.archived ?? false };
  }

  /** The user's saved notes filter (all when none is saved or signed out). */
  async savedFilter(userId: number | null, type: NoteableType = 'Issue'): Promise<NotesFilter> {
    if (userId === null) return NOTES_FILTER.all;
    const col = filterColumn(type);
    const [row] = (await this.ds.query(`SELECT ${col} AS filter FROM user_preferences WHERE user_id = $1`, [userId])) as Array<{ filter: number }>;
    return (row ? Number(row.filter) : NOTES_FILTER.all) as NotesFilter;
  }

  /** Saves the user's filter for pages of this noteable type (issues, epics and merge requests keep their own). */
  async saveFilter(userId: number, filter: NotesFilter, type: NoteableType = 'Issue'): Promise<void> {
    const col = filterColumn(type);
    await this.ds.query(
      `INSERT INTO user_preferences (user_id, ${col}, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET ${col} = EXCLUDED.${col}, updated_at = now()
       WHERE user_preferences.${col} IS DISTINCT FROM EXCLUDED.${col}`,
      [userId, filter],
    );
  }
}

/** The user_preferences column of a noteable type's saved filter. */
const filterColumn = (type: NoteableType) => (type === 'Epic' ? 'epic_notes_filter' : type === 'MergeRequest' ? 'merge_request_notes_filter' : 'issue_notes_filter');

function encodeCursor(us: string, id: number): string {
  return Buffer.from(`${us}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { us: string; id: number } | null {
  const m = /^(\d{1,19}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? { us: m[1]!, id: Number(m[2]) } : null;
}

/** A cursor this finder made, or null (bad cursors are a 400 at the boundary). */
export const isCursor = (cursor: string) => /^[A-Za-z0-9_-]{1,64}$/.test(cursor) && decodeCursor(cursor) !== null;

/** The note columns of the discussions statement (`v.<column>` for every column of the entity), made once. */
let noteColumnList: string | null = null;
function noteColumns(meta: EntityMetadata): string {
  return (noteColumnList ??= meta.columns.map((c) => `v.${c.databaseName}`).join(', '));
}
