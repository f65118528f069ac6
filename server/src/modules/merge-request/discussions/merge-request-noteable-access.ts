import { Injectable } from '@nestjs/common';
import { ACCESS_LEVEL, projectOfMergeRequestStream } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import type { AccessSnapshot, DeliveryAbilities, NoteableAccess, NoteableGrant } from '../../../core/realtime/noteable-access';
import { MergeRequestLoader, type LoadedMergeRequest } from '../merge-request.loader';
import { mergeRequestNoteable } from '../merge-request.mapper';

/** What a MergeRequestsChannel subscriber names: the stream path (`<project>/-/merge_requests`) and the iid. */
export interface MergeRequestTarget {
  project_path: string;
  iid: number;
}

type Room = Pick<NoteableGrant, 'noteable' | 'projectId'>;

const abilitiesOf = (actor: Actor | null, l: LoadedMergeRequest): DeliveryAbilities => ({
  readInternalNotes: actor !== null && (actor.isAdmin || l.facts.accessLevel >= ACCESS_LEVEL.REPORTER),
});

/** Live rooms of merge requests: read_merge_request behind the realtime port, re-checked by id. */
@Injectable()
export class MergeRequestNoteableAccess implements NoteableAccess<MergeRequestTarget> {
  readonly type = 'MergeRequest' as const;

  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly events: EventLogService,
  ) {}

  async resolve(actor: Actor | null, target: MergeRequestTarget): Promise<NoteableGrant> {
    const project = projectOfMergeRequestStream(target.project_path);
    if (project === null) throw new AppError('MERGE_REQUEST_NOT_FOUND');
    const l = await this.loader.findReadable(actor, project, target.iid);
    const seq = (await this.events.currentSeqs('MergeRequest', [l.mr.id])).get(l.mr.id) ?? 0;
    return { noteable: mergeRequestNoteable(l.mr, l.project.fullPath), projectId: l.project.id, seq, abilities: abilitiesOf(actor, l) };
  }

  targetKey(target: MergeRequestTarget): string {
    return `${target.project_path.toLowerCase()}#${target.iid}`;
  }

  keyOf(grant: Pick<NoteableGrant, 'noteable'>): string {
    return this.targetKey(grant.noteable.ref);
  }

  async verify(actor: Actor | null, room: Room): Promise<DeliveryAbilities | null> {
    const l = await this.loader.byId(actor, room.noteable.id).catch((e) => (e instanceof AppError ? null : Promise.reject(e)));
    return l ? abilitiesOf(actor, l) : null;
  }

  async snapshot(room: Room): Promise<AccessSnapshot> {
    const exists = await this.loader.byId({ id: 0, username: '', isAdmin: true, scopes: null }, room.noteable.id).catch(() => null);
    if (!exists) return { found: false, reason: 'deleted' };
    return { found: true, abilitiesOf: (actor) => this.verify(actor, room) };
  }

  /** Project visibility and memberships decide; no merge request field does. */
  changesAccess(): boolean {
    return false;
  }
}
