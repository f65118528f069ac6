import type { AnyRealtimeEvent } from '../realtime/events';
import type { HistoryState } from './replay';

/** Events per history page (GET .../history): the server never holds more of one noteable's log at once. */
export const HISTORY_PAGE_SIZE = 1000;

/** Events the scrubber opens with (GET .../history/snapshot without a moment): the last ones, behind the state before them. */
export const HISTORY_OPEN_PAGE_SIZE = 250;

/** The server keeps the state every this many seqs (history_checkpoints): a snapshot at any seq replays fewer events than this. */
export const HISTORY_CHECKPOINT_EVERY = 1000;

/**
 * One page of a noteable's history as the viewer may read it now (GET
 * `{noteable}/history?after_seq=N`): the events after `after_seq`, and, when the log before
 * them was compacted (EVENT_RETENTION_HOURS), the state it was compacted into.
 */
export interface HistoryPage {
  /** The noteable's committed head seq when read. */
  head_seq: number;
  /** The compacted state to replay from (only on a page asked from before it). */
  base: HistoryState | null;
  events: AnyRealtimeEvent[];
  /** The page ended before the head: ask again with `after_seq` = the last event's seq (or this, when every event was withheld). */
  next_after_seq: number | null;
}

/**
 * A page of the history that starts at any moment (GET `{noteable}/history/snapshot?at_seq=` or
 * `?at=`, or without either the last HISTORY_OPEN_PAGE_SIZE events): the state just before the
 * step asked (the server replays it from its nearest checkpoint) and the events from that step
 * on. Earlier pages are asked the same way, later ones by `next_after_seq`.
 */
export interface HistorySnapshotPage extends HistoryPage {
  /** The state after `base.seq`, as the viewer may read it now; the events follow it. */
  base: HistoryState;
  /** Where the history starts: 0 (the noteable's creation) or the seq its pruned prefix was compacted at. */
  start_seq: number;
}
