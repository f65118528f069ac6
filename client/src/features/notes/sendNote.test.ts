import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { discussionOfNote } from './discussionRules';
import { discussionsAtomFamily } from './notesAtoms';
import { readQueue } from './offlineQueue';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';
import { flushOutbox, sendNote } from './sendNote';
import { makeNote } from './testNotes';

const KEY = 'g/p#1';
const CREATE = '/g/p/notes?target_type=issue&target_id=100';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = (key: string, note = 'hello') => ({ key, issueKey: KEY, note, thread: false, created_at: '2026-01-01T00:00:00Z' });

describe('sendNote and the offline outbox', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1' }))]);
    appStore.set(pendingNotesAtomFamily(KEY), []);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a comment written while offline is kept with its key, shown pending, and sent once when the connection returns', async () => {
    expect((await sendNote(item('k1'), CREATE, 100, false)).kind).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readQueue().map((q) => q.key)).toEqual(['k1']);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toMatchObject([{ key: 'k1', status: 'queued' }]);

    let release!: () => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (release = () => r(json(200, { ...makeNote({ id: '9', note: 'hello' }), commands_changes: {}, valid: true })))));
    // Two flushes at once (socket reopened and the browser's online event): one request
    const a = flushOutbox(KEY, CREATE, 100);
    const b = flushOutbox(KEY, CREATE, 100);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release();
    await Promise.all([a, b]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1].headers[IDEMPOTENCY_HEADER]).toBe('k1');
    expect(readQueue()).toEqual([]);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toEqual([]);
    expect(appStore.get(discussionsAtomFamily(KEY))!.map((d) => d.id)).toEqual(['d1', 'd9']);
    await flushOutbox(KEY, CREATE, 100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a network failure keeps the comment and the retry sends the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await sendNote(item('k2'), CREATE, 100, true)).kind).toBe('queued');
    fetchMock.mockResolvedValueOnce(json(200, { ...makeNote({ id: '8' }), commands_changes: {}, valid: true }));
    await flushOutbox(KEY, CREATE, 100);
    expect(fetchMock.mock.calls.map((c) => c[1].headers[IDEMPOTENCY_HEADER])).toEqual(['k2', 'k2']);
    expect(readQueue()).toEqual([]);
  });

  it('a refusal removes the placeholder and gives the spec message', async () => {
    fetchMock.mockResolvedValueOnce(json(422, { errors: { base: ['Note is too long'] } }));
    expect(await sendNote(item('k3'), CREATE, 100, true)).toEqual({ kind: 'refused', error: 'Your comment could not be submitted because note is too long.' });
    fetchMock.mockResolvedValueOnce(json(422, { errors: { commands_only: ['Commands applied'] } }));
    expect(await sendNote(item('k4'), CREATE, 100, true)).toEqual({ kind: 'refused', error: 'Commands applied' });
    expect(readQueue()).toEqual([]);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toEqual([]);
  });
});
