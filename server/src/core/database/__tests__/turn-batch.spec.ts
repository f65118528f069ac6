import { describe, expect, it } from 'vitest';
import { TurnBatch } from '../turn-batch';

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('TurnBatch', () => {
  it('reads the requests of one turn together, at most `max` at a time, each answered in order', async () => {
    const reads: number[][] = [];
    const batch = new TurnBatch<number, string>(3, async (part) => {
      reads.push([...part]);
      return part.map((n) => `n${n}`);
    });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => batch.ask(n)));
    expect(answers).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(reads).toEqual([[1, 2, 3], [4, 5]]);
    // A later turn is read on its own
    expect(await batch.ask(6)).toBe('n6');
    expect(reads).toEqual([[1, 2, 3], [4, 5], [6]]);
  });

  it('does not wait past the turn, and fails only the requests of a read that failed', async () => {
    const batch = new TurnBatch<number, number>(2, async (part) => {
      if (part.includes(3)) throw new Error('read failed');
      return part.map((n) => n * 10);
    });
    const first = batch.ask(1);
    let settled = false;
    void first.then(() => (settled = true));
    await nextTurn();
    await nextTurn();
    expect(settled).toBe(true);
    const out = await Promise.allSettled([1, 2, 3, 4].map((n) => batch.ask(n)));
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect((out[0] as PromiseFulfilledResult<number>).value).toBe(10);
  });
});
