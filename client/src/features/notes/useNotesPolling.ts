import { useEffect, useRef } from 'react';
import { REALTIME, type NotesPollResponse } from '@tandem/shared-types';
import { pollIntervalOf } from '../issue/useRealtimeChangesPolling';
import { appStore } from '../../shared/store';
import { removeNote, upsertNote } from './discussionRules';
import { scheduleDiscussionsRefetch } from './discussionsRefetch';
import { discussionsAtomFamily, notesPollPausedAtom, updateDiscussions } from './notesAtoms';
import { pollNotes } from './notesApi';
import { SmartInterval } from '../../shared/polling/smartInterval';

/** Applies a notes poll answer like the live events: upsert each note; a reply to an unknown thread refetches. */
export function applyNotesPoll(key: string, res: NotesPollResponse): void {
  const list = appStore.get(discussionsAtomFamily(key));
  if (!list) return;
  if (res.notes.some((n) => !n.individual_note && !list.some((d) => d.id === n.discussion_id))) scheduleDiscussionsRefetch(key);
  updateDiscussions(appStore, key, (l) => res.notes.reduce((acc, n) => ((n as { deleted?: boolean }).deleted ? removeNote(acc, n.id) : upsertNote(acc, n)), l));
}

/**
 * While the socket is down, polls the notes endpoint with X-Last-Fetched-At (spec §4 Polling:
 * first delay 2500 ms, stopped while the tab is hidden and restarted when it is shown). The
 * spec's polling helper (SmartInterval) paces it: the server's Poll-Interval to start with,
 * growing by REALTIME.notesPollGrowthFactor after each poll that brought no note, up to
 * REALTIME.pollIntervalMaxMs, back to the start after one that did. The last fetched time
 * survives a restart so nothing is missed between socket drops.
 */
export function useNotesPolling(key: string, notesPath: string, initialLastFetchedAt: number, enabled: boolean, onError?: () => void): void {
  const lastFetched = useRef(initialLastFetchedAt);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const poller = new SmartInterval({
      startingMs: REALTIME.notesPollIntervalMs,
      maxMs: REALTIME.pollIntervalMaxMs,
      factor: REALTIME.notesPollGrowthFactor,
      // The spec stops notes polling while the tab is hidden
      hiddenMs: null,
      firstDelayMs: REALTIME.notesFirstPollDelayMs,
      tick: async () => {
        // Paused while suggestions are applied; the turn counts as busy, so the pace stays at its start
        if (appStore.get(notesPollPausedAtom) > 0) return true;
        let news = false;
        // A page of at most notesPageLimit notes says `more`: the rest is read at once
        for (let page = 0; page < 20; page++) {
          try {
            const res = await pollNotes(notesPath, lastFetched.current, controller.signal);
            if (controller.signal.aborted) return false;
            if (!res.ok) {
              onErrorRef.current?.();
              return false;
            }
            lastFetched.current = res.data.last_fetched_at;
            applyNotesPoll(key, res.data);
            news ||= res.data.notes.length > 0;
            const said = pollIntervalOf(res.headers);
            if (said !== null) poller.setStartingMs(said);
            if (!res.data.more) break;
          } catch {
            if (!controller.signal.aborted) onErrorRef.current?.();
            return false;
          }
        }
        return news;
      },
    });
    poller.start();
    return () => {
      controller.abort();
      poller.stop();
    };
  }, [key, notesPath, enabled]);
}
