import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { REALTIME } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { discussionOfNote } from './discussionRules';
import { registerDiscussionsRefetch } from './discussionsRefetch';
import { discussionsAtomFamily, notesPollPausedAtom } from './notesAtoms';
import { applyNotesPoll, useNotesPolling } from './useNotesPolling';
import { stubFetch } from '../../test/kit';
import { makeNote, makeThread } from './testNotes';

const KEY = 'g/p#3';

describe('applyNotesPoll', () => {
  afterEach(() => vi.useRealTimers());

  it('applies polled notes like live events: new, reply, edit; applying twice changes nothing', () => {
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1' })), makeThread([makeNote({ id: '2', discussion_id: 'T', individual_note: false })])]);
    const res = {
      notes: [makeNote({ id: '1', note_html: '<p>edited</p>' }), makeNote({ id: '3', discussion_id: 'T', individual_note: false }), makeNote({ id: '4' })],
      last_fetched_at: 2,
      more: false,
    };
    applyNotesPoll(KEY, res);
    const once = appStore.get(discussionsAtomFamily(KEY));
    applyNotesPoll(KEY, res);
    expect(appStore.get(discussionsAtomFamily(KEY))).toEqual(once);
    expect(once!.map((d) => [d.id, d.notes.map((n) => n.id)])).toEqual([
      ['d1', ['1']],
      ['T', ['2', '3']],
      ['d4', ['4']],
    ]);
    expect(once![0]!.notes[0]!.note_html).toBe('<p>edited</p>');
  });

  it('a polled reply to an unknown thread refetches the discussions after the debounce', () => {
    vi.useFakeTimers();
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1' }))]);
    const refetch = vi.fn();
    const off = registerDiscussionsRefetch(KEY, refetch);
    applyNotesPoll(KEY, { notes: [makeNote({ id: '9', discussion_id: 'Z', individual_note: false })], last_fetched_at: 3, more: false });
    vi.advanceTimersByTime(REALTIME.notesFetchDebounceMs);
    expect(refetch).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('useNotesPolling', () => {
  afterEach(() => {
    vi.useRealTimers();
    appStore.set(notesPollPausedAtom, 0);
  });

  it('skips its turns while suggestions are applied (spec: polling is paused meanwhile), then polls again', async () => {
    vi.useFakeTimers();
    const api = stubFetch({ 'GET /g/p/-/issues/3/notes': { notes: [], last_fetched_at: 2, more: false } });
    appStore.set(discussionsAtomFamily(KEY), []);
    appStore.set(notesPollPausedAtom, 1);
    const { unmount } = renderHook(() => useNotesPolling(KEY, '/g/p/-/issues/3/notes', 1, true));
    await vi.advanceTimersByTimeAsync(REALTIME.notesFirstPollDelayMs + REALTIME.notesPollIntervalMs * 2);
    expect(api.callsTo('GET /g/p/-/issues/3/notes')).toHaveLength(0);
    appStore.set(notesPollPausedAtom, 0);
    await vi.advanceTimersByTimeAsync(REALTIME.notesPollIntervalMs);
    expect(api.callsTo('GET /g/p/-/issues/3/notes')).toHaveLength(1);
    unmount();
  });
});
