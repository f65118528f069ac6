import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { AnyRealtimeEvent, ConnectionState, SubscribeAck, SubscribeRequest } from '@tandem/shared-types';
import { RealtimeClient } from './realtimeClient';
import { reconnectDelayMs } from './connectionMonitor';

/** A stand-in for the Socket.IO client: the test plays the server. */
class FakeSocket extends EventEmitter {
  subscribes: Array<{ req: SubscribeRequest; ack: (a: SubscribeAck) => void }> = [];
  sent: Array<[string, unknown]> = [];
  /** The acknowledgement callbacks of what was sent with one, by event name, in order. */
  acks: Array<[string, (res: unknown) => void]> = [];
  disconnected = false;
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'subscribe') this.subscribes.push({ req: args[0] as SubscribeRequest, ack: args[1] as (a: SubscribeAck) => void });
    else {
      this.sent.push([String(event), args[0]]);
      if (typeof args[1] === 'function') this.acks.push([String(event), args[1] as (res: unknown) => void]);
    }
    return true;
  }
  /** The server answers every `event` sent with an acknowledgement so far. */
  ackAll(event: string, res: unknown = { ok: true }) {
    for (const [name, ack] of this.acks.splice(0)) if (name === event) ack(res);
  }
  serverEmit(event: string, ...args: unknown[]) {
    return super.emit(event, ...args);
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

const ev = (seq: number): AnyRealtimeEvent =>
  ({ type: 'issue.updated', seq, issue: { id: 1, iid: 7, project_path: 'g/p' }, payload: { fields: { lock_version: seq, updated_at: '' } }, actor: null, at: '' }) as AnyRealtimeEvent;

describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let states: ConnectionState[];
  let gaveUp: boolean[];
  let client: RealtimeClient;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    states = [];
    gaveUp = [];
    client = new RealtimeClient({
      onState: (s) => states.push(s),
      onGiveUp: (v) => gaveUp.push(v),
      connect: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as never;
      },
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('subscribes from the page seq, applies live events once and in order', () => {
    const applied: number[] = [];
    client.start();
    client.follow('g/p', 7, 3, { apply: (e) => applied.push(e.seq), refetch: async () => true, ended: () => {} });
    sockets[0]!.serverEmit('connect');
    expect(states).toEqual(['connecting', 'open']);
    expect(sockets[0]!.subscribes[0]!.req).toMatchObject({ channel: 'IssuesChannel', project_path: 'g/p', iid: 7, after: 3 });
    sockets[0]!.subscribes[0]!.ack({ ok: true, seq: 3, replayed: 0 });
    for (const n of [4, 5, 5, 6]) sockets[0]!.serverEmit('issue.updated', ev(n));
    expect(applied).toEqual([4, 5, 6]);
  });

  it("applies a batch message (a submitted review) in one call, once, even when its events were already had", () => {
    const one: number[] = [];
    const many: number[][] = [];
    client.start();
    client.follow('g/p', 7, 3, { apply: (e) => one.push(e.seq), applyBatch: (es) => many.push(es.map((e) => e.seq)), refetch: async () => true, ended: () => {} });
    sockets[0]!.serverEmit('connect');
    sockets[0]!.subscribes[0]!.ack({ ok: true, seq: 3, replayed: 0 });
    const note = (seq: number, index: number) => ({ ...ev(seq), type: 'note.created', payload: { note: { id: String(seq) }, batch: { index, size: 3 } } }) as unknown as AnyRealtimeEvent;
    sockets[0]!.serverEmit('batch', { project_path: 'g/p', iid: 7, events: [note(4, 1), note(5, 2), note(6, 3)] });
    expect(many).toEqual([[4, 5, 6]]);
    expect(one).toEqual([]);
    // the same events again (an overlapping replay) are dropped by the sequencer
    sockets[0]!.serverEmit('batch', { project_path: 'g/p', iid: 7, events: [note(4, 1), note(5, 2), note(6, 3)] });
    sockets[0]!.serverEmit('issue.updated', ev(7));
    expect(many).toEqual([[4, 5, 6]]);
    expect(one).toEqual([7]);
  });

  it('asks for a replay when a gap appears and applies the filled sequence', () => {
    const applied: number[] = [];
    client.start();
    client.follow('g/p', 7, 0, { apply: (e) => applied.push(e.seq), refetch: async () => true, ended: () => {} });
    const s = sockets[0]!;
    s.serverEmit('connect');
    s.subscribes[0]!.ack({ ok: true, seq: 0, replayed: 0 });
    s.serverEmit('issue.updated', ev(1));
    s.serverEmit('issue.updated', ev(3)); // 2 was lost
    expect(s.subscribes).toHaveLength(2);
    expect(s.subscribes[1]!.req.after).toBe(1);
    s.serverEmit('issue.updated', ev(2)); // replayed
    s.subscribes[1]!.ack({ ok: true, seq: 3, replayed: 2 });
    expect(applied).toEqual([1, 2, 3]);
  });

  it('a replay whose last events were withheld (internal notes) ends at the ack\'s seq, without asking again', () => {
    const applied: number[] = [];
    client.start();
    client.follow('g/p', 7, 2, { apply: (e) => applied.push(e.seq), refetch: async () => true, ended: () => {} });
    const s = sockets[0]!;
    s.serverEmit('connect');
    s.serverEmit('issue.updated', ev(3)); // replayed; 4 and 5 are not ours
    s.subscribes[0]!.ack({ ok: true, seq: 5, replayed: 1 });
    expect(s.subscribes).toHaveLength(1);
    s.serverEmit('issue.updated', ev(6));
    s.serverEmit('issue.updated', { ...ev(8), prev: 6 }); // 7 was withheld live
    expect(applied).toEqual([3, 6, 8]);
    expect(s.subscribes).toHaveLength(1);
  });

  it('reconnects after a drop and resumes from the last applied seq', () => {
    const applied: number[] = [];
    client.start();
    client.follow('g/p', 7, 0, { apply: (e) => applied.push(e.seq), refetch: async () => true, ended: () => {} });
    sockets[0]!.serverEmit('connect');
    sockets[0]!.subscribes[0]!.ack({ ok: true, seq: 0, replayed: 0 });
    sockets[0]!.serverEmit('issue.updated', ev(1));
    sockets[0]!.serverEmit('disconnect');
    expect(states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverEmit('connect');
    expect(states.at(-1)).toBe('open');
    expect(sockets[1]!.subscribes[0]!.req.after).toBe(1);
    sockets[1]!.serverEmit('issue.updated', ev(2));
    expect(applied).toEqual([1, 2]);
  });

  it('treats a silent socket as stale and reopens it', () => {
    client.start();
    sockets[0]!.serverEmit('connect');
    vi.advanceTimersByTime(13_000); // > 6 s without heartbeat, past the jittered check
    expect(sockets[0]!.disconnected).toBe(true);
    expect(states).toContain('reconnecting');
  });

  it('gives up on an attempt that never opens (a proxy swallowing the upgrade) and retries', () => {
    client.start();
    expect(states).toEqual(['connecting']);
    vi.advanceTimersByTime(5999);
    expect(states).toEqual(['connecting']);
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toBe('reconnecting');
    expect(sockets[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverEmit('connect');
    expect(states.at(-1)).toBe('open');
    vi.advanceTimersByTime(6000); // the new attempt's deadline no longer applies once open
    expect(sockets[1]!.disconnected).toBe(false);
  });

  it('stays open while heartbeats arrive', () => {
    client.start();
    sockets[0]!.serverEmit('connect');
    for (let t = 0; t < 30_000; t += 3000) {
      vi.advanceTimersByTime(3000);
      sockets[0]!.serverEmit('heartbeat', Date.now());
    }
    expect(sockets[0]!.disconnected).toBe(false);
    expect(states.at(-1)).toBe('open');
  });

  it('reports an ended stream when the server refuses or revokes the subscription', () => {
    const ended: string[] = [];
    client.start();
    client.follow('g/p', 7, 0, { apply: () => {}, refetch: async () => true, ended: (r) => ended.push(r) });
    sockets[0]!.serverEmit('connect');
    sockets[0]!.serverEmit('unsubscribed', { project_path: 'g/p', iid: 7, seq: 4, reason: 'access_revoked' });
    expect(ended).toEqual(['access_revoked']);
  });

  it('with WebSockets refused outright, gives up after the attempt cap (10) and keeps retrying in the background', () => {
    client.start();
    // Every attempt is refused at once, as behind a proxy that drops WebSockets
    const refuseAll = () => {
      sockets.at(-1)!.serverEmit('connect_error', new Error('refused'));
    };
    for (let attempt = 1; attempt < 10; attempt++) {
      refuseAll();
      expect(client.givenUp).toBe(false);
      vi.advanceTimersByTime(reconnectDelayMs(attempt));
    }
    expect(sockets).toHaveLength(10);
    expect(gaveUp).toEqual([]);
    refuseAll(); // the 10th failure
    expect(client.givenUp).toBe(true);
    expect(gaveUp).toEqual([true]);
    expect(states.at(-1)).toBe('reconnecting');

    // Still trying in the background, on the same backoff (never more than 30 s apart)
    vi.advanceTimersByTime(reconnectDelayMs(10));
    expect(sockets).toHaveLength(11);
    refuseAll();
    vi.advanceTimersByTime(Math.min(reconnectDelayMs(11), 30_000));
    expect(sockets).toHaveLength(12);
    expect(gaveUp).toEqual([true]);

    // The network lets it through one day: live again, and the notice goes back
    sockets[11]!.serverEmit('connect');
    expect(states.at(-1)).toBe('open');
    expect(client.givenUp).toBe(false);
    expect(gaveUp).toEqual([true, false]);
  });
  it('watches a project list: refetches once the room is joined on each connect, and hears only its own project', () => {
    const changes: string[] = [];
    client.start();
    const stop = client.watchProject('g/p', () => changes.push('g/p'));
    sockets[0]!.serverEmit('connect');
    expect(sockets[0]!.sent).toContainEqual(['watch_project', { project_path: 'g/p' }]);
    // the list was read on page load, before the socket: once the room is joined it reads again
    expect(changes).toEqual([]);
    sockets[0]!.ackAll('watch_project');
    expect(changes).toEqual(['g/p']);
    sockets[0]!.serverEmit('project_issues', { project_path: 'g/p' });
    sockets[0]!.serverEmit('project_issues', { project_path: 'other/p' });
    expect(changes).toEqual(['g/p', 'g/p']);
    // the socket drops and comes back: watch again, and refetch what may have been missed
    sockets[0]!.serverEmit('disconnect');
    vi.advanceTimersByTime(reconnectDelayMs(1) + 1);
    sockets[1]!.serverEmit('connect');
    expect(sockets[1]!.sent).toContainEqual(['watch_project', { project_path: 'g/p' }]);
    sockets[1]!.ackAll('watch_project');
    expect(changes).toHaveLength(3);
    stop();
    expect(sockets[1]!.sent).toContainEqual(['unwatch_project', { project_path: 'g/p' }]);
    sockets[1]!.serverEmit('project_issues', { project_path: 'g/p' });
    expect(changes).toHaveLength(3);
  });

  it('a project watch hears only the lists it follows: issues or merge requests (all of them when the signal names none)', () => {
    const heard: string[] = [];
    client.start();
    const stopIssues = client.watchProject('g/p', () => heard.push('issues'));
    const stopMrs = client.watchProject('g/p', () => heard.push('merge_requests'), 'merge_requests');
    sockets[0]!.serverEmit('connect');
    // one room for both lists
    expect(sockets[0]!.sent.filter(([e]) => e === 'watch_project')).toEqual([['watch_project', { project_path: 'g/p' }]]);
    sockets[0]!.ackAll('watch_project');
    expect(heard.sort()).toEqual(['issues', 'merge_requests']);
    heard.length = 0;
    sockets[0]!.serverEmit('project_issues', { project_path: 'g/p', lists: ['merge_requests'] });
    expect(heard).toEqual(['merge_requests']);
    sockets[0]!.serverEmit('project_issues', { project_path: 'g/p', lists: ['issues'] });
    expect(heard).toEqual(['merge_requests', 'issues']);
    sockets[0]!.serverEmit('project_issues', { project_path: 'g/p' });
    expect(heard).toHaveLength(4);
    stopMrs();
    expect(sockets[0]!.sent).not.toContainEqual(['unwatch_project', { project_path: 'g/p' }]);
    stopIssues();
    expect(sockets[0]!.sent).toContainEqual(['unwatch_project', { project_path: 'g/p' }]);
  });

  it('watches an error list the same way: null (refetch) once its room is joined, then the changed ids', () => {
    const heard: Array<number[] | null> = [];
    client.start();
    client.watchErrors('g/p', (ids) => heard.push(ids));
    sockets[0]!.serverEmit('connect');
    expect(sockets[0]!.sent).toContainEqual(['watch_errors', { project_path: 'g/p' }]);
    expect(heard).toEqual([]);
    sockets[0]!.ackAll('watch_errors');
    expect(heard).toEqual([null]);
  });

  it("reads the to-do count again on every connect, the first too (a count read on page load may predate the user's room)", () => {
    const heard: Array<number | null> = [];
    client.onTodosCount((count) => heard.push(count));
    client.start();
    sockets[0]!.serverEmit('connect');
    expect(heard).toEqual([null]);
    sockets[0]!.serverEmit('todos.count', { count: 4 });
    expect(heard).toEqual([null, 4]);
    sockets[0]!.serverEmit('disconnect');
    vi.advanceTimersByTime(reconnectDelayMs(1) + 1);
    sockets[1]!.serverEmit('connect');
    expect(heard).toEqual([null, 4, null]);
  });

  it('passes presence on and sends this tab\'s presence only for a followed issue while open', () => {
    const heard: unknown[] = [];
    client.start();
    client.onPresence((p) => heard.push(p));
    client.sendPresence('g/p', 7, 'viewing');
    client.follow('g/p', 7, 0, { apply: () => {}, refetch: async () => true, ended: () => {} });
    const s = sockets[0]!;
    s.serverEmit('connect');
    client.sendPresence('g/p', 7, 'editing');
    client.sendPresence('g/p', 8, 'editing');
    expect(s.sent.filter(([e]) => e === 'presence')).toEqual([['presence', { project_path: 'g/p', iid: 7, state: 'editing' }]]);
    s.serverEmit('presence', { project_path: 'g/p', iid: 7, session: 'x', user: { id: 2 }, state: 'typing', hello: true });
    expect(heard).toHaveLength(1);
  });
});
