import { Globe, Lock, Shield } from 'lucide-react';
import { TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { Pagination } from '../../shared/ui/Pagination';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { useProjects } from './projectQueries';

const VISIBILITY = {
  public: { icon: Globe, label: 'Public' },
  internal: { icon: Shield, label: 'Internal' },
  private: { icon: Lock, label: 'Private' },
} as const;

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
        {state.projects.map((p) => {
          const v = VISIBILITY[p.visibility];
          return (
            <li key={p.id} className="list__row project-row">
              <span className="project-row__tile" aria-hidden="true">
                {p.name.charAt(0).toUpperCase()}
              </span>
              <div className="list__main">
                <a className="list__title" href={`/${p.path_with_namespace}/-/issues`}>
                  <span className="muted">{p.namespace.full_path} / </span>
                  {p.name}
                </a>
                {p.description && <p className="list__desc">{p.description}</p>}
              </div>
              <div className="list__meta">
                <span className="meta-item" title={`${v.label} project`}>
                  <v.icon size={14} aria-hidden="true" /> {v.label}
                </span>
                <span className="meta-item" title="Open issues">
                  {p.open_issues_count} open {p.open_issues_count === 1 ? 'issue' : 'issues'}
                </span>
                <span className="meta-item muted">
                  Created <RelativeTime iso={p.created_at} />
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination {...state.info} onPage={onPage} />
    </>
  );
}
