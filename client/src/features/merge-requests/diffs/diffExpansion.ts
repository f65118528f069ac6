import { DIFF_CONSTANTS, withChunks, type ApiDiffLine, type DiffGap } from '@tandem/shared-types';

export { gapAt, type DiffGap } from '@tandem/shared-types';

/** Context expansion: the lines just above the next hunk, just below the previous one, or all of them. */
export type ExpandDirection = 'up' | 'down' | 'all';

/** Which lines one expansion asks for: all of a short gap, else `count` at the side asked. */
export function rangeFor(gap: DiffGap, dir: ExpandDirection, count: number = DIFF_CONSTANTS.unfoldCount): { since: number; to: number } {
  if (dir === 'all' || gap.to - gap.since + 1 <= count) return { since: gap.since, to: gap.to };
  return dir === 'up' ? { since: gap.to - count + 1, to: gap.to } : { since: gap.since, to: gap.since + count - 1 };
}

/**
 * The lines with `fetched` shown in the gap at `index`: the hunk header stays where lines are
 * still hidden (above the fetched ones, its hunk now starting at them; or below them), and goes
 * once the gap is closed. Fetched lines are marked `expanded`. Chunks are counted again (GitLab
 * counts them on every render): a closed gap joins the hunks on each side into one.
 */
export function withExpanded(lines: readonly ApiDiffLine[], index: number, fetched: readonly ApiDiffLine[], range: { since: number; to: number }, gap: DiffGap): ApiDiffLine[] {
  const m = lines[index]!;
  const mid: ApiDiffLine[] = [];
  if (range.since > gap.since) mid.push({ ...m, meta_data: { new_pos: range.since, old_pos: range.since - gap.offset } });
  mid.push(...fetched.map((l) => ({ ...l, expanded: true })));
  if (range.to < gap.to) mid.push(m);
  return withChunks([...lines.slice(0, index), ...mid, ...lines.slice(index + 1)]);
}
