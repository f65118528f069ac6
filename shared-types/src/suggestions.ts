/**
 * Code suggestions: the ```suggestion:-N+M block of a diff note and the pure line work of
 * applying it (GitLab's Gitlab::Diff::SuggestionsParser and Suggestions::ApplyService's file
 * edit). One suggestion replaces the lines from (line - N) to (line + M) of the new file with
 * the block's text.
 */

/** A suggestion block as written: how many lines above and below the commented line it covers, and the proposed text. */
export interface SuggestionBlock {
  linesAbove: number;
  linesBelow: number;
  /** The replacement lines, joined with "\n" and ending with one (empty: the lines are removed). */
  toContent: string;
}

/** At most this many suggestions per note (their ids are note id × 100 + place). */
export const MAX_SUGGESTIONS_PER_NOTE = 99;

const OPEN = /^(\s{0,3})(`{3,}|~{3,})\s*suggestion(?::-(\d+)\+(\d+))?\s*$/;

/** The suggestion blocks of a note's markdown, in order (fences of ``` or ~~~, GitLab's `suggestion:-N+M` range, default -0+0). */
export function parseSuggestionBlocks(markdown: string): SuggestionBlock[] {
  const lines = markdown.split(/\r?\n/);
  const out: SuggestionBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = OPEN.exec(lines[i]!);
    if (!m) continue;
    const fence = m[2]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = lines[j]!.trim();
      if (close.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(close)) break;
      body.push(lines[j]!);
    }
    // An unclosed fence runs to the end (CommonMark), as markdown renders it
    out.push({ linesAbove: Number(m[3] ?? 0), linesBelow: Number(m[4] ?? 0), toContent: body.length ? `${body.join('\n')}\n` : '' });
    i = j;
    if (out.length === MAX_SUGGESTIONS_PER_NOTE) break;
  }
  return out;
}

/** The 1-based line range a block covers around the commented new line. */
export function suggestionRange(line: number, b: Pick<SuggestionBlock, 'linesAbove' | 'linesBelow'>): { fromLine: number; toLine: number } {
  return { fromLine: Math.max(1, line - b.linesAbove), toLine: line + b.linesBelow };
}

/** The text of lines fromLine..toLine (1-based, inclusive) of a file, each ending with "\n"; null when the file has fewer lines. */
export function linesOf(content: string, fromLine: number, toLine: number): string | null {
  const lines = splitLines(content);
  if (fromLine < 1 || toLine < fromLine || toLine > lines.length) return null;
  return lines.slice(fromLine - 1, toLine).join('');
}

/** A file's lines, each with its own line ending ("a\nb" is ["a\n", "b"]). */
function splitLines(content: string): string[] {
  return content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

export interface LineEdit {
  fromLine: number;
  toLine: number;
  /** What the lines must hold now (the suggestion's from_content); a mismatch refuses the edit. */
  fromContent: string;
  toContent: string;
}

export type ApplyLinesResult = { ok: true; content: string } | { ok: false; reason: 'outdated' | 'overlap'; index: number };

/**
 * Applies several suggestions to one file at once: every range must still hold its from_content
 * (else 'outdated': the line moved or changed since) and no two ranges may overlap ('overlap').
 * Replaces from the bottom up, so earlier line numbers stay valid; a last line without a newline
 * keeps having none.
 */
export function applySuggestionLines(content: string, edits: readonly LineEdit[]): ApplyLinesResult {
  const order = edits.map((e, index) => ({ e, index })).sort((a, b) => a.e.fromLine - b.e.fromLine);
  for (let k = 1; k < order.length; k++) if (order[k]!.e.fromLine <= order[k - 1]!.e.toLine) return { ok: false, reason: 'overlap', index: order[k]!.index };
  const lines = splitLines(content);
  for (const { e, index } of order) if (linesOf(content, e.fromLine, e.toLine) !== e.fromContent) return { ok: false, reason: 'outdated', index };
  const endsWithoutNewline = content.length > 0 && !content.endsWith('\n');
  for (const { e } of [...order].reverse()) {
    const replacement = splitLines(e.toContent);
    lines.splice(e.fromLine - 1, e.toLine - e.fromLine + 1, ...replacement);
  }
  let out = lines.join('');
  if (endsWithoutNewline && out.endsWith('\n')) out = out.slice(0, -1);
  return { ok: true, content: out };
}

/** What a note keeps of each of its suggestions (notes.suggestions): the rest is its markdown and position. */
export interface StoredSuggestion {
  /** The lines the suggestion replaces, as they were when the note was written (null: not on lines of the new file). */
  from_content: string | null;
  applied: boolean;
  commit_id: string | null;
}

/** A note's suggestions as GitLab's note JSON gives them (`suggestions`); ids are note id × 100 + place (1-based). */
export function noteSuggestions(noteId: number, markdown: string, newLine: number | null | undefined, stored: readonly StoredSuggestion[]): import('./review-drafts').ApiSuggestion[] {
  return parseSuggestionBlocks(markdown).map((b, i) => {
    const s = stored[i] ?? { from_content: null, applied: false, commit_id: null };
    const range = newLine ? suggestionRange(newLine, b) : { fromLine: 0, toLine: 0 };
    const reason = s.applied ? 'applied' : s.from_content === null ? 'outdated' : s.from_content === b.toContent ? 'same_content' : null;
    return {
      id: suggestionId(noteId, i),
      from_line: range.fromLine,
      to_line: range.toLine,
      appliable: reason === null,
      applied: s.applied,
      from_content: s.from_content ?? '',
      to_content: b.toContent,
      inapplicable_reason: reason,
    };
  });
}

export const suggestionId = (noteId: number, index: number) => noteId * 100 + index + 1;
/** The note and the block (0-based) a suggestion id names. */
export const suggestionPlace = (id: number) => ({ noteId: Math.floor(id / 100), index: (id % 100) - 1 });
