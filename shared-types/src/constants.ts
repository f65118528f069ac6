/** Business constants: access levels, limits and the timings GitLab's issue page uses (docs/realtime.md). */
export const ACCESS_LEVEL = {
  NO_ACCESS: 0,
  GUEST: 10,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const;
export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];
export const ACCESS_LEVEL_NAMES: Record<number, string> = {
  0: 'No access',
  10: 'Guest',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};
/** A note author's role badge (NoteEntity human_access): Reporter and up, else none. */
export const noteRoleBadge = (level: number | null | undefined): string | null => (level != null && level >= ACCESS_LEVEL.REPORTER ? (ACCESS_LEVEL_NAMES[Math.min(level, ACCESS_LEVEL.OWNER)] ?? null) : null);

export const LIMITS = {
  titleMaxLength: 255,
  descriptionMaxLength: 1_048_576,
  noteMaxLength: 1_000_000,
  perPageDefault: 20,
  perPageMax: 100,
  usernameMaxLength: 255,
  projectNameMaxLength: 255,
  /** GitLab's limit on a project's description. */
  projectDescriptionMaxLength: 2000,
  /** 5 MiB: fits a maximal description (1,048,576 chars) even in 4-byte UTF-8 characters. */
  bodyLimitBytes: 5 * 1024 * 1024,
} as const;

export const REALTIME = {
  /** realtime_changes: first poll delay. */
  firstPollDelayMs: 2000,
  /** notes polling: first delay. */
  notesFirstPollDelayMs: 2500,
  /** Poll-Interval the server sends for realtime_changes and notes (GitLab's values). */
  realtimeChangesPollIntervalMs: 3000,
  notesPollIntervalMs: 6000,
  /** Connection monitor: stale after 6 s without a heartbeat, then back off (client/src/realtime/connectionMonitor.ts). */
  staleThresholdMs: 6000,
  backoffRate: 0.15,
  reconnectAttemptExponentCap: 10,
  visibilityRecheckMs: 200,
  pollIntervalMinMs: 3000,
  pollIntervalMaxMs: 30000,
  pollIntervalMultiplier: 5,
  /** The notes polling fallback's growth per empty poll (the spec's polling helper names a factor, not its value). */
  notesPollGrowthFactor: 1.5,
  reopenDelayMs: 500,
  /** GitLab's FETCH_UPDATED_NOTES_DEBOUNCE_TIMEOUT: notes refetches coalesce within it. */
  notesFetchDebounceMs: 750,
  /** server heartbeat the client's stale detection relies on (ActionCable BEAT_INTERVAL). */
  heartbeatMs: 3000,
  /** Events are kept this long in the log for replay; older subscribers refetch. */
  eventRetentionMs: 7 * 24 * 3600 * 1000,
  /** Notes polling overlap (NotesFinder::FETCH_OVERLAP) in ms. */
  notesFetchOverlapMs: 5000,
  notesPageLimit: 50,
} as const;

export const AUTOSAVE_PREFIX = 'autosave/';
export const SESSION_COOKIE = '_tandem_session';
export const CSRF_HEADER = 'x-csrf-token';
export const ISSUE_TYPES = ['issue', 'incident', 'test_case'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const ISSUE_STATES = ['opened', 'closed'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];
export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const TOKEN_SCOPES = ['api', 'read_api'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const DEMO_PASSWORD = 'tandem-demo';

/**
 * Emoji images for browsers without an emoji font (GitLab falls back to its images): Twemoji's
 * SVGs (@twemoji/svg; graphics CC-BY 4.0, Twitter, Inc and contributors), served by Tandem
 * itself under `path`, one file per emoji named as Twemoji names them.
 */
export const EMOJI_IMAGES = {
  path: '/-/emoji',
} as const;

/**
 * Twemoji's file name of an emoji: its code points in lower-case hex joined by '-', with the
 * variation selector U+FE0F dropped unless the emoji is a ZWJ sequence (Twemoji's own rule).
 */
export function emojiImageName(unicode: string): string {
  const text = unicode.includes('\u200d') ? unicode : unicode.replace(/\ufe0f/g, '');
  return `${[...text].map((c) => c.codePointAt(0)!.toString(16)).join('-')}.svg`;
}
