import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { deferred, jsonResponse, sequence, stubFetch, type FetchStub } from '../../test/kit';
import { discussionOfNote } from './discussionRules';
import { discussionsAtomFamily } from './notesAtoms';
import { readQueue } from './offlineQueue';
import { pendingNotesAtomFamily } from './pendingNotesAtoms';
import { flushOutbox, sendNote } from './sendNote';
import { makeNote } from './testNotes';

const KEY = 'g/p#1';
const CREATE = '/g/p/notes?target_type=issue&target_id=100';
const POST = `POST ${CREATE}`;
const item = (key: string, note = 'hello') => ({ key, issueKey: KEY, note, thread: false, created_at: '2026-01-01T00:00:00Z' });

describe('sendNote and the offline outbox', () => {
  let api: FetchStub;
  beforeEach(() => {
    localStorage.clear();
    appStore.set(discussionsAtomFamily(KEY), [discussionOfNote(makeNote({ id: '1' }))]);
    appStore.set(pendingNotesAtomFamily(KEY), []);
    api = stubFetch();
  });
  const keysSent = () => api.callsTo(POST).map((c) => c.headers.get(IDEMPOTENCY_HEADER));

  it('a comment written while offline is kept with its key, shown pending, and sent once when the connection returns', async () => {
    expect((await sendNote(item('k1'), CREATE, 100, false)).kind).toBe('queued');
    expect(api.calls).toHaveLength(0);
    expect(readQueue().map((q) => q.key)).toEqual(['k1']);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toMatchObject([{ key: 'k1', status: 'queued' }]);

    const answer = deferred();
    api.on({ [POST]: answer.handler });
    // Two flushes at once (socket reopened and the browser's online event): one request
    const a = flushOutbox(KEY, CREATE, 100);
    const b = flushOutbox(KEY, CREATE, 100);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    answer.release({ ...makeNote({ id: '9', note: 'hello' }), commands_changes: {}, valid: true });
    await Promise.all([a, b]);
    expect(keysSent()).toEqual(['k1']);
    expect(readQueue()).toEqual([]);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toEqual([]);
    expect(appStore.get(discussionsAtomFamily(KEY))!.map((d) => d.id)).toEqual(['d1', 'd9']);
    await flushOutbox(KEY, CREATE, 100);
    expect(api.calls).toHaveLength(1);
  });

  it('a network failure keeps the comment and the retry sends the same key', async () => {
    api.on({
      [POST]: sequence(() => {
        throw new TypeError('Failed to fetch');
      }, { ...makeNote({ id: '8' }), commands_changes: {}, valid: true }),
    });
    expect((await sendNote(item('k2'), CREATE, 100, true)).kind).toBe('queued');
    await flushOutbox(KEY, CREATE, 100);
    expect(keysSent()).toEqual(['k2', 'k2']);
    expect(readQueue()).toEqual([]);
  });

  it('a refusal removes the placeholder and gives the spec message', async () => {
    api.on({ [POST]: jsonResponse({ errors: { base: ['Note is too long'] } }, { status: 422 }) });
    expect(await sendNote(item('k3'), CREATE, 100, true)).toEqual({ kind: 'refused', error: 'Your comment could not be submitted because note is too long.' });
    api.on({ [POST]: jsonResponse({ errors: { commands_only: ['Commands applied'] } }, { status: 422 }) });
    expect(await sendNote(item('k4'), CREATE, 100, true)).toEqual({ kind: 'refused', error: 'Commands applied' });
    expect(readQueue()).toEqual([]);
    expect(appStore.get(pendingNotesAtomFamily(KEY))).toEqual([]);
  });
});
