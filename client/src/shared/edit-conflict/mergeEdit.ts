import { threeWayMerge, type ConflictChunk } from './threeWayMerge';

/** The text an edit form holds that a concurrent save can change under it. */
export interface EditedText {
  title: string;
  description: string;
}

/** The user's edit merged onto what was saved meanwhile: both texts, or what the user must choose. */
export type EditMerge = { clean: true; title: string; description: string } | { clean: false; conflicts: ConflictChunk[] };

/**
 * After a 409: the user's edit (`mine`, made from `base`) merged onto the version saved
 * meanwhile (`theirs`). The description merges line by line; the title is one line, taken from
 * whichever side changed it, a conflict when both did differently (listed first). Shared by the
 * issue and epic edit forms.
 */
export function mergeEdit(base: EditedText, mine: EditedText, theirs: EditedText): EditMerge {
  const merged = threeWayMerge(base.description, mine.description, theirs.description);
  const titleConflict = mine.title !== base.title && theirs.title !== base.title && mine.title !== theirs.title;
  if (merged.clean && !titleConflict) return { clean: true, title: mine.title === base.title ? theirs.title : mine.title, description: merged.text };
  const conflicts = merged.chunks.filter((c): c is ConflictChunk => c.kind === 'conflict');
  if (titleConflict) conflicts.unshift({ kind: 'conflict', base: [base.title], mine: [mine.title], theirs: [theirs.title] });
  return { clean: false, conflicts };
}
