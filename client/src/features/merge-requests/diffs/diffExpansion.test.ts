import { describe, expect, it } from 'vitest';
import type { ApiDiffLine } from '@tandem/shared-types';
import { gapAt, rangeFor, withExpanded } from './diffExpansion';

const ctx = (o: number, n: number): ApiDiffLine => ({ type: 'context', old_line: o, new_line: n, line_code: `h_${o}_${n}`, rich_text: `L${n}` });
const header = (o: number, n: number): ApiDiffLine => ({ type: 'match', old_line: null, new_line: null, line_code: null, rich_text: `@@ -${o} +${n} @@`, meta_data: { old_pos: o, new_pos: n } });
const LINES: ApiDiffLine[] = [
  header(5, 5), ctx(5, 5), { type: 'old', old_line: 6, new_line: null, line_code: 'h_6_6', rich_text: 'x' }, { type: 'new', old_line: null, new_line: 6, line_code: 'h_7_6', rich_text: 'y' }, ctx(7, 7),
  header(38, 40), ctx(38, 40),
];

describe('context expansion', () => {
  it('finds the lines hidden at a hunk header: from the file start, and between hunks with their offset', () => {
    expect(gapAt(LINES, 0)).toEqual({ since: 1, to: 4, offset: 0 });
    expect(gapAt(LINES, 5)).toEqual({ since: 8, to: 39, offset: 2 });
    expect(gapAt(LINES, 1)).toBeNull();
    // A hunk that starts at line 1 hides nothing; a new file neither
    expect(gapAt([header(1, 1), ctx(1, 1)], 0)).toBeNull();
    expect(gapAt([header(0, 1)], 0)).toBeNull();
  });

  it('asks for 20 lines at the side asked, or all of a short gap', () => {
    const gap = { since: 8, to: 39, offset: 2 };
    expect(rangeFor(gap, 'up')).toEqual({ since: 20, to: 39 });
    expect(rangeFor(gap, 'down')).toEqual({ since: 8, to: 27 });
    expect(rangeFor(gap, 'all')).toEqual({ since: 8, to: 39 });
    expect(rangeFor({ since: 1, to: 4, offset: 0 }, 'up')).toEqual({ since: 1, to: 4 });
  });

  it('puts the lines in the gap and keeps the header where lines are still hidden, so the next expansion continues', () => {
    const gap = gapAt(LINES, 5)!;
    const fetched = (since: number, to: number) => Array.from({ length: to - since + 1 }, (_, i) => ctx(since + i - 2, since + i));
    // Down: below the previous hunk, the header stays under them
    const down = withExpanded(LINES, 5, fetched(8, 27), { since: 8, to: 27 }, gap);
    expect(down.slice(5, 8).map((l) => l.new_line)).toEqual([8, 9, 10]);
    expect(down[25]).toMatchObject({ type: 'match', meta_data: { old_pos: 38, new_pos: 40 } });
    expect(down[5]!.expanded).toBe(true);
    expect(gapAt(down, 25)).toEqual({ since: 28, to: 39, offset: 2 });
    // Up: above the next hunk, the header stays above them, its hunk now starting at them
    const up = withExpanded(LINES, 5, fetched(20, 39), { since: 20, to: 39 }, gap);
    expect(up[5]).toMatchObject({ type: 'match', meta_data: { old_pos: 18, new_pos: 20 } });
    expect(gapAt(up, 5)).toEqual({ since: 8, to: 19, offset: 2 });
    // All: the header goes
    const all = withExpanded(LINES, 5, fetched(8, 39), { since: 8, to: 39 }, gap);
    expect(all.filter((l) => l.type === 'match')).toHaveLength(1);
    expect(all.map((l) => l.new_line).filter((n) => n !== null)).toEqual([5, 6, 7, ...Array.from({ length: 32 }, (_, i) => 8 + i), 40]);
  });

  it("counts GitLab's chunks again: lines shown under a header that stays are a chunk apart from the hunk below it; a closed gap joins the two hunks into one", () => {
    const gap = gapAt(LINES, 5)!;
    const fetched = (since: number, to: number) => Array.from({ length: to - since + 1 }, (_, i) => ctx(since + i - 2, since + i));
    const down = withExpanded(LINES, 5, fetched(8, 27), { since: 8, to: 27 }, gap);
    expect([down[1]!.chunk, down[5]!.chunk, down[25]!.chunk, down[26]!.chunk]).toEqual([1, 1, 1, 2]);
    const all = withExpanded(LINES, 5, fetched(8, 39), { since: 8, to: 39 }, gap);
    expect(new Set(all.slice(1).map((l) => l.chunk))).toEqual(new Set([1]));
  });
});
