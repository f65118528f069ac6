import type { EventType, UserBasic } from '@tandem/shared-types';
import type { EventFacts, NotifiedType } from './notification-recipients';
import type { NotificationAction } from './notification-rules';

/** The `issue_events` row a 'notify' job names. */
export interface StoredEvent {
  id: number;
  noteableType: NotifiedType;
  /** The or the merge request's id. */
  targetId: number;
  seq: number;
  type: EventType;
  doc: { payload: unknown; actor: UserBasic | null };
}

/** What an event means for mail, before the recipients are known. */
export interface Plan extends EventFacts {
  action: NotificationAction;
  /** Not to anyone an earlier plan of the same event mailed (a review's public part, after its whole to those who read internal notes). */
  skipMailed?: boolean;
  actorId: number | null;
  actorName: string;
  text: string | null;
  noteUrl: string | null;
  detail: string | null;
}

/** A plan's fields before the event adds its own: the actor, nobody mentioned or (un)assigned, no text. */
export function planBase(actor: UserBasic | null): Omit<Plan, 'action'> {
  return { actorId: actor?.id ?? null, actorName: actor?.name ?? 'Someone', mentionedUsernames: [], assignmentChanged: [], internalNote: false, text: null, noteUrl: null, detail: null };
}
