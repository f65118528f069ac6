import type { AnyRealtimeEvent, EventBatch } from '@tandem/shared-types';

/** How long a started batch waits for its last event before what came is applied anyway. */
export const BATCH_WAIT_MS = 500;

const batchOf = (e: AnyRealtimeEvent): EventBatch | undefined => {
  const b = (e.payload as { batch?: EventBatch } | null)?.batch;
  return b && Number.isInteger(b.index) && Number.isInteger(b.size) ? b : undefined;
};

/**
 * Applies the events of a batch (a submitted review: note.created events with `batch` {index,
 * size}, consecutive seqs, written in one transaction) together, in one synchronous run, when
 * the last arrives: the page shows the whole review at once, never half of it. Events come here
 * in seq order (after the sequencer); any event outside the batch, or BATCH_WAIT_MS without the
 * last one (withheld from this viewer), applies what is held first. What is held goes to
 * `applyMany` in one call (one state update); a single event to `apply`.
 */
export function batchGate(apply: (e: AnyRealtimeEvent) => void, wait = BATCH_WAIT_MS, applyMany: (events: AnyRealtimeEvent[]) => void = (es) => es.forEach(apply)): (e: AnyRealtimeEvent) => void {
  let held: AnyRealtimeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const run = held;
    held = [];
    if (run.length > 1) applyMany(run);
    else if (run.length) apply(run[0]!);
  };
  return (e) => {
    const b = batchOf(e);
    if (b && b.index < b.size) {
      held.push(e);
      timer ??= setTimeout(flush, wait);
      return;
    }
    if (b) {
      held.push(e);
      flush();
      return;
    }
    flush();
    apply(e);
  };
}
