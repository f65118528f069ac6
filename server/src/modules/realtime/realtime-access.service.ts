import { Inject, Injectable } from '@nestjs/common';
import type { NoteableType } from '@tandem/shared-types';
import { EVENT_BUS, type EventBus } from '../../core/realtime/event-bus';

/**
 * Call after any change that can take read access away without an issue event (membership
 * removed or lowered, project made private or internal, user blocked): every node re-checks
 * the sockets it holds in the affected rooms and removes those that lost access.
 * (An issue made confidential, or an assignee removed, is handled by its own event.)
 */
@Injectable()
export class RealtimeAccessService {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  noteableAccessChanged(noteableType: NoteableType, noteableId: number): void {
    this.bus.publishControl({ kind: 'recheck_noteable', noteableType, noteableId });
  }

  projectAccessChanged(projectId: number): void {
    this.bus.publishControl({ kind: 'recheck_project', projectId });
  }

  userAccessChanged(userId: number): void {
    this.bus.publishControl({ kind: 'recheck_user', userId });
  }
}
