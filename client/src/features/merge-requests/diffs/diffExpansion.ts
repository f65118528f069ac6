import { DIFF_CONSTANTS, type ApiDiffLine } from '@tandem/shared-types';

/** Context expansion: the lines just above the next hunk, just below the previous one, or all of them. */
export type ExpandDirection = 'up' | 'down' | 'all';

/** Unchanged lines hidden at a hunk header: new-side numbers `since`..`to`; old side = new - offset. */
export interface DiffGap {
  since: number;
  to: number;
  offset: number;
}

/**
 * The lines hidden at the hunk header `index`: after the last new-side line before it (or the
 * file's start) up to where the hunk it heads starts (its meta_data); null when none are hidden.
 */
export function gapAt(lines: readonly ApiDiffLine[], index: number): DiffGap | null {
  const m = lines[index];
  if (!m || m.type !== 'match' || !m.meta_data) return null;
  let prev = 0;
  for (let j = index - 1; j >= 0; j--) {
    const n = lines[j]!.new_line;
    if (n !== null) {
      prev = n;
      break;
    }
  }
  const since = prev + 1;
  const to = m.meta_data.new_pos - 1;
  return to >= since ? { since, to, offset: m.meta_data.new_pos - m.meta_data.old_pos } : null;
}

/** Which lines one expansion asks for: all of a short gap, else `count` at the side asked. */
export function rangeFor(gap: DiffGap, dir: ExpandDirection, count: number = DIFF_CONSTANTS.unfoldCount): { since: number; to: number } {
  if (dir === 'all' || gap.to - gap.since + 1 <= count) return { since: gap.since, to: gap.to };
  return dir === 'up' ? { since: gap.to - count + 1, to: gap.to } : { since: gap.since, to: gap.since + count - 1 };
}

/**
 * The lines with `fetched` shown in the gap at `index`: the hunk header stays where lines are
 * still hidden (above the fetched ones, its hunk now starting at them; or below them), and goes
 * once the gap is closed. Fetched lines are marked `expanded`.
 */
export function withExpanded(lines: readonly ApiDiffLine[], index: number, fetched: readonly ApiDiffLine[], range: { since: number; to: number }, gap: DiffGap): ApiDiffLine[] {
  const m = lines[index]!;
  const mid: ApiDiffLine[] = [];
  if (range.since > gap.since) mid.push({ ...m, meta_data: { new_pos: range.since, old_pos: range.since - gap.offset } });
  mid.push(...fetched.map((l) => ({ ...l, expanded: true })));
  if (range.to < gap.to) mid.push(m);
  return [...lines.slice(0, index), ...mid, ...lines.slice(index + 1)];
}
