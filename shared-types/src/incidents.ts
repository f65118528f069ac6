/** Incidents and alerts: GitLab's shapes and the spec's texts (issue-page §2, sidebar §Incident list). */

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The alert as the incident page reads it (GitLab's AlertManagement::Alert GraphQL fields). */
export interface IncidentAlert {
  iid: string;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  startedAt: string;
  endedAt: string | null;
  eventCount: number;
  monitoringTool: string | null;
  service: string | null;
  hosts: string[];
  /** GitLab's `environment { name }` (the payload's gitlab_environment_name). */
  environment: { name: string } | null;
  details: Record<string, unknown>;
  detailsUrl: string;
  /** Tandem: the viewer may change the status (developers and up). */
  canUpdateStatus: boolean;
}

/** The statuses a user sets from the Alert details tab (GitLab's alert status dropdown), with their labels. */
export const ALERT_STATUS_CHOICES = [
  { value: 'TRIGGERED', label: 'Triggered' },
  { value: 'ACKNOWLEDGED', label: 'Acknowledged' },
  { value: 'RESOLVED', label: 'Resolved' },
] as const;
export type AlertStatusChoice = (typeof ALERT_STATUS_CHOICES)[number]['value'];

/** GET/PUT projects/:id/incident_management_settings. */
export interface IncidentSettings {
  /** Time to SLA in minutes for new incidents (null: no SLA). */
  sla_minutes: number | null;
  alerts_enabled: boolean;
  /** The alert endpoint's URL (POST with Authorization: Bearer <token>). */
  alerts_url: string;
}

export const INCIDENT_TEXTS = {
  alertLoadFailed: 'There was an issue loading alert data. Please try again.',
  /** GitLab's alert status dropdown failure. */
  alertStatusFailed: 'There was an error while updating the status of the alert. Please try again.',
  alertStatusLabel: 'Status',
  alertEnvironment: 'Environment',
  listFailed: 'There was an error displaying the incidents.',
  severityUpdateFailed: 'There was an error while updating severity.',
  emptyAll: 'Display your incidents in a dedicated view',
  emptyClosed: 'There are no closed incidents',
  emptyList: 'No incidents to display.',
  createIncident: 'Create incident',
  unassigned: 'Unassigned',
  unpublished: 'Unpublished',
  published: 'Published',
  missedSla: 'Missed SLA',
  achievedSla: 'Achieved SLA',
  tabSummary: 'Summary',
  tabMetrics: 'Metrics',
  tabAlertDetails: 'Alert details',
  listTitle: 'Incidents',
} as const;

/** The incident's SLA as the highlight bar shows it: time left, or missed/achieved once closed. */
export type SlaState = { kind: 'remaining'; minutes: number } | { kind: 'missed' } | { kind: 'achieved' };

/**
 * GitLab's incident SLA indicator: open and before the due time, the minutes left; past it,
 * missed; closed, achieved when it was closed by the due time (missed otherwise).
 */
export function slaState(dueAt: string, now: number, closedAt: string | null): SlaState {
  const due = Date.parse(dueAt);
  if (closedAt !== null) return Date.parse(closedAt) <= due ? { kind: 'achieved' } : { kind: 'missed' };
  if (now >= due) return { kind: 'missed' };
  return { kind: 'remaining', minutes: Math.ceil((due - now) / 60_000) };
}

/** "1d 2h 5m", "3h 0m", "42m" (the SLA countdown's format). */
export function formatSlaRemaining(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m`;
  return `${m}m`;
}

/** The incident list's tabs: GitLab's status values and the filter values sent to the server. */
export const INCIDENT_LIST_TABS = [
  { status: 'OPENED', filter: 'opened', title: 'Open' },
  { status: 'CLOSED', filter: 'closed', title: 'Closed' },
  { status: 'ALL', filter: 'all', title: 'All' },
] as const;
export type IncidentListState = (typeof INCIDENT_LIST_TABS)[number]['filter'];

/** Sortable columns of the incident list (GitLab's CREATED_*, SEVERITY_*, SLA_DUE_AT_*, PUBLISHED_*). */
export const INCIDENT_SORT_FIELDS = ['created_at', 'severity', 'sla_due_at', 'published'] as const;
export type IncidentSortField = (typeof INCIDENT_SORT_FIELDS)[number];

/** Severity from most to least severe; the list sorts by this rank (the server does it in SQL). */
export const SEVERITY_ORDER = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'] as const;

/** 0 for CRITICAL .. 4 for UNKNOWN (anything unknown ranks last). */
export function severityRank(severity: string | null | undefined): number {
  const i = (SEVERITY_ORDER as readonly string[]).indexOf(severity ?? 'UNKNOWN');
  return i < 0 ? SEVERITY_ORDER.length - 1 : i;
}

/** The "Time to SLA" cell: remaining time, 'Missed SLA', 'Achieved SLA', or '' without an SLA. */
export function incidentSlaText(dueAt: string | null, now: number, closedAt: string | null): string {
  if (!dueAt) return '';
  const s = slaState(dueAt, now, closedAt);
  if (s.kind === 'missed') return INCIDENT_TEXTS.missedSla;
  if (s.kind === 'achieved') return INCIDENT_TEXTS.achievedSla;
  return formatSlaRemaining(s.minutes);
}

/** A row of GET {project}/-/incidents.json: the REST issue plus its SLA due time. */
export interface IncidentListRow {
  id: number;
  iid: number;
  title: string;
  state: string;
  severity: string;
  created_at: string;
  closed_at: string | null;
  web_url: string;
  confidential: boolean;
  assignees: Array<{ id: number; name: string; username: string; avatar_url: string | null }>;
  sla_due_at: string | null;
  /** When the incident was published to the project's status page (null: unpublished). */
  published_at: string | null;
}

/** GET {project}/-/incidents.json: one page, and the count of all visible incidents (for the empty state). */
export interface IncidentListPage {
  incidents: IncidentListRow[];
  total: number;
  /** Incidents of the project in any state. */
  all_count: number;
  page: number;
  per_page: number;
}

/** An incident's metric image, GitLab's REST shape (.../issues/:iid/metric_images). */
export interface ApiMetricImage {
  id: number;
  created_at: string;
  filename: string;
  /** Where the image is served (read_issue). */
  file_path: string;
  url: string | null;
  url_text: string | null;
}

export const METRIC_IMAGE_LIMITS = {
  /** GitLab's IssuableMetricImage: 1 MB. */
  maxBytes: 1024 * 1024,
  urlMaxLength: 255,
  urlTextMaxLength: 128,
} as const;

/** The Metrics tab (GitLab's metric images texts). */
export const METRIC_IMAGE_TEXTS = {
  upload: 'Upload image',
  uploadTitle: 'Upload an image',
  uploading: 'Uploading…',
  fileLabel: 'Image',
  urlLabel: 'Link',
  urlHelp: 'Must start with http:// or https://',
  urlTextLabel: 'Text (optional)',
  urlTextHelp: 'Provide a text for the link',
  empty: 'No metric images yet.',
  deleteImage: 'Delete image',
  deleteTitle: 'Deleting image',
  deleteConfirm: 'Are you sure you wish to delete this image?',
  deleteButton: 'Delete',
  uploadFailed: 'There was an issue uploading your image.',
  deleteFailed: 'There was an issue deleting the image.',
  loadFailed: 'There was an issue loading metric images.',
  fileMissing: 'must be an image file (png, jpg, gif or webp)',
  tooLarge: (bytes: number) => `is too large (maximum is ${Math.round(bytes / 1024 / 1024)} MB)`,
  onlyIncidents: 'Metric images can only be added to incidents',
  badUrl: 'must be a valid http or https URL',
} as const;

/** GET/PUT api/v4/projects/:id/status_page_settings (maintainers). */
export interface StatusPageSettings {
  enabled: boolean;
  /** Where the public status page is; null in PUT resets it to Tandem's own page (default_url). */
  status_page_url: string;
  /** Tandem's own public status page of the project: `${PUBLIC_URL}/-/status_page/<project full path>`. */
  default_url: string;
}

/** Tandem's own status page of a project (served without sign-in) and its public JSON. */
export const statusPagePaths = (projectPath: string) => ({
  page: `/-/status_page/${projectPath}`,
  list: `/-/status_page/${projectPath}/data/list.json`,
  incident: (iid: number) => `/-/status_page/${projectPath}/data/incident/${iid}.json`,
});

/** The published incident's link on a status page (GitLab's status page front end route). */
export const publishedIncidentUrl = (statusPageUrl: string, iid: number) => `${statusPageUrl.replace(/\/+$/, '')}/#/data/incident/${iid}`;

/** The iid a status page's hash route names (`#/data/incident/3`), or null for the list. */
export function statusPageRouteIid(hash: string): number | null {
  const m = /^#\/data\/incident\/(\d{1,9})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** The award that publishes a comment with its incident (GitLab's :microphone:). */
export const STATUS_PAGE_COMMENT_EMOJI = 'microphone';

/** An incident on the public status page (GitLab's StatusPage::IncidentEntity; list entries omit comments). */
export interface StatusPageIncident {
  id: number;
  title: string;
  /** The description rendered and sanitised by the markdown renderer. */
  description: string;
  status: 'opened' | 'closed';
  created_at: string;
  updated_at: string;
  published_at: string;
  links: { details: string };
  comments?: Array<{ note: string; created_at: string }>;
}

export const STATUS_PAGE_TEXTS = {
  publish: 'Publish to status page',
  unpublish: 'Unpublish',
  publishedLink: 'Published on status page',
  publishFailed: 'There was an error publishing the incident.',
  settingsTitle: 'Status page',
  enabledLabel: 'Active',
  urlLabel: 'Status page URL',
  urlHelp: 'The URL of the status page the published incidents link to. Leave empty for this project\u2019s own status page.',
  save: 'Save changes',
  saved: 'Status page settings saved.',
  saveFailed: 'There was an error saving the status page settings.',
  pageTitle: (project: string) => `${project} status`,
  noIncidents: 'No incidents have been published.',
  back: 'All incidents',
  updates: 'Updates',
  notFound: 'This incident is not on the status page.',
  loadFailed: 'The status page could not be loaded.',
  stateOpen: 'Active',
  stateClosed: 'Resolved',
  /** Publish refusals (422). */
  notIncident: 'Only incidents can be published to the status page',
  confidential: 'Confidential incidents cannot be published',
  disabled: 'Enable the status page in the incident settings first',
  notPublished: 'The incident is not published',
  badUrl: 'must be a valid http or https URL',
} as const;
