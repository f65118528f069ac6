import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EpicFieldsChanged, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { canEpic, type Actor, type EpicAbility, type GroupFacts } from '../../core/policy/policy';
import { EventLogService, type Tx } from '../../core/realtime/event-log.service';
import { GroupService } from '../group/group.service';
import { DescriptionVersionStore, type RecordedDescriptionChange } from '../note/description-versions/description-version.store';
import { writeSystemNotes } from '../note/note-writer';
import { systemNotes, type SystemNoteText } from '../note/system-notes';
import type { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../user/user.row';
import { epicNoteable } from './epic.mapper';
import type { Namespace } from '../group/namespace.entity';
import { ancestorGroupIds, descendantGroupIds, epicById, epicByIid, insertEpic, listEpics, type EpicRow } from './epic.store';
import type { EpicInput } from './epic.validation';
import { childLinkProblem, epicDescendants, newChildProblem, recordDescendantsChanged } from './epic-tree';

export interface GroupEpic {
  group: Namespace;
  epic: EpicRow;
}

/** Group epics: finding them as an actor may see them, creating, editing and deleting them. */
@Injectable()
export class EpicService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) readonly config: AppConfig,
    private readonly groups: GroupService,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly versions: DescriptionVersionStore,
  ) {}

  static facts(e: EpicRow): GroupFacts {
    return { visibility: e.groupVisibility, accessLevel: e.accessLevel };
  }

  static can(actor: Actor | null, ability: EpicAbility, e: EpicRow): boolean {
    return canEpic(actor, ability, EpicService.facts(e), e);
  }

  /** The group's epics the actor may read (with its descendants and/or ancestors when asked). */
  async list(actor: Actor | null, group: Namespace, f: { search?: string; state?: 'opened' | 'closed'; ancestors: boolean; descendants: boolean; iids?: number[] }): Promise<EpicRow[]> {
    const ids = new Set([group.id]);
    if (f.descendants) for (const id of await descendantGroupIds(this.ds, group.id)) ids.add(id);
    if (f.ancestors) for (const id of await ancestorGroupIds(this.ds, group.id)) ids.add(id);
    const rows = await listEpics(this.ds, actor?.id ?? null, { groupIds: [...ids], search: f.search, state: f.state, iids: f.iids });
    return rows.filter((e) => EpicService.can(actor, 'read_epic', e));
  }

  /** An epic the actor may read; anything else is "not found", as an unknown one. */
  async findReadable(actor: Actor | null, groupIdOrPath: string | number, iid: number | null): Promise<GroupEpic> {
    const { group } = await this.groups.findReadable(actor, groupIdOrPath);
    const epic = iid === null ? null : await epicByIid(this.ds, actor?.id ?? null, group.id, iid);
    if (!epic || !EpicService.can(actor, 'read_epic', epic)) throw new AppError('EPIC_NOT_FOUND');
    return { group, epic };
  }

  authorize(actor: Actor | null, ability: EpicAbility, e: EpicRow): void {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!EpicService.can(actor, ability, e)) throw new AppError('FORBIDDEN');
  }

  async create(actor: Actor | null, groupIdOrPath: string | number, input: EpicInput & { title: string }): Promise<EpicRow> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const { group, facts } = await this.groups.findReadable(actor, groupIdOrPath);
    if (!canEpic(actor, 'create_epic', facts, null)) throw new AppError('FORBIDDEN');
    return this.insert(actor, group, input);
  }

  /** The write of a new epic (callers have authorised it). */
  async insert(actor: Actor, group: Namespace, input: EpicInput & { title: string }, tx: Tx | null = null): Promise<EpicRow> {
    if (!input.title) throw new ValidationError({ title: ["can't be blank"] });
    const parentId = input.parentId ? await this.checkParent(actor, group, input.parentId, null, tx?.manager ?? this.ds) : null;
    if (parentId !== null) {
      const problem = await newChildProblem(tx?.manager ?? this.ds, (await epicById(tx?.manager ?? this.ds, actor.id, parentId))!, input.confidential ?? false);
      if (problem) throw problem;
    }
    this.checkDates(input.startDate ?? null, input.endDate ?? null);
    const write = async (q: Pick<DataSource, 'query'>) => {
      const id = await insertEpic(q, {
        groupId: group.id,
        title: input.title,
        description: input.description ?? null,
        descriptionHtml: this.markdown.render(input.description ?? '', { groupPath: group.fullPath }),
        confidential: input.confidential ?? false,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        parentId,
        authorId: actor.id,
      });
      // Its first description version, so the first edit's compare shows what changed
      await this.versions.recordInitial(q, { type: 'Epic', id }, actor.id, input.description ?? null);
      return id;
    };
    // The epic as created opens its stream: its history replays from here (issue #26), a promoted one's too
    const opened = async (tx: Tx) => {
      const newId = await write(tx.manager);
      const [row] = (await tx.manager.query('SELECT iid, lock_version, updated_at FROM epics WHERE id = $1', [newId])) as Array<{ iid: number; lock_version: number; updated_at: Date }>;
      const fields = { title: input.title, description: input.description ?? null, state: 'opened' as const, confidential: input.confidential ?? false, start_date: input.startDate ?? null, end_date: input.endDate ?? null };
      tx.recordLater(epicNoteable({ id: newId, iid: row!.iid, groupPath: group.fullPath }), 'epic.updated', { fields: { ...fields, lock_version: Number(row!.lock_version), updated_at: new Date(row!.updated_at).toISOString() } }, await this.actorBasic(actor, tx.manager));
      return newId;
    };
    const id = tx ? await opened(tx) : await this.events.transaction(opened);
    return (await epicById(tx?.manager ?? this.ds, actor.id, id))!;
  }

  /**
   * Edits an epic: the row, a system note per change ("changed title from ...", "closed") and
   * one `epic.updated` event with the new values, in one transaction, so everyone watching the
   * epic sees it at once and its activity tells what happened.
   */
  async update(actor: Actor | null, ge: GroupEpic, input: EpicInput, inTx?: Tx): Promise<EpicRow> {
    this.authorize(actor, 'admin_epic', ge.epic);
    const e = ge.epic;
    // An editor's lock_version that is not the epic's: someone saved meanwhile (the 409)
    if (input.lockVersion !== undefined && input.lockVersion !== e.lockVersion) throw new AppError('EPIC_STALE');
    const sets: string[] = [];
    const values: unknown[] = [];
    const set = (col: string, v: unknown, cast = '') => {
      values.push(v);
      sets.push(`${col} = $${values.length}${cast}`);
    };
    const texts: SystemNoteText[] = [];
    let descriptionAt: number | null = null;
    const fields: Omit<EpicFieldsChanged, 'updated_at'> = {};
    if (input.title !== undefined) {
      if (!input.title) throw new ValidationError({ title: ["can't be blank"] });
      if (input.title !== e.title) {
        set('title', input.title);
        texts.push(systemNotes.titleChanged(e.title, input.title));
        fields.title = input.title;
      }
    }
    if (input.description !== undefined && (input.description ?? '') !== (e.description ?? '')) {
      const html = this.markdown.render(input.description ?? '', { groupPath: ge.group.fullPath });
      set('description', input.description);
      set('description_html', html);
      // Its note (with the version) is drafted in the transaction: it may merge into the previous one
      descriptionAt = texts.length;
      fields.description = input.description;
      fields.description_html = html;
    }
    if (input.confidential !== undefined && input.confidential !== e.confidential) {
      set('confidential', input.confidential);
      texts.push(systemNotes.epicConfidentiality(input.confidential));
      fields.confidential = input.confidential;
    }
    this.checkDates(input.startDate !== undefined ? input.startDate : e.startDate, input.endDate !== undefined ? input.endDate : e.endDate);
    if (input.startDate !== undefined && input.startDate !== e.startDate) {
      set('start_date', input.startDate, '::date');
      texts.push(systemNotes.epicStartDate(input.startDate));
      fields.start_date = input.startDate;
    }
    if (input.endDate !== undefined && input.endDate !== e.endDate) {
      set('end_date', input.endDate, '::date');
      texts.push(systemNotes.epicDueDate(input.endDate));
      fields.end_date = input.endDate;
    }
    if (input.parentId !== undefined && input.parentId !== e.parentId) {
      const m = inTx?.manager ?? this.ds;
      const parent = input.parentId === null ? null : await epicById(m, actor!.id, input.parentId);
      // The tree's rules and limits (GitLab's texts, 409) hold for PUT parent_id as for the child epic endpoints
      const problem = parent && EpicService.can(actor, 'read_epic', parent) ? await childLinkProblem(m, parent, e) : null;
      if (problem) throw problem;
      set('parent_id', input.parentId === null ? null : await this.checkParent(actor!, ge.group, input.parentId, e.id, m));
    }
    if (input.stateEvent === 'close' && e.state === 'opened') {
      sets.push(`state = 'closed', closed_at = now()`);
      texts.push(systemNotes.closed());
      fields.state = 'closed';
    }
    if (input.stateEvent === 'reopen' && e.state === 'closed') {
      sets.push(`state = 'opened', closed_at = NULL`);
      texts.push(systemNotes.reopened());
      fields.state = 'opened';
    }
    if (sets.length) {
      const author = await this.actorBasic(actor!, inTx?.manager);
      const write = async (tx: Tx) => {
        values.push(e.id);
        let where = `id = $${values.length}`;
        if (input.lockVersion !== undefined) {
          // Lost a race with another save since the check above: refused as well, nothing written
          values.push(input.lockVersion);
          where += ` AND lock_version = $${values.length}`;
        }
        const [row] = (await tx.manager.query(
          `WITH u AS (UPDATE epics SET ${sets.join(', ')}, lock_version = lock_version + 1, updated_at = now() WHERE ${where} RETURNING updated_at, lock_version) SELECT updated_at, lock_version FROM u`,
          values,
        )) as Array<{ updated_at: Date; lock_version: number }>;
        if (!row) throw new AppError('EPIC_STALE');
        const noteable = epicNoteable(e);
        // The description's new version (the row is locked by the update): a new "changed the
        // description" note, or the author's previous one absorbs it (spec discussions §4)
        let version: RecordedDescriptionChange | null = null;
        const notes = [...texts];
        if (descriptionAt !== null) {
          version = await this.versions.recordChange(tx, { type: 'Epic', id: e.id }, actor!.id, input.description ?? null, { description: e.description, authorId: e.authorId });
          if (!version.mergeIntoNoteId) notes.splice(descriptionAt, 0, { ...systemNotes.descriptionChanged(), descriptionVersionId: version.versionId });
        }
        await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, noteable, null, author, notes, `groups/${ge.group.fullPath}`);
        if (version?.mergeIntoNoteId) await this.versions.mergeNote(tx, noteable, version.mergeIntoNoteId, version.versionId, author);
        // Every write tells open pages the new lock_version (a parent change too, with no field to show)
        tx.recordLater(noteable, 'epic.updated', { fields: { ...fields, lock_version: Number(row.lock_version), updated_at: new Date(row.updated_at).toISOString() } }, author);
        // What an ancestor's tree shows of this epic changed: its open pages refetch their levels
        if (e.parentId !== null && (fields.title !== undefined || fields.state !== undefined || fields.confidential !== undefined)) await recordDescendantsChanged(tx, e.id, author);
      };
      if (inTx) await write(inTx);
      else await this.events.transaction(write);
    }
    return (await epicById(inTx?.manager ?? this.ds, actor!.id, e.id))!;
  }

  /** The actor as notes and events name them. */
  async actorUser(actor: Actor, m: Pick<DataSource, 'query'> = this.ds): Promise<User> {
    const [row] = (await m.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [actor.id])) as UserRow[];
    if (!row) throw new AppError('UNAUTHORIZED');
    return userFromRow(row);
  }

  private async actorBasic(actor: Actor, m: Pick<DataSource, 'query'> = this.ds): Promise<UserBasic> {
    return toUserBasic(await this.actorUser(actor, m), this.config.publicUrl);
  }

  async destroy(actor: Actor | null, ge: GroupEpic): Promise<void> {
    this.authorize(actor, 'destroy_epic', ge.epic);
    await this.ds.transaction(async (m) => {
      // 'Delete this epic and all descendants?': its child epics, theirs, and so on go with it
      const ids = [ge.epic.id, ...(await epicDescendants(m, ge.epic.id))];
      // Their discussions go with them: awards on them and their notes, the notes, their event logs
      await m.query(`DELETE FROM award_emoji WHERE (awardable_type = 'Epic' AND awardable_id = ANY($1::int[])) OR (awardable_type = 'Note' AND awardable_id IN (SELECT id FROM notes WHERE noteable_type = 'Epic' AND noteable_id = ANY($1::int[])))`, [ids]);
      await m.query(`DELETE FROM notes WHERE noteable_type = 'Epic' AND noteable_id = ANY($1::int[])`, [ids]);
      await m.query(`DELETE FROM issue_events WHERE noteable_type = 'Epic' AND noteable_id = ANY($1::int[])`, [ids]);
      await m.query('DELETE FROM epics WHERE id = ANY($1::int[])', [ids]);
    });
  }

  /** A parent epic: readable, in the group or an ancestor, and not the epic itself or one of its children. */
  private async checkParent(actor: Actor, group: Namespace, parentId: number, selfId: number | null, m: Pick<DataSource, 'query'>): Promise<number> {
    // `m`: the caller's transaction when there is one (PGlite has one connection: a query beside it would wait for ever)
    const parent = await epicById(m, actor.id, parentId);
    if (!parent || !EpicService.can(actor, 'read_epic', parent) || !(await ancestorGroupIds(m, group.id)).includes(parent.groupId))
      throw new ValidationError({ parent_id: ['is invalid'] });
    if (selfId !== null) {
      const rows = (await m.query(
        `WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM epics WHERE id = $1 UNION ALL SELECT e.id, e.parent_id FROM epics e JOIN up ON e.id = up.parent_id)
         SELECT 1 FROM up WHERE id = $2 LIMIT 1`,
        [parentId, selfId],
      )) as unknown[];
      if (rows.length) throw new ValidationError({ parent_id: ['is invalid'] });
    }
    return parent.id;
  }

  private checkDates(start: string | null, end: string | null): void {
    if (start && end && end < start) throw new ValidationError({ end_date: ['must be on or after the start date'] });
  }
}
