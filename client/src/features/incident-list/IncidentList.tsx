import { ArrowDown, ArrowUp, CheckCircle2 } from 'lucide-react';
import { INCIDENT_LIST_TABS, INCIDENT_TEXTS, incidentSlaText, type IncidentListPage, type IncidentSortField } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { Avatar } from '../../shared/ui/Avatar';
import { Pagination } from '../../shared/ui/Pagination';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { TabList } from '../../shared/ui/TabList';
import { IncidentSeverityDropdown } from './IncidentSeverityDropdown';
import { useIncidentList, type IncidentListQuery } from './incidentListQueries';
import './incidentList.css';

const SORT_COLUMNS: Array<{ field: IncidentSortField; label: string }> = [
  { field: 'severity', label: 'Severity' },
  { field: 'created_at', label: 'Date created' },
  { field: 'sla_due_at', label: 'Time to SLA' },
];
const PUBLISHED_COLUMN: { field: IncidentSortField; label: string } = { field: 'published', label: INCIDENT_TEXTS.published };

export interface IncidentListProps {
  projectPath: string;
  query: IncidentListQuery;
  onQuery(q: Partial<IncidentListQuery>): void;
  /** Reporters and up (admin_issue): severity dropdowns in the rows. */
  canUpdate: boolean;
  /** Where 'Create incident' goes; absent when the viewer cannot create one. */
  createUrl: string | null;
  /** Tests pin the clock for the SLA column. */
  now?: number;
}

/** A project's incidents: Open/Closed/All tabs, a sortable table, severity changes in place. */
export function IncidentList({ projectPath, query, onQuery, canUpdate, createUrl, now = Date.now() }: IncidentListProps) {
  const list = useIncidentList(projectPath, query);
  const data = list.data ?? null;

  const sortBy = (field: IncidentSortField) =>
    onQuery({ orderBy: field, sort: query.orderBy === field && query.sort === 'desc' ? 'asc' : 'desc', page: 1 });
  const sortHeader = (c: { field: IncidentSortField; label: string }) => {
    const active = query.orderBy === c.field;
    return (
      <th key={c.field} scope="col" aria-sort={active ? (query.sort === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="incident-table__sort" onClick={() => sortBy(c.field)}>
          {c.label}
          {active && (query.sort === 'asc' ? <ArrowUp size={12} aria-hidden="true" /> : <ArrowDown size={12} aria-hidden="true" />)}
        </button>
      </th>
    );
  };

  return (
    <div className="incident-list">
      <div className="list-toolbar">
        <TabList label="Incident state" tabs={INCIDENT_LIST_TABS.map((t) => ({ id: t.filter, label: t.title }))} selected={query.state} onSelect={(state) => onQuery({ state, page: 1 })} />
        {createUrl && (
          <a className="btn btn--confirm" href={createUrl}>
            {INCIDENT_TEXTS.createIncident}
          </a>
        )}
      </div>
      <div role="tabpanel" aria-busy={list.isPending}>
        {list.isError && <Alert variant="danger">{INCIDENT_TEXTS.listFailed}</Alert>}
        {list.isPending && <p className="muted list-loading">Loading incidents…</p>}
        {data && !data.incidents.length && <EmptyState data={data} state={query.state} createUrl={createUrl} />}
        {data && data.incidents.length > 0 && (
          <table className="incident-table" data-testid="incident-table">
            <thead>
              <tr>
                <th scope="col">Incident</th>
                {SORT_COLUMNS.map(sortHeader)}
                <th scope="col">Assignees</th>
                {sortHeader(PUBLISHED_COLUMN)}
              </tr>
            </thead>
            <tbody>
              {data.incidents.map((i) => (
                <tr key={i.id} data-testid="incident-row">
                  <td>
                    {/* Full load: the issue page is painted from server-embedded data */}
                    <a href={`/${projectPath}/-/issues/${i.iid}`}>{i.title}</a>
                  </td>
                  <td>
                    <IncidentSeverityDropdown projectPath={projectPath} iid={i.iid} severity={i.severity} editable={canUpdate} />
                  </td>
                  <td>
                    <RelativeTime iso={i.created_at} />
                  </td>
                  <td data-testid="incident-sla">{incidentSlaText(i.sla_due_at, now, i.closed_at)}</td>
                  <td>
                    {i.assignees.length ? (
                      <span className="avatar-stack" aria-label={`Assigned to ${i.assignees.map((a) => a.name).join(', ')}`}>
                        {i.assignees.map((a) => (
                          <Avatar key={a.id} user={a} size={20} />
                        ))}
                      </span>
                    ) : (
                      <span className="muted">{INCIDENT_TEXTS.unassigned}</span>
                    )}
                  </td>
                  <td data-testid="incident-published">
                    {i.published_at ? (
                      <span className="incident-published" title={i.published_at}>
                        <CheckCircle2 size={14} aria-hidden="true" /> {INCIDENT_TEXTS.published}
                      </span>
                    ) : (
                      <span className="muted">{INCIDENT_TEXTS.unpublished}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.total > data.per_page && (
          <Pagination
            page={data.page}
            total={data.total}
            prevPage={data.page > 1 ? data.page - 1 : null}
            nextPage={data.page * data.per_page < data.total ? data.page + 1 : null}
            onPage={(page) => onQuery({ page })}
          />
        )}
      </div>
    </div>
  );
}

function EmptyState({ data, state, createUrl }: { data: IncidentListPage; state: IncidentListQuery['state']; createUrl: string | null }) {
  if (data.all_count === 0)
    return (
      <div className="empty-state" data-testid="incident-empty">
        <h2>{INCIDENT_TEXTS.emptyAll}</h2>
        {createUrl && (
          <a className="btn btn--confirm" href={createUrl}>
            {INCIDENT_TEXTS.createIncident}
          </a>
        )}
      </div>
    );
  return (
    <p className="empty-row" data-testid="incident-empty">
      {state === 'closed' ? INCIDENT_TEXTS.emptyClosed : INCIDENT_TEXTS.emptyList}
    </p>
  );
}
