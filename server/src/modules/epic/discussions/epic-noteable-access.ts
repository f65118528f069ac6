import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL, groupOfStreamPath, type AnyRealtimeEvent } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import type { AccessSnapshot, DeliveryAbilities, NoteableAccess, NoteableGrant } from '../../../core/realtime/noteable-access';
import { epicNoteable } from '../epic.mapper';
import { EpicService } from '../epic.service';
import { epicById, type EpicRow } from '../epic.store';

/** What an EpicsChannel subscriber names: the epic's stream path (`groups/<group path>`) and iid. */
export interface EpicTarget {
  project_path: string;
  iid: number;
}

type RoomEpic = Pick<NoteableGrant, 'noteable' | 'projectId'>;

/** Internal notes reach reporters and up in the epic's group in full. */
const abilitiesOf = (actor: Actor | null, e: EpicRow): DeliveryAbilities => ({
  readInternalNotes: actor !== null && (actor.isAdmin || e.accessLevel >= ACCESS_LEVEL.REPORTER),
});

/**
 * Live rooms of epics: the read policy (read_epic: the group's readers; confidential epics
 * reporters and up) behind the realtime port. A watcher who loses access (the epic made
 * confidential, a membership gone) is dropped at the room's re-check, as for issues.
 */
@Injectable()
export class EpicNoteableAccess implements NoteableAccess<EpicTarget> {
  readonly type = 'Epic' as const;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly epics: EpicService,
    private readonly events: EventLogService,
  ) {}

  async resolve(actor: Actor | null, target: EpicTarget): Promise<NoteableGrant> {
    const group = groupOfStreamPath(target.project_path);
    if (group === null) throw new AppError('EPIC_NOT_FOUND');
    const { epic } = await this.epics.findReadable(actor, group, target.iid);
    const seq = (await this.events.currentSeqs('Epic', [epic.id])).get(epic.id) ?? 0;
    return { noteable: epicNoteable(epic), projectId: null, seq, abilities: abilitiesOf(actor, epic) };
  }

  targetKey(target: EpicTarget): string {
    return `${target.project_path.toLowerCase()}#${target.iid}`;
  }

  keyOf(grant: Pick<NoteableGrant, 'noteable'>): string {
    return this.targetKey(grant.noteable.ref);
  }

  /** By the epic's id: a group rename since the subscribe does not matter. */
  async verify(actor: Actor | null, room: RoomEpic): Promise<DeliveryAbilities | null> {
    const e = await epicById(this.ds, actor?.id ?? null, room.noteable.id);
    return e && EpicService.can(actor, 'read_epic', e) ? abilitiesOf(actor, e) : null;
  }

  async snapshot(room: RoomEpic): Promise<AccessSnapshot> {
    const exists = await epicById(this.ds, null, room.noteable.id);
    if (!exists) return { found: false, reason: 'deleted' };
    const byActor = new Map<number, Promise<EpicRow | null>>();
    return {
      found: true,
      abilitiesOf: async (actor) => {
        const key = actor?.id ?? 0;
        let row = byActor.get(key);
        if (!row) {
          row = actor ? epicById(this.ds, actor.id, room.noteable.id) : Promise.resolve(exists);
          byActor.set(key, row);
        }
        const e = await row;
        return e && EpicService.can(actor, 'read_epic', e) ? abilitiesOf(actor, e) : null;
      },
    };
  }

  /** Confidentiality decides who may read an epic. */
  changesAccess(e: AnyRealtimeEvent): boolean {
    return e.type === 'epic.updated' && e.payload.fields.confidential !== undefined;
  }
}
