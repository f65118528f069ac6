import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { NoteableType, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import type { Actor } from '../../core/policy/policy';
import { CrossReferenceVisibility } from './cross-reference-visibility';
import type { ReferenceBase } from './cross-references';
import { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import { userFromRow, type UserRow } from '../user/user.row';
import { Note } from './note.entity';

/** Notes hang off any noteable (issues now, epics and merge requests later). */
export interface NoteableKey {
  type: NoteableType;
  id: number;
}

export interface ChangedNotes {
  /** Oldest change first. */
  notes: Note[];
  /** µs since the epoch of the last returned note's updated_at (null when none). */
  lastUpdatedUs: bigint | null;
  /** The database clock in µs since the epoch when the page was read. */
  nowUs: bigint;
  /** More changed notes remain after this page. */
  more: boolean;
}

/**
 * Who reads a noteable's notes: internal notes are theirs or not (the caller's policy decision),
 * and system notes naming what the actor may not read are left out (CrossReferenceVisibility,
 * with `base` resolving short references such as #12).
 */
export interface NoteViewer {
  actor: Actor | null;
  readInternal: boolean;
  base: ReferenceBase;
}

/** Read queries over notes. What a viewer may see is decided here, from a NoteViewer (note-target.ts: noteViewer). */
@Injectable()
export class NoteFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly crossReferences: CrossReferenceVisibility,
  ) {}

  /**
   * Notes of a noteable updated after `sinceUs` (µs since the epoch), a page of `limit`, with
   * the database clock: one statement, so the clock and the page are one snapshot. The page's
   * bounds (`lastUpdatedUs`, `more`) count the notes the viewer may not see, so the next page
   * starts after them.
   */
  async changedSince(key: NoteableKey, sinceUs: bigint, limit: number, viewer: NoteViewer, m: EntityManager = this.ds.manager): Promise<ChangedNotes> {
    const qb = m
      .getRepository(Note)
      .createQueryBuilder('n')
      .addSelect('(extract(epoch from n.updated_at) * 1000000)::bigint::text', 'updated_us')
      .addSelect('(extract(epoch from clock_timestamp()) * 1000000)::bigint::text', 'now_us')
      .where('n.noteable_type = :type AND n.noteable_id = :id', { type: key.type, id: key.id })
      .andWhere(`n.updated_at > timestamptz 'epoch' + (CAST(:since AS bigint) * interval '1 microsecond')`, { since: sinceUs.toString() })
      .orderBy('n.updated_at', 'ASC')
      .addOrderBy('n.id', 'ASC')
      .limit(limit + 1);
    if (!viewer.readInternal) qb.andWhere('NOT n.internal');
    const { entities, raw } = (await qb.getRawAndEntities()) as { entities: Note[]; raw: Array<{ updated_us: string; now_us: string }> };
    const more = entities.length > limit;
    const notes = entities.slice(0, limit);
    const nowUs = raw[0] ? BigInt(raw[0].now_us) : await this.nowMicros(m);
    const lastUpdatedUs = notes.length ? BigInt(raw[notes.length - 1]!.updated_us) : null;
    return { notes: await this.crossReferences.visible(viewer.actor, viewer.base, notes), lastUpdatedUs, nowUs, more };
  }

  /** One note of a noteable as the viewer may see it (null when it is not there, or not theirs to see). */
  async visibleById(key: NoteableKey, noteId: number, viewer: NoteViewer): Promise<Note | null> {
    const note = await this.byId(key, noteId);
    if (!note || (note.internal && !viewer.readInternal)) return null;
    return (await this.crossReferences.canSee(viewer.actor, viewer.base, note)) ? note : null;
  }

  /** One note of a noteable (null when it is not there). */
  async byId(key: NoteableKey, noteId: number, m: EntityManager = this.ds.manager): Promise<Note | null> {
    if (!Number.isSafeInteger(noteId) || noteId <= 0 || noteId > 2_147_483_647) return null;
    return m.getRepository(Note).createQueryBuilder('n').where('n.id = :noteId AND n.noteable_type = :type AND n.noteable_id = :id', { noteId, type: key.type, id: key.id }).getOne();
  }

  /** A note and every note of its discussion (oldest first), in one query; null when the note is not there. */
  async withDiscussion(key: NoteableKey, noteId: number, m: EntityManager = this.ds.manager): Promise<{ note: Note; discussion: Note[] } | null> {
    if (!Number.isSafeInteger(noteId) || noteId <= 0 || noteId > 2_147_483_647) return null;
    const notes = await m
      .getRepository(Note)
      .createQueryBuilder('n')
      .where('n.noteable_type = :type AND n.noteable_id = :id', { type: key.type, id: key.id })
      .andWhere('n.discussion_id = (SELECT d.discussion_id FROM notes d WHERE d.id = :noteId AND d.noteable_type = :type AND d.noteable_id = :id)', { noteId })
      .orderBy('n.created_at', 'ASC')
      .addOrderBy('n.id', 'ASC')
      .getMany();
    const note = notes.find((n) => n.id === noteId);
    return note ? { note, discussion: notes } : null;
  }

  /**
   * One discussion's notes (oldest first), found by one of its notes or its id, with every user
   * they name plus `alsoUserId` (the actor), in ONE statement: what a note write reads.
   */
  async thread(key: NoteableKey, by: { noteId: number } | { discussionId: string }, alsoUserId: number | null, m: EntityManager = this.ds.manager): Promise<{ notes: Note[]; users: Map<number, UserBasic> }> {
    if ('noteId' in by && (!Number.isSafeInteger(by.noteId) || by.noteId <= 0 || by.noteId > 2_147_483_647)) return { notes: [], users: new Map() };
    if ('discussionId' in by && !/^[0-9a-f]{40}$/.test(by.discussionId)) return { notes: [], users: new Map() };
    const discussion = 'noteId' in by ? `(SELECT d.discussion_id FROM notes d WHERE d.id = $3::int AND d.noteable_type = $1 AND d.noteable_id = $2)` : '$3::varchar';
    const rows: Array<Record<string, unknown>> = await m.query(
      `WITH t AS (SELECT n.* FROM notes n WHERE n.noteable_type = $1 AND n.noteable_id = $2 AND n.discussion_id = ${discussion})
       SELECT t.*, (SELECT COALESCE(json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'email', u.email, 'avatar_url', u.avatar_url,
           'state', u.state, 'is_admin', u.is_admin, 'created_at', u.created_at, 'updated_at', u.updated_at)), '[]'::json)
         FROM users u WHERE u.id IN (SELECT author_id FROM t UNION SELECT updated_by_id FROM t WHERE last_edited_at IS NOT NULL
           UNION SELECT resolved_by_id FROM t WHERE resolved_at IS NOT NULL UNION SELECT $4::int)) AS users_json
       FROM t ORDER BY t.created_at, t.id`,
      [key.type, key.id, 'noteId' in by ? by.noteId : by.discussionId, alsoUserId],
    );
    const meta = m.connection.getMetadata(Note);
    const notes = rows.map((r) => {
      const n = meta.create() as Note & Record<string, unknown>;
      for (const c of meta.columns) if (c.databaseName in r) n[c.propertyName] = m.connection.driver.prepareHydratedValue(r[c.databaseName], c);
      return n as Note;
    });
    const raw = rows[0]?.users_json;
    const list = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as UserRow[];
    return { notes, users: new Map(list.map((u) => [Number(u.id), toUserBasic(userFromRow(u), this.config.publicUrl)])) };
  }

  /** The note an author created with an Idempotency-Key (the first submit a retry returns). */
  async byIdempotencyKey(authorId: number, idempotencyKey: string, m: EntityManager = this.ds.manager): Promise<Note | null> {
    return m.getRepository(Note).createQueryBuilder('n').where('n.author_id = :authorId AND n.idempotency_key = :idempotencyKey', { authorId, idempotencyKey }).getOne();
  }

  /**
   * A page of a noteable's notes in the REST order (sort, order_by), with the total, in one
   * query. Notes naming what the viewer may not read are left out of the page after it is cut,
   * as GitLab's notes API does (the total counts them).
   */
  async page(key: NoteableKey, viewer: NoteViewer, opts: { sort: 'asc' | 'desc'; orderBy: 'created_at' | 'updated_at'; offset: number; limit: number }, m: EntityManager = this.ds.manager): Promise<{ notes: Note[]; total: number }> {
    const dir = opts.sort === 'asc' ? 'ASC' : 'DESC';
    const rows: Array<Record<string, unknown>> = await m.query(
      `SELECT n.*, count(*) OVER () AS total FROM notes n
       WHERE n.noteable_type = $1 AND n.noteable_id = $2${viewer.readInternal ? '' : ' AND NOT n.internal'}
       ORDER BY n.${opts.orderBy} ${dir}, n.id ${dir} OFFSET $3 LIMIT $4`,
      [key.type, key.id, opts.offset, opts.limit],
    );
    const meta = m.connection.getMetadata(Note);
    const notes = rows.map((r) => {
      const n = meta.create() as Note & Record<string, unknown>;
      for (const c of meta.columns) if (c.databaseName in r) n[c.propertyName] = m.connection.driver.prepareHydratedValue(r[c.databaseName], c);
      return n as Note;
    });
    let total = rows[0] ? Number(rows[0].total) : 0;
    // Past the last page the window has no row to count on
    if (!rows.length && opts.offset > 0) total = (await this.page(key, viewer, { ...opts, offset: 0, limit: 1 }, m)).total;
    return { notes: await this.crossReferences.visible(viewer.actor, viewer.base, notes), total };
  }

  /** The users notes name (authors, editors, resolvers), by id, in one query. */
  async users(ids: readonly number[], m: EntityManager = this.ds.manager): Promise<Map<number, UserBasic>> {
    if (!ids.length) return new Map();
    const users = await m.getRepository(User).createQueryBuilder('u').whereInIds([...ids]).getMany();
    return new Map(users.map((u) => [u.id, toUserBasic(u, this.config.publicUrl)]));
  }

  private async nowMicros(m: EntityManager): Promise<bigint> {
    const rows: Array<{ now_us: string }> = await m.query(`SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint::text AS now_us`);
    return BigInt(rows[0]!.now_us);
  }
}
