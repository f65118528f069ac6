import { DISCUSSION_LIMITS, DISCUSSION_TEXTS } from '@tandem/shared-types';
import type { AwardUser } from './awardsAtoms';

/**
 * The names behind one emoji (spec: at most 10 names, 'You' first when the viewer reacted,
 * then ", and N more."). Two or more names without a remainder read "A, B, and C".
 */
export function awardTooltip(users: AwardUser[], viewerId: number | null): string {
  const mine = viewerId !== null && users.some((u) => u.id === viewerId);
  const others = users.filter((u) => u.id !== viewerId).map((u) => u.name);
  const all = mine ? [DISCUSSION_TEXTS.you, ...others] : others;
  const shown = all.slice(0, DISCUSSION_LIMITS.awardTooltipNames);
  const rest = all.length - shown.length;
  if (rest > 0) return `${shown.join(', ')}${DISCUSSION_TEXTS.andMore(rest)}`;
  if (shown.length === 1) return shown[0]!;
  if (shown.length === 2) return `${shown[0]} and ${shown[1]}`;
  return `${shown.slice(0, -1).join(', ')}, and ${shown[shown.length - 1]}`;
}
