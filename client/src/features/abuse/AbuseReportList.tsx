import { ABUSE_CATEGORIES, ABUSE_TEXTS as T } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { useAbuseReports } from './abuseApi';

/** The admins' list of abuse reports, newest first. */
export function AbuseReportList() {
  const reports = useAbuseReports();
  if (reports.isPending) return <p className="muted">Loading…</p>;
  if (reports.isError) return <Alert variant="danger">{(reports.error as { status?: number }).status === 403 ? '403 Forbidden' : T.failed}</Alert>;
  if (!reports.data.length) return <p className="muted">{T.adminEmpty}</p>;
  return (
    <table className="table" data-testid="abuse-reports">
      <thead>
        <tr>
          <th>Reported user</th>
          <th>Reason</th>
          <th>Details</th>
          <th>Reporter</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {reports.data.map((r) => (
          <tr key={r.id}>
            <td>{r.user ? <a href={`/${r.user.username}`}>@{r.user.username}</a> : '—'}</td>
            <td>{ABUSE_CATEGORIES[r.category] ?? r.category}</td>
            <td>
              {r.message}
              {r.reported_from_url && (
                <>
                  {' '}
                  <a href={r.reported_from_url}>(issue)</a>
                </>
              )}
            </td>
            <td>{r.reporter ? `@${r.reporter.username}` : '—'}</td>
            <td>
              <RelativeTime iso={r.created_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
