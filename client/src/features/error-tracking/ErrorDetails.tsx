import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_TRACKING_TEXTS, errorTrackingPaths, type ErrorStatus } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { createIssueFromError, errorTrackingKeys, updateErrorStatus, useStackTrace } from './errorTrackingApi';
import { StackTrace } from './StackTrace';
import { realtimeClient } from '../../realtime/realtimeConnection';
import './errorTracking.css';

type Busy = 'resolve' | 'ignore' | null;

/**
 * One error (spec "Error details"): its status with Resolve and Ignore (a busy flag each; the PUT
 * answers the new status), "Create issue" (or the issue made from it), its counts and the newest
 * event's stack trace. Live: refetched when its events arrive.
 */
export function ErrorDetails({ projectPath, errorId, canUpdate, onNavigate }: { projectPath: string; errorId: number; canUpdate: boolean; onNavigate(url: string): void }) {
  const paths = errorTrackingPaths(projectPath);
  const stackPath = paths.stackTraceJson(errorId);
  const trace = useStackTrace(stackPath);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ErrorStatus | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Live: this error's new events and status changes (from anyone) refetch it
  useEffect(
    () =>
      realtimeClient().watchErrors(projectPath, (ids) => {
        if (ids === null || ids.includes(errorId)) {
          setStatus(null);
          void queryClient.invalidateQueries({ queryKey: errorTrackingKeys.stackTrace(stackPath) });
        }
      }),
    [projectPath, errorId, stackPath, queryClient],
  );

  const error = trace.data;
  const current = status ?? error?.status ?? null;

  async function setTo(next: ErrorStatus, which: Exclude<Busy, null>) {
    setBusy(which);
    setFailure(null);
    try {
      const res = await updateErrorStatus(projectPath, errorId, next);
      setStatus(res.result.error_status);
      void queryClient.invalidateQueries({ queryKey: errorTrackingKeys.list(projectPath) });
    } catch {
      setFailure(ERROR_TRACKING_TEXTS.updateStatusFailed);
    } finally {
      setBusy(null);
    }
  }

  async function createIssue() {
    setCreating(true);
    setFailure(null);
    try {
      const made = await createIssueFromError(projectPath, errorId);
      onNavigate(new URL(made.web_url).pathname);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      setCreating(false);
    }
  }

  if (trace.isError && !error) return <Alert variant="danger" testId="stacktrace-failed">{ERROR_TRACKING_TEXTS.loadStacktraceFailed}</Alert>;
  if (!error) {
    return (
      <p className="muted" role="status" data-testid="error-details-loading">
        Loading error…
      </p>
    );
  }
  return (
    <div className="error-details" data-testid="error-details">
      <div className="error-details__head">
        <h1 className="page-title error-details__title">{error.title}</h1>
        <span className={`badge ${current === 'unresolved' ? 'badge--warning' : 'badge--neutral'}`} data-testid="error-status">
          {current === 'unresolved' ? 'Unresolved' : current === 'resolved' ? 'Resolved' : 'Ignored'}
        </span>
      </div>
      {failure && (
        <Alert variant="danger" onDismiss={() => setFailure(null)} testId="error-details-failure">
          {failure}
        </Alert>
      )}
      <div className="error-details__actions">
        {canUpdate && (
          <>
            <button type="button" className="btn" disabled={busy !== null} aria-busy={busy === 'ignore'} onClick={() => void setTo(current === 'ignored' ? 'unresolved' : 'ignored', 'ignore')}>
              {current === 'ignored' ? ERROR_TRACKING_TEXTS.undoIgnore : ERROR_TRACKING_TEXTS.ignore}
            </button>
            <button type="button" className="btn btn--confirm" disabled={busy !== null} aria-busy={busy === 'resolve'} onClick={() => void setTo(current === 'resolved' ? 'unresolved' : 'resolved', 'resolve')}>
              {current === 'resolved' ? ERROR_TRACKING_TEXTS.unresolve : ERROR_TRACKING_TEXTS.resolve}
            </button>
          </>
        )}
        {error.gitlab_issue_iid !== null ? (
          <a className="btn" href={`/${projectPath}/-/issues/${error.gitlab_issue_iid}`}>
            {ERROR_TRACKING_TEXTS.viewIssue} #{error.gitlab_issue_iid}
          </a>
        ) : (
          canUpdate && (
            <button type="button" className="btn" disabled={creating} aria-busy={creating} onClick={() => void createIssue()}>
              {ERROR_TRACKING_TEXTS.createIssue}
            </button>
          )
        )}
      </div>
      <dl className="error-details__stats">
        <div>
          <dt>Events</dt>
          <dd data-testid="error-events">{error.count}</dd>
        </div>
        <div>
          <dt>Users</dt>
          <dd>{error.user_count}</dd>
        </div>
        <div>
          <dt>First seen</dt>
          <dd>
            <RelativeTime iso={error.first_seen} />
          </dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            <RelativeTime iso={error.last_seen} />
          </dd>
        </div>
        {error.release && (
          <div>
            <dt>Release</dt>
            <dd>{error.release}</dd>
          </div>
        )}
        {error.environment && (
          <div>
            <dt>Environment</dt>
            <dd>{error.environment}</dd>
          </div>
        )}
      </dl>
      {error.culprit && <p className="muted">{error.culprit}</p>}
      <h2 className="error-details__section">{ERROR_TRACKING_TEXTS.stackTrace}</h2>
      <StackTrace entries={error.stack_trace_entries} />
    </div>
  );
}
