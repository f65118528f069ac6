import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ApiNote, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import type { Noteable, Tx } from '../../../core/realtime/event-log.service';
import { Note } from '../note.entity';
import { NoteFinder } from '../note.finder';
import { noteablePlace, toApiNote, userIdsOf } from '../note.mapper';
import { mergesIntoPrevious } from './description-merge';
import { DescriptionVersion } from './description-version.entity';

/** Whose versions: an issue's or an epic's (a bare number is an issue's id). */
export type VersionOwner = { type: 'Issue' | 'Epic' | 'MergeRequest'; id: number };
const ownerOf = (o: number | VersionOwner): VersionOwner => (typeof o === 'number' ? { type: 'Issue', id: o } : o);
/** The version row's column naming its owner (fixed names, never input). */
const OWNER_COLUMN = { Issue: 'issue_id', Epic: 'epic_id', MergeRequest: 'merge_request_id' } as const;
export const versionOwnerOf = (v: DescriptionVersion): VersionOwner =>
  v.epicId !== null && v.epicId !== undefined
    ? { type: 'Epic', id: v.epicId }
    : v.mergeRequestId !== null && v.mergeRequestId !== undefined
      ? { type: 'MergeRequest', id: v.mergeRequestId }
      : { type: 'Issue', id: v.issueId! };

/** A description change as written: its version, and the note it merges into (null: a new note). */
export interface RecordedDescriptionChange {
  versionId: number;
  mergeIntoNoteId: number | null;
}

/**
 * Description versions (spec discussions §4): one row per description an issue had, written in
 * the transaction of the change; the merge of a run of "changed the description" notes; the
 * soft delete. The notes carry their version (notes.description_version_id).
 */
