import { errorTrackingPaths, type ApiErrorTrackingClientKey, type ApiSentryError, type ApiStackTraceEntry } from '@tandem/shared-types';
import type { ClientKeyRow, ErrorRow } from './error-tracking.store';
import type { StoredFrame } from './ingest/sentry-event';

/**
 * The DSN of a client key, GitLab's form: `<scheme>://<key>@<host>/api/v4/error_tracking/collector/<project id>`.
 * A Sentry SDK posts to `<path>/api/<project id>/envelope/` from it (ingest-http.ts).
 */
export function sentryDsn(publicUrl: string, publicKey: string, projectId: number): string {
  const u = new URL(publicUrl);
  const root = u.pathname.replace(/\/+$/, '');
  return `${u.protocol}//${publicKey}@${u.host}${root}/api/v4/error_tracking/collector/${projectId}`;
}

export const toApiClientKey = (k: ClientKeyRow, publicUrl: string): ApiErrorTrackingClientKey => ({
  id: k.id,
  active: k.active,
  public_key: k.publicKey,
  sentry_dsn: sentryDsn(publicUrl, k.publicKey, k.projectId),
});

export function toApiSentryError(e: ErrorRow, projectPath: string, publicUrl: string): ApiSentryError {
  const paths = errorTrackingPaths(projectPath);
  const slug = projectPath.slice(projectPath.lastIndexOf('/') + 1).toUpperCase();
  return {
    id: e.id,
    title: e.description ? `${e.name}: ${e.description}`.slice(0, 500) : e.name,
    type: e.name,
    message: e.description,
    culprit: e.actor,
    count: e.eventsCount,
    user_count: e.usersCount,
    first_seen: e.firstSeenAt,
    last_seen: e.lastSeenAt,
    status: e.status,
    release: e.release,
    environment: e.environment,
    platform: e.platform,
    short_id: `${slug}-${e.id}`,
    external_url: `${publicUrl}${paths.details(e.id)}`,
    details_path: paths.details(e.id),
    gitlab_issue: e.issueIid === null ? null : `${publicUrl}/${projectPath}/-/issues/${e.issueIid}`,
    gitlab_issue_iid: e.issueIid,
  };
}

/** The frames of the newest event, newest call first, with their numbered context lines. */
export function toStackTraceEntries(frames: readonly StoredFrame[]): ApiStackTraceEntry[] {
  return [...frames].reverse().map((f) => {
    const context: Array<[number, string]> = [];
    if (f.lineno !== null && f.context_line !== undefined) {
      const pre = f.pre_context ?? [];
      pre.forEach((code, i) => context.push([f.lineno! - pre.length + i, code]));
      context.push([f.lineno, f.context_line]);
      (f.post_context ?? []).forEach((code, i) => context.push([f.lineno! + 1 + i, code]));
    }
    return { filename: f.filename, function: f.function, lineNo: f.lineno, colNo: f.colno, inApp: f.in_app, context };
  });
}
