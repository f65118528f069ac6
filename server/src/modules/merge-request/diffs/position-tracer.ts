import { lineRangeEnd, type ApiDiffLine, type ApiDiffPosition, type ApiDiffRefs, type ApiImageDiffPosition, type ApiLineRangeEnd, type ApiTextDiffPosition } from '@tandem/shared-types';
import { diffLines, sha1 } from './diff-lines';

/**
 * Where a diff note goes when the merge request's diff moves (GitLab's Gitlab::Diff::PositionTracer,
 * line tracing): a line the push did not touch follows its line to the new version; a line that
 * changed, or a file that went away, leaves the note outdated (it keeps its old position).
 * Pure: the caller gives the file changes between the two versions, read through the repository port.
 */

/** One file's change between two versions of one side (old head → new head, or old base → new base). */
export interface FileChange {
  oldPath: string;
  newPath: string;
  deleted: boolean;
  /** Unified diff text from the first `@@` ('' when only the name or mode changed). */
  diff: string;
  /** The same blob on both sides (a rename or a mode change only). */
  sameContent?: boolean;
}

/** A file of the merge request's new diff (base → head). */
export interface NewDiffFile {
  oldPath: string;
  newPath: string;
  diff: string;
}

export interface TraceInput {
  /** Changes of the new side (old head → new head), by their old path; a path absent did not change. */
  headChanges: ReadonlyMap<string, FileChange>;
  /** Changes of the old side (old base → new base), by their old path. */
  baseChanges: ReadonlyMap<string, FileChange>;
  /** The merge request's diff now. */
  newDiff: readonly NewDiffFile[];
  /** Its diff_refs now. */
  refs: ApiDiffRefs;
}

export type TraceResult = { outdated: false; position: ApiDiffPosition } | { outdated: true };

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * A line number of one version through a unified diff to the other version (`backward`: new to
 * old); null when that line was removed (or, backward, added) by the diff.
 */
export function mapLine(diff: string, line: number, backward = false): number | null {
  let offset = 0;
  const rows = diff.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const m = HUNK.exec(rows[i]!);
    if (!m) continue;
    const [fromStart, fromCount, toStart, toCount] = backward ? [m[3], m[4], m[1], m[2]] : [m[1], m[2], m[3], m[4]];
    // A count of 0 names the line before the hunk, so the hunk's own lines start after it
    let from = Number(fromStart) + (fromCount === '0' ? 1 : 0);
    let to = Number(toStart) + (toCount === '0' ? 1 : 0);
    if (line < from) return line + offset;
    const gone = backward ? '+' : '-';
    const added = backward ? '-' : '+';
    for (i++; i < rows.length && !HUNK.test(rows[i]!); i++) {
      const sign = rows[i]![0];
      if (sign === ' ') {
        if (from === line) return to;
        from++;
        to++;
      } else if (sign === gone) {
        if (from === line) return null;
        from++;
      } else if (sign === added) to++;
    }
    i--;
    offset = to - from;
  }
  return line + offset;
}

/** A line code's old and new numbers (`<file_hash>_<old>_<new>`). */
function codeNumbers(code: string): { old: number; new: number } | null {
  const m = /_(\d+)_(\d+)$/.exec(code);
  return m ? { old: Number(m[1]), new: Number(m[2]) } : null;
}

/** The lines of a file of the new diff (plain: no highlighting; same line codes as the Changes tab). */
const linesOf = (f: NewDiffFile): ApiDiffLine[] => diffLines(f.diff, '', sha1(f.newPath));

/** The line on the new side (added or context) or the removed line on the old side. */
function findLine(lines: ApiDiffLine[], oldLine: number | null, newLine: number | null): ApiDiffLine | undefined {
  return lines.find((l) => (newLine !== null ? l.new_line === newLine && (l.type === 'new' || l.type === 'context') : l.type === 'old' && l.old_line === oldLine));
}

