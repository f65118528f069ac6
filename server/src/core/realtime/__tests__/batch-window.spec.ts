import { describe, expect, it } from 'vitest';
import { BatchWindow, oneByOne, type BatchResult } from '../batch-window';

/** A batch runner that records what it was asked: doubles numbers, fails negative ones. */
function recorder() {
  const runs: number[][] = [];
  const run = async (items: number[]): Promise<Array<BatchResult<number>>> => {
    runs.push(items);
    return items.map((n) => (n < 0 ? { ok: false, error: new Error(`negative ${n}`) } : { ok: true, value: n * 2 }));
  };
  return { runs, run };
}

describe('BatchWindow', () => {
  it('answers every request of one window from one run, the same key once', async () => {
    const { runs, run } = recorder();
    const w = new BatchWindow(run, (n: number) => String(n), { windowMs: 5, max: 100 });
    const answers = await Promise.all([w.load(1), w.load(2), w.load(1), w.load(3)]);
    expect(answers).toEqual([2, 4, 2, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(w.batches).toBe(1);
  });

  it('fails only the item that failed', async () => {
    const { run } = recorder();
    const w = new BatchWindow(run, (n: number) => String(n), { windowMs: 5, max: 100 });
    const [a, b] = await Promise.allSettled([w.load(4), w.load(-1)]);
    expect(a).toEqual({ status: 'fulfilled', value: 8 });
    expect(b.status).toBe('rejected');
    expect((b as PromiseRejectedResult).reason.message).toBe('negative -1');
  });

  it('sends a full window at once and starts the next', async () => {
    const { runs, run } = recorder();
    const w = new BatchWindow(run, (n: number) => String(n), { windowMs: 1000, max: 2 });
    const t0 = Date.now();
    expect(await Promise.all([w.load(1), w.load(2)])).toEqual([2, 4]);
    // a full window does not wait for its timer
    expect(Date.now() - t0).toBeLessThan(900);
    const late = w.load(3);
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toEqual([[1, 2]]);
    w.load(4).catch(() => undefined);
    expect(await late).toBe(6);
    expect(runs).toEqual([[1, 2], [3, 4]]);
  });

  it('rejects every waiter when the run itself fails', async () => {
    const w = new BatchWindow<number, number>(() => Promise.reject(new Error('database gone')), String, { windowMs: 1, max: 10 });
    await expect(Promise.all([w.load(1), w.load(2)])).rejects.toThrow('database gone');
  });

  it('oneByOne keeps each item’s own error', async () => {
    const out = await oneByOne([1, -2], async (n) => {
      if (n < 0) throw new Error('no');
      return n;
    });
    expect(out[0]).toEqual({ ok: true, value: 1 });
    expect(out[1]!.ok).toBe(false);
  });
});
