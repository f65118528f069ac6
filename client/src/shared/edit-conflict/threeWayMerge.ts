import { diffArrays } from 'diff';

/** A run of lines both sides agree on after the merge. */
export interface MergedChunk {
  kind: 'merged';
  lines: string[];
}

/** Lines both sides changed differently: the user chooses. */
export interface ConflictChunk {
  kind: 'conflict';
  base: string[];
  mine: string[];
  theirs: string[];
}

export type MergeChunk = MergedChunk | ConflictChunk;

export interface MergeResult {
  /** True when the two edits do not overlap: `text` holds both. */
  clean: boolean;
  /** The merged text (with the user's side in each conflict when not clean). */
  text: string;
  chunks: MergeChunk[];
}

/** One side's change of the base: base lines [start, end) become `lines`. */
interface Hunk {
  side: 'mine' | 'theirs';
  start: number;
  end: number;
  lines: string[];
}

function hunksOf(base: string[], other: string[], side: Hunk['side']): Hunk[] {
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const part of diffArrays(base, other)) {
    if (!part.added && !part.removed) {
      if (open) hunks.push(open);
      open = null;
      at += part.value.length;
      continue;
    }
    open ??= { side, start: at, end: at, lines: [] };
    if (part.removed) {
      at += part.value.length;
      open.end = at;
    } else open.lines.push(...part.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

/** A side's version of base[start, end), its hunks (all inside that range) applied. */
function applyHunks(base: string[], start: number, end: number, hunks: Hunk[]): string[] {
  const out: string[] = [];
  let at = start;
  for (const h of hunks) {
    out.push(...base.slice(at, h.start), ...h.lines);
    at = h.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((l, i) => l === b[i]);

/**
 * diff3-style three-way merge by lines. `base` is the text the user started editing, `mine`
 * their edit, `theirs` the text saved meanwhile. Changes of one side only are taken; changes
 * of both sides that overlap or touch (as git decides) are a conflict unless identical. Pure.
 */
export function threeWayMerge(base: string, mine: string, theirs: string): MergeResult {
  const b = base.split('\n');
  const hunks = [...hunksOf(b, mine.split('\n'), 'mine'), ...hunksOf(b, theirs.split('\n'), 'theirs')].sort((x, y) => x.start - y.start || x.end - y.end);
  const chunks: MergeChunk[] = [];
  const push = (lines: string[]) => {
    if (!lines.length) return;
    const last = chunks[chunks.length - 1];
    if (last?.kind === 'merged') last.lines.push(...lines);
    else chunks.push({ kind: 'merged', lines: [...lines] });
  };
  let at = 0;
  for (let i = 0; i < hunks.length; ) {
    // A group: hunks that overlap or touch the group's base range
    const group = [hunks[i]!];
    let start = hunks[i]!.start;
    let end = hunks[i]!.end;
    for (i++; i < hunks.length && hunks[i]!.start <= end; i++) {
      group.push(hunks[i]!);
      end = Math.max(end, hunks[i]!.end);
    }
    start = Math.min(start, ...group.map((h) => h.start));
    push(b.slice(at, start));
    const mineHunks = group.filter((h) => h.side === 'mine');
    const theirHunks = group.filter((h) => h.side === 'theirs');
    const mineLines = applyHunks(b, start, end, mineHunks);
    const theirLines = applyHunks(b, start, end, theirHunks);
    if (!theirHunks.length) push(mineLines);
    else if (!mineHunks.length || same(mineLines, theirLines)) push(theirLines);
    else chunks.push({ kind: 'conflict', base: b.slice(start, end), mine: mineLines, theirs: theirLines });
    at = end;
  }
  push(b.slice(at));
  const clean = chunks.every((c) => c.kind === 'merged');
  const text = chunks.flatMap((c) => (c.kind === 'merged' ? c.lines : c.mine)).join('\n');
  return { clean, text, chunks };
}
