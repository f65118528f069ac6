import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { batchGate } from './eventBatch';

const ev = (seq: number, batch?: { index: number; size: number }) =>
  ({ type: 'note.created', seq, issue: { project_path: 'a/b/-/merge_requests', iid: 1 }, actor: null, at: '', payload: { note: { id: String(seq) }, ...(batch ? { batch } : {}) } }) as unknown as AnyRealtimeEvent;

describe('batchGate', () => {
  afterEach(() => vi.useRealTimers());

  it('holds a review\'s events until its last one, then applies them together in order', () => {
    const applied: number[][] = [];
    let run: number[] = [];
    const gate = batchGate((e) => run.push(e.seq));
    const tick = () => {
      applied.push(run);
      run = [];
    };
    gate(ev(1));
    tick();
    gate(ev(2, { index: 1, size: 3 }));
    tick();
    gate(ev(3, { index: 2, size: 3 }));
    tick();
    gate(ev(4, { index: 3, size: 3 }));
    tick();
    expect(applied).toEqual([[1], [], [], [2, 3, 4]]);
  });

  it('applies what it holds when an event outside the batch comes, or after the wait', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const gate = batchGate((e) => seen.push(e.seq), 100);
    gate(ev(1, { index: 1, size: 3 }));
    gate(ev(2));
    expect(seen).toEqual([1, 2]);
    gate(ev(3, { index: 1, size: 2 }));
    expect(seen).toEqual([1, 2]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('hands a whole batch to applyMany in one call, and a lone event to apply', () => {
    const calls: number[][] = [];
    const gate = batchGate((e) => calls.push([e.seq]), 100, (es) => calls.push(es.map((e) => e.seq)));
    gate(ev(1));
    gate(ev(2, { index: 1, size: 3 }));
    gate(ev(3, { index: 2, size: 3 }));
    expect(calls).toEqual([[1]]);
    gate(ev(4, { index: 3, size: 3 }));
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });
});
