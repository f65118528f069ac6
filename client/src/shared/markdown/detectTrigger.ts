import { AUTOCOMPLETE_TRIGGERS, type AutocompleteKind, type AutocompleteTrigger } from '@tandem/shared-types';

export interface TriggerMatch {
  trigger: AutocompleteTrigger;
  kind: AutocompleteKind;
  /** What follows the trigger up to the caret. */
  query: string;
  /** Index of the trigger character in the text. */
  start: number;
}

/** How far back from the caret a reference may start. */
const MAX_QUERY = 64;

/**
 * The reference being typed at the caret: a trigger (@ # ~ % : and, at a line's start, /) at the start of the text or
 * after whitespace or an opening bracket, followed by no whitespace up to the caret. An emoji
 * needs one character after its colon (so "a: b" and "12:30" never open it).
 */
export function detectTrigger(text: string, caret: number): TriggerMatch | null {
  const from = Math.max(0, caret - MAX_QUERY - 1);
  for (let i = caret - 1; i >= from; i--) {
    const ch = text[i]!;
    if (/\s/.test(ch)) return null;
    if (!(ch in AUTOCOMPLETE_TRIGGERS)) continue;
    const before = i === 0 ? '' : text[i - 1]!;
    // A quick action's slash opens the list only at a line's start (not in a path or a URL)
    if (ch === '/' ? before !== '' && before !== '\n' : before && !/[\s([{]/.test(before)) {
      if (ch === ':' || ch === '/') continue;
      return null;
    }
    const trigger = ch as AutocompleteTrigger;
    const query = text.slice(i + 1, caret);
    if (trigger === ':' && (query.length < 1 || !/^[\w+-]+$/.test(query))) return null;
    if (trigger !== ':' && /[@#~%&]/.test(query)) return null;
    return { trigger, kind: AUTOCOMPLETE_TRIGGERS[trigger], query, start: i };
  }
  return null;
}

/** Replaces the typed reference (trigger to caret) with the chosen one and a space; returns the text and the caret after it. */
export function insertReference(text: string, match: TriggerMatch, caret: number, reference: string): { text: string; caret: number } {
  const inserted = `${reference} `;
  const next = text.slice(0, match.start) + inserted + text.slice(caret).replace(/^ /, '');
  return { text: next, caret: match.start + inserted.length };
}
