import { linesOf, parseSuggestionBlocks, SUGGESTION_TEXTS, suggestionRange, type ApiDiffPosition, type StoredSuggestion, type SuggestionBlock } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import type { NoteTarget } from './note-target';

const sameBlock = (a: SuggestionBlock | undefined, b: SuggestionBlock | undefined) =>
  !!a && !!b && a.linesAbove === b.linesAbove && a.linesBelow === b.linesBelow && a.toContent === b.toContent;

/**
 * A diff note's code suggestions, one row per ```suggestion block of `body`: the lines each
 * replaces, read from the new file at the position's head. On an edit (`before`: the note's text
 * and rows until now) a block left as it was keeps its row (applied or not); a changed or new one
 * is read again. An applied suggestion stays as it was (its commit is on the branch): an edit that
 * changes or removes one is a 400 and changes nothing. null when the body has no suggestion.
 */
export async function suggestionRows(
  ctx: NoteTarget,
  position: ApiDiffPosition,
  body: string,
  before: { body: string; rows: readonly StoredSuggestion[] | null } | null = null,
): Promise<StoredSuggestion[] | null> {
  const blocks = ctx.suggestionSource ? parseSuggestionBlocks(body) : [];
  const old = before ? parseSuggestionBlocks(before.body) : [];
  before?.rows?.forEach((r, i) => {
    if (r.applied && !sameBlock(old[i], blocks[i])) throw new ValidationError({ note: [SUGGESTION_TEXTS.appliedEditRefused] });
  });
  if (!blocks.length) return null;
  // An image note has no line to replace
  const line = position.position_type === 'text' ? position.new_line : null;
  let content: Promise<string | null> | null = null;
  const file = () => (content ??= line ? ctx.suggestionSource!(position) : Promise.resolve(null));
  return Promise.all(
    blocks.map(async (b, i) => {
      const kept = before?.rows?.[i];
      if (kept && sameBlock(old[i], b)) return kept;
      const r = line ? suggestionRange(line, b) : null;
      const text = r ? await file() : null;
      return { from_content: text !== null && r ? linesOf(text, r.fromLine, r.toLine) : null, applied: false, commit_id: null };
    }),
  );
}
