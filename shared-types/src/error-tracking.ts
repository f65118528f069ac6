import { z } from 'zod';
import { projectPathSchema } from './realtime/subscribe.schema';

/**
 * Error tracking (GitLab's integrated error tracking, spec discussions.md "Error-tracking list
 * state", "Error details", §8; issue-page.md "Stack trace"): what the server's JSON routes and
 * the pages share. Events come from unchanged Sentry SDKs (docs/error-tracking.md).
 */

/** The spec's texts, verbatim (discussions.md §8), and the pages' own labels. */
export const ERROR_TRACKING_TEXTS = {
  updateStatusFailed: 'Failed to update issue status',
  loadStacktraceFailed: 'Failed to load stacktrace.',
  loadErrorsFailed: 'Failed to load errors from an error-reporting service.',
  noErrors: 'No errors to display.',
  disabled: 'Error tracking is not enabled for this project.',
  resolve: 'Resolve',
  unresolve: 'Unresolve',
  ignore: 'Ignore',
  undoIgnore: 'Undo ignore',
  createIssue: 'Create issue',
  viewIssue: 'View issue',
  stackTrace: 'Stack trace',
  copyDsn: 'Copy DSN',
  dsnCopied: 'DSN copied',
  /** Ingest answers (the Sentry endpoints), as {"message"}. */
  ingest: {
    noKey: 'Missing sentry_key: send X-Sentry-Auth or the sentry_key query parameter',
    badKey: 'Invalid sentry_key',
    revokedKey: 'This client key has been revoked',
    disabled: 'Error tracking is disabled for this project',
    tooLarge: (max: number) => `Payload too large: at most ${max} bytes`,
    badEncoding: (enc: string) => `Unsupported Content-Encoding: ${enc}`,
    badGzip: 'Failed to decompress the request body',
    badEnvelope: 'Failed to parse sentry request',
    badEvent: 'Unsupported sentry payload',
    overloaded: 'Ingest queue is full, retry later',
  },
} as const;

export const ERROR_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];
/** GitLab's list sorts: last seen (default), first seen, event frequency. */
export const ERROR_SORTS = ['last_seen', 'first_seen', 'frequency'] as const;
export type ErrorSort = (typeof ERROR_SORTS)[number];

export const ERROR_TRACKING = {
  defaultSort: 'last_seen' as ErrorSort,
  defaultStatus: 'unresolved' as ErrorStatus,
  /** Recent searches kept per list (spec §9), in local storage. */
  recentSearchesMax: 5,
  recentSearchesKeyPrefix: 'recent-searches/error-tracking/',
  pageSize: 20,
  searchMaxLength: 255,
  /** Poll-Interval of the list and stack trace JSON while they are not loaded yet (ms). */
  pollIntervalMs: 2000,
  /** Signals of one project's errors are coalesced to at most one per this interval (ms). */
  coalesceMs: 1000,
  /** A linked issue's page hears about its error at most once per this interval (ms). */
  issueEventMinMs: 2000,
  /** Ingest: the request body, compressed or not, and once decompressed (bytes). */
  maxBodyBytes: 1024 * 1024,
  maxEventBytes: 1024 * 1024,
  /** Frames kept per stack trace, and context lines kept around each. */
  maxFrames: 250,
  maxContextLines: 5,
} as const;

/** GET/PUT /projects/:id/error_tracking/settings (GitLab's shape). */
export interface ApiErrorTrackingSettings {
  active: boolean;
  project_name: string;
  sentry_external_url: string | null;
  api_url: string | null;
  integrated: boolean;
}

/** GET/POST /projects/:id/error_tracking/client_keys. */
export interface ApiErrorTrackingClientKey {
  id: number;
  active: boolean;
  public_key: string;
  sentry_dsn: string;
}

/** One error of the list (GitLab's error entity). */
export interface ApiSentryError {
  id: number;
  title: string;
  type: string;
  message: string | null;
  culprit: string | null;
  count: number;
  user_count: number;
  first_seen: string;
  last_seen: string;
  status: ErrorStatus;
  release: string | null;
  environment: string | null;
  platform: string | null;
  short_id: string;
  external_url: string;
  details_path: string;
  /** The issue made from this error, if any. */
  gitlab_issue: string | null;
  gitlab_issue_iid: number | null;
}

/** GET {project}/-/error_tracking.json */
export interface ErrorTrackingListResponse {
  errors: ApiSentryError[];
  pagination: { previous: { cursor: string } | null; next: { cursor: string } | null };
  external_url: string | null;
}

/** A stack trace entry (spec: filename, function, lineNo, colNo, context lines), newest call first. */
export interface ApiStackTraceEntry {
  filename: string | null;
  function: string | null;
  lineNo: number | null;
  colNo: number | null;
  inApp: boolean;
  /** [line number, code] around lineNo; lineNo's own line included. */
  context: Array<[number, string]>;
}

/** GET {project}/-/error_tracking/{id}/stack_trace.json (and the issue's card) */
export interface StackTraceResponse {
  error: ApiSentryError & { stack_trace_entries: ApiStackTraceEntry[] };
}

/** PUT {project}/-/error_tracking/{id}.json {status} */
export interface ErrorStatusUpdateResponse {
  result: { status: 'success'; updated: boolean; error_status: ErrorStatus };
  errors: string[];
}

export const errorTrackingPaths = (projectPath: string) => ({
  list: `/${projectPath}/-/error_tracking`,
  listJson: `/${projectPath}/-/error_tracking.json`,
  settings: `/${projectPath}/-/settings/error_tracking`,
  details: (id: number) => `/${projectPath}/-/error_tracking/${id}/details`,
  stackTraceJson: (id: number) => `/${projectPath}/-/error_tracking/${id}/stack_trace.json`,
  updateJson: (id: number) => `/${projectPath}/-/error_tracking/${id}.json`,
  createIssue: (id: number) => `/${projectPath}/-/error_tracking/${id}/issue.json`,
});

/** The error list follows its project live: watch_errors (read_error_tracking), then project_errors signals. */
export interface WatchErrorsRequest {
  project_path: string;
}
export interface ProjectErrorsSignal {
  project_path: string;
  /** Errors that got events or changed status since the last signal (the list refetches when one is on screen, or on page one). */
  error_ids: number[];
}
export const watchErrorsRequestSchema = z.object({ project_path: projectPathSchema });

/** `issue.error_tracking`: the linked error's state, to the issue's stack trace card. */
export interface IssueErrorTrackingPayload {
  error_id: number;
  status: ErrorStatus;
  count: number;
  user_count: number;
  last_seen: string;
}
