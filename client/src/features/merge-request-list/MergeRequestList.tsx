import { GitBranch } from 'lucide-react';
import { MERGE_REQUEST_LIST_TABS, MERGE_REQUEST_LIST_TEXTS as T, type ApiMergeRequest } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { AvatarStack } from '../../shared/ui/AvatarStack';
import { CommentCount } from '../../shared/ui/CommentCount';
import { Pagination } from '../../shared/ui/Pagination';
import { RelativeTime } from '../../shared/ui/RelativeTime';
import { CountedTabLabel, TabList } from '../../shared/ui/TabList';
import { FilteredSearch } from '../issue-list/FilteredSearch';
import { IssueSortControl } from '../issue-list/IssueSortControl';
import { LabelBadge } from '../labels/LabelBadge';
import { useProjectLabels, type LabelColors } from '../labels/projectLabels';
import { MERGE_REQUEST_SORT_FIELDS, useMergeRequestCounts, useMergeRequestList, type MergeRequestListQuery } from './mergeRequestListQueries';
import '../merge-requests/mergeRequests.css';
import './mergeRequestList.css';

/** A project's merge requests: Open/Merged/Closed/All tabs with counts, search, sort and pages (the issue list's pieces). */
export function MergeRequestList({ projectPath, query, onQuery }: { projectPath: string; query: MergeRequestListQuery; onQuery(q: Partial<MergeRequestListQuery>): void }) {
  const list = useMergeRequestList(projectPath, query);
  const counts = useMergeRequestCounts(projectPath, query.search).data;
  const loaded = list.data ?? null;
  const labelColors = useProjectLabels(projectPath);

  return (
    <div className="merge-request-list">
      <div className="list-toolbar">
        <TabList
          label={T.tabsLabel}
          tabs={MERGE_REQUEST_LIST_TABS.map((t) => ({ id: t.state, label: <CountedTabLabel label={t.title} count={counts?.[t.state] ?? null} testId={`count-${t.state}`} /> }))}
          selected={query.state}
          onSelect={(state) => onQuery({ state, page: 1 })}
        />
        {/* Tandem's merge request REST filters have no "is not": the box searches titles and descriptions */}
        <FilteredSearch projectPath={projectPath} tokens={[]} tokenTypes={[]} search={query.search} onChange={(_, search) => onQuery({ search, page: 1 })} />
        <IssueSortControl sort={query.sort} fields={MERGE_REQUEST_SORT_FIELDS} onSort={(sort) => onQuery({ sort, page: 1 })} />
      </div>
      <div role="tabpanel" aria-busy={!loaded && !list.error}>
        {list.error && <Alert variant="danger">{list.error.message}</Alert>}
        {!list.error && !loaded && <p className="muted list-loading">{T.loading}</p>}
        {loaded && !loaded.mergeRequests.length && (
          <p className="empty-row" data-testid="merge-request-empty">
            {query.search ? T.noMatch : T.empty[query.state]}
          </p>
        )}
        {loaded && loaded.mergeRequests.length > 0 && (
          <ul className="list" data-testid="merge-request-list">
            {loaded.mergeRequests.map((mr) => (
              <MergeRequestRow key={mr.id} mr={mr} projectPath={projectPath} showState={query.state !== 'opened'} labelColors={labelColors} />
            ))}
          </ul>
        )}
        {loaded && <Pagination {...loaded.info} onPage={(page) => onQuery({ page })} />}
      </div>
    </div>
  );
}

function MergeRequestRow({ mr, projectPath, showState, labelColors }: { mr: ApiMergeRequest; projectPath: string; showState: boolean; labelColors: LabelColors }) {
  return (
    <li className="list__row issue-row" data-testid="merge-request-row">
      <div className="list__main">
        <div className="issue-row__title-line">
          {/* Full load, as the issue list's rows: the merge request page reads its own data */}
          <a className="list__title" href={`/${projectPath}/-/merge_requests/${mr.iid}`}>
            {mr.title}
          </a>
          {mr.labels.map((l) => (
            <LabelBadge key={l} name={l} color={labelColors[l]} />
          ))}
        </div>
        <div className="list__sub muted">
          !{mr.iid} · created <RelativeTime iso={mr.created_at} />
          {mr.author && ` by ${mr.author.name}`}
        </div>
        <div className="list__sub muted mr-row__branches" data-testid="merge-request-branches">
          <GitBranch size={12} aria-hidden="true" /> {T.branches(mr.source_branch, mr.target_branch)}
        </div>
      </div>
      <div className="list__meta">
        {showState && (
          <span className={`mr-state-badge mr-state-${mr.state}`} data-testid="merge-request-state">
            {T.state[mr.state]}
          </span>
        )}
        <AvatarStack users={mr.assignees} label={T.assignedTo(mr.assignees.map((a) => a.name))} />
        <AvatarStack users={mr.reviewers} label={T.reviewers(mr.reviewers.map((r) => r.name))} />
        <CommentCount count={mr.user_notes_count} />
      </div>
    </li>
  );
}
