import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../../core/errors/app-error';
import { NoteTargetRegistry } from '../../note/note-target-registry';
import { CrossReferenceVisibility } from '../../note/cross-reference-visibility';
import { canDeleteEpicDescriptionVersion, epicNoteableAbilities, type EpicNoteFacts } from '../../../core/policy/epic-permissions';
import type { Actor, GroupFacts } from '../../../core/policy/policy';
import type { NoteTarget } from '../../note/note-target';
import { routeParam, type NoteableKind, type NoteableTargets, type RouteParams } from '../../note/noteable-kind';
import type { User } from '../../user/user.entity';
import { epicNoteable } from '../epic.mapper';
import { EpicService, type GroupEpic } from '../epic.service';
import { parseIid } from '../epic.validation';
import { applyEpicQuickActions } from './epic-quick-actions';

export const epicNoteFacts = (ge: GroupEpic): EpicNoteFacts => ({ confidential: ge.epic.confidential, authorId: ge.epic.authorId });
export const epicGroupFacts = (ge: GroupEpic): GroupFacts => EpicService.facts(ge.epic);

/** An epic as the note actions take it (NoteTarget): its stream, the group's rules, its quick actions. */
export interface EpicNoteTarget extends NoteTarget {
  epic: GroupEpic;
}

/** Finds epics as note targets: readable by the actor (read_epic; "not found" otherwise), with the actor's row. */
@Injectable()
export class EpicNoteTargets implements OnModuleInit, NoteableTargets<EpicNoteTarget> {
  constructor(
    private readonly epics: EpicService,
    private readonly registry: NoteTargetRegistry,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly crossReferences: CrossReferenceVisibility,
  ) {}

  /** Offers epics to the note module's global-id entry points (GraphQL createNote, awards). */
  onModuleInit(): void {
    this.registry.register('Epic', { byId: (actor, id) => this.byId(actor, id) });
    // Notes naming an epic (added to epic &3) are shown to those who may read it
    this.crossReferences.register('epic', (actor, refs) => Promise.all(refs.map((r) => this.readable(actor, r.path, r.iid))));
  }

  /** Whether the actor may read the epic (a missing one is not readable). */
  private async readable(actor: Actor | null, groupPath: string, iid: number): Promise<boolean> {
    try {
      await this.epics.findReadable(actor, groupPath, iid);
      return true;
    } catch (e) {
      if (e instanceof AppError) return false;
      throw e;
    }
  }

  /** An epic by database id (gid://gitlab/Epic/N), readable by the actor; "Epic Not Found" otherwise. */
  async byId(actor: Actor | null, id: number): Promise<EpicNoteTarget> {
    const [row] = (await this.ds.query('SELECT group_id, iid FROM epics WHERE id = $1', [id])) as Array<{ group_id: number; iid: number }>;
    if (!row) throw new AppError('EPIC_NOT_FOUND');
    return this.find(actor, Number(row.group_id), Number(row.iid));
  }

  fromRest(actor: Actor | null, params: RouteParams): Promise<EpicNoteTarget> {
    return this.find(actor, routeParam(params, 'id'), parseIid(routeParam(params, 'epicIid')));
  }

  fromPage(actor: Actor | null, params: RouteParams): Promise<EpicNoteTarget> {
    return this.find(actor, routeParam(params, 'group'), parseIid(routeParam(params, 'iid')));
  }

  /** An epic's page note routes sit under the epic: the route names it. */
  fromPageNote(actor: Actor | null, params: RouteParams): Promise<EpicNoteTarget> {
    return this.fromPage(actor, params);
  }

  /** admin_epic: whoever may edit the epic, which includes every author who could have written a version. */
  canDeleteDescriptionVersion(actor: Actor | null, t: EpicNoteTarget, authorId: number | null): boolean {
    return canDeleteEpicDescriptionVersion(actor, epicGroupFacts(t.epic), t.epic.epic, authorId);
  }

  async find(actor: Actor | null, group: string | number, iid: number | null): Promise<EpicNoteTarget> {
    const ge = await this.epics.findReadable(actor, group, iid);
    return this.of(actor, ge, actor ? await this.epics.actorUser(actor) : null);
  }

  of(actor: Actor | null, ge: GroupEpic, actorUser: User | null): EpicNoteTarget {
    const e = ge.epic;
    const abilities = epicNoteableAbilities(actor, epicGroupFacts(ge), epicNoteFacts(ge));
    return {
      kind: 'target',
      epic: ge,
      noteable: epicNoteable(e),
      projectId: null,
      abilities,
      accessLevel: e.accessLevel,
      markdown: { groupPath: e.groupPath },
      labelProjectId: null,
      membership: { projectId: null, namespaceId: e.groupId },
      place: { type: 'Epic', projectPath: e.groupPath, projectId: null, iid: e.iid, issueId: e.id },
      actorUser,
      commands: (tx, a, commands) => applyEpicQuickActions(this.epics, tx, a, ge, commands, abilities.awardEmoji),
    };
  }
}

/** Epics' notes, discussions, awards and description versions (GitLab's group epic routes). */
export const EPIC_NOTEABLE: NoteableKind = {
  type: 'Epic',
  rest: 'api/v4/groups/:id/epics/:epicIid',
  page: 'groups/*group/-/epics/:iid',
  pageNotes: 'groups/*group/-/epics/:iid/notes',
  targets: EpicNoteTargets,
};
