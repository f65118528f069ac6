import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, projectId, sleep, startNode, tokenFor, updateIssue, waitFor, type NodeProc } from './support/harness';
import { RtClient } from './support/rt-client';

const PROJECT = 'acme/tandem';
const SECRET = 'acme/platform/secret-plans';

describe('who may watch an issue (one node, in-process bus)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;
  let alice: string;
  let pid: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    db = await createDatabase('perm');
    node = await startNode({ name: 'perm', databaseUrl: db.url });
    alice = await tokenFor(node.url, 'alice');
    pid = await projectId(node.url, alice, PROJECT);
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

  it("a non-member cannot subscribe to a private project's issue, and hears nothing of it", async () => {
    const erin = await as('erin');
    const ack = await erin.subscribe(SECRET, 1);
    expect(ack).toMatchObject({ ok: false, code: 'not_found' });
    // a member can, and a change reaches the member but not erin
    const bob = await as('bob');
    expect(await bob.subscribe(SECRET, 1)).toMatchObject({ ok: true });
    const secretPid = await projectId(node.url, alice, SECRET);
    await updateIssue(node.url, alice, secretPid, 1, { title: 'secret change' });
    await waitFor('member gets the change', () => bob.eventsFor(SECRET, 1).length === 2);
    await sleep(200);
    expect(erin.events).toEqual([]);
  });

  it('a socket opened with a token is closed when the token is revoked, and the token connects no more', async () => {
    const bobOauth = await tokenFor(node.url, 'bob');
    const res = await fetch(`${node.url}/api/v4/user/personal_access_tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bobOauth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'socket test', scopes: ['read_api'] }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; token: string };
    const socket = io(node.url, { transports: ['websocket'], reconnection: false, auth: { token: created.token } });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PROJECT, iid: 10 })).toMatchObject({ ok: true });
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    // another of bob's sockets (other credential) must stay
    const other = await as('bob');
    const del = await fetch(`${node.url}/api/v4/personal_access_tokens/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${bobOauth}` } });
    expect(del.status).toBe(204);
    await waitFor('the server closes the socket', () => reasons.length > 0);
    expect(reasons).toEqual(['io server disconnect']);
    expect(other.socket?.connected).toBe(true);
    const again = io(node.url, { transports: ['websocket'], reconnection: false, auth: { token: created.token } });
    const err = await new Promise<Error>((resolve) => again.on('connect_error', resolve));
    expect(err.message).toContain('401');
    again.close();
  });

  it('a guest cannot subscribe to a confidential issue; a reporter can; anonymous only to public ones', async () => {
    const dave = await as('dave');
    expect(await dave.subscribe(PROJECT, 4)).toMatchObject({ ok: false, code: 'not_found' });
    const carol = await as('carol');
    expect(await carol.subscribe(PROJECT, 4)).toMatchObject({ ok: true });
    const anon = await as(null);
    expect(await anon.subscribe(PROJECT, 4)).toMatchObject({ ok: false });
    expect(await anon.subscribe(SECRET, 1)).toMatchObject({ ok: false });
    expect(await anon.subscribe(PROJECT, 10)).toMatchObject({ ok: true });
  });

  it('a subscribed user who loses access receives no further event', async () => {
    const dave = await as('dave');
    const carol = await as('carol');
    const ackD = await dave.subscribe(PROJECT, 8);
    expect(ackD).toMatchObject({ ok: true });
    await carol.subscribe(PROJECT, 8);
    await updateIssue(node.url, alice, pid, 8, { title: 'still public' });
    await waitFor('dave sees the public change', () => dave.eventsFor(PROJECT, 8).length === 2);
    const seqBefore = dave.seqOf(PROJECT, 8);

    await updateIssue(node.url, alice, pid, 8, { confidential: true });
    await waitFor('dave is told he was unsubscribed', () => dave.unsubscribed.length === 1);
    expect(dave.unsubscribed[0]).toMatchObject({ project_path: PROJECT, iid: 8, reason: 'access_revoked' });
    await updateIssue(node.url, alice, pid, 8, { title: 'now confidential' });
    await updateIssue(node.url, alice, pid, 8, { confidential: false });
    await updateIssue(node.url, alice, pid, 8, { title: 'public again' });
    // carol (reporter) saw everything...
    await waitFor('carol sees all changes', () => carol.eventsFor(PROJECT, 8).length === 10);
    await sleep(300);
    // ...dave nothing of the confidential change (not even its system note) nor anything after
    expect(dave.eventsFor(PROJECT, 8).every((e) => e.seq <= seqBefore)).toBe(true);
    expect(dave.eventsFor(PROJECT, 8)).toHaveLength(2);
    // and a fresh subscribe while confidential is refused
    await updateIssue(node.url, alice, pid, 8, { confidential: true });
    expect(await dave.subscribe(PROJECT, 8)).toMatchObject({ ok: false });
  });

  it('a guest who lost access while disconnected gets no replay of what happened after', async () => {
    const dave = await as('dave');
    const ack = await dave.subscribe(PROJECT, 11);
    const start = ack.ok ? ack.seq : 0;
    dave.drop();
    await updateIssue(node.url, alice, pid, 11, { title: 'while dave was away' });
    await updateIssue(node.url, alice, pid, 11, { confidential: true });
    await updateIssue(node.url, alice, pid, 11, { title: 'secret title' });
    await dave.resume();
    await sleep(300);
    // the subscribe after reconnecting is refused outright (the issue is confidential now)
    expect(dave.acks.at(-1)).toMatchObject({ ok: false });
    expect(dave.eventsFor(PROJECT, 11).filter((e) => e.seq > start)).toEqual([]);
  });

  it('refuses bad input and bad credentials', async () => {
    const bob = await as('bob');
    const bad = await new Promise((resolve) => bob.socket!.emit('subscribe', { channel: 'Nope', project_path: PROJECT, iid: 1 } as never, resolve));
    expect(bad).toMatchObject({ ok: false, code: 'invalid', message: 'channel must be IssuesChannel, EpicsChannel or MergeRequestsChannel' });
    const bad2 = await new Promise((resolve) => bob.socket!.emit('subscribe', { channel: 'IssuesChannel', project_path: PROJECT, iid: 1, after: -3 } as never, resolve));
    expect(bad2).toMatchObject({ ok: false, code: 'invalid' });
    // a NUL character (Postgres text cannot hold it) is bad input, not a server error
    const bad3 = await new Promise((resolve) => bob.socket!.emit('subscribe', { channel: 'IssuesChannel', project_path: 'acme/\u0000', iid: 1 } as never, resolve));
    expect(bad3).toMatchObject({ ok: false, code: 'invalid', message: 'project_path is invalid' });

    const err = await new Promise<Error>((resolve) => {
      const s = io(node.url, { transports: ['websocket'], reconnection: false, auth: { token: 'tdoat-not-a-real-token' } });
      s.on('connect', () => resolve(new Error('connected')));
      s.on('connect_error', (e) => {
        s.close();
        resolve(e);
      });
    });
    expect(err.message).toBe('401 Unauthorized');
  });

  it('refuses a session-cookie socket from another origin (cross-site hijacking)', async () => {
    const login = await fetch(`${node.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'bob', password: 'tandem-demo' }),
      redirect: 'manual',
    });
    const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('_tandem_session='));
    expect(cookie, `sign-in answered ${login.status}`).toBeTruthy();
    const attempt = (origin: string) =>
      new Promise<string>((resolve) => {
        const s = io(node.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookie!, origin } });
        s.on('connect', () => {
          s.emit('subscribe', { channel: 'IssuesChannel', project_path: SECRET, iid: 1 }, (ack: { ok: boolean }) => {
            s.close();
            resolve(ack.ok ? 'subscribed' : 'refused');
          });
        });
        s.on('connect_error', (e) => {
          s.close();
          resolve(`rejected: ${e.message}`);
        });
      });
    expect(await attempt('https://evil.example')).toBe('rejected: 403 Forbidden');
    // the same cookie from the server's own origin is bob's session (a member of the private project)
    expect(await attempt(node.url)).toBe('subscribed');
  });
});

