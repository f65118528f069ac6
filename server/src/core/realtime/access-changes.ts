import { Inject, Injectable } from '@nestjs/common';
import type { NoteableType } from '@tandem/shared-types';
import { EVENT_BUS, type EventBus } from './event-bus';

/** A change that can take read access away without a noteable event. */
export type AccessChange =
  | { kind: 'noteable'; noteableType: NoteableType; noteableId: number }
  | { kind: 'project'; projectId: number }
  | { kind: 'user'; userId: number };

/**
 * Domain code announces, after commit, changes that can take read access away without an
 * event of their own (membership removed or lowered, project made private, user blocked):
 * every node re-checks the live rooms concerned. Raising access needs no call. It is a bus
 * control message, so domain modules depend on core only, never on the realtime module.
 */
@Injectable()
export class AccessChanges {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  notify(change: AccessChange): void {
    if (change.kind === 'noteable') this.bus.publishControl({ kind: 'recheck_noteable', noteableType: change.noteableType, noteableId: change.noteableId });
    else if (change.kind === 'project') this.bus.publishControl({ kind: 'recheck_project', projectId: change.projectId });
    else this.bus.publishControl({ kind: 'recheck_user', userId: change.userId });
  }
}
