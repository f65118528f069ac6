import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, projectId, sleep, sql, startNode, tokenFor, updateIssue, waitFor, type NodeProc } from './support/harness';
import { contiguityProblems, RtClient } from './support/rt-client';

const PROJECT = 'acme/tandem';

describe('replay from the event log, pruning and heartbeat', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let shortDb: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;
  let shortNode: NodeProc;
  let alice: string;
  let pid: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    [db, shortDb] = await Promise.all([createDatabase('replay'), createDatabase('prune')]);
    node = await startNode({ name: 'replay', databaseUrl: db.url });
    // Events older than ~1.8 s are pruned on this one
    shortNode = await startNode({ name: 'prune', databaseUrl: shortDb.url, env: { EVENT_RETENTION_HOURS: '0.0005' } });
    alice = await tokenFor(node.url, 'alice');
    pid = await projectId(node.url, alice, PROJECT);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.allSettled([node?.stop(), shortNode?.stop()]);
    await Promise.allSettled([db?.drop(), shortDb?.drop()]);
  });

  const client = async (url: string, user = 'bob') => {
    const c = new RtClient([url], await tokenFor(url, user));
    clients.push(c);
    await c.connect();
    return c;
  };

  it('subscribing with `after` while the issue keeps changing: replay then live, no gap, no repeat', async () => {
    const first = await client(node.url);
    const ack0 = await first.subscribe(PROJECT, 14);
    const start = ack0.ok ? ack0.seq : 0;
    first.close();
    let n = 0;
    const writer = (async () => {
      for (; n < 40; n++) await updateIssue(node.url, alice, pid, 14, { title: `busy ${n}` });
    })();
    await waitFor('some changes', () => n >= 8);
    const late = await client(node.url);
    const ack = await late.subscribe(PROJECT, 14, start);
    expect(ack).toMatchObject({ ok: true });
    expect(ack.ok && ack.replayed).toBeGreaterThan(0);
    await writer;
    const got = await waitFor('80 events', () => (late.eventsFor(PROJECT, 14).length >= 80 ? late.eventsFor(PROJECT, 14) : null));
    await sleep(300);
    expect(late.eventsFor(PROJECT, 14)).toHaveLength(80);
    expect(contiguityProblems(got, start)).toEqual([]);
  });

  it('a client whose `after` is older than the retained log is told to refetch, then continues live', async () => {
    await updateIssue(node.url, alice, pid, 15, { title: 'soon forgotten' });
    const [row] = await sql<{ id: number; event_seq: number }>(db.url, `SELECT id, event_seq FROM issues WHERE iid = 15 AND project_id = $1`, [pid]);
    // what the pruning job does for old rows
    await sql(db.url, `DELETE FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1`, [row!.id]);
    const c = await client(node.url);
    const ack = await c.subscribe(PROJECT, 15, 0);
    expect(ack).toMatchObject({ ok: true, seq: row!.event_seq });
    expect(c.resyncs).toEqual([{ project_path: PROJECT, iid: 15, seq: row!.event_seq, reason: 'log_pruned' }]);
    expect(c.eventsFor(PROJECT, 15)).toEqual([]);
    await updateIssue(node.url, alice, pid, 15, { title: 'after the refetch' });
    const got = await waitFor('live events', () => (c.eventsFor(PROJECT, 15).length >= 2 ? c.eventsFor(PROJECT, 15) : null));
    expect(contiguityProblems(got, row!.event_seq)).toEqual([]);
  });

  it('old events are pruned by age (EVENT_RETENTION_HOURS)', async () => {
    const token = await tokenFor(shortNode.url, 'alice');
    const shortPid = await projectId(shortNode.url, token, PROJECT);
    await updateIssue(shortNode.url, token, shortPid, 16, { title: 'short-lived event' });
    const count = async () => (await sql<{ n: number }>(shortDb.url, `SELECT count(*)::int AS n FROM issue_events`))[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    await waitFor('the log to be pruned', async () => (await count()) === 0, 15_000, 250);
    const c = await client(shortNode.url);
    const ack = await c.subscribe(PROJECT, 16, 0);
    expect(ack.ok).toBe(true);
    expect(c.resyncs.map((r) => r.reason)).toEqual(['log_pruned']);
  });

  it('sends a heartbeat every few seconds so clients can tell a live socket from a dead one', async () => {
    // more sockets than the node's heartbeat rooms: every one of them hears one every 3 s
    const cs = await Promise.all(Array.from({ length: 14 }, () => client(node.url, 'carol')));
    await waitFor('three heartbeats on every socket', () => cs.every((c) => c.heartbeats >= 3), 12_000);
    for (const c of cs) {
      const gaps = c.heartbeatTimes.slice(1).map((t, k) => t - c.heartbeatTimes[k]);
      // REALTIME.heartbeatMs is 3000; the client calls a socket stale after 6 s of silence
      expect(Math.max(...gaps)).toBeLessThan(4500);
      expect(Math.min(...gaps)).toBeGreaterThan(1500);
    }
  });
});
