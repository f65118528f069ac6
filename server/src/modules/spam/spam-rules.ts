/**
 * The spam check's rules (pure; thresholds from the configuration, README): a text is spam
 * when it names a listed word or phrase (case-insensitive, whole words), carries more than
 * `maxLinks` links, or comes from an account younger than `newAccountDays` with more than
 * `newAccountMaxLinks` links. Admins are never checked (SpamCheckService).
 */
export interface SpamRules {
  words: readonly string[];
  maxLinks: number;
  newAccountDays: number;
  newAccountMaxLinks: number;
}

export interface SpamVerdict {
  spam: boolean;
  /** Why, for the spam log (null when not spam). */
  reason: string | null;
}

const LINK = /\bhttps?:\/\/[^\s<>()"']+|\bwww\.[^\s<>()"']+/gi;

export function parseSpamWords(list: string): string[] {
  return list
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}

export const countLinks = (text: string) => text.match(LINK)?.length ?? 0;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The verdict on `text`; `accountAgeDays` is asked only when the link count makes it matter. */
export function spamVerdict(text: string, rules: SpamRules, accountAgeDays: () => number): SpamVerdict {
  const lower = text.toLowerCase();
  const word = rules.words.find((w) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(w)}($|[^\\p{L}\\p{N}])`, 'u').test(lower));
  if (word) return { spam: true, reason: `spam word "${word}"` };
  const links = countLinks(text);
  if (links > rules.maxLinks) return { spam: true, reason: `${links} links (more than ${rules.maxLinks})` };
  if (links > rules.newAccountMaxLinks && accountAgeDays() < rules.newAccountDays) {
    return { spam: true, reason: `${links} links from an account younger than ${rules.newAccountDays} days (more than ${rules.newAccountMaxLinks})` };
  }
  return { spam: false, reason: null };
}
