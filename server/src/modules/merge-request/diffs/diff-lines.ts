import { createHash } from 'node:crypto';
import hljs from 'highlight.js';
import type { ApiDiffLine } from '@tandem/shared-types';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** highlight.js's language for a path (by extension or file name), or null for plain text. */
export function languageFor(path: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'dockerfile' || name === 'makefile') return name;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1);
  return hljs.getLanguage(ext) ? ext : null;
}

/** One line as safe HTML: highlight.js escapes what it does not mark; plain text is escaped here. */
function rich(text: string, language: string | null): string {
  if (!language) return escapeHtml(text);
  try {
    return hljs.highlight(text, { language, ignoreIllegals: true }).value;
  } catch {
    return escapeHtml(text);
  }
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * A unified diff (from its first `@@`) as GitLab's highlighted_diff_lines: `match` for hunk
 * headers (meta_data: where the hunk starts on each side), `old`/`new`/`context` with their line numbers and line_code `<file_hash>_<old>_<new>`,
 * "\ No newline at end of file" as `old-nonewline`/`new-nonewline` after the side it follows.
 * The +/-/space prefix stays out of rich_text.
 */
export function diffLines(diff: string, filePath: string, fileHash: string): ApiDiffLine[] {
  const language = languageFor(filePath);
  const out: ApiDiffLine[] = [];
  let oldNo = 0;
  let newNo = 0;
  const lines = diff.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    const m = HUNK.exec(line);
    if (m) {
      oldNo = Number(m[1]);
      newNo = Number(m[2]);
      out.push({ type: 'match', old_line: null, new_line: null, line_code: null, rich_text: escapeHtml(line), meta_data: { old_pos: oldNo, new_pos: newNo } });
      continue;
    }
    const sign = line[0];
    const text = line.slice(1);
    if (sign === '\\') {
      const prev = out[out.length - 1];
      out.push({ type: prev?.type === 'old' ? 'old-nonewline' : 'new-nonewline', old_line: null, new_line: null, line_code: null, rich_text: escapeHtml(line) });
    } else if (sign === '-') {
      out.push({ type: 'old', old_line: oldNo, new_line: null, line_code: `${fileHash}_${oldNo}_${newNo}`, rich_text: rich(text, language) });
      oldNo++;
    } else if (sign === '+') {
      out.push({ type: 'new', old_line: null, new_line: newNo, line_code: `${fileHash}_${oldNo}_${newNo}`, rich_text: rich(text, language) });
      newNo++;
    } else {
      out.push({ type: 'context', old_line: oldNo, new_line: newNo, line_code: `${fileHash}_${oldNo}_${newNo}`, rich_text: rich(text, language) });
      oldNo++;
      newNo++;
    }
  }
  return out;
}

/**
 * Lines `since`..`to` of a file's text (new-side numbers, clamped to its end) as context diff
 * lines, the old side numbered `new - offset` (GitLab's blob diff for context expansion):
 * highlighted and escaped as the diff's own lines, with the same line codes.
 */
export function blobLines(text: string, filePath: string, since: number, to: number, offset: number): ApiDiffLine[] {
  const language = languageFor(filePath);
  const fileHash = sha1(filePath);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out: ApiDiffLine[] = [];
  for (let n = since; n <= Math.min(to, lines.length); n++) {
    const old = n - offset;
    out.push({ type: 'context', old_line: old, new_line: n, line_code: `${fileHash}_${old}_${n}`, rich_text: rich(lines[n - 1]!, language) });
  }
  return out;
}
