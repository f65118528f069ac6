import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, privateRedis, projectId, startNode, tokenFor, updateIssue, waitFor, type NodeProc, type PrivateRedis } from './support/harness';
import { contiguityProblems, RtClient } from './support/rt-client';

const PROJECT = 'acme/tandem';

describe('two nodes sharing Postgres and Redis', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let redis: PrivateRedis;
  let a: NodeProc;
  let b: NodeProc;
  let alice: string;
  let pid: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    db = await createDatabase('multi');
    redis = privateRedis();
    await redis.start();
    // One after the other: the first migrates and seeds, the second finds it done
    a = await startNode({ name: 'node-a', databaseUrl: db.url, redisUrl: redis.url });
    b = await startNode({ name: 'node-b', databaseUrl: db.url, redisUrl: redis.url });
    alice = await tokenFor(a.url, 'alice');
    pid = await projectId(a.url, alice, PROJECT);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.stop();
    await db?.drop();
  });

  const client = async (urls: string[]) => {
    const c = new RtClient(urls, await tokenFor(urls[0]!, 'bob'));
    clients.push(c);
    await c.connect();
    return c;
  };

  it('a client on node B receives, in order, a change made through node A', async () => {
    const c = await client([b.url]);
    const ack = await c.subscribe(PROJECT, 1);
    expect(ack).toMatchObject({ ok: true });
    const start = ack.ok ? ack.seq : 0;
    await updateIssue(a.url, alice, pid, 1, { title: 'Changed on node A' });
    await updateIssue(a.url, alice, pid, 1, { description: 'and described on node A' });
    const got = await waitFor('4 events on node B', () => (c.eventsFor(PROJECT, 1).length >= 4 ? c.eventsFor(PROJECT, 1) : null));
    expect(contiguityProblems(got, start)).toEqual([]);
    expect(got.map((e) => e.type)).toEqual(['note.created', 'issue.updated', 'note.created', 'issue.updated']);
    const updatedEvents = got.filter((e) => e.type === 'issue.updated');
    expect(updatedEvents[0]!.payload).toMatchObject({ fields: { title: 'Changed on node A' } });
    expect(updatedEvents[1]!.payload).toMatchObject({ fields: { description: 'and described on node A' } });
    // the spec's plain signal follows the typed events
    await waitFor('updated signal', () => c.updated.includes(got[3]!.seq));
  });

  it("a to-do created and marked done through node A updates the user's count on a socket connected to node B", async () => {
    const c = await client([b.url]);
    const bob = await tokenFor(a.url, 'bob');
    const rest = async <T>(method: string, path: string): Promise<{ status: number; body: T }> => {
      const res = await fetch(`${a.url}${path}`, { method, headers: { authorization: `Bearer ${bob}` } });
      return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T };
    };
    const pending = async () => (await rest<unknown[]>('GET', '/api/v4/todos?state=pending&per_page=100')).body.length;
    const before = await pending();
    const todo = await rest<{ id: number }>('POST', `/api/v4/projects/${pid}/issues/5/todo`);
    expect(todo.status).toBe(201);
    await waitFor('the count after the to-do, on node B', () => c.todoCounts.includes(before + 1));
    expect(await pending()).toBe(before + 1);
    const done = await rest('POST', `/api/v4/todos/${todo.body.id}/mark_as_done`);
    expect(done.status).toBe(201);
    await waitFor('the count after mark as done, on node B', () => (c.todoCounts.at(-1) === before && c.todoCounts.length >= 2 ? true : null));
    expect(c.todoCounts.slice(-2)).toEqual([before + 1, before]);
  });

  it('a client that disconnects while 20 changes happen receives all 20, in order, exactly once, after reconnecting', async () => {
    const c = await client([b.url]);
    const ack = await c.subscribe(PROJECT, 2);
    const start = ack.ok ? ack.seq : 0;
    await updateIssue(a.url, alice, pid, 2, { title: 'before the drop' });
    await waitFor('first change', () => c.eventsFor(PROJECT, 2).length === 2);
    c.drop();
    for (let i = 1; i <= 20; i++) await updateIssue(a.url, alice, pid, 2, { title: `offline change ${i}` });
    await c.resume();
    // and live events continue after the replay, without repeats
    await updateIssue(b.url, alice, pid, 2, { title: 'after the reconnect' });
    const got = await waitFor('all events', () => (c.eventsFor(PROJECT, 2).length >= 44 ? c.eventsFor(PROJECT, 2) : null));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.eventsFor(PROJECT, 2)).toHaveLength(44);
    expect(contiguityProblems(got, start)).toEqual([]);
    const titles = got.filter((e) => e.type === 'issue.updated').map((e) => (e.payload as { fields: { title: string } }).fields.title);
    expect(titles).toEqual(['before the drop', ...Array.from({ length: 20 }, (_, i) => `offline change ${i + 1}`), 'after the reconnect']);
  });

  it('misses nothing while Redis is restarted mid-stream (the log fills what pub/sub dropped)', async () => {
    const c = await client([b.url]);
    const ack = await c.subscribe(PROJECT, 6);
    const start = ack.ok ? ack.seq : 0;
    const N = 30;
    let restarted = false;
    try {
      for (let i = 1; i <= N; i++) {
        await updateIssue(a.url, alice, pid, 6, { title: `through the outage ${i}` });
        if (i === 10) {
          await redis.shutdown();
          restarted = true;
        }
        if (i === 20) {
          await redis.start();
        }
      }
    } finally {
      // Redis must run again whatever happened
      if (restarted) await redis.start().catch(() => undefined);
    }
    const got = await waitFor(`${2 * N} events`, () => (c.eventsFor(PROJECT, 6).length >= 2 * N ? c.eventsFor(PROJECT, 6) : null), 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(c.eventsFor(PROJECT, 6)).toHaveLength(2 * N);
    expect(contiguityProblems(got, start)).toEqual([]);
    // node B did lose its bus connection: what it missed came from the log
    expect(b.output()).toMatch(/bus reconnected/);
    // and the pipeline is healthy afterwards: a new change arrives live
    await updateIssue(a.url, alice, pid, 6, { title: 'after the outage' });
    await waitFor('live event after the outage', () => c.eventsFor(PROJECT, 6).length === 2 * N + 2, 10_000);
  });

  it('polling: an ETag from node A is answered 304 by node B until a change through either node', async () => {
    const bob = await tokenFor(a.url, 'bob');
    const path = `/${PROJECT}/-/issues/9/realtime_changes`;
    const first = await fetch(a.url + path, { headers: { authorization: `Bearer ${bob}` } });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(b.url + path, { headers: { authorization: `Bearer ${bob}`, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('poll-interval')).toBe('3000');
    await updateIssue(a.url, alice, pid, 9, { title: 'polled change' });
    const after = await fetch(b.url + path, { headers: { authorization: `Bearer ${bob}`, 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { title_text: string }).title_text).toBe('polled change');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it("clients of a node killed with SIGKILL reconnect to the other node and miss nothing", async () => {
    const cs = await Promise.all([0, 1, 2].map(() => client([a.url, b.url])));
    const starts: number[] = [];
    for (const c of cs) {
      const ack = await c.subscribe(PROJECT, 7);
      starts.push(ack.ok ? ack.seq : 0);
      expect(c.connectedTo).toBe(a.url);
    }
    let i = 0;
    const writer = (async () => {
      // keep writing through node B while node A dies
      for (; i < 25; i++) {
        await updateIssue(b.url, alice, pid, 7, { title: `during the failover ${i}` });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await waitFor('some events before the kill', () => cs.every((c) => c.eventsFor(PROJECT, 7).length >= 4));
    await a.kill();
    await writer;
    for (const [k, c] of cs.entries()) {
      const got = await waitFor('all 50 events', () => (c.eventsFor(PROJECT, 7).length >= 50 ? c.eventsFor(PROJECT, 7) : null), 20_000);
      expect(c.connectedTo).toBe(b.url);
      expect(contiguityProblems(got, starts[k]!)).toEqual([]);
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const c of cs) expect(c.eventsFor(PROJECT, 7)).toHaveLength(50);
  });
});
