import { runGit } from './run-git';
import type { DiffFile } from './types';

interface RawEntry {
  aMode: string;
  bMode: string;
  aSha: string;
  bSha: string;
  status: string;
  oldPath: string;
  newPath: string;
}

function parseRaw(out: string): RawEntry[] {
  const parts = out.split('\0');
  const rows: RawEntry[] = [];
  for (let i = 0; i < parts.length; ) {
    const head = parts[i++];
    if (!head || !head.startsWith(':')) continue;
    const [aMode, bMode, aSha, bSha, status] = head.slice(1).split(' ');
    const p1 = parts[i++]!;
    const st = status!;
    const p2 = st.startsWith('R') || st.startsWith('C') ? parts[i++]! : p1;
    rows.push({ aMode: aMode!, bMode: bMode!, aSha: aSha!, bSha: bSha!, status: st, oldPath: p1, newPath: p2 });
  }
  return rows;
}

interface NumstatRow {
  add: number;
  del: number;
  binary: boolean;
  /** The new path (numstat -z writes paths unquoted). */
  path: string;
}

function parseNumstat(out: string): NumstatRow[] {
  const parts = out.split('\0');
  const rows: NumstatRow[] = [];
  for (let i = 0; i < parts.length; ) {
    const head = parts[i++];
    if (!head) continue;
    const [a, d, p] = head.split('\t');
    let path = p ?? '';
    if (p === '') {
      i += 1; // a rename: old and new path follow as their own fields
      path = parts[i++] ?? '';
    }
    const binary = a === '-' && d === '-';
    rows.push({ add: binary ? 0 : Number(a), del: binary ? 0 : Number(d), binary, path });
  }
  return rows;
}

/** Splits a whole `git diff` patch at its `diff --git` lines (a content line never starts that way). */
function splitPatch(patch: string): string[] {
  const chunks: string[] = [];
  let cur: string[] | null = null;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      if (cur) chunks.push(cur.join('\n'));
      cur = [];
      continue;
    }
    cur?.push(line);
  }
  if (cur) chunks.push(cur.join('\n'));
  return chunks.map((c) => {
    const at = c.search(/^@@/m);
    return at < 0 ? '' : c.slice(at).replace(/\n$/, '') + '\n';
  });
}

export interface DiffOptions {
  /** `git diff -w` (GitLab's "Hide whitespace changes"): whitespace-only files stay listed with no lines. */
  ignoreWhitespace?: boolean;
  /** Caps the list (GitLab caps diffs too). */
  maxFiles?: number;
}

/**
 * The changes from `from` to `to` (commits or trees), with rename detection (`-M`): one
 * entry per file, in git's order. numstat and the patch list the same files in the same
 * order (with -w, whitespace-only files drop out of both), matched to --raw by new path.
 */
export async function diffBetween(gitDir: string, from: string, to: string, opts: DiffOptions = {}): Promise<DiffFile[]> {
  const base = ['diff', '--no-color', '--no-ext-diff', '-M', '--full-index'];
  const content = opts.ignoreWhitespace ? [...base, '-w'] : base;
  const [raw, num, patch] = await Promise.all([
    runGit(gitDir, [...base, '--raw', '--no-abbrev', '-z', from, to, '--']),
    runGit(gitDir, [...content, '--numstat', '-z', from, to, '--']),
    runGit(gitDir, [...content, '-p', '--src-prefix=a/', '--dst-prefix=b/', from, to, '--']),
  ]);
  const entries = parseRaw(raw.stdout.toString('utf8'));
  const stats = parseNumstat(num.stdout.toString('utf8'));
  const texts = splitPatch(patch.stdout.toString('utf8'));
  const byPath = new Map(stats.map((s, i) => [s.path, { s, text: texts[i] ?? '' }]));
  return entries.slice(0, opts.maxFiles ?? 1000).map((e) => {
    const hit = byPath.get(e.newPath);
    const s = hit?.s ?? { add: 0, del: 0, binary: false };
    return {
      oldPath: e.oldPath,
      newPath: e.newPath,
      aMode: e.aMode,
      bMode: e.bMode,
      newFile: e.status === 'A',
      renamedFile: e.status.startsWith('R'),
      deletedFile: e.status === 'D',
      binary: s.binary,
      additions: s.add,
      deletions: s.del,
      diff: s.binary ? '' : (hit?.text ?? ''),
      sameContent: e.aSha === e.bSha,
      newBlobId: e.status === 'D' || e.bMode === '160000' || /^0+$/.test(e.bSha) ? null : e.bSha,
    };
  });
}
