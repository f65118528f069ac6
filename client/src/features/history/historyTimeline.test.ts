import { describe, expect, it } from 'vitest';
import type { AnyRealtimeEvent, HistoryPage } from '@tandem/shared-types';
import { historyLinkFromSearch } from './historyLink';
import { extendTimeline, stepFor, timelineOf } from './historyTimeline';

const actor = { id: 1, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '' };
const ev = (seq: number, fields: Record<string, unknown>, at: string): AnyRealtimeEvent =>
  ({ type: seq === 1 ? 'issue.created' : 'issue.updated', seq, issue: { id: 1, iid: 1, project_path: 'acme/tandem' }, payload: { fields: { lock_version: seq, updated_at: at, ...fields } }, actor, at }) as AnyRealtimeEvent;
const page = (events: AnyRealtimeEvent[], base: HistoryPage['base'] = null): HistoryPage => ({ head_seq: events.at(-1)?.seq ?? 0, base, events, next_after_seq: null });

describe('the scrubber timeline', () => {
  const events = [ev(1, { title: 'A' }, '2026-11-27T14:00:00.000Z'), ev(2, { title: 'B' }, '2026-11-27T14:02:00.000Z'), ev(4, { state: 'closed' }, '2026-11-27T14:05:00.000Z')];

  it('has one step per event, each with the page as it left it and who did what', () => {
    const t = timelineOf([page(events)]);
    expect(t.steps.map((s) => [s.seq, s.state.fields.title, s.state.fields.state ?? 'opened'])).toEqual([
      [1, 'A', 'opened'],
      [2, 'B', 'opened'],
      [4, 'B', 'closed'],
    ]);
    expect(t.steps[2]!.label).toBe('bob closed at 14:05:00');
  });

  it('starts at the compacted base when the log was pruned', () => {
    const base = { seq: 10, at: '2026-11-27T13:00:00.000Z', fields: { title: 'Old' }, labels: [], assignees: [], epic: undefined, notes: [], deleted: false };
    const t = timelineOf([page([ev(11, { title: 'New' }, '2026-11-27T14:00:00.000Z')], base)]);
    expect(t.steps.map((s) => [s.seq, s.label, s.state.fields.title])).toEqual([
      [10, null, 'Old'],
      [11, 'bob changed the title at 14:00:00', 'New'],
    ]);
  });

  it('grows with live events it does not have, and ignores those it has', () => {
    const t = timelineOf([page(events)]);
    const same = extendTimeline(t, [events[1]!]);
    expect(same).toBe(t);
    const grown = extendTimeline(t, [events[2]!, ev(5, { title: 'C' }, '2026-11-27T14:06:00.000Z')]);
    expect(grown.steps.map((s) => s.seq)).toEqual([1, 2, 4, 5]);
    expect(grown.events).toHaveLength(4);
    expect(t.steps).toHaveLength(3);
  });

  it('finds the step a link names: the last one at or before it', () => {
    const steps = timelineOf([page(events)]).steps;
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
