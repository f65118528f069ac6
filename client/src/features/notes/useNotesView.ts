import { useEffect, useState } from 'react';
import { NOTES_FILTER, type NotesFilter, type NotesSort } from '@tandem/shared-types';
import { readNotesSort, writeNotesSort } from './notesSortPreference';

/** A #note_<id> anchor asks for everything to be shown (spec §4 Filter). */
const anchorWantsAll = () => typeof window !== 'undefined' && /^#note_\d+/.test(window.location.hash);

/**
 * Filter, sort and timeline of the activity list (spec §4): the filter starts from the viewer's
 * saved one (all when the address names a note) and is saved when changed; the sort is kept per
 * noteable type; timeline view forces newest first and comments only without saving either,
 * leaving it restores the filter from before, and picking a non-comments filter turns it off.
 */
export function useNotesView(savedFilter: NotesFilter, noteableType = 'issue') {
  const [filter, setFilterState] = useState<NotesFilter>(() => (anchorWantsAll() ? NOTES_FILTER.all : savedFilter));
  const [persist, setPersist] = useState(() => anchorWantsAll() && savedFilter !== NOTES_FILTER.all);
  const [sort, setSortState] = useState<NotesSort>(() => readNotesSort(noteableType));
  const [timeline, setTimeline] = useState(false);
  // The filter (and whether it was to be saved) before timeline view forced comments only
  const [beforeTimeline, setBeforeTimeline] = useState<{ filter: NotesFilter; persist: boolean } | null>(null);

  useEffect(() => {
    const onHash = () => anchorWantsAll() && setFilterState(NOTES_FILTER.all);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const setFilter = (f: NotesFilter) => {
    setPersist(true);
    setFilterState(f);
    if (f !== NOTES_FILTER.comments) setTimeline(false);
    setBeforeTimeline(null);
  };
  const setSort = (s: NotesSort) => {
    setSortState(s);
    writeNotesSort(noteableType, s);
  };
  const toggleTimeline = (on: boolean) => {
    if (on === timeline) return;
    setTimeline(on);
    // Spec §4 Sort: timeline view goes with the comments-only filter (not saved as the preference)
    if (on) {
      setBeforeTimeline({ filter, persist });
      setPersist(false);
      setFilterState(NOTES_FILTER.comments);
    } else if (beforeTimeline) {
      // Leaving it gives back the filter the user had chosen
      setFilterState(beforeTimeline.filter);
      setPersist(beforeTimeline.persist);
      setBeforeTimeline(null);
    }
  };
  return { filter, persist, sort: timeline ? ('desc' as const) : sort, timeline, setFilter, setSort, toggleTimeline };
}
