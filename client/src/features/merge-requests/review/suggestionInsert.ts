import type { ApiDiffLine } from '@tandem/shared-types';

/** A line can receive a suggestion when it is on the new side (GitLab's Diff::Line#suggestible?: not removed). */
export function suggestibleLine(line: ApiDiffLine): boolean {
  return (line.type === 'new' || line.type === 'context') && line.new_line !== null;
}

/** The line's text: rich_text is the server's highlighted, escaped HTML of it. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(`<pre>${html}</pre>`, 'text/html').body.textContent ?? '';
}

/**
 * The lines a comment's suggestion replaces (GitLab's diff_line_note_form commentLines): the
 * commented lines but the removed ones, which must be the new file's lines just above the last
 * one (a range over a hidden gap would replace lines it does not show). Null when the comment
 * takes no suggestion: its last line removed, or such a gap.
 */
export function suggestionLines(lines: readonly ApiDiffLine[]): ApiDiffLine[] | null {
  const end = lines[lines.length - 1];
  if (!end || !suggestibleLine(end)) return null;
  const kept = lines.filter((l) => l.type !== 'old' && l.type !== 'match' && !l.type.endsWith('nonewline'));
  return kept.every((l, i) => suggestibleLine(l) && l.new_line === end.new_line! - (kept.length - 1 - i)) ? kept : null;
}

/** A fence longer than any run of backticks in the text (GitLab's repeatCodeBackticks), at least ```. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length));
  return '`'.repeat(longest + 1);
}

/**
 * GitLab's inserted suggestion: a ```suggestion:-N+0 block holding the commented lines as they
 * are now, N the lines above the last one (note_form's suggestionsStartIndex), so applying it
 * replaces exactly those lines.
 */
export function linesSuggestion(lines: readonly ApiDiffLine[]): string {
  const text = lines.map((l) => plainText(l.rich_text)).join('\n');
  const fence = fenceFor(text);
  return `${fence}suggestion:-${Math.max(lines.length - 1, 0)}+0\n${text}\n${fence}\n`;
}
