import { describe, expect, it } from 'vitest';
import { emptyHistoryState, replayHistory, type AnyRealtimeEvent, type HistorySnapshotPage, type HistoryState } from '@tandem/shared-types';
import { historyLinkFromSearch } from './historyLink';
import { extendTimeline, prependPage, stepFor, timelineFromSnapshot } from './historyTimeline';

const actor = { id: 1, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '' };
const ev = (seq: number, fields: Record<string, unknown>, at: string): AnyRealtimeEvent =>
  ({ type: seq === 1 ? 'issue.created' : 'issue.updated', seq, issue: { id: 1, iid: 1, project_path: 'acme/tandem' }, payload: { fields: { lock_version: seq, updated_at: at, ...fields } }, actor, at }) as AnyRealtimeEvent;
/** A snapshot page as the server answers it: the state after `from` replayed from `all`, then the events after it. */
const snapshot = (all: AnyRealtimeEvent[], from: number, until = Infinity, start: HistoryState | null = null): HistorySnapshotPage => {
  const base = replayHistory(
    all.filter((e) => e.seq <= from && e.seq > (start?.seq ?? 0)),
    start ?? emptyHistoryState(),
  );
  const events = all.filter((e) => e.seq > from && e.seq <= until);
  return { head_seq: all.at(-1)!.seq, start_seq: start?.seq ?? 0, base, events, next_after_seq: null };
};

