import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  privateRedis,
  projectId,
  sleep,
  startNode,
  tokenFor,
  updateIssue,
  waitFor,
  type NodeProc,
  type PrivateRedis,
} from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * Losing read access through the members and project APIs (not through an issue event):
 * the server tells the socket (`unsubscribed`, reason `access_revoked`), drops it from the
 * issue's room, and no later change of that issue reaches it, while a member keeps getting
 * every change. On one node (in-process bus) and across two nodes (Redis).
 */
const PUBLIC = 'acme/tandem';
const SECRET = 'acme/platform/secret-plans';

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${baseUrl}/api/v4${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function userId(baseUrl: string, token: string): Promise<number> {
  const r = await fetch(`${baseUrl}/api/v4/user`, { headers: { authorization: `Bearer ${token}` } });
  return ((await r.json()) as { id: number }).id;
}

describe('access lost through the members and project APIs (one node)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;
  let alice: string;
  let erinId: number;
  let pub: number;
  let secret: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    db = await createDatabase('access');
    node = await startNode({ name: 'access', databaseUrl: db.url });
    alice = await tokenFor(node.url, 'alice');
    erinId = await userId(node.url, await tokenFor(node.url, 'erin'));
    pub = await projectId(node.url, alice, PUBLIC);
    secret = await projectId(node.url, alice, SECRET);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await node?.stop();
    await db?.drop();
  });

  const as = async (user: string | null) => {
    const c = new RtClient([node.url], user ? await tokenFor(node.url, user) : null);
    clients.push(c);
    await c.connect();
    return c;
  };

  it('a member removed from a private project is unsubscribed and gets no further event of its issue', async () => {
    const erin = await as('erin');
    expect(await erin.subscribe(SECRET, 1)).toMatchObject({ ok: false, code: 'not_found' });
    expect((await api(node.url, alice, 'POST', `/projects/${secret}/members`, { user_id: erinId, access_level: 10 })).status).toBe(201);
    expect(await erin.subscribe(SECRET, 1)).toMatchObject({ ok: true });
    const bob = await as('bob');
    expect(await bob.subscribe(SECRET, 1)).toMatchObject({ ok: true });

    await updateIssue(node.url, alice, secret, 1, { title: 'seen by erin' });
    await waitFor('erin gets the change while a member', () => erin.eventsFor(SECRET, 1).length === 2);
    const seen = erin.eventsFor(SECRET, 1).length;

    expect((await api(node.url, alice, 'DELETE', `/projects/${secret}/members/${erinId}`)).status).toBe(204);
    await waitFor('erin is told she was unsubscribed', () => erin.unsubscribed.length === 1);
    expect(erin.unsubscribed[0]).toMatchObject({ project_path: SECRET, iid: 1, reason: 'access_revoked' });

    await updateIssue(node.url, alice, secret, 1, { title: 'not for erin' });
    await waitFor('bob gets the change after the removal', () => bob.eventsFor(SECRET, 1).length === 4);
    await sleep(300);
    expect(erin.eventsFor(SECRET, 1)).toHaveLength(seen);
    expect(erin.events.some((e) => JSON.stringify(e).includes('not for erin'))).toBe(false);
    // and she cannot come back in
    expect(await erin.subscribe(SECRET, 1)).toMatchObject({ ok: false, code: 'not_found' });
    expect(erin.socket?.connected).toBe(true);
  });

  it('a reporter lowered to guest loses the confidential issue, and only it', async () => {
    const erin = await as('erin');
    expect((await api(node.url, alice, 'POST', `/projects/${pub}/members`, { user_id: erinId, access_level: 20 })).status).toBe(201);
    expect(await erin.subscribe(PUBLIC, 4)).toMatchObject({ ok: true }); // confidential
    expect(await erin.subscribe(PUBLIC, 5)).toMatchObject({ ok: true });
    const carol = await as('carol');
    expect(await carol.subscribe(PUBLIC, 4)).toMatchObject({ ok: true });

    expect((await api(node.url, alice, 'PUT', `/projects/${pub}/members/${erinId}`, { access_level: 10 })).status).toBe(200);
    await waitFor('erin is unsubscribed from the confidential issue', () => erin.unsubscribed.length === 1);
    expect(erin.unsubscribed[0]).toMatchObject({ project_path: PUBLIC, iid: 4, reason: 'access_revoked' });

    await updateIssue(node.url, alice, pub, 4, { title: 'confidential change' });
    await updateIssue(node.url, alice, pub, 5, { title: 'public change' });
    await waitFor('carol gets the confidential change', () => carol.eventsFor(PUBLIC, 4).length === 2);
    await waitFor('erin still gets the public issue', () => erin.eventsFor(PUBLIC, 5).length === 2);
    await sleep(300);
    expect(erin.eventsFor(PUBLIC, 4)).toEqual([]);
    expect(erin.unsubscribed).toHaveLength(1);
    expect((await api(node.url, alice, 'DELETE', `/projects/${pub}/members/${erinId}`)).status).toBe(204);
  });

  it('a public project made private: signed-in non-members and anonymous sockets are unsubscribed; members stay', async () => {
    const erin = await as('erin');
    const anon = await as(null);
    const dave = await as('dave');
    for (const c of [erin, anon, dave]) expect(await c.subscribe(PUBLIC, 10)).toMatchObject({ ok: true });
    await updateIssue(node.url, alice, pub, 10, { title: 'still public' });
    await waitFor('everyone sees the public change', () => [erin, anon, dave].every((c) => c.eventsFor(PUBLIC, 10).length === 2));

    const res = await api(node.url, alice, 'PUT', `/projects/${pub}`, { visibility: 'private' });
    expect([res.status, (res.body as { visibility: string }).visibility]).toEqual([200, 'private']);
    await waitFor('erin and anonymous are unsubscribed', () => erin.unsubscribed.length === 1 && anon.unsubscribed.length === 1);
    for (const c of [erin, anon]) expect(c.unsubscribed[0]).toMatchObject({ project_path: PUBLIC, iid: 10, reason: 'access_revoked' });

    await updateIssue(node.url, alice, pub, 10, { title: 'private now' });
    await waitFor('dave (a member) gets the change', () => dave.eventsFor(PUBLIC, 10).length === 4);
    await sleep(300);
    expect(erin.eventsFor(PUBLIC, 10)).toHaveLength(2);
    expect(anon.eventsFor(PUBLIC, 10)).toHaveLength(2);
    expect(dave.unsubscribed).toEqual([]);
    expect(await erin.subscribe(PUBLIC, 10)).toMatchObject({ ok: false });
    expect(await anon.subscribe(PUBLIC, 10)).toMatchObject({ ok: false });

    // raising it again needs no re-check: they may simply subscribe again
    expect((await api(node.url, alice, 'PUT', `/projects/${pub}`, { visibility: 'public' })).status).toBe(200);
    expect(await anon.subscribe(PUBLIC, 10)).toMatchObject({ ok: true });
  });
});

