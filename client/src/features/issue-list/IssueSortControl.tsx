import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { SORT_FIELDS, type IssueSort, type SortKey } from './filterTokens';

/** The sort dropdown (GitLab's issue list sorts, or the few a list offers in `fields`) and its ascending/descending toggle. */
export function IssueSortControl({ sort, onSort, fields = SORT_FIELDS }: { sort: IssueSort; onSort(s: IssueSort): void; fields?: ReadonlyArray<(typeof SORT_FIELDS)[number]> }) {
  const descending = sort.direction === 'desc';
  return (
    <div className="issue-sort">
      <select className="input" aria-label="Sort by" value={sort.key} onChange={(e) => onSort({ ...sort, key: e.target.value as SortKey })}>
        {fields.map((f) => (
          <option key={f.key} value={f.key}>
            {f.title}
          </option>
        ))}
      </select>
      <button type="button" className="btn" aria-label={descending ? 'Sort direction: descending' : 'Sort direction: ascending'} title={descending ? 'Descending' : 'Ascending'} onClick={() => onSort({ ...sort, direction: descending ? 'asc' : 'desc' })}>
        {descending ? <ArrowDownWideNarrow size={16} aria-hidden="true" /> : <ArrowUpNarrowWide size={16} aria-hidden="true" />}
      </button>
    </div>
  );
}