describe('the scrubber timeline', () => {
  const events = [ev(1, { title: 'A' }, '2026-11-27T14:00:00.000Z'), ev(2, { title: 'B' }, '2026-11-27T14:02:00.000Z'), ev(4, { state: 'closed' }, '2026-11-27T14:05:00.000Z')];

  it('has one step per event, each with the page as it left it and who did what', () => {
    const t = timelineFromSnapshot(snapshot(events, 0));
    expect(t.steps.map((s) => [s.seq, s.state.fields.title, s.state.fields.state ?? 'opened'])).toEqual([
      [1, 'A', 'opened'],
      [2, 'B', 'opened'],
      [4, 'B', 'closed'],
    ]);
    expect(t.steps[2]!.label).toBe('bob closed at 14:05:00');
    expect(t.loadedFrom).toBe(0);
  });

  it('starts at the compacted base when the log was pruned', () => {
    const base = { seq: 10, at: '2026-11-27T13:00:00.000Z', fields: { title: 'Old' }, labels: [], assignees: [], epic: undefined, notes: [], deleted: false };
    const t = timelineFromSnapshot(snapshot([ev(11, { title: 'New' }, '2026-11-27T14:00:00.000Z')], 10, Infinity, base));
    expect(t.base).toEqual(base);
    expect(t.steps.map((s) => [s.seq, s.label, s.state.fields.title])).toEqual([
      [10, null, 'Old'],
      [11, 'bob changed the title at 14:00:00', 'New'],
    ]);
  });

  it('opens in the middle and takes earlier pages in front: the same steps as loading from the start, the position on the same step', () => {
    const many = Array.from({ length: 9 }, (_, k) => ev(k + 1, { title: `T${k + 1}` }, `2026-11-27T14:0${k}:00.000Z`));
    const whole = timelineFromSnapshot(snapshot(many, 0));
    let t = timelineFromSnapshot(snapshot(many, 6));
    expect(t.steps.map((s) => [s.seq, s.label])).toEqual([
      [6, null],
      [7, 'bob changed the title at 14:06:00'],
      [8, 'bob changed the title at 14:07:00'],
      [9, 'bob changed the title at 14:08:00'],
    ]);
    let pos = 0; // on the state the stretch starts from
    for (const [from, until] of [
      [3, 6],
      [0, 3],
    ] as const) {
      const r = prependPage(t, snapshot(many, from, until));
      t = r.timeline;
      pos += r.shift;
      expect(t.steps[pos]!.seq).toBe(6);
    }
    expect(t.loadedFrom).toBe(0);
    expect(t.steps.map((s) => [s.seq, s.label, s.state.fields.title])).toEqual(whole.steps.map((s) => [s.seq, s.label, s.state.fields.title]));
    expect(t.events.map((e) => e.seq)).toEqual(many.map((e) => e.seq));
    // A page already in front changes nothing
    expect(prependPage(t, snapshot(many, 0, 3)).shift).toBe(0);
  });

  it('shares the notes a page seam did not change: a jump across it finds the same note objects (their rows skip rendering)', () => {
    const at = (m: number) => `2026-11-27T14:${String(m).padStart(2, '0')}:00.000Z`;
    const note = (seq: number, type: 'note.created' | 'note.updated', id: number, body: string): AnyRealtimeEvent =>
      ({ type, seq, issue: { id: 1, iid: 1, project_path: 'acme/tandem' }, payload: { note: { id, discussion_id: `d${id}`, body, note: body, note_html: `<p>${body}</p>`, author: actor, created_at: at(seq), updated_at: at(seq), system: false, internal: false, resolvable: true, resolved: false, resolved_by: null } }, actor, at: at(seq) }) as unknown as AnyRealtimeEvent;
    const log = [ev(1, { title: 'A' }, at(1)), note(2, 'note.created', 11, 'first'), note(3, 'note.created', 12, 'second'), ev(4, { title: 'B' }, at(4)), note(5, 'note.updated', 12, 'second, edited'), ev(6, { title: 'C' }, at(6)), ev(7, { title: 'D' }, at(7))];
    // Each page as parsed from its own answer
    const page = (from: number, until = Infinity) => structuredClone(snapshot(log, from, until));
    const later = timelineFromSnapshot(page(5));
    const { timeline: t } = prependPage(later, page(3, 5));
    const at4 = t.steps.find((s) => s.seq === 4)!.state.notes;
    const at6 = t.steps.find((s) => s.seq === 6)!.state.notes;
    expect(at4.map((n) => n.body)).toEqual(['first', 'second']);
    expect(at6.map((n) => n.body)).toEqual(['first', 'second, edited']);
    expect(at4[0]).toBe(at6[0]);
    expect(at4[1]).not.toBe(at6[1]);
    // A seam no note changed across: the very list
    const unchanged = prependPage(timelineFromSnapshot(page(6)), page(5, 6)).timeline;
    expect(unchanged.steps.map((s) => s.seq)).toEqual([5, 6, 7]);
    expect(unchanged.steps[0]!.state.notes).toBe(unchanged.steps[2]!.state.notes);
  });

  it('grows with live events it does not have, and ignores those it has', () => {
    const t = timelineFromSnapshot(snapshot(events, 0));
    const same = extendTimeline(t, [events[1]!]);
    expect(same).toBe(t);
    const grown = extendTimeline(t, [events[2]!, ev(5, { title: 'C' }, '2026-11-27T14:06:00.000Z')]);
    expect(grown.steps.map((s) => s.seq)).toEqual([1, 2, 4, 5]);
    expect(grown.events).toHaveLength(4);
    expect(t.steps).toHaveLength(3);
  });

  it('finds the step a link names: the last one at or before it', () => {
    const steps = timelineFromSnapshot(snapshot(events, 0)).steps;
    expect(stepFor(steps, { atSeq: 3 })).toBe(1);
    expect(stepFor(steps, { atSeq: 4 })).toBe(2);
    expect(stepFor(steps, { at: '2026-11-27T14:03:00Z' })).toBe(1);
    expect(stepFor(steps, { at: '2026-11-27T13:00:00Z' })).toBe(0);
  });

  it('reads ?at_seq= and ?at= from the address, and nothing else', () => {
    expect(historyLinkFromSearch('?at_seq=12')).toEqual({ atSeq: 12 });
    expect(historyLinkFromSearch('?at=2026-11-27T14:02:00Z')).toEqual({ at: '2026-11-27T14:02:00Z' });
    expect(historyLinkFromSearch('?at_seq=-1')).toBeNull();
    expect(historyLinkFromSearch('?at=yesterday')).toBeNull();
    expect(historyLinkFromSearch('')).toBeNull();
  });
});