@Injectable()
export class DescriptionVersionStore {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notes: NoteFinder,
  ) {}

  /** The first version, with a new issue's or epic's description (no note: creating is not a change). */
  async recordInitial(m: Pick<EntityManager, 'query'>, owner: number | VersionOwner, authorId: number, description: string | null): Promise<void> {
    if (!description) return;
    const o = ownerOf(owner);
    await m.query(`INSERT INTO description_versions (${OWNER_COLUMN[o.type]}, description, author_id) VALUES ($1, $2, $3)`, [o.id, description, authorId]);
  }

  /**
   * A description change inside the caller's transaction (the issue row locked): the new
   * version and, in one statement, the issue's latest description note, to decide the merge
   * with the transaction's clock.
   */
  async recordChange(tx: Tx, owner: number | VersionOwner, authorId: number, description: string | null, previous: { description: string | null; authorId: number | null }): Promise<RecordedDescriptionChange> {
    const o = ownerOf(owner);
    const col = OWNER_COLUMN[o.type];
    const [row] = await tx.query<{ version_id: number; now: Date; note_id: number | null; author_id: number | null; updated_at: Date | null; deleted: boolean | null }>(
      // one prepared statement per owner column
      `description-version.record.${o.type}`,
      // An issue without versions yet (older than them, or seeded) first gets its previous
      // description as one (GitLab's save_description_version), so the first compare is true;
      // the new version reads `base` so that it is numbered after it
      `WITH base AS (INSERT INTO description_versions (${col}, description, author_id)
         SELECT $1, $4::text, $5::int WHERE COALESCE($4::text, '') <> '' AND NOT EXISTS (SELECT 1 FROM description_versions WHERE ${col} = $1)
         RETURNING id),
       v AS (INSERT INTO description_versions (${col}, description, author_id) SELECT $1, $2, $3 FROM (SELECT count(*) FROM base) b RETURNING id, created_at)
       SELECT v.id AS version_id, v.created_at AS now, prev.id AS note_id, prev.author_id, prev.updated_at, prev.description_version_deleted AS deleted
       FROM v LEFT JOIN LATERAL (
         SELECT n.id, n.author_id, n.updated_at, n.description_version_deleted FROM notes n
         WHERE n.noteable_type = $6 AND n.noteable_id = $1 AND n.description_version_id IS NOT NULL
         ORDER BY n.id DESC LIMIT 1) prev ON true`,
      [o.id, description, authorId, previous.description, previous.authorId, o.type],
    );
    const prev = row!.note_id === null ? null : { authorId: row!.author_id === null ? null : Number(row!.author_id), updatedAt: new Date(row!.updated_at!), versionDeleted: !!row!.deleted };
    const merge = mergesIntoPrevious(prev, authorId, new Date(row!.now));
    return { versionId: Number(row!.version_id), mergeIntoNoteId: merge ? Number(row!.note_id) : null };
  }

  /**
   * Folds a new version into the previous description note: it now shows the new version and
   * keeps the run's first (start_description_version_id), so the compare covers the whole run.
   */
  async mergeNote(tx: Tx, noteable: Noteable, noteId: number, versionId: number, actor: UserBasic): Promise<void> {
    await tx.query(
      'description-version.merge-note',
      `UPDATE notes SET start_description_version_id = COALESCE(start_description_version_id, description_version_id),
         description_version_id = $2, updated_at = now() WHERE id = $1`,
      [noteId, versionId],
    );
    await this.announce(tx, noteable, [noteId], actor);
  }

  /** A version of this issue or epic (null: none, or another's). */
  async find(owner: number | VersionOwner, versionId: number, m: EntityManager = this.ds.manager): Promise<DescriptionVersion | null> {
    const o = ownerOf(owner);
    return m.getRepository(DescriptionVersion).findOneBy(o.type === 'Epic' ? { id: versionId, epicId: o.id } : o.type === 'MergeRequest' ? { id: versionId, mergeRequestId: o.id } : { id: versionId, issueId: o.id });
  }

  /** The description before `versionId` (the owner's previous version; '' before the first). */
  async descriptionBefore(owner: number | VersionOwner, versionId: number): Promise<string> {
    const o = ownerOf(owner);
    const [row] = (await this.ds.query(
      `SELECT description FROM description_versions WHERE ${OWNER_COLUMN[o.type]} = $1 AND id < $2 ORDER BY id DESC LIMIT 1`,
      [o.id, versionId],
    )) as Array<{ description: string | null }>;
    return row?.description ?? '';
  }

  /**
   * Soft-deletes a version (with `startId`, the merged run from it) and marks the notes that
   * show it; each such note is announced with note.updated.
   */
  async softDelete(tx: Tx, noteable: Noteable, version: DescriptionVersion, startId: number | null, actor: UserBasic): Promise<void> {
    const o = versionOwnerOf(version);
    await tx.query(
      `description-version.delete.${o.type}`,
      `UPDATE description_versions SET deleted_at = now() WHERE ${OWNER_COLUMN[o.type]} = $1 AND id BETWEEN $2 AND $3 AND deleted_at IS NULL`,
      [o.id, Math.min(startId ?? version.id, version.id), version.id],
    );
    const rows = await tx.query<{ id: number }>(
      'description-version.delete-notes',
      `UPDATE notes SET description_version_deleted = true, updated_at = now()
       WHERE noteable_type = $3 AND noteable_id = $1 AND description_version_id = $2 RETURNING id`,
      [o.id, version.id, o.type],
    );
    await this.announce(tx, noteable, rows.map((r) => Number(r.id)), actor);
  }

  /** note.updated for each note, as the API shows it after the change. */
  private async announce(tx: Tx, noteable: Noteable, noteIds: number[], actor: UserBasic): Promise<void> {
    if (!noteIds.length) return;
    const notes = await tx.manager.getRepository(Note).createQueryBuilder('n').whereInIds(noteIds).getMany();
    const users = await this.notes.users(userIdsOf(notes), tx.manager);
    const ctx = { ...noteablePlace(this.config.publicUrl, noteable), users };
    for (const n of notes) tx.recordLater(noteable, 'note.updated', { note: toApiNote(n, ctx) as ApiNote }, actor);
  }
}
