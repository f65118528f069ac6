import { useEffect, useRef } from 'react';
import { REALTIME, type NotesPollResponse } from '@tandem/shared-types';
import { pollIntervalOf } from '../issue/useRealtimeChangesPolling';
import { appStore } from '../../shared/store';
import { removeNote, upsertNote } from './discussionRules';
import { scheduleDiscussionsRefetch } from './discussionsRefetch';
import { discussionsAtomFamily, updateDiscussions } from './notesAtoms';
import { pollNotes } from './notesApi';

/** Applies a notes poll answer like the live events: upsert each note; a reply to an unknown thread refetches. */
export function applyNotesPoll(key: string, res: NotesPollResponse): void {
  const list = appStore.get(discussionsAtomFamily(key));
  if (!list) return;
  if (res.notes.some((n) => !n.individual_note && !list.some((d) => d.id === n.discussion_id))) scheduleDiscussionsRefetch(key);
  updateDiscussions(appStore, key, (l) => res.notes.reduce((acc, n) => ((n as { deleted?: boolean }).deleted ? removeNote(acc, n.id) : upsertNote(acc, n)), l));
}

/**
 * While the socket is down, polls the notes endpoint with X-Last-Fetched-At (spec §4 Polling:
 * first delay 2500 ms, paused while the tab is hidden), then every Poll-Interval the server
 * gives. The last fetched time survives a restart so nothing is missed between socket drops.
 */
export function useNotesPolling(key: string, notesPath: string, initialLastFetchedAt: number, enabled: boolean, onError?: () => void): void {
  const lastFetched = useRef(initialLastFetchedAt);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const controller = new AbortController();
    const schedule = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, ms);
    };
    async function tick() {
      timer = null;
      if (document.hidden) return;
      let next: number | null = REALTIME.notesPollIntervalMs;
      try {
        const res = await pollNotes(notesPath, lastFetched.current, controller.signal);
        if (controller.signal.aborted) return;
        if (res.ok) {
          lastFetched.current = res.data.last_fetched_at;
          applyNotesPoll(key, res.data);
          next = res.data.more ? 0 : (pollIntervalOf(res.headers) ?? REALTIME.notesPollIntervalMs);
        } else onErrorRef.current?.();
      } catch {
        if (controller.signal.aborted) return;
        onErrorRef.current?.();
      }
      if (next !== null) schedule(next);
    }
    const onVisibility = () => {
      if (document.hidden) {
        if (timer) clearTimeout(timer);
        timer = null;
      } else if (!timer) schedule(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule(REALTIME.notesFirstPollDelayMs);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [key, notesPath, enabled]);
}
