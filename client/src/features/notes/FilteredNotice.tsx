import { DISCUSSION_TEXTS, NOTES_FILTER, NOTE_FORM_TEXTS, type NotesFilter } from '@tandem/shared-types';

/** Shown instead of the form while only history is shown (spec §2: the comments-filtered-out notice). */
export function FilteredNotice({ onFilter }: { onFilter(f: NotesFilter): void }) {
  return (
    <div className="filtered-notice" data-testid="notes-filtered-notice">
      <p>{NOTE_FORM_TEXTS.filteredNotice}</p>
      <button type="button" className="btn btn--sm" onClick={() => onFilter(NOTES_FILTER.all)}>
        {DISCUSSION_TEXTS.showAllActivity}
      </button>
      <button type="button" className="btn btn--sm" onClick={() => onFilter(NOTES_FILTER.comments)}>
        {DISCUSSION_TEXTS.showCommentsOnly}
      </button>
    </div>
  );
}
