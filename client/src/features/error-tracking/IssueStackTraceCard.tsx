import { useAtomValue } from 'jotai';
import { ERROR_TRACKING_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { issueErrorStateAtomFamily } from './errorTrackingAtoms';
import { useStackTrace } from './errorTrackingApi';
import { StackTrace } from './StackTrace';
import './errorTracking.css';

/** While the socket is down the card polls at this pace once loaded (the socket's issue.error_tracking keeps it live otherwise). */
const OFFLINE_POLL_MS = 15_000;

/**
 * The stack trace card of an issue made from a monitored error (spec issue-page.md "Stack trace":
 * a loading state, polled via GET {issue_stack_trace_path}): the error's status, events and users
 * (live through issue.error_tracking) and its newest event's stack trace.
 */
export function IssueStackTraceCard({ issueKey, path, live }: { issueKey: string; path: string; live: boolean }) {
  const trace = useStackTrace(path, { pollWhileLoadedMs: live ? false : OFFLINE_POLL_MS });
  const liveState = useAtomValue(issueErrorStateAtomFamily(issueKey), { store: appStore });
  const error = trace.data;
  const status = liveState?.status ?? error?.status;
  return (
    <section className="card issue-stack-trace" aria-labelledby="issue-stack-trace-title" data-testid="issue-stack-trace">
      <h2 id="issue-stack-trace-title" className="card__title">
        {ERROR_TRACKING_TEXTS.stackTrace}
      </h2>
      {trace.isError && !error ? (
        <Alert variant="danger">{ERROR_TRACKING_TEXTS.loadStacktraceFailed}</Alert>
      ) : !error ? (
        <p className="muted" role="status" data-testid="issue-stack-trace-loading">
          Loading stack trace…
        </p>
      ) : (
        <>
          <p className="issue-stack-trace__summary">
            <a href={error.details_path} className="issue-stack-trace__title">
              {error.title}
            </a>{' '}
            <span className={`badge ${status === 'unresolved' ? 'badge--warning' : 'badge--neutral'}`} data-testid="issue-stack-trace-status">
              {status === 'unresolved' ? 'Unresolved' : status === 'resolved' ? 'Resolved' : 'Ignored'}
            </span>
          </p>
          <p className="muted">
            <span data-testid="issue-stack-trace-count">{liveState?.count ?? error.count}</span> events · {liveState?.user_count ?? error.user_count} users · last seen <RelativeTime iso={liveState?.last_seen ?? error.last_seen} />
          </p>
          <StackTrace entries={error.stack_trace_entries} />
        </>
      )}
    </section>
  );
}
