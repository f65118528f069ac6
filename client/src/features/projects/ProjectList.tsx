import { TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { Pagination } from '../../shared/ui/Pagination';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { ProjectRow } from './ProjectRow';
import { useProjects } from './projectQueries';


/** The projects the viewer can read, newest activity first, paged by the API's headers. */
export function ProjectList({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { data: state, error: failure } = useProjects(page);
  const error = failure?.message ?? null;

  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!state) return <p className="muted" aria-busy="true">Loading projects…</p>;
  if (!state.projects.length) return <p className="empty-row">{TEXTS.noRecords}</p>;
  return (
    <>
      <ul className="list" data-testid="project-list">
        {state.projects.map((p) => (
          <ProjectRow
            key={p.id}
            project={p}
            meta={
              <>
                <span className="meta-item" title="Open issues">
                  {p.open_issues_count} open {p.open_issues_count === 1 ? 'issue' : 'issues'}
                </span>
                <span className="meta-item muted">
                  Created <RelativeTime iso={p.created_at} />
                </span>
              </>
            }
          />
        ))}
      </ul>
      <Pagination {...state.info} onPage={onPage} />
    </>
  );
}
