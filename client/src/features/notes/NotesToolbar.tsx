import { DISCUSSION_TEXTS, NOTES_FILTER_OPTIONS, NOTE_FORM_TEXTS, type NotesFilter, type NotesFilterOption, type NotesSort } from '@tandem/shared-types';

interface NotesToolbarProps {
  filter: NotesFilter;
  sort: NotesSort;
  timeline: boolean;
  counts: { resolved: number; total: number };
  onFilter(f: NotesFilter): void;
  onSort(s: NotesSort): void;
  onTimeline(on: boolean): void;
  onJumpToUnresolved(): void;
  /** The filter's choices (a merge request's come from its page data); GitLab's three by default. */
  filters?: readonly NotesFilterOption[];
}

/** The activity header: resolved-threads counter with a jump, timeline toggle, sort and filter. */
export function NotesToolbar({ filter, sort, timeline, counts, onFilter, onSort, onTimeline, onJumpToUnresolved, filters = NOTES_FILTER_OPTIONS }: NotesToolbarProps) {
  return (
    <div className="notes-toolbar">
      {counts.total > 0 && (
        <div className="notes-toolbar__resolved" data-testid="threads-resolved">
          <span>{NOTE_FORM_TEXTS.threadsResolved(counts.resolved, counts.total)}</span>
          {counts.resolved < counts.total && (
            <button type="button" className="btn btn--sm btn--tertiary" onClick={onJumpToUnresolved}>
              {NOTE_FORM_TEXTS.jumpToNextUnresolved}
            </button>
          )}
        </div>
      )}
      <div className="notes-toolbar__controls">
        <button type="button" className="btn btn--sm" aria-pressed={timeline} onClick={() => onTimeline(!timeline)}>
          {NOTE_FORM_TEXTS.timelineView}
        </button>
        <label className="notes-toolbar__select">
          <span className="visually-hidden">Sort activity</span>
          <select value={timeline ? 'desc' : sort} disabled={timeline} onChange={(e) => onSort(e.target.value as NotesSort)} aria-label="Sort activity">
            <option value="asc">{DISCUSSION_TEXTS.sortOldest}</option>
            <option value="desc">{DISCUSSION_TEXTS.sortNewest}</option>
          </select>
        </label>
        <label className="notes-toolbar__select">
          <span className="visually-hidden">Filter activity</span>
          <select value={filter} onChange={(e) => onFilter(Number(e.target.value) as NotesFilter)} aria-label="Filter activity" data-testid="discussion-filter">
            {filters.map((f) => (
              <option key={f.value} value={f.value}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
