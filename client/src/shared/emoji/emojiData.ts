/** One emoji as the picker and autocomplete use it: `name` is GitLab's (github shortcode), what is sent. */
export interface EmojiEntry {
  name: string;
  unicode: string;
  label: string;
  group: number;
  /** Every github shortcode of the emoji (thumbsup and +1), searched along with the label. */
  shortcodes: string[];
  tags: string[];
}

export interface EmojiData {
  list: EmojiEntry[];
  byName: Map<string, EmojiEntry>;
}

interface CompactEmoji {
  hexcode: string;
  label: string;
  unicode: string;
  group?: number;
  order?: number;
  tags?: string[];
}

/** emojibase groups as the picker's category tabs (the spec's names; smileys and people are one tab, components none). */
export const EMOJI_CATEGORIES: ReadonlyArray<{ id: string; label: string; groups: number[] }> = [
  { id: 'people', label: 'People', groups: [0, 1] },
  { id: 'nature', label: 'Nature', groups: [3] },
  { id: 'food', label: 'Food', groups: [4] },
  { id: 'activity', label: 'Activity', groups: [6] },
  { id: 'travel', label: 'Travel', groups: [5] },
  { id: 'objects', label: 'Objects', groups: [7] },
  { id: 'symbols', label: 'Symbols', groups: [8] },
  { id: 'flags', label: 'Flags', groups: [9] },
];

/**
 * Emojis the page shows before the data is loaded (the awards most used), so an issue page
 * with reactions does not load the whole emoji list to paint them.
 */
export const COMMON_EMOJI: Readonly<Record<string, string>> = {
  thumbsup: '👍',
  thumbsdown: '👎',
  smile: '😄',
  laughing: '😆',
  tada: '🎉',
  heart: '❤️',
  rocket: '🚀',
  eyes: '👀',
  confused: '😕',
  hooray: '🎉',
  '100': '💯',
  fire: '🔥',
  clap: '👏',
  white_check_mark: '✅',
  thinking: '🤔',
  /** GitLab's emoji for a user status with a message and no emoji. */
  speech_balloon: '💬',
};

/** GitLab's name among an emoji's github shortcodes: the first word-like one (thumbsup, not +1). */
function gitlabName(codes: string[]): string {
  return codes.find((c) => /^[a-z0-9]/.test(c)) ?? codes[0]!;
}

/** Joins emojibase's compact list with its github shortcodes; emojis without a GitLab name are left out. */
export function buildEmojiData(compact: CompactEmoji[], github: Record<string, string | string[]>): EmojiData {
  const list: EmojiEntry[] = [];
  for (const e of compact) {
    const codes = github[e.hexcode];
    if (!codes || e.group === undefined || e.group === 2) continue;
    const shortcodes = Array.isArray(codes) ? codes : [codes];
    list.push({ name: gitlabName(shortcodes), unicode: e.unicode, label: e.label, group: e.group, shortcodes, tags: e.tags ?? [] });
  }
  list.sort((a, b) => a.group - b.group);
  const byName = new Map<string, EmojiEntry>();
  for (const e of list) for (const c of e.shortcodes) if (!byName.has(c)) byName.set(c, e);
  return { list, byName };
}

let loading: Promise<EmojiData> | null = null;

/** Loads the emoji data once, on first need, as its own chunk (the issue page bundle stays small). */
export function loadEmojiData(): Promise<EmojiData> {
  loading ??= Promise.all([import('emojibase-data/en/compact.json'), import('emojibase-data/en/shortcodes/github.json')])
    .then(([compact, github]) => buildEmojiData(compact.default as CompactEmoji[], github.default as Record<string, string | string[]>))
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/**
 * Emojis whose name, shortcodes, label or tags contain the query (case-insensitive); names that
 * start with it come first. An empty query finds nothing.
 */
export function searchEmojis(data: EmojiData, query: string, limit = Infinity): EmojiEntry[] {
  const q = query.trim().toLowerCase().replace(/^:|:$/g, '');
  if (!q) return [];
  const starts: EmojiEntry[] = [];
  const contains: EmojiEntry[] = [];
  for (const e of data.list) {
    if (e.shortcodes.some((c) => c.startsWith(q))) starts.push(e);
    else if (e.shortcodes.some((c) => c.includes(q)) || e.label.toLowerCase().includes(q) || e.tags.some((t) => t.startsWith(q))) contains.push(e);
  }
  return [...starts, ...contains].slice(0, limit);
}
