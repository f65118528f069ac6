import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';
import type { Actor } from '../policy/policy';
import type { Noteable } from './event-log.service';

/** What a subscriber may receive beyond the events every reader gets. */
export interface DeliveryAbilities {
  /** Internal notes (reporter and up); without it nothing of them is sent (noteable-room.ts, isRestricted). */
  readInternalNotes: boolean;
}

/** A noteable the actor may read, as a live room needs it. */
export interface NoteableGrant {
  /** Type, id and the event log's ref (the `issue` of every event envelope). */
  noteable: Noteable;
  /**
   * The project whose visibility and memberships decide access ("recheck_project" control
   * messages reach the room through it); null for noteables that live outside a project.
   */
  projectId: number | null;
  /** The noteable's last committed event seq when it was read. */
  seq: number;
  abilities: DeliveryAbilities;
}

/** Fresh rows of one noteable, against which each member of its room is checked. */
export type AccessSnapshot =
  | { found: false; reason: 'deleted' | 'access_revoked' }
  | { found: true; abilitiesOf(actor: Actor | null): Promise<DeliveryAbilities | null> };

/**
 * "May this actor read this noteable, and with which abilities": the port live rooms are
 * guarded by. Each noteable type's module implements it (issues now; epics and merge requests
 * later); realtime code never imports the domain.
 *
 * "Does not exist" and "may not read" get the same answer, so a subscriber learns nothing it
 * may not know: `resolve` throws the not-found AppError an HTTP read would get, `verify`
 * answers null. Infrastructure failures throw anything else.
 */
export interface NoteableAccess<Target = unknown> {
  readonly type: NoteableType;
  /** The subscribe check (for issues the target is `{ project_path, iid }`). */
  resolve(actor: Actor | null, target: Target): Promise<NoteableGrant>;
  /** A stable key of a target (cache keys, matching an unsubscribe to its room). */
  targetKey(target: Target): string;
  /** The key of the target that names this noteable (the same as `targetKey` of any request for it). */
  keyOf(grant: Pick<NoteableGrant, 'noteable'>): string;
  /** One member, with fresh rows (a replay crossing an access change). */
  verify(actor: Actor | null, grant: Pick<NoteableGrant, 'noteable' | 'projectId'>): Promise<DeliveryAbilities | null>;
  /** A room's re-check (membership, visibility or confidentiality changed; reconnect; sweep). */
  snapshot(grant: Pick<NoteableGrant, 'noteable' | 'projectId'>): Promise<AccessSnapshot>;
  /** True for events after which who may read can differ (the room is re-checked before them). */
  changesAccess(e: AnyRealtimeEvent): boolean;
}

/** The implementations by noteable type (provided by the app's composition of RealtimeModule). */
export type NoteableAccessRegistry = ReadonlyMap<NoteableType, NoteableAccess>;

export const NOTEABLE_ACCESS = Symbol('NOTEABLE_ACCESS');

export function noteableAccessRegistry(all: readonly NoteableAccess[]): NoteableAccessRegistry {
  return new Map(all.map((a) => [a.type, a]));
}
