import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { ERROR_SORTS, ERROR_STATUSES, ERROR_TRACKING_TEXTS, errorTrackingPaths, type ErrorSort, type ErrorStatus } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { useErrorList, type ErrorListQuery } from './errorTrackingApi';
import { addRecentSearch, clearRecentSearches, loadRecentSearches } from './recentSearches';
import { useLiveErrorList } from './useLiveErrorList';
import './errorTracking.css';

const SORT_LABELS: Record<ErrorSort, string> = { last_seen: 'Last seen', first_seen: 'First seen', frequency: 'Frequency' };
const STATUS_LABELS: Record<ErrorStatus, string> = { unresolved: 'Unresolved', ignored: 'Ignored', resolved: 'Resolved' };

export interface ErrorTrackingListProps {
  projectPath: string;
  query: ErrorListQuery;
  onQuery(q: Partial<ErrorListQuery>): void;
}

/** The error-tracking list (spec discussions.md): search with recent searches, sort, status filter, cursor pages, live. */
export function ErrorTrackingList({ projectPath, query, onQuery }: ErrorTrackingListProps) {
  const listPath = errorTrackingPaths(projectPath).list;
  const list = useErrorList(projectPath, query);
  const [term, setTerm] = useState(query.search);
  const [recent, setRecent] = useState(() => loadRecentSearches(listPath));
  const [showRecent, setShowRecent] = useState(false);
  const errors = list.data?.errors ?? [];
  useLiveErrorList(
    projectPath,
    errors.map((e) => e.id),
    query.cursor === null,
  );

  function search(raw: string) {
    const t = raw.trim();
    setTerm(t);
    setRecent((r) => addRecentSearch(listPath, t, r));
    setShowRecent(false);
    onQuery({ search: t, cursor: null });
  }

  return (
    <div className="error-list">
      <div className="error-list__toolbar">
        <form
          className="error-list__search"
          role="search"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            search(term);
          }}
        >
          <Search size={16} aria-hidden="true" />
          <input
            type="search"
            className="input"
            aria-label="Search errors"
            placeholder="Search or filter results…"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onFocus={() => setShowRecent(true)}
            onBlur={() => setTimeout(() => setShowRecent(false), 150)}
          />
          {showRecent && recent.length > 0 && (
            <div className="error-list__recent" role="listbox" aria-label="Recent searches">
              {recent.map((r) => (
                <button key={r} type="button" role="option" aria-selected={false} className="error-list__recent-item" onMouseDown={(e) => e.preventDefault()} onClick={() => search(r)}>
                  {r}
                </button>
              ))}
              <button
                type="button"
                className="error-list__recent-clear"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  clearRecentSearches(listPath);
                  setRecent([]);
                }}
              >
                Clear recent searches
              </button>
            </div>
          )}
        </form>
        <label className="error-list__select">
          <span>Status</span>
          <select className="input" value={query.status} onChange={(e) => onQuery({ status: e.target.value as ErrorStatus, cursor: null })}>
            {ERROR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="error-list__select">
          <span>Sort by</span>
          <select className="input" value={query.sort} onChange={(e) => onQuery({ sort: e.target.value as ErrorSort, cursor: null })}>
            {ERROR_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isError && !list.data && (
        <Alert variant="danger" testId="error-list-failed">
          {ERROR_TRACKING_TEXTS.loadErrorsFailed}
        </Alert>
      )}
      {list.isPending ? (
        <p className="muted" role="status" data-testid="error-list-loading">
          Loading errors…
        </p>
      ) : (
        list.data && (
          <table className="error-table" data-testid="error-list">
            <thead>
              <tr>
                <th scope="col">Error</th>
                <th scope="col" className="error-table__num">
                  Events
                </th>
                <th scope="col" className="error-table__num">
                  Users
                </th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {errors.length === 0 ? (
                <tr>
                  <td colSpan={4} className="muted error-table__empty">
                    {ERROR_TRACKING_TEXTS.noErrors}
                  </td>
                </tr>
              ) : (
                errors.map((e) => (
                  <tr key={e.id} data-testid="error-row">
                    <td>
                      <Link to={e.details_path} className="error-table__title">
                        {e.title}
                      </Link>
                      <div className="error-table__meta muted">
                        {e.culprit}
                        {e.gitlab_issue_iid !== null && <span className="badge badge--neutral">#{e.gitlab_issue_iid}</span>}
                      </div>
                    </td>
                    <td className="error-table__num" data-testid="error-count">
                      {e.count}
                    </td>
                    <td className="error-table__num">{e.user_count}</td>
                    <td>
                      <RelativeTime iso={e.last_seen} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )
      )}
      {list.data && (list.data.pagination.previous || list.data.pagination.next) && (
        <nav className="pagination" aria-label="Pagination">
          <button type="button" className="btn" disabled={!list.data.pagination.previous} onClick={() => onQuery({ cursor: list.data.pagination.previous?.cursor ?? null })}>
            <ChevronLeft size={16} aria-hidden="true" /> Prev
          </button>
          <button type="button" className="btn" disabled={!list.data.pagination.next} onClick={() => onQuery({ cursor: list.data.pagination.next?.cursor ?? null })}>
            Next <ChevronRight size={16} aria-hidden="true" />
          </button>
        </nav>
      )}
    </div>
  );
}
