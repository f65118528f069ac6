import { DISCUSSION_LIMITS } from '@tandem/shared-types';

/** The latest "changed the description" note, as the merge rule sees it. */
export interface PreviousDescriptionNote {
  authorId: number | null;
  /** When it last changed (a merged note moves on with each edit it absorbs). */
  updatedAt: Date;
  versionDeleted: boolean;
}

/**
 * Spec discussions §4: description-change system notes are merged into one when the same
 * author made them within the time limit (compared in minutes rounded up) and the earlier
 * one's version was not deleted. Pure: the clock is the caller's (the transaction's now()).
 */
export function mergesIntoPrevious(
  prev: PreviousDescriptionNote | null,
  authorId: number,
  now: Date,
  limitMinutes: number = DISCUSSION_LIMITS.descriptionMergeMinutes,
): boolean {
  if (!prev || prev.authorId !== authorId || prev.versionDeleted) return false;
  const minutes = Math.ceil((now.getTime() - prev.updatedAt.getTime()) / 60_000);
  return minutes <= limitMinutes;
}
