import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME, type AnyRealtimeEvent, type ApiNote } from '@tandem/shared-types';
import { queryClient } from '../../shared/queryClient';
import { appStore } from '../../shared/store';
import { stubFetch } from '../../test/kit';
import { EventRegistry } from '../../realtime/eventRegistry';
import { issueAtomFamily } from '../issue/issueAtoms';
import { makeIssue } from '../issue/testIssue';
import { discussionOfNote } from './discussionRules';
import { registerDiscussionsRefetch } from './discussionsRefetch';
import { noteBatchEvents, noteEvents } from './noteEvents';
import { discussionsAtomFamily, editingNotesAtom, remotelyChangedNotesAtom } from './notesAtoms';
import { bob, makeNote, makeThread } from './testNotes';

const KEY = 'g/p#1';
let seq = 0;
const ev = (type: 'note.created' | 'note.updated', note: ApiNote) => ({ type, seq: ++seq, issue: { project_path: 'g/p', iid: 1 }, payload: { note }, actor: bob, at: '' }) as unknown as AnyRealtimeEvent;

describe('noteEvents', () => {
  const registry = new EventRegistry({ store: appStore, queryClient });
  let off: () => void;
  beforeEach(() => {
    off = registry.registerAll(noteEvents, noteBatchEvents);
    appStore.set(issueAtomFamily(KEY), makeIssue({ user_notes_count: 2 }));
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1' })), makeThread([makeNote({ id: '2', discussion_id: 'T', individual_note: false })])]);
  });
  afterEach(() => {
    off();
    vi.useRealTimers();
  });

  it('a new comment appears once and counts once, however often its event is applied', () => {
    const note = makeNote({ id: '5', author: bob });
    registry.dispatch(ev('note.created', note));
    const after = appStore.get(discussionsAtomFamily(KEY));
    registry.dispatch(ev('note.created', note));
    expect(appStore.get(discussionsAtomFamily(KEY))).toEqual(after);
    expect(after!.map((d) => d.id)).toEqual(['d1', 'T', 'd5']);
    expect(appStore.get(issueAtomFamily(KEY))!.user_notes_count).toBe(3);
  });

  it("a submitted review's notes, delivered as one batch, change the discussions and the count once each, in order", () => {
    const notes = [
      makeNote({ id: '7', author: bob }),
      makeNote({ id: '8', discussion_id: 'T', individual_note: false, author: bob }),
      makeNote({ id: '9', author: bob }),
    ];
    const changes: string[] = [];
    const unsub = [
      appStore.sub(discussionsAtomFamily(KEY), () => changes.push('discussions')),
      appStore.sub(issueAtomFamily(KEY), () => changes.push('count')),
    ];
    const batch = notes.map((n, i) => ({ ...(ev('note.created', n) as object), payload: { note: n, batch: { index: i + 1, size: 3 } } }) as unknown as AnyRealtimeEvent);
    registry.dispatchBatch(batch);
    unsub.forEach((u) => u());
    expect(changes.sort()).toEqual(['count', 'discussions']);
    const list = appStore.get(discussionsAtomFamily(KEY))!;
    expect(list.map((d) => d.id)).toEqual(['d1', 'T', 'd7', 'd9']);
    expect(list.find((d) => d.id === 'T')!.notes.map((n) => n.id)).toEqual(['2', '8']);
    expect(appStore.get(issueAtomFamily(KEY))!.user_notes_count).toBe(5);
    // the same batch again (a replay overlapping it) changes nothing
    registry.dispatchBatch(batch);
    expect(appStore.get(discussionsAtomFamily(KEY))).toEqual(list);
    expect(appStore.get(issueAtomFamily(KEY))!.user_notes_count).toBe(5);
  });

  it('a reply goes into its thread; an edit replaces the text; a delete removes it', () => {
    const reply = makeNote({ id: '6', discussion_id: 'T', individual_note: false, author: bob });
    registry.dispatch(ev('note.created', reply));
    expect(appStore.get(discussionsAtomFamily(KEY))!.find((d) => d.id === 'T')!.notes.map((n) => n.id)).toEqual(['2', '6']);
    registry.dispatch(ev('note.updated', { ...reply, note_html: '<p>edited</p>' }));
    expect(appStore.get(discussionsAtomFamily(KEY))!.find((d) => d.id === 'T')!.notes[1]!.note_html).toBe('<p>edited</p>');
    const del = { type: 'note.deleted', seq: ++seq, issue: { project_path: 'g/p', iid: 1 }, payload: { note_id: '6', discussion_id: 'T' }, actor: bob, at: '' } as unknown as AnyRealtimeEvent;
    registry.dispatch(del);
    registry.dispatch(del);
    expect(appStore.get(discussionsAtomFamily(KEY))!.find((d) => d.id === 'T')!.notes.map((n) => n.id)).toEqual(['2']);
  });

  it("a comment turned into a thread by someone's reply asks the server whether this viewer may resolve it, and shows the answer", async () => {
    const flags = (resolve: boolean) => ({ can_edit: true, can_award_emoji: true, can_resolve: resolve, can_resolve_discussion: resolve });
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1', current_user: flags(false) }))]);
    const converted = makeNote({ id: '1', type: 'DiscussionNote', individual_note: false, resolvable: true });
    const fresh = { ...discussionOfNote({ ...converted, current_user: flags(true) }), individual_note: false, resolvable: true };
    const api = stubFetch({ 'GET /g/p/-/issues/1/discussions/d1': fresh });
    registry.dispatch(ev('note.updated', converted));
    // until the answer, the flags the page had (may not resolve)
    expect(appStore.get(discussionsAtomFamily(KEY))![0]!.notes[0]!.current_user!.can_resolve_discussion).toBe(false);
    await vi.waitFor(() => expect(appStore.get(discussionsAtomFamily(KEY))![0]!.notes[0]!.current_user!.can_resolve_discussion).toBe(true));
    // an ordinary edit asks nothing
    registry.dispatch(ev('note.updated', { ...converted, note_html: '<p>edited</p>' }));
    expect(api.calls).toHaveLength(1);
  });

  it('flags a note changed remotely while its edit form is open', () => {
    appStore.set(editingNotesAtom, { '1': true });
    registry.dispatch(ev('note.updated', makeNote({ id: '1', note: 'changed elsewhere' })));
    expect(appStore.get(remotelyChangedNotesAtom)['1']).toBe(true);
  });

  it('a reply to a thread the page does not hold refetches the discussions once, debounced', () => {
    vi.useFakeTimers();
    const refetch = vi.fn();
    const unregister = registerDiscussionsRefetch(KEY, refetch);
    registry.dispatch(ev('note.created', makeNote({ id: '7', discussion_id: 'X', individual_note: false })));
    registry.dispatch(ev('note.created', makeNote({ id: '8', discussion_id: 'X', individual_note: false })));
    vi.advanceTimersByTime(REALTIME.notesFetchDebounceMs - 1);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('a new thread (starts_discussion), alone or in a submitted review, shows at once and reads nothing again', () => {
    vi.useFakeTimers();
    const refetch = vi.fn();
    const unregister = registerDiscussionsRefetch(KEY, refetch);
    const started = (n: ApiNote) => ({ ...(ev('note.created', n) as object), payload: { note: n, starts_discussion: true } }) as unknown as AnyRealtimeEvent;
    registry.dispatch(started(makeNote({ id: '7', discussion_id: 'X', individual_note: false })));
    const review = [makeNote({ id: '8', discussion_id: 'Y', individual_note: false }), makeNote({ id: '9', discussion_id: 'Z', individual_note: false })];
    registry.dispatchBatch(review.map((n, i) => ({ ...(started(n) as { payload: object }), payload: { note: n, starts_discussion: true, batch: { index: i + 1, size: 2 } } }) as unknown as AnyRealtimeEvent));
    vi.advanceTimersByTime(REALTIME.notesFetchDebounceMs * 2);
    expect(refetch).not.toHaveBeenCalled();
    expect(appStore.get(discussionsAtomFamily(KEY))!.map((d) => d.id)).toEqual(['d1', 'T', 'X', 'Y', 'Z']);
    // a reply in the same review to a thread the page does not hold still reads the discussions again
    const reply = makeNote({ id: '10', discussion_id: 'W', individual_note: false });
    registry.dispatchBatch([{ ...(ev('note.created', reply) as object), payload: { note: reply, batch: { index: 1, size: 1 } } } as unknown as AnyRealtimeEvent]);
    vi.advanceTimersByTime(REALTIME.notesFetchDebounceMs);
    expect(refetch).toHaveBeenCalledTimes(1);
    unregister();
  });
});

describe('the comment count', () => {
  it('counts my own comment once whether my answer or the live event comes first', async () => {
    const registry = new EventRegistry({ store: appStore, queryClient });
    const off = registry.registerAll(noteEvents);
    appStore.set(issueAtomFamily(KEY), makeIssue({ user_notes_count: 0 }));
    appStore.set(discussionsAtomFamily(KEY), []);
    const { countNoteChange } = await import('./noteCount');
    const { upsertNote } = await import('./discussionRules');
    const note = makeNote({ id: '11' });
    // our POST answer first, then the event
    countNoteChange(appStore, KEY, note, 1);
    appStore.set(discussionsAtomFamily(KEY), upsertNote([], note));
    registry.dispatch(ev('note.created', note));
    expect(appStore.get(issueAtomFamily(KEY))!.user_notes_count).toBe(1);
    off();
  });
});
