import { applyHistoryEvent, emptyHistoryState, historyStepLabel, type AnyRealtimeEvent, type HistoryNote, type HistorySnapshotPage, type HistoryState, type UserBasic } from '@tandem/shared-types';

/** One position of the scrubber: the page after `event` (a loaded stretch may start with the state before it, with no event). */
export interface HistoryStep {
  seq: number;
  at: string | null;
  /** "bob added ~bug at 14:02:11"; null for the state a loaded stretch starts from. */
  label: string | null;
  event: AnyRealtimeEvent | null;
  state: HistoryState;
}

/**
 * The stretch of a history loaded so far: it opens at any moment (a snapshot page: the state
 * before it and the events after) and grows both ways, earlier pages in front, later and live
 * events behind. Every step's state is computed once, each from the one before (states share
 * what did not change), so moving to any loaded step is a lookup.
 */
export interface Timeline {
  steps: HistoryStep[];
  /** Where the history starts: 0 (the noteable's creation) or the seq its pruned prefix was compacted at. */
  startSeq: number;
  /** The seq of the state the loaded stretch starts from (startSeq when nothing earlier is left to load). */
  loadedFrom: number;
  /** The compacted state the history starts from, once loaded (null: the log starts at the creation). */
  base: HistoryState | null;
  /** The events loaded, in seq order. */
  events: AnyRealtimeEvent[];
}

/** Steps for `events` after `from` (those at or before `from.seq` skipped). */
function stepsAfter(from: HistoryState, events: readonly AnyRealtimeEvent[]): HistoryStep[] {
  const steps: HistoryStep[] = [];
  let prev = from;
  for (const e of events) {
    if (e.seq <= prev.seq) continue;
    const state = applyHistoryEvent(prev, e);
    steps.push({ seq: e.seq, at: e.at, label: historyStepLabel(prev, e), event: e, state });
    prev = state;
  }
  return steps;
}

const startStep = (s: HistoryState): HistoryStep[] => (s.seq > 0 ? [{ seq: s.seq, at: s.at, label: null, event: null, state: s }] : []);

/** The timeline a snapshot page opens (its state before the events is the first step, unless it is the empty start). */
export function timelineFromSnapshot(page: HistorySnapshotPage): Timeline {
  const base = { ...page.base };
  const atStart = base.seq <= page.start_seq;
  return {
    steps: [...startStep(base), ...stepsAfter(base, page.events)],
    startSeq: page.start_seq,
    loadedFrom: base.seq,
    base: atStart && page.start_seq > 0 ? base : null,
    events: page.events.filter((e) => e.seq > base.seq),
  };
}

const sameUser = (a: UserBasic | null, b: UserBasic | null) => a === b || (a !== null && b !== null && a.id === b.id && a.username === b.username && a.name === b.name);

/** Two notes that render the same (a page parsed apart from another holds equal notes as other objects). */
function sameNote(a: HistoryNote, b: HistoryNote): boolean {
  return (
    a.id === b.id && a.body === b.body && a.note_html === b.note_html && a.updated_at === b.updated_at && a.created_at === b.created_at && a.discussion_id === b.discussion_id &&
    a.system === b.system && a.internal === b.internal && a.resolvable === b.resolvable && a.resolved === b.resolved && sameUser(a.author, b.author) && sameUser(a.resolved_by, b.resolved_by)
  );
}

/**
 * `base` (an earlier page's start, parsed from its own answer) with the notes it holds as
 * `later` holds them taken from `later`: the same objects on both sides of the seam, so a step or
 * jump across it skips the rows of the notes it did not change (memoised by object), and the
 * whole list when none changed.
 */
export function sharingNotes(base: HistoryState, later: HistoryState): HistoryState {
  const known = new Map(later.notes.map((n) => [n.id, n]));
  let changed = false;
  const notes = base.notes.map((n) => {
    const k = known.get(n.id);
    if (k && sameNote(k, n)) return k;
    changed = true;
    return n;
  });
  const all = !changed && notes.length === later.notes.length && notes.every((n, i) => n === later.notes[i]);
  return { ...base, notes: all ? later.notes : notes };
}

/**
 * The timeline with an earlier page in front (its events end where the timeline's stretch
 * starts: the state that stretch started from is now the last step of the page), and how far
 * the steps already there moved (a position on them adds it).
 */
export function prependPage(t: Timeline, page: HistorySnapshotPage): { timeline: Timeline; shift: number } {
  if (page.base.seq >= t.loadedFrom) return { timeline: t, shift: 0 };
  const events = page.events.filter((e) => e.seq > page.base.seq && e.seq <= t.loadedFrom);
  const later = t.steps[0]?.state;
  const base = later ? sharingNotes(page.base, later) : page.base;
  const before = [...startStep(base), ...stepsAfter(base, events)];
  const hadStart = t.steps[0]?.event === null;
  const rest = hadStart ? t.steps.slice(1) : t.steps;
  // The old first step's successor is labelled against the new states: its previous is unchanged in content
  const steps = [...before, ...rest];
  const atStart = page.base.seq <= t.startSeq;
  return {
    timeline: { steps, startSeq: t.startSeq, loadedFrom: base.seq, base: atStart && t.startSeq > 0 ? base : null, events: [...events, ...t.events] },
    shift: before.length - (hadStart ? 1 : 0),
  };
}

/** The timeline with later or live events appended (those at or before its last seq are already in it). */
export function extendTimeline(t: Timeline, events: readonly AnyRealtimeEvent[]): Timeline {
  const last = t.steps[t.steps.length - 1];
  const added = stepsAfter(last?.state ?? emptyHistoryState(), events);
  if (!added.length) return t;
  const seqs = new Set(added.map((s) => s.seq));
  return { ...t, steps: [...t.steps, ...added], events: [...t.events, ...events.filter((e) => seqs.has(e.seq))] };
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
export function timelineExport(t: Timeline, noteable: { type: 'Issue' | 'Epic' | 'MergeRequest'; stream_path: string; iid: number }) {
  return { noteable, exported_at: new Date().toISOString(), base: t.base, events: t.events };
}
