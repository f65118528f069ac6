import type { UserBasic } from '@tandem/shared-types';
import { EventStatement, type Appended, type PlannedEvent } from '../../core/realtime/event-append';
import type { Noteable, StatementTx } from '../../core/realtime/event-log.service';

/**
 * The one-statement write every note action shares (like update-issue's write): the action's
 * own CTEs change the notes and name what they changed in a CTE `changed(key, id)`; each
 * planned event fires only when its key is in `changed`. The event log's append
 * (core/realtime/event-append.ts) takes the noteable's next seqs in the same statement (only
 * for the events that fire; none when nothing changed, e.g. an idempotent retry or a note
 * deleted meanwhile) and fills the statement's now() and a new note's id into the stored and
 * the live events alike.
 */
export type PlannedNoteEvent = PlannedEvent & { key: string };

export type NoteStatementResult = Appended;

/** Runs `ctes` + the event append as one prepared statement on `tx`. */
export async function runNoteStatement(
  tx: StatementTx,
  name: string,
  noteable: Noteable,
  actor: UserBasic,
  urlPrefix: string,
  ctes: (param: (value: unknown) => string) => string,
  planned: readonly PlannedNoteEvent[],
): Promise<NoteStatementResult> {
  const st = new EventStatement({ noteable, actor, events: planned, urlPrefix, changed: true });
  const own = ctes(st.param);
  const out = await st.run(tx, name, `WITH ${own}, ${st.ctes()} SELECT ${st.columns}`);
  return out!;
}
