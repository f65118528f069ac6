/**
 * The sidebar's taxonomy blocks (sidebar-and-widgets spec: labels, milestone, due date, health
 * status, severity, iteration): their values, texts and display rules, one copy for server
 * and client.
 */

export const HEALTH_STATUSES = ['on_track', 'needs_attention', 'at_risk'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
export const HEALTH_STATUS_LABELS: Record<HealthStatus, string> = {
  on_track: 'On track',
  needs_attention: 'Needs attention',
  at_risk: 'At risk',
};

/** Incident severities, most severe first (UNKNOWN is the default). */
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical - S1',
  HIGH: 'High - S2',
  MEDIUM: 'Medium - S3',
  LOW: 'Low - S4',
  UNKNOWN: 'Unknown',
};

/** Iteration states as GitLab's API computes them (REST gives the number). */
export const ITERATION_STATES = ['upcoming', 'current', 'closed'] as const;
export type IterationState = (typeof ITERATION_STATES)[number];
export const ITERATION_STATE_NUMBER: Record<IterationState, number> = { upcoming: 1, current: 2, closed: 3 };

/** An issue's milestone as the API shows it (GitLab's REST milestone entity, trimmed). */
export interface ApiIssueMilestone {
  id: number;
  iid: number;
  title: string;
  state: string;
  due_date: string | null;
  start_date?: string | null;
  expired?: boolean;
  web_url: string;
}

/** An issue's iteration, with its cadence (the sidebar shows both). */
export interface ApiIssueIteration {
  id: number;
  iid: number;
  title: string | null;
  state: IterationState;
  start_date: string;
  due_date: string;
  web_url: string;
  iteration_cadence: { id: number; title: string };
}

export const TAXONOMY_TEXTS = {
  labelsTitle: 'Labels',
  labelsDefault: 'Label',
  /** 'first +N more' when several labels are selected. */
  labelsSummary: (titles: readonly string[]) =>
    titles.length === 0 ? 'Label' : titles.length === 1 ? titles[0]! : `${titles[0]} +${titles.length - 1} more`,
  labelsFetchFailed: 'Error fetching labels.',
  labelCreateFailed: 'Error creating label.',
  labelsUpdateFailed: 'An error occurred while updating labels.',
  createLabel: 'Create project label',
  milestoneTitle: 'Milestone',
  noMilestone: 'No milestone',
  milestoneUpdateFailed: 'An error occurred while updating the milestone.',
  milestonesFetchFailed: 'An error occurred while fetching milestones.',
  dueDateTitle: 'Due date',
  dueDateFailed: (type: string) => `Something went wrong while setting ${type} due date.`,
  healthTitle: 'Health status',
  healthNone: 'No status',
  healthClosedHint: 'Health status cannot be edited because this issue is closed',
  healthFailed: 'Something went wrong while setting the health status.',
  severityTitle: 'Severity',
  severityFailed: 'There was an error while updating severity.',
  severityTryAgain: 'Please try again.',
  iterationTitle: 'Iteration',
  noIteration: 'No iteration',
  iterationFailed: 'Something went wrong while setting the iteration.',
  iterationsFetchFailed: 'Failed to fetch the iterations.',
  none: 'None',
} as const;

/** Server-side refusals (4xx texts), also shown by the widgets. */
export const TAXONOMY_ERRORS = {
  healthClosed: 'cannot be changed on a closed issue',
  severityNotIncident: 'can only be set on incidents',
  milestoneNotFound: 'does not name a milestone of this project or its groups',
  iterationNotFound: 'does not name an iteration of this project\'s groups',
} as const;

// ---------- scoped labels ----------

/** A scoped label's key and value: the title split at the LAST '::'; null when not scoped. */
export function scopedLabelParts(title: string): { key: string; value: string } | null {
  const at = title.lastIndexOf('::');
  if (at <= 0 || at + 2 >= title.length) return null;
  return { key: title.slice(0, at), value: title.slice(at + 2) };
}

/**
 * One label per scope: the labels in `next` order, where a scoped label added later
 * (`added`, in order) replaces every other label of its scope. Scope keys compare
 * case-insensitively, as GitLab's.
 */
export function onePerScope<T extends { id: number; title: string }>(current: readonly T[], added: readonly T[]): T[] {
  const out = new Map<number, T>(current.map((l) => [l.id, l]));
  for (const a of added) {
    const scope = scopedLabelParts(a.title)?.key.toLowerCase();
    if (scope !== undefined) {
      for (const [id, l] of out) if (id !== a.id && scopedLabelParts(l.title)?.key.toLowerCase() === scope) out.delete(id);
    }
    out.set(a.id, a);
  }
  return [...out.values()];
}

// ---------- label colours ----------

