import { applyHistoryEvent, emptyHistoryState, historyStepLabel, type AnyRealtimeEvent, type HistoryPage, type HistoryState } from '@tandem/shared-types';

/** One position of the scrubber: the page after `event` (the first step may be the compacted base, with no event). */
export interface HistoryStep {
  seq: number;
  at: string | null;
  /** "bob added ~bug at 14:02:11"; null for the compacted start. */
  label: string | null;
  event: AnyRealtimeEvent | null;
  state: HistoryState;
}

export interface Timeline {
  steps: HistoryStep[];
  /** The compacted state the history starts from (null: the log starts at the creation). */
  base: HistoryState | null;
  events: AnyRealtimeEvent[];
}

/**
 * The timeline from a history's pages: every step's state computed once, each from the one
 * before (states share what did not change), so moving to any step is a lookup.
 */
export function timelineOf(pages: readonly HistoryPage[]): Timeline {
  const base = pages.find((p) => p.base)?.base ?? null;
  const t: Timeline = { steps: base ? [{ seq: base.seq, at: base.at, label: null, event: null, state: base }] : [], base, events: [] };
  return extendTimeline(t, pages.flatMap((p) => p.events));
}

/** The timeline with live events appended (those at or before its last seq are already in it). */
export function extendTimeline(t: Timeline, events: readonly AnyRealtimeEvent[]): Timeline {
  const steps = [...t.steps];
  const added: AnyRealtimeEvent[] = [];
  let last = steps[steps.length - 1];
  for (const e of events) {
    if (last && e.seq <= last.seq) continue;
    const prev = last?.state ?? emptyHistoryState();
    last = { seq: e.seq, at: e.at, label: historyStepLabel(prev, e), event: e, state: applyHistoryEvent(prev, e) };
    steps.push(last);
    added.push(e);
  }
  return added.length ? { steps, base: t.base, events: [...t.events, ...added] } : t;
}

/** The step a link names (`?at_seq=` or `?at=`): the last one at or before it (the first when it is before them all). */
export function stepFor(steps: readonly HistoryStep[], where: { atSeq?: number; at?: string }): number {
  if (!steps.length) return 0;
  const time = where.at !== undefined ? Date.parse(where.at) : NaN;
  let found = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const ok = where.atSeq !== undefined ? s.seq <= where.atSeq : !Number.isNaN(time) && s.at !== null && Date.parse(s.at) <= time;
    if (ok) found = i;
    else break;
  }
  return found;
}

/** What "Export timeline as JSON" downloads: the events as the viewer may read them, with the compacted start. */
export function timelineExport(t: Timeline, noteable: { type: 'Issue' | 'Epic'; stream_path: string; iid: number }) {
  return { noteable, exported_at: new Date().toISOString(), base: t.base, events: t.events };
}
