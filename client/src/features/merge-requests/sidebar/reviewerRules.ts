import { PEOPLE_TEXTS, REVIEWER_LIMITS, REVIEWER_TEXTS, type MergeRequestSidebarReviewer, type MergeRequestSidebarUser } from '@tandem/shared-types';

/** Those who can merge first, each group in the order given (spec §5). */
export function sortByCanMerge<T extends Pick<MergeRequestSidebarUser, 'can_merge'>>(people: readonly T[]): T[] {
  return [...people.filter((p) => p.can_merge), ...people.filter((p) => !p.can_merge)];
}

/** The collapsed sidebar's count: past 99 it reads '99+' (spec §9). */
export const collapsedCount = (n: number): string => (n > REVIEWER_LIMITS.collapsedCountMax ? `${REVIEWER_LIMITS.collapsedCountMax}+` : String(n));

/**
 * The collapsed list's tooltip: at most five names, then '+ N more', and the merge status in
 * brackets unless everyone can merge ('cannot merge', 'no one can merge', 'N/M can merge').
 */
export function collapsedTooltip(people: readonly Pick<MergeRequestSidebarUser, 'name' | 'can_merge'>[]): string {
  const names = people.slice(0, REVIEWER_LIMITS.tooltipNames).map((p) => p.name);
  if (people.length > REVIEWER_LIMITS.tooltipNames) names.push(REVIEWER_TEXTS.more(people.length - REVIEWER_LIMITS.tooltipNames));
  const status = REVIEWER_TEXTS.mergeStatus(people.filter((p) => p.can_merge).length, people.length);
  return status ? `${names.join(', ')} (${status})` : names.join(', ');
}

/** One person's tooltip: the name, '(Busy)' when busy, and 'Cannot merge' for one who cannot (spec §5). */
export function personTooltip(p: Pick<MergeRequestSidebarUser, 'name' | 'can_merge'> & { availability?: string | null }): string {
  const parts = [p.name];
  if (p.availability === 'busy') parts.push(PEOPLE_TEXTS.busy);
  if (!p.can_merge) parts.push(`(${REVIEWER_TEXTS.cannotMerge})`);
  return parts.join(' ');
}

/** Re-request review: only for viewers who may update the merge request, for reviewers who have reviewed (spec §5, §6). */
export const canRerequest = (canUpdate: boolean, reviewer: Pick<MergeRequestSidebarReviewer, 'reviewed'>): boolean => canUpdate && reviewer.reviewed;