/** The RGB of a label colour (#rgb, #rrggbb, rgb(), rgba()); null when it is none of these. */
export function parseLabelColor(background: string): [number, number, number] | null {
  const s = background.trim();
  const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(s);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    const n = parseInt(h, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i.exec(s);
  if (rgb) {
    const c = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
    return c.every((v) => v <= 255) ? (c as [number, number, number]) : null;
  }
  return null;
}

/** A label colour as stored: '#' followed by 3 or 6 hex digits (GitLab's rule). */
export const LABEL_COLOR_PATTERN = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

// ---------- milestones ----------

export interface SortableMilestone {
  due_date: string | null;
  expired?: boolean;
  title: string;
}

/** Is a milestone past its due date (before `today`, yyyy-mm-dd)? */
export const milestoneExpired = (m: { due_date: string | null }, today: string): boolean => !!m.due_date && m.due_date < today;

/**
 * The sidebar's milestone order: expired last; by due date ascending; milestones without a due
 * date after those with one; then by title.
 */
export function sortMilestones<T extends SortableMilestone>(list: readonly T[], today: string): T[] {
  const expired = (m: T) => (m.expired ?? milestoneExpired(m, today)) ? 1 : 0;
  return [...list].sort((a, b) => {
    if (expired(a) !== expired(b)) return expired(a) - expired(b);
    if (a.due_date && b.due_date && a.due_date !== b.due_date) return a.due_date < b.due_date ? -1 : 1;
    if (!!a.due_date !== !!b.due_date) return a.due_date ? -1 : 1;
    return a.title.localeCompare(b.title);
  });
}

/** Milestone filter pseudo-milestones (the spec's ids and names). */
export const PSEUDO_MILESTONES = [
  { id: null, title: 'Any', name: 'Any' },
  { id: -1, title: 'No milestone', name: 'None' },
  { id: -2, title: 'Upcoming', name: '#upcoming' },
  { id: -3, title: 'Started', name: '#started' },
] as const;

// ---------- dates ----------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const dayNumber = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / 86_400_000;

/** 'd mmm, yyyy' (e.g. '5 Mar, 2026') of a yyyy-mm-dd date. */
export function formatDayDate(ymd: string): string {
  return `${Number(ymd.slice(8, 10))} ${MONTHS[Number(ymd.slice(5, 7)) - 1]}, ${ymd.slice(0, 4)}`;
}

/** yyyy-mm-dd of a local date (the user's today). */
export function localYmd(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The due date as the sidebar shows it: Today, Tomorrow, Yesterday; the weekday's name for 2
 * to 6 days ahead; otherwise 'd mmm, yyyy'.
 */
export function dueDateLabel(due: string, today: string): string {
  const diff = dayNumber(due) - dayNumber(today);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  if (diff >= 2 && diff <= 6) return WEEKDAYS[new Date(dayNumber(due) * 86_400_000).getUTCDay()]!;
  return formatDayDate(due);
}

/** Past due (shown red): earlier than today and the issue not closed. */
export const isPastDue = (due: string | null, today: string, state: 'opened' | 'closed'): boolean => !!due && due < today && state !== 'closed';

/** An iteration's dates: '1 Mar, 2026 - 14 Mar, 2026'. */
export const iterationDates = (it: { start_date: string; due_date: string }) => `${formatDayDate(it.start_date)} - ${formatDayDate(it.due_date)}`;

/** The collapsed sidebar's summaries (issue-page §9, sidebar-and-widgets §9). */
export const COLLAPSED_SIDEBAR = {
  /** A weight shows at most this many characters collapsed, with an ellipsis past the largest weight shown whole. */
  weightChars: 5,
  maxDisplayWeight: 99999,
  /** Label titles named in the collapsed labels' tooltip before 'and N more'. */
  labelsInTooltip: 5,
} as const;

/** The collapsed weight: its first five characters, with an ellipsis above 99999; 'None' without one. */
export function collapsedWeight(weight: number | null): string {
  if (weight === null) return 'None';
  const text = String(weight).slice(0, COLLAPSED_SIDEBAR.weightChars);
  return weight > COLLAPSED_SIDEBAR.maxDisplayWeight ? `${text}…` : text;
}

/** The collapsed labels' tooltip: five titles, then 'and N more'. */
export function collapsedLabelsTooltip(titles: readonly string[]): string {
  if (!titles.length) return 'Labels';
  const shown = titles.slice(0, COLLAPSED_SIDEBAR.labelsInTooltip).join(', ');
  const more = titles.length - COLLAPSED_SIDEBAR.labelsInTooltip;
  return more > 0 ? `${shown}, and ${more} more` : shown;
}

/** The collapsed time tracking: "spent / estimate", either alone, or 'None'. */
export function collapsedTimeTracking(spent: string | null, estimate: string | null): string {
  if (spent && estimate) return `${spent} / ${estimate}`;
  return spent ?? estimate ?? 'None';
}
