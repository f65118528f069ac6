import { describe, expect, it } from 'vitest';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { EventSequencer } from './eventSequencer';

const ev = (seq: number): AnyRealtimeEvent =>
  ({ type: 'issue.updated', seq, issue: { id: 1, iid: 1, project_path: 'g/p' }, payload: { fields: { lock_version: seq, updated_at: '' } }, actor: null, at: '' }) as AnyRealtimeEvent;

describe('EventSequencer', () => {
  it('applies in order and drops duplicates', () => {
    const applied: number[] = [];
    const s = new EventSequencer(0, (e) => applied.push(e.seq), () => {});
    for (const n of [1, 2, 2, 1, 3]) s.push(ev(n));
    expect(applied).toEqual([1, 2, 3]);
    expect(s.seq).toBe(3);
  });

  it('holds events behind a gap, asks for replay once per arrival, then drains in order', () => {
    const applied: number[] = [];
    const gaps: number[] = [];
    const s = new EventSequencer(5, (e) => applied.push(e.seq), (after) => gaps.push(after));
    s.push(ev(8));
    s.push(ev(7));
    expect(applied).toEqual([]);
    expect(gaps).toEqual([5, 5]);
    expect(s.waiting).toBe(true);
    s.push(ev(6)); // the replay fills the gap
    expect(applied).toEqual([6, 7, 8]);
    expect(s.waiting).toBe(false);
  });

  it('reset jumps past what a refetch already covers', () => {
    const applied: number[] = [];
    const s = new EventSequencer(1, (e) => applied.push(e.seq), () => {});
    s.push(ev(10));
    s.push(ev(11));
    s.reset(10);
    expect(applied).toEqual([11]);
    expect(s.seq).toBe(11);
  });

  it('an event with prev follows what we have: the seqs in between were withheld, nothing is asked for', () => {
    const applied: number[] = [];
    const gaps: number[] = [];
    const s = new EventSequencer(5, (e) => applied.push(e.seq), (after) => gaps.push(after));
    s.push({ ...ev(8), prev: 5 });
    s.push(ev(9));
    expect(applied).toEqual([8, 9]);
    expect(gaps).toEqual([]);
    // a prev beyond what we have is a real gap
    s.push({ ...ev(12), prev: 10 });
    expect(applied).toEqual([8, 9]);
    expect(gaps).toEqual([9]);
  });

  it('caughtUp applies what is held up to the acked seq in order, then continues from it', () => {
    const applied: number[] = [];
    const s = new EventSequencer(1, (e) => applied.push(e.seq), () => {});
    s.push(ev(4));
    s.push(ev(3));
    s.caughtUp(5); // 2 and 5 were withheld from us
    expect(applied).toEqual([3, 4]);
    expect(s.seq).toBe(5);
    expect(s.waiting).toBe(false);
    s.push(ev(6));
    expect(applied).toEqual([3, 4, 6]);
  });
});
