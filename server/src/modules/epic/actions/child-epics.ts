import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canEpic, type Actor } from '../../../core/policy/policy';
import { EventLogService, type Tx } from '../../../core/realtime/event-log.service';
import { GroupService } from '../../group/group.service';
import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes, type SystemNoteText } from '../../note/system-notes';
import { toUserBasic } from '../../user/user.mapper';
import { epicNoteable, epicReference } from '../epic.mapper';
import { EpicService, type GroupEpic } from '../epic.service';
import { childEpicRows, epicById, type EpicRow } from '../epic.store';
import { childLinkProblem, newChildProblem, recordDescendantsChanged } from '../epic-tree';

/**
 * GitLab's EpicLinks services: an epic's child epics listed, an existing epic added as a child,
 * a new child epic created, a child removed. Each write is one transaction with the tree's
 * limits checked under the parent's row lock, GitLab's system notes on both epics, and an
 * `epic.updated` {children_changed} on every parent whose children changed and
 * {descendants_changed} on the parents' ancestors, so open epic pages refetch their tree at
 * every level.
 */
@Injectable()
export class ChildEpicsAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly events: EventLogService,
    private readonly epics: EpicService,
    private readonly groups: GroupService,
    private readonly markdown: MarkdownService,
  ) {}

  /** The children the actor may read. */
  async list(actor: Actor | null, ge: GroupEpic): Promise<EpicRow[]> {
    return (await childEpicRows(this.ds, actor?.id ?? null, ge.epic.id)).filter((e) => EpicService.can(actor, 'read_epic', e));
  }

  /** An existing epic (by its global id) becomes the child: admin_epic on both. */
  async add(actor: Actor, parent: GroupEpic, childId: number): Promise<EpicRow> {
    this.epics.authorize(actor, 'admin_epic', parent.epic);
    const child = await this.readable(actor, childId);
    this.epics.authorize(actor, 'admin_epic', child);
    const { group } = await this.groups.findReadable(actor, child.groupId);
    return this.events.transaction(async (tx) => {
      await this.lock(tx, parent.epic.id);
      const fresh = (await epicById(tx.manager, actor.id, child.id))!;
      const problem = await childLinkProblem(tx.manager, parent.epic, fresh);
      if (problem) throw problem;
      const before = fresh.parentId ? await epicById(tx.manager, actor.id, fresh.parentId) : null;
      const updated = await this.epics.update(actor, { group, epic: fresh }, { parentId: parent.epic.id }, tx);
      if (before) await this.noted(tx, actor, before, [systemNotes.childEpicRemoved(epicReference(fresh, before.groupId))]);
      await this.noted(tx, actor, parent.epic, [systemNotes.childEpicAdded(epicReference(fresh, parent.epic.groupId))]);
      await this.noted(tx, actor, fresh, [systemNotes.parentEpicAdded(epicReference(parent.epic, fresh.groupId))], false);
      return updated;
    });
  }

  /** A new epic in the parent's group, its child: admin_epic on the parent and create_epic in the group. */
  async create(actor: Actor, parent: GroupEpic, input: { title: string; confidential?: boolean }): Promise<EpicRow> {
    this.epics.authorize(actor, 'admin_epic', parent.epic);
    if (!canEpic(actor, 'create_epic', EpicService.facts(parent.epic), null)) throw new AppError('FORBIDDEN');
    const confidential = input.confidential ?? parent.epic.confidential;
    return this.events.transaction(async (tx) => {
      await this.lock(tx, parent.epic.id);
      const problem = await newChildProblem(tx.manager, parent.epic, confidential);
      if (problem) throw problem;
      const child = await this.epics.insert(actor, parent.group, { title: input.title, confidential, parentId: parent.epic.id }, tx);
      await this.noted(tx, actor, parent.epic, [systemNotes.childEpicAdded(epicReference(child, parent.epic.groupId))]);
      await this.noted(tx, actor, child, [systemNotes.parentEpicAdded(epicReference(parent.epic, child.groupId))], false);
      return child;
    });
  }

  /** The child (by its global id) leaves the parent: admin_epic on both; not its child is a 404. */
  async remove(actor: Actor, parent: GroupEpic, childId: number): Promise<EpicRow> {
    this.epics.authorize(actor, 'admin_epic', parent.epic);
    const child = await this.readable(actor, childId);
    if (child.parentId !== parent.epic.id) throw new AppError('EPIC_NOT_FOUND');
    this.epics.authorize(actor, 'admin_epic', child);
    const { group } = await this.groups.findReadable(actor, child.groupId);
    return this.events.transaction(async (tx) => {
      await this.lock(tx, parent.epic.id);
      const fresh = (await epicById(tx.manager, actor.id, child.id))!;
      if (fresh.parentId !== parent.epic.id) throw new AppError('EPIC_NOT_FOUND');
      const updated = await this.epics.update(actor, { group, epic: fresh }, { parentId: null }, tx);
      await this.noted(tx, actor, parent.epic, [systemNotes.childEpicRemoved(epicReference(fresh, parent.epic.groupId))]);
      await this.noted(tx, actor, fresh, [systemNotes.parentEpicRemoved(epicReference(parent.epic, fresh.groupId))], false);
      return updated;
    });
  }

  private async readable(actor: Actor, id: number): Promise<EpicRow> {
    const e = await epicById(this.ds, actor.id, id);
    if (!e || !EpicService.can(actor, 'read_epic', e)) throw new AppError('EPIC_NOT_FOUND');
    return e;
  }

  /** The parent's row lock: concurrent adds to one parent count its children in turn. */
  private async lock(tx: Tx, epicId: number): Promise<void> {
    await tx.manager.query('SELECT id FROM epics WHERE id = $1 FOR UPDATE', [epicId]);
  }

  /** System notes on an epic; on a parent also the event that makes its open pages refetch the tree. */
  private async noted(tx: Tx, actor: Actor, e: EpicRow, texts: SystemNoteText[], childrenChanged = true): Promise<void> {
    const author = toUserBasic(await this.epics.actorUser(actor, tx.manager), this.epics.config.publicUrl);
    const noteable = epicNoteable(e);
    await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.epics.config.publicUrl }, noteable, null, author, texts, `groups/${e.groupPath}`);
    if (!childrenChanged) return;
    tx.recordLater(noteable, 'epic.updated', { fields: { children_changed: true, updated_at: new Date().toISOString() } }, author);
    await recordDescendantsChanged(tx, e.id, author);
  }
}
