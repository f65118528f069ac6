import { CircleCheck, CircleDot } from 'lucide-react';

/** The spec's status box: opened/reopened display as a green Open, closed as a blue Closed. */
export function IssueStatusBadge({ state }: { state: 'opened' | 'closed' }) {
  const closed = state === 'closed';
  return (
    <span className={`badge badge--status ${closed ? 'badge--closed' : 'badge--open'}`} data-testid="issue-status-badge">
      {closed ? <CircleCheck size={14} aria-hidden="true" /> : <CircleDot size={14} aria-hidden="true" />}
      {closed ? 'Closed' : 'Open'}
    </span>
  );
}
