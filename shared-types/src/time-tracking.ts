/**
 * Time tracking (spec issue-page §1, §3, §4): GitLab's duration language and texts, shared by
 * the server (quick actions, REST, system notes) and the client (the sidebar's time tracker).
 *
 * A duration is written as `1mo 2w 3d 4h 5m 6s` (GitLab's ChronicDuration with its time
 * tracking settings): a day is 8 hours, a week 5 days, a month 4 weeks. A bare number is hours.
 */

export const TIME_UNITS_SECONDS = {
  mo: 4 * 5 * 8 * 3600,
  w: 5 * 8 * 3600,
  d: 8 * 3600,
  h: 3600,
  m: 60,
  s: 1,
} as const;
type TimeUnit = keyof typeof TIME_UNITS_SECONDS;

const UNIT_NAMES: Record<string, TimeUnit> = {
  mo: 'mo', mos: 'mo', month: 'mo', months: 'mo',
  w: 'w', wk: 'w', wks: 'w', week: 'w', weeks: 'w',
  d: 'd', day: 'd', days: 'd',
  h: 'h', hr: 'h', hrs: 'h', hour: 'h', hours: 'h',
  m: 'm', min: 'm', mins: 'm', minute: 'm', minutes: 'm',
  s: 's', sec: 's', secs: 's', second: 's', seconds: 's',
};

/** The largest duration Tandem stores (an int4 of seconds). */
export const MAX_DURATION_SECONDS = 2_147_483_647;

/**
 * Parses a duration into whole seconds: `1h30m`, `1h 30m`, `1.5h`, `2 days`, `3` (hours);
 * a leading `-` negates it (for /spend, subtracting time). Null when it is not a duration,
 * when it is zero, or when it exceeds MAX_DURATION_SECONDS.
 */
export function parseDuration(input: string): number | null {
  let text = input.trim().toLowerCase();
  if (!text) return null;
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1).trim();
  }
  // A bare number is hours (GitLab's default unit for time tracking)
  if (/^\d+(\.\d+)?$/.test(text)) text = `${text}h`;
  const re = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*,?\s*(?:and\s+)?/gy;
  let total = 0;
  let pos = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const unit = UNIT_NAMES[m[2]!];
    if (!unit) return null;
    total += Number(m[1]) * TIME_UNITS_SECONDS[unit];
    pos = re.lastIndex;
  }
  if (pos !== text.length) return null;
  const seconds = Math.round(total);
  if (seconds <= 0 || seconds > MAX_DURATION_SECONDS) return null;
  return sign * seconds;
}

/**
 * GitLab's short output of a duration: `1mo 2w 3d 4h 5m` (largest units first, zero parts
 * left out); negative durations get a leading `-`; 0 is `0m`.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0m';
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.abs(Math.round(seconds));
  if (rest === 0) return '0m';
  const parts: string[] = [];
  for (const unit of Object.keys(TIME_UNITS_SECONDS) as TimeUnit[]) {
    const size = TIME_UNITS_SECONDS[unit];
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  return sign + parts.join(' ');
}

/** The REST and event shape of an issue's time (GitLab's time_stats): human values are null when 0. */
export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
  human_time_estimate: string | null;
  human_total_time_spent: string | null;
}

export function timeStats(timeEstimate: number, totalTimeSpent: number): TimeStats {
  return {
    time_estimate: timeEstimate,
    total_time_spent: totalTimeSpent,
    human_time_estimate: timeEstimate ? formatDuration(timeEstimate) : null,
    human_total_time_spent: totalTimeSpent ? formatDuration(totalTimeSpent) : null,
  };
}

/** The sidebar's four display modes (spec §4). */
export type TimeTrackingMode = 'comparison' | 'estimate' | 'spent' | 'none';

export function timeTrackingMode(s: Pick<TimeStats, 'time_estimate' | 'total_time_spent'>): TimeTrackingMode {
  if (s.time_estimate && s.total_time_spent) return 'comparison';
  if (s.time_estimate) return 'estimate';
  if (s.total_time_spent) return 'spent';
  return 'none';
}

/** Spent as a whole percentage of the estimate; over 100 is the danger style. */
export function timeSpentPercent(s: Pick<TimeStats, 'time_estimate' | 'total_time_spent'>): number {
  return s.time_estimate ? Math.floor((s.total_time_spent / s.time_estimate) * 100) : 0;
}

/** GitLab's texts for time tracking: system notes, quick-action messages, the sidebar. */
export const TIME_TRACKING_TEXTS = {
  // system notes (GitLab's SystemNotes::TimeTrackingService)
  estimateChanged: (seconds: number) => (seconds ? `changed time estimate to ${formatDuration(seconds)}` : 'removed time estimate'),
  timeSpentChanged: (seconds: number, spentAt?: string | null) =>
    `${seconds > 0 ? 'added' : 'subtracted'} ${formatDuration(Math.abs(seconds))} of time spent${spentAt ? ` at ${spentAt}` : ''}`,
  timeSpentRemoved: 'removed time spent',
  // quick-action messages (GitLab's TimeTrackingActions)
  estimateSet: (seconds: number) => `Set time estimate to ${formatDuration(seconds)}.`,
  estimateRemoved: 'Removed time estimate.',
  spentAdded: (seconds: number) => `${seconds > 0 ? 'Added' : 'Subtracted'} ${formatDuration(Math.abs(seconds))} spent time.`,
  spentRemoved: 'Removed spent time.',
  // validation
  invalidDuration: 'must be a duration like 1h 30m (mo, w, d, h, m)',
  exceedsSpent: 'would make the total time spent negative',
  // the sidebar block
  title: 'Time tracking',
  none: 'No estimate or time spent',
  estimated: 'Estimated:',
  spent: 'Spent:',
  help: 'Track time with quick actions',
  helpEstimate: '/estimate sets an estimate, e.g. /estimate 1w 3d 2h 14m',
  helpSpend: '/spend adds spent time, e.g. /spend 3h 30m, or /spend -1h to subtract; add a date: /spend 1h 2024-05-31',
  helpRemove: '/remove_estimate and /remove_time_spent clear them',
} as const;
