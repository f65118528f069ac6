import githubShortcodes from 'emojibase-data/en/shortcodes/github.json';
import iamcalShortcodes from 'emojibase-data/en/shortcodes/iamcal.json';
import data from 'emojibase-data/en/data.json';

/**
 * The award names Tandem accepts: the shortcodes of GitHub's and Slack's (iamcal) sets from
 * emojibase-data, which hold GitLab's names (thumbsup, thumbsdown, smile, tada, 100, 8ball).
 * `+1` and `-1` are aliases stored as thumbsup and thumbsdown, so counts and the exclusive
 * pair see one name each.
 */
const ALIASES: Readonly<Record<string, string>> = { '+1': 'thumbsup', '-1': 'thumbsdown' };

export interface EmojiFacts {
  /** The character(s). */
  emoji: string;
  /** Code points in hex (GraphQL AwardEmoji.unicode). */
  hexcode: string;
  description: string;
  unicodeVersion: string;
}

let byName: Map<string, EmojiFacts> | null = null;

function table(): Map<string, EmojiFacts> {
  if (byName) return byName;
  const byHex = new Map((data as Array<{ hexcode: string; label: string; emoji: string; version: number }>).map((e) => [e.hexcode, e]));
  const out = new Map<string, EmojiFacts>();
  for (const set of [githubShortcodes, iamcalShortcodes] as Array<Record<string, string | string[]>>) {
    for (const [hex, codes] of Object.entries(set)) {
      const e = byHex.get(hex);
      for (const code of Array.isArray(codes) ? codes : [codes]) {
        if (!out.has(code)) out.set(code, { hexcode: hex, emoji: e?.emoji ?? '', description: e?.label ?? code, unicodeVersion: e ? String(e.version) : '' });
      }
    }
  }
  byName = out;
  return out;
}

/**
 * The stored name for what a client sent, or null when it is no emoji: colons and case are
 * not part of a name; a number (the spec: "a purely numeric name is converted to a number")
 * counts as its digits.
 */
export function normalizeAwardName(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) raw = String(raw);
  if (typeof raw !== 'string') return null;
  const name = raw.trim().replace(/^:(.*):$/, '$1');
  if (!name || name.length > 64) return null;
  const canonical = ALIASES[name] ?? name;
  return table().has(canonical) ? canonical : null;
}

/** What GraphQL's AwardEmoji shows of a name (its character and description). */
export function emojiFacts(name: string): EmojiFacts | null {
  return table().get(name) ?? null;
}
