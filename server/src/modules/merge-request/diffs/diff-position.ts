import { isHiddenContextLine, lineRangeEnd, type ApiDiffFile, type ApiLineRangeEnd, type ApiDiffPosition, type ApiImageDiffPosition, type ApiTextDiffPosition, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { ValidationError } from '../../../core/errors/app-error';

const SHA = /^[0-9a-f]{40}$/;
const fail = (message: string): never => {
  throw new ValidationError({ position: [message] });
};
const lineOf = (v: unknown, name: string): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return fail(`${name} is invalid`);
  return n;
};

/** The diff line a position names: new_line on the new side (added or context), old_line alone on a removed line. */
export function findPositionLine(file: ApiDiffFile, oldLine: number | null, newLine: number | null) {
  return file.highlighted_diff_lines.find((l) =>
    newLine !== null ? l.new_line === newLine && (oldLine === null || l.old_line === oldLine) && l.type !== 'match' : l.type === 'old' && l.old_line === oldLine,
  );
}

/**
 * GitLab's `position` of a new diff note, checked against the merge request's current diff:
 * the three shas must be its diff_refs, the paths a file of the diff and the line(s) lines of
 * that file's diff or unchanged lines hidden around its hunks (both line numbers given). A `line_range` keeps its first and last line (code, side, old_line and new_line; both must be in the file).
 * An image position (position_type image) is a point x, y of an image file of the diff shown
 * width × height. 400 naming what is wrong otherwise.
 */
export function parseDiffPosition(raw: unknown, diff: MergeRequestDiffsResponse): ApiDiffPosition {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail('is invalid');
  const p = raw as Record<string, unknown>;
  const type = p.position_type ?? 'text';
  if (type !== 'text' && type !== 'image') fail('position_type must be text or image');
  for (const k of ['base_sha', 'start_sha', 'head_sha'] as const) if (typeof p[k] !== 'string' || !SHA.test(p[k])) fail(`${k} is invalid`);
  const refs = diff.diff_refs;
  if (p.head_sha !== refs.head_sha || p.base_sha !== refs.base_sha || p.start_sha !== refs.start_sha) fail('does not match the merge request\'s current diff (base_sha, start_sha, head_sha)');
  const newPath = typeof p.new_path === 'string' ? p.new_path : null;
  const oldPath = typeof p.old_path === 'string' ? p.old_path : newPath;
  if (!newPath) return fail('new_path is missing');
  const file = diff.diff_files.find((f) => f.new_path === newPath && f.old_path === oldPath);
  if (!file) return fail(`${newPath} is not a file of this diff`);
  if (type === 'image') return imagePosition(p, file, diff);
  const oldLine = lineOf(p.old_line, 'old_line');
  const newLine = lineOf(p.new_line, 'new_line');
  if (oldLine === null && newLine === null) fail('old_line or new_line is required');
  // A line of the diff, or an unchanged line that context expansion shows (both sides given, as GitLab takes them)
  const hidden = (o: number | null, n: number | null) => o !== null && n !== null && isHiddenContextLine(file.highlighted_diff_lines, o, n);
  if (!findPositionLine(file, oldLine, newLine) && !hidden(oldLine, newLine)) fail('line is not a line of the diff');
  let lineRange: ApiTextDiffPosition['line_range'] = null;
  if (p.line_range !== undefined && p.line_range !== null) {
    type End = { line_code?: unknown; type?: unknown; old_line?: unknown; new_line?: unknown };
    const r = p.line_range as { start?: End; end?: End };
    const codes = new Set(file.highlighted_diff_lines.map((l) => l.line_code));
    const hiddenCode = (code: string) => {
      const m = /^([0-9a-f]{40})_(\d+)_(\d+)$/.exec(code);
      return !!m && m[1] === file.file_hash && hidden(Number(m[2]), Number(m[3]));
    };
    // Each end's old_line/new_line are those of its line (read from the code and side when not given; given ones must agree)
    const side = (s: End | undefined, name: string): ApiLineRangeEnd => {
      if (!s || typeof s.line_code !== 'string' || !(codes.has(s.line_code) || hiddenCode(s.line_code))) return fail(`line_range ${name} is not a line of the diff`);
      const end = lineRangeEnd({ line_code: s.line_code, type: s.type === 'old' || s.type === 'new' ? s.type : null });
      const given = (v: unknown, k: 'old_line' | 'new_line') => v === undefined || v === null || v === '' || lineOf(v, `line_range ${name} ${k}`) === end[k];
      if (!given(s.old_line, 'old_line') || !given(s.new_line, 'new_line')) fail(`line_range ${name} is not a line of the diff`);
      return end;
    };
    lineRange = { start: side(r.start, 'start'), end: side(r.end, 'end') };
  }
  return { base_sha: refs.base_sha!, start_sha: refs.start_sha!, head_sha: refs.head_sha!, old_path: file.old_path, new_path: file.new_path, position_type: 'text', old_line: oldLine, new_line: newLine, line_range: lineRange };
}

/** A whole number (a form field's digits too), or null when absent; 400 when not one. */
const intOf = (v: unknown, name: string): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) return fail(`${name} must be a whole number`);
  return n;
};

/**
 * GitLab's image position (Gitlab::Diff::Formatters::ImageFormatter): a point of an image file
 * of the diff as shown at width × height; no lines. 400 naming what is wrong otherwise.
 */
function imagePosition(p: Record<string, unknown>, file: ApiDiffFile, diff: MergeRequestDiffsResponse): ApiImageDiffPosition {
  if (file.viewer.name !== 'image') fail(`${file.new_path} is not an image`);
  for (const k of ['old_line', 'new_line', 'line_range'] as const) if (p[k] !== undefined && p[k] !== null && p[k] !== '') fail(`${k} is not taken on an image position`);
  const [x, y, width, height] = (['x', 'y', 'width', 'height'] as const).map((k) => intOf(p[k], k) ?? fail(`${k} is missing`));
  if (width! <= 0) fail('width must be greater than 0');
  if (height! <= 0) fail('height must be greater than 0');
  if (x! < 0 || x! > width!) fail('x must be between 0 and width');
  if (y! < 0 || y! > height!) fail('y must be between 0 and height');
  const refs = diff.diff_refs;
  return { base_sha: refs.base_sha!, start_sha: refs.start_sha!, head_sha: refs.head_sha!, old_path: file.old_path, new_path: file.new_path, position_type: 'image', x: x!, y: y!, width: width!, height: height! };
}
