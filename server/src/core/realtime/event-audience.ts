import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';
import type { Actor } from '../policy/policy';

/** Whether one reader of the noteable may receive an event. */
export type AudienceCheck = (actor: Actor | null) => Promise<boolean>;

/**
 * Events that only some readers of a noteable may receive, decided per reader beyond the room's
 * own rule for internal notes: a system note naming an issue or epic the reader may not read
 * (GitLab's cross-reference notes). The note module implements it with the same rule its
 * finders apply (CrossReferenceVisibility); live delivery and replay ask it for every event and
 * send nothing to a reader it refuses. Realtime code never imports the domain.
 */
export interface EventAudience {
  /** null: every reader of the noteable; otherwise the check, one per event (it may remember answers per actor). */
  restrict(type: NoteableType, e: AnyRealtimeEvent): AudienceCheck | null;
}

export const EVENT_AUDIENCE = Symbol('EVENT_AUDIENCE');