describe('a socket lives no longer than its credential', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;

  beforeAll(async () => {
    db = await createDatabase('expiry');
    // OAuth tokens of this node expire 3 s after they are issued
    node = await startNode({ name: 'expiry', databaseUrl: db.url, env: { OAUTH_TOKEN_TTL_SECONDS: '3' } });
  });

  afterAll(async () => {
    await node?.stop();
    await db?.drop();
  });

  it('closes a socket when its OAuth token expires, and the token opens no new one', async () => {
    const issuedAt = Date.now();
    const token = await tokenFor(node.url, 'bob');
    const socket = io(node.url, { transports: ['websocket'], reconnection: false, auth: { token } });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PROJECT, iid: 12 })).toMatchObject({ ok: true });
    let closedAt = 0;
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => {
      closedAt = Date.now();
      reasons.push(reason);
    });
    await waitFor('the server closes the socket at expiry', () => reasons.length > 0, 8000);
    expect(reasons).toEqual(['io server disconnect']);
    // not before the token expired, and within the 1 s check interval (plus scheduling slack) after
    expect(closedAt - issuedAt).toBeGreaterThanOrEqual(3000);
    expect(closedAt - issuedAt).toBeLessThan(5500);
    const again = io(node.url, { transports: ['websocket'], reconnection: false, auth: { token } });
    const err = await new Promise<Error>((resolve) => again.on('connect_error', resolve));
    expect(err.message).toBe('401 Unauthorized');
    again.close();
    socket.close();
  });
});
