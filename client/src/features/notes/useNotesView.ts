import { useEffect, useState } from 'react';
import { NOTES_FILTER, type NotesFilter, type NotesSort } from '@tandem/shared-types';
import { readNotesSort, writeNotesSort } from './notesSortPreference';

/** A #note_<id> anchor asks for everything to be shown (spec §4 Filter). */
const anchorWantsAll = () => typeof window !== 'undefined' && /^#note_\d+/.test(window.location.hash);

/**
 * Filter, sort and timeline of the activity list (spec §4): the filter starts from the viewer's
 * saved one (all when the address names a note) and is saved when changed; the sort is kept per
 * noteable type; timeline view forces newest first and comments only without saving either, and
 * picking a non-comments filter turns it off.
 */
export function useNotesView(savedFilter: NotesFilter, noteableType = 'issue') {
  const [filter, setFilterState] = useState<NotesFilter>(() => (anchorWantsAll() ? NOTES_FILTER.all : savedFilter));
  const [persist, setPersist] = useState(() => anchorWantsAll() && savedFilter !== NOTES_FILTER.all);
  const [sort, setSortState] = useState<NotesSort>(() => readNotesSort(noteableType));
  const [timeline, setTimeline] = useState(false);

  useEffect(() => {
    const onHash = () => anchorWantsAll() && setFilterState(NOTES_FILTER.all);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const setFilter = (f: NotesFilter) => {
    setPersist(true);
    setFilterState(f);
    if (f !== NOTES_FILTER.comments) setTimeline(false);
  };
  const setSort = (s: NotesSort) => {
    setSortState(s);
    writeNotesSort(noteableType, s);
  };
  const toggleTimeline = (on: boolean) => {
    setTimeline(on);
    // Spec §4 Sort: timeline view goes with the comments-only filter (not saved as the preference)
    if (on) {
      setPersist(false);
      setFilterState(NOTES_FILTER.comments);
    }
  };
  return { filter, persist, sort: timeline ? ('desc' as const) : sort, timeline, setFilter, setSort, toggleTimeline };
}
