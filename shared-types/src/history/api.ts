import type { AnyRealtimeEvent } from '../realtime/events';
import type { HistoryState } from './replay';

/** Events per history page (GET .../history): the server never holds more of one noteable's log at once. */
export const HISTORY_PAGE_SIZE = 1000;

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