/** A line of the old version traced to the new: its place in the new diff, or null (changed, gone). */
function traceSide(input: TraceInput, file: NewDiffFile, lines: ApiDiffLine[], oldLine: number | null, newLine: number | null, oldPath: string, newPath: string) {
  const head = input.headChanges.get(newPath);
  const base = input.baseChanges.get(oldPath);
  if (newLine !== null) {
    const n = head ? mapLine(head.diff, newLine) : newLine;
    if (n === null) return null;
    const hit = findLine(lines, null, n);
    if (hit) return { old_line: hit.type === 'new' ? null : hit.old_line, new_line: n, line: hit };
    // An added line must still be added; an unchanged line outside the hunks keeps following
    if (oldLine === null) return null;
    const o = mapLine(file.diff, n, true);
    return o === null ? null : { old_line: o, new_line: n, line: null };
  }
  const o = base ? mapLine(base.diff, oldLine!) : oldLine;
  if (o === null) return null;
  const hit = findLine(lines, o, null);
  return hit ? { old_line: o, new_line: null, line: hit } : null;
}

/**
 * A note's position in the new diff, or outdated: when its file was deleted (on either side), its
 * line changed, an added line is no longer added, a removed line no longer removed, or either end
 * of its line range cannot follow. A renamed file carries the note to its new path.
 */
export function traceDiffPosition(p: ApiDiffPosition, input: TraceInput): TraceResult {
  if (p.position_type === 'image') return traceImagePosition(p, input);
  return traceTextPosition(p, input);
}

/**
 * GitLab's image strategy: the image follows to the new diff when the push left it as it was (a
 * rename carries it to its new path); it is outdated when its content changed or it was deleted,
 * on either side it is shown from (the old image of a deleted file).
 */
function traceImagePosition(p: ApiImageDiffPosition, input: TraceInput): TraceResult {
  const outdated: TraceResult = { outdated: true };
  const head = input.headChanges.get(p.new_path);
  const base = input.baseChanges.get(p.old_path);
  const changed = (c: FileChange | undefined) => !!c && (c.deleted || !c.sameContent);
  if (changed(head) || changed(base)) return outdated;
  const newPath = head?.newPath ?? p.new_path;
  const oldPath = base?.newPath ?? p.old_path;
  const file = input.newDiff.find((f) => f.newPath === newPath && f.oldPath === oldPath) ?? input.newDiff.find((f) => f.newPath === newPath);
  if (!file) return outdated;
  const { x, y, width, height } = p;
  return { outdated: false, position: { base_sha: input.refs.base_sha!, start_sha: input.refs.start_sha!, head_sha: input.refs.head_sha!, old_path: file.oldPath, new_path: file.newPath, position_type: 'image', x, y, width, height } };
}

function traceTextPosition(p: ApiTextDiffPosition, input: TraceInput): TraceResult {
  const outdated: TraceResult = { outdated: true };
  const head = input.headChanges.get(p.new_path);
  const base = input.baseChanges.get(p.old_path);
  if (head?.deleted || (base?.deleted && p.old_line !== null)) return outdated;
  const newPath = head?.newPath ?? p.new_path;
  const oldPath = base?.newPath ?? p.old_path;
  const file = input.newDiff.find((f) => f.newPath === newPath) ?? input.newDiff.find((f) => f.oldPath === oldPath);
  if (!file) return outdated;
  const lines = linesOf(file);
  const main = traceSide(input, file, lines, p.old_line, p.new_line, p.old_path, p.new_path);
  if (!main) return outdated;
  let lineRange: ApiTextDiffPosition['line_range'] = null;
  if (p.line_range) {
    const end = (e: { line_code: string; type: 'old' | 'new' | null }): ApiLineRangeEnd | null => {
      const nums = codeNumbers(e.line_code);
      if (!nums) return null;
      const t = e.type === 'old' ? traceSide(input, file, lines, nums.old, null, p.old_path, p.new_path) : traceSide(input, file, lines, e.type === 'new' ? null : nums.old, nums.new, p.old_path, p.new_path);
      return t?.line?.line_code ? lineRangeEnd({ line_code: t.line.line_code, type: e.type }) : null;
    };
    const start = end(p.line_range.start);
    const stop = end(p.line_range.end);
    if (!start || !stop) return outdated;
    lineRange = { start, end: stop };
  }
  return {
    outdated: false,
    position: {
      base_sha: input.refs.base_sha!,
      start_sha: input.refs.start_sha!,
      head_sha: input.refs.head_sha!,
      old_path: file.oldPath,
      new_path: file.newPath,
      position_type: 'text',
      old_line: main.old_line,
      new_line: main.new_line,
      line_range: lineRange,
    },
  };
}
