import { DISCUSSION_LIMITS } from '@tandem/shared-types';

const COOKIE = DISCUSSION_LIMITS.frequentEmojiCookie;
const VALID_NAME = /^[a-z0-9_+-]+$/;

/** The viewer's frequently used emojis, most recent first (spec: cookie, 365 days, at most 9). */
export function readFrequentEmojis(): string[] {
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return [];
  return decodeURIComponent(raw)
    .split(',')
    .filter((n) => VALID_NAME.test(n))
    .slice(0, DISCUSSION_LIMITS.frequentEmojis);
}

/** Moves a used emoji to the front; only valid emoji names enter the list (spec §5). */
export function addFrequentEmoji(name: string): string[] {
  if (!VALID_NAME.test(name)) return readFrequentEmojis();
  const next = [name, ...readFrequentEmojis().filter((n) => n !== name)].slice(0, DISCUSSION_LIMITS.frequentEmojis);
  const maxAge = DISCUSSION_LIMITS.frequentEmojiCookieDays * 24 * 60 * 60;
  document.cookie = `${COOKIE}=${encodeURIComponent(next.join(','))}; max-age=${maxAge}; path=/; samesite=lax`;
  return next;
}
