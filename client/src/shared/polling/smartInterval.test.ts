import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmartInterval } from './smartInterval';

function fakeDoc() {
  const listeners: Array<() => void> = [];
  return {
    hidden: false,
    addEventListener: (_: string, l: () => void) => listeners.push(l),
    removeEventListener: () => undefined,
    setHidden(h: boolean) {
      this.hidden = h;
      for (const l of listeners) l();
    },
  };
}

describe('SmartInterval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grows by the factor up to the maximum while nothing is new, and starts over after news', async () => {
    const doc = fakeDoc();
    const news: boolean[] = [false, false, false, false, true, false];
    const at: number[] = [];
    const si = new SmartInterval({ tick: async () => { at.push(Date.now()); return news.shift() ?? false; }, startingMs: 1000, maxMs: 5000, factor: 2, hiddenMs: null, doc: doc as never });
    const t0 = Date.now();
    si.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 5000 + 5000 + 1000);
    // ticks at 1 s, then +2 s, +4 s, +5 s (the maximum), +5 s; that one had news: +1 s
    expect(at.map((t) => t - t0)).toEqual([1000, 3000, 7000, 12000, 17000, 18000]);
    expect(si.intervalMs).toBe(2000);
    si.stop();
  });

  it('uses the hidden interval while the page is hidden (or pauses without one), and ticks at once when shown', async () => {
    const doc = fakeDoc();
    let ticks = 0;
    const si = new SmartInterval({ tick: async () => (ticks++, false), startingMs: 1000, maxMs: 8000, factor: 2, hiddenMs: 30000, doc: doc as never });
    si.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ticks).toBe(1);
    doc.setHidden(true);
    await vi.advanceTimersByTimeAsync(29000);
    expect(ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ticks).toBe(2);
    doc.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(ticks).toBe(3);
    expect(si.intervalMs).toBe(2000);
    si.stop();

    const paused = fakeDoc();
    let n = 0;
    const p = new SmartInterval({ tick: async () => (n++, false), startingMs: 1000, maxMs: 8000, factor: 2, hiddenMs: null, doc: paused as never });
    p.start();
    paused.setHidden(true);
    await vi.advanceTimersByTimeAsync(60000);
    expect(n).toBe(0);
    p.stop();
  });
});
