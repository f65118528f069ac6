import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STATUS_PAGE_TEXTS as T, statusPagePaths, statusPageRouteIid, type StatusPageIncident } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { fetchStatusPage } from './statusPageApi';
import './statusPage.css';

/** The hash route (`#/data/incident/<iid>`, GitLab's status page links), followed as it changes. */
function useHashIid(): number | null {
  const [iid, setIid] = useState(() => statusPageRouteIid(window.location.hash));
  useEffect(() => {
    const on = () => setIid(statusPageRouteIid(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return iid;
}

/**
 * A project's public status page (no sign-in): the published incidents, or one of them with its
 * published comments. Texts come from the public JSON; descriptions and comments are HTML the
 * server's markdown renderer sanitised, and titles are text.
 */
export function StatusPage({ projectPath }: { projectPath: string }) {
  const iid = useHashIid();
  const paths = statusPagePaths(projectPath);
  const q = useQuery({
    queryKey: ['status-page', projectPath, iid],
    queryFn: ({ signal }): Promise<StatusPageIncident[] | StatusPageIncident | null> =>
      iid === null ? fetchStatusPage<StatusPageIncident[]>(paths.list, signal) : fetchStatusPage<StatusPageIncident>(paths.incident(iid), signal),
  });

  return (
    <div className="status-page" data-testid="status-page">
      <h1 className="page-title">{T.pageTitle(projectPath)}</h1>
      {q.isError && <Alert variant="danger">{T.loadFailed}</Alert>}
      {q.isPending && <p className="muted">Loading…</p>}
      {q.isSuccess && q.data === null && <p className="muted">{iid === null ? T.noIncidents : T.notFound}</p>}
      {q.isSuccess && Array.isArray(q.data) && <IncidentEntries incidents={q.data} />}
      {q.isSuccess && q.data && !Array.isArray(q.data) && <IncidentDetails incident={q.data} />}
    </div>
  );
}

function StateBadge({ status }: { status: StatusPageIncident['status'] }) {
  return <span className={`status-page__state status-page__state--${status}`}>{status === 'closed' ? T.stateClosed : T.stateOpen}</span>;
}

function IncidentEntries({ incidents }: { incidents: StatusPageIncident[] }) {
  if (!incidents.length) return <p className="muted">{T.noIncidents}</p>;
  return (
    <ul className="status-page__list">
      {incidents.map((i) => (
        <li key={i.id} data-testid="status-page-entry">
          <StateBadge status={i.status} /> <a href={`#/data/incident/${i.id}`}>{i.title}</a>{' '}
          <span className="muted">
            <RelativeTime iso={i.published_at} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function IncidentDetails({ incident }: { incident: StatusPageIncident }) {
  return (
    <article data-testid="status-page-incident">
      <p>
        <a href="#/">{T.back}</a>
      </p>
      <h2>
        <StateBadge status={incident.status} /> {incident.title}
      </h2>
      <p className="muted">
        <RelativeTime iso={incident.created_at} />
      </p>
      <div className="md" dangerouslySetInnerHTML={{ __html: incident.description }} />
      {!!incident.comments?.length && (
        <section>
          <h3>{T.updates}</h3>
          <ul className="status-page__comments">
            {incident.comments.map((c, k) => (
              <li key={k}>
                <span className="muted">
                  <RelativeTime iso={c.created_at} />
                </span>
                <div className="md" dangerouslySetInnerHTML={{ __html: c.note }} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