describe('access lost across two nodes (Redis)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let redis: PrivateRedis;
  let a: NodeProc;
  let b: NodeProc;
  let alice: string;
  let secret: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    db = await createDatabase('accessmulti');
    redis = privateRedis();
    await redis.start();
    a = await startNode({ name: 'access-a', databaseUrl: db.url, redisUrl: redis.url });
    b = await startNode({ name: 'access-b', databaseUrl: db.url, redisUrl: redis.url });
    alice = await tokenFor(a.url, 'alice');
    secret = await projectId(a.url, alice, SECRET);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.stop();
    await db?.drop();
  });

  const onB = async (user: string) => {
    const c = new RtClient([b.url], await tokenFor(b.url, user));
    clients.push(c);
    await c.connect();
    expect(c.connectedTo).toBe(b.url);
    return c;
  };

  it('removed from the project through node A, a subscriber on node B is unsubscribed and hears nothing more', async () => {
    const erinId = await userId(a.url, await tokenFor(a.url, 'erin'));
    expect((await api(a.url, alice, 'POST', `/projects/${secret}/members`, { user_id: erinId, access_level: 10 })).status).toBe(201);
    const erin = await onB('erin');
    const bob = await onB('bob');
    for (const c of [erin, bob]) expect(await c.subscribe(SECRET, 2)).toMatchObject({ ok: true });
    await updateIssue(a.url, alice, secret, 2, { title: 'made on A, seen on B' });
    await waitFor('erin on B gets the change', () => erin.eventsFor(SECRET, 2).length === 2);

    expect((await api(a.url, alice, 'DELETE', `/projects/${secret}/members/${erinId}`)).status).toBe(204);
    await waitFor('erin on B is unsubscribed', () => erin.unsubscribed.length === 1);
    expect(erin.unsubscribed[0]).toMatchObject({ project_path: SECRET, iid: 2, reason: 'access_revoked' });

    await updateIssue(a.url, alice, secret, 2, { title: 'after erin left' });
    await waitFor('bob on B gets it', () => bob.eventsFor(SECRET, 2).length === 4);
    await sleep(300);
    expect(erin.eventsFor(SECRET, 2)).toHaveLength(2);
    expect(await erin.subscribe(SECRET, 2)).toMatchObject({ ok: false });
  });

  it('removed from the group through node A, an inherited member on node B loses the private project', async () => {
    const daveId = await userId(a.url, await tokenFor(a.url, 'dave'));
    const dave = await onB('dave');
    const carol = await onB('carol');
    for (const c of [dave, carol]) expect(await c.subscribe(SECRET, 1)).toMatchObject({ ok: true });

    expect((await api(a.url, alice, 'DELETE', `/groups/acme/members/${daveId}`)).status).toBe(204);
    await waitFor('dave on B is unsubscribed', () => dave.unsubscribed.length === 1);
    expect(dave.unsubscribed[0]).toMatchObject({ project_path: SECRET, iid: 1, reason: 'access_revoked' });

    await updateIssue(a.url, alice, secret, 1, { title: 'without dave' });
    await waitFor('carol on B gets it', () => carol.eventsFor(SECRET, 1).length === 2);
    await sleep(300);
    expect(dave.eventsFor(SECRET, 1)).toEqual([]);
    expect(await dave.subscribe(SECRET, 1)).toMatchObject({ ok: false });
  });
  it('a removal announced while Redis was down reaches node B when its bus reconnects (every room is re-checked)', async () => {
    const erinId = await userId(a.url, await tokenFor(a.url, 'erin'));
    expect((await api(a.url, alice, 'POST', `/projects/${secret}/members`, { user_id: erinId, access_level: 10 })).status).toBe(201);
    const erin = await onB('erin');
    const bob = await onB('bob');
    for (const c of [erin, bob]) expect(await c.subscribe(SECRET, 2)).toMatchObject({ ok: true });

    await redis.shutdown();
    // Node A commits the removal; its control message has no Redis to travel through
    expect((await api(a.url, alice, 'DELETE', `/projects/${secret}/members/${erinId}`)).status).toBe(204);
    await sleep(300);
    expect(erin.unsubscribed).toEqual([]);
    await redis.start();

    await waitFor('erin on B is unsubscribed once B is back on the bus', () => erin.unsubscribed.length === 1, 20_000);
    expect(erin.unsubscribed[0]).toMatchObject({ project_path: SECRET, iid: 2, reason: 'access_revoked' });
    await updateIssue(a.url, alice, secret, 2, { title: 'after the outage' });
    await waitFor('bob on B gets it', () => bob.eventsFor(SECRET, 2).length === 2);
    await sleep(300);
    expect(erin.eventsFor(SECRET, 2)).toEqual([]);
  });
});
