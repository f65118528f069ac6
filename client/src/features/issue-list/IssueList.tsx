import { useState } from 'react';
import { CircleCheck, CircleDot, EyeOff } from 'lucide-react';
import { PEOPLE_TEXTS, TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { AvatarStack } from '../../shared/ui/AvatarStack';
import { CommentCount } from '../../shared/ui/CommentCount';
import { Pagination } from '../../shared/ui/Pagination';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { LabelBadge } from '../labels/LabelBadge';
import { useProjectLabels } from '../labels/projectLabels';
import { BulkUpdateForm } from './bulk/BulkUpdateForm';
import { filterParams, useIssueCounts, useIssueList, type IssueListQuery, type IssueListState } from './issueListQueries';
import { FilteredSearch } from './FilteredSearch';
import { IssueSortControl } from './IssueSortControl';
import { CountedTabLabel, TabList } from '../../shared/ui/TabList';

const TABS: Array<{ state: IssueListState; label: string }> = [
  { state: 'opened', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
];

/** A project's issues: Open/Closed/All tabs with counts, the filtered search and sort, and pages. */
export function IssueList({ projectPath, query, onQuery, canBulkEdit = false }: { projectPath: string; query: IssueListQuery; onQuery(q: Partial<IssueListQuery>): void; /** Reporters and up: the bulk edit form. */ canBulkEdit?: boolean }) {
  const list = useIssueList(projectPath, query);
  const counts = useIssueCounts(projectPath, filterParams(query.search, query.tokens).toString()).data ?? { opened: null, closed: null };
  const loaded = list.data ?? null;
  const error = list.error ? list.error.message : null;
  const labelColors = useProjectLabels(projectPath);
  const [bulk, setBulk] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const toggleChecked = (id: number) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const countOf = (s: IssueListState) => (s === 'all' ? (counts.opened !== null && counts.closed !== null ? counts.opened + counts.closed : null) : counts[s]);

  return (
    <div className="issue-list">
      <div className="list-toolbar">
        <TabList
          label="Issue state"
          tabs={TABS.map((t) => ({
            id: t.state,
            label: <CountedTabLabel label={t.label} count={countOf(t.state)} testId={`count-${t.state}`} />,
          }))}
          selected={query.state}
          onSelect={(state) => onQuery({ state, page: 1 })}
        />
        <FilteredSearch projectPath={projectPath} tokens={query.tokens} search={query.search} onChange={(tokens, search) => onQuery({ tokens, search, page: 1 })} />
        <IssueSortControl sort={query.sort} onSort={(sort) => onQuery({ sort, page: 1 })} />
        {canBulkEdit && (
          <button type="button" className="btn" aria-pressed={bulk} onClick={() => (setBulk((b) => !b), setChecked([]))}>
            {bulk ? 'Cancel' : PEOPLE_TEXTS.bulkEdit}
          </button>
        )}
      </div>
      {bulk && <BulkUpdateForm projectPath={projectPath} selectedIds={checked} onDone={() => setChecked([])} />}
      <div role="tabpanel" aria-busy={!loaded && !error}>
        {error && <Alert variant="danger">{error}</Alert>}
        {!error && !loaded && <p className="muted list-loading">Loading issues…</p>}
        {loaded && !loaded.issues.length && <p className="empty-row">{query.search || query.tokens.length ? TEXTS.noMatchingRecords : TEXTS.noRecords}</p>}
        {loaded && loaded.issues.length > 0 && (
          <ul className="list" data-testid="issue-list">
            {loaded.issues.map((issue) => (
              <li key={issue.id} className="list__row issue-row" data-testid="issue-row">
                {bulk && <input type="checkbox" aria-label={`Select #${issue.iid}`} checked={checked.includes(issue.id)} onChange={() => toggleChecked(issue.id)} />}
                <span className={`issue-row__state ${issue.state === 'closed' ? 'is-closed' : 'is-open'}`}>
                  {issue.state === 'closed' ? <CircleCheck size={16} aria-label="Closed" /> : <CircleDot size={16} aria-label="Open" />}
                </span>
                <div className="list__main">
                  <div className="issue-row__title-line">
                    {/* Full load: the issue page is painted from server-embedded data */}
                    <a className="list__title" href={`/${projectPath}/-/issues/${issue.iid}`}>
                      {issue.title}
                    </a>
                    {issue.confidential && (
                      <span className="issue-row__confidential" title="Confidential">
                        <EyeOff size={14} aria-label="Confidential" />
                      </span>
                    )}
                    {issue.labels.map((l) => (
                      <LabelBadge key={l} name={l} color={labelColors[l]} />
                    ))}
                  </div>
                  <div className="list__sub muted">
                    #{issue.iid} · created <RelativeTime iso={issue.created_at} /> by {issue.author.name}
                    {issue.issue_type === 'incident' && ' · Incident'}
                    {issue.issue_type === 'test_case' && ' · Test case'}
                  </div>
                </div>
                <div className="list__meta">
                  {issue.state === 'closed' && <span className="meta-item issue-row__closed">Closed</span>}
                  <AvatarStack users={issue.assignees} label={`Assigned to ${issue.assignees.map((a) => a.name).join(', ')}`} />
                  <CommentCount count={issue.user_notes_count} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {loaded && <Pagination {...loaded.info} onPage={(page) => onQuery({ page })} />}
      </div>
    </div>
  );
}
