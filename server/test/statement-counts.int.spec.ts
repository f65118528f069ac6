import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { bootApp, call, enc, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/**
 * The SQL statements (round trips to Postgres) each kind of request costs, pinned: the write
 * path's speed depends on them, so a change that adds one fails here and has to say why.
 * Counted by wrapping node-postgres' Client#query in this process (the app runs in it),
 * BEGIN and COMMIT included. Each new mutation adds its row.
 */
const EXPECTED = {
  /** token+user, project+access+issue+hydration, the write (UPDATE, system note and events in one statement) */
  titlePut: 3,
  /** token+user, project+access+issue+hydration */
  issueGet: 2,
  /** the issue's project, the actor's access and the issue (the socket's credential was read at the handshake) */
  subscribeCheck: 1,
  /** token+user, project+access+issue (+ the actor's row), the write (note, seq and event in one statement) */
  notePost: 3,
  /** token+user, project+access+issue, the note with its discussion and their users, the write */
  noteEdit: 4,
  /** token+user, project+access+issue, the note with its discussion, the write */
  noteDelete: 4,
  /** token+user, project+access+issue, the discussion with its users, the write (every note and event in one statement) */
  discussionResolve: 4,
};

const PUBLIC = 'acme/tandem';

let statements = 0;
const realQuery = Client.prototype.query;

async function counted(fn: () => Promise<unknown>): Promise<number> {
  // Whatever was in flight before settles first (the previous request's after-commit work)
  await new Promise((r) => setTimeout(r, 50));
  const before = statements;
  await fn();
  await new Promise((r) => setTimeout(r, 50));
  return statements - before;
}

/** The least of three tries: a background job (event pruning, a sweep) may add one once. */
async function leastOf(fn: () => Promise<unknown>): Promise<number> {
  const counts = [];
  for (let k = 0; k < 3; k++) counts.push(await counted(fn));
  return Math.min(...counts);
}

describe('SQL statements per request (Postgres)', () => {
  let app: TestApp;
  let bob: Auth;
  let token: string;

  beforeAll(async () => {
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      statements++;
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query;
    app = await bootApp('postgres');
    token = await insertPat(app, 'bob');
    bob = tokenAuth(token);
  });
  afterAll(async () => {
    Client.prototype.query = realQuery;
    await app?.close();
  });

  it(`a title PUT costs ${EXPECTED.titlePut}`, async () => {
    let n = 0;
    const put = async () => {
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob, body: { title: `Counted title ${n++}` } });
      expect(res.status).toBe(200);
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.titlePut);
  });

  it(`an issue GET costs ${EXPECTED.issueGet}`, async () => {
    const get = async () => expect((await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob })).status).toBe(200);
    await get();
    expect(await leastOf(get)).toBe(EXPECTED.issueGet);
  });

  it(`a subscribe check costs ${EXPECTED.subscribeCheck}`, async () => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const subscribe = async () => {
        const ack = await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 3 });
        expect(ack).toMatchObject({ ok: true });
        await socket.timeout(10_000).emitWithAck('unsubscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 3 });
      };
      await subscribe();
      expect(await leastOf(subscribe)).toBe(EXPECTED.subscribeCheck);
    } finally {
      socket.close();
    }
  });
  it(`a note POST costs ${EXPECTED.notePost}, an edit ${EXPECTED.noteEdit}, a delete ${EXPECTED.noteDelete}, a thread resolve ${EXPECTED.discussionResolve}`, async () => {
    let n = 0;
    const notes = `/api/v4/projects/${enc(PUBLIC)}/issues/4/notes`;
    const postNote = async () => {
      const res = await call<{ id: number }>(app, 'POST', notes, { auth: bob, body: { body: `Counted note ${n++}` } });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    await postNote();
    expect(await leastOf(postNote)).toBe(EXPECTED.notePost);

    const id = await postNote();
    const edit = async () => expect((await call(app, 'PUT', `${notes}/${id}`, { auth: bob, body: { body: `Counted edit ${n++}` } })).status).toBe(200);
    await edit();
    expect(await leastOf(edit)).toBe(EXPECTED.noteEdit);

    const ids = [await postNote(), await postNote(), await postNote(), await postNote()];
    const del = async () => expect((await call(app, 'DELETE', `${notes}/${ids.pop()}`, { auth: bob })).status).toBe(204);
    await del();
    expect(await leastOf(del)).toBe(EXPECTED.noteDelete);

    const thread = await call<{ id: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/4/discussions`, { auth: bob, body: { body: 'Counted thread' } });
    let resolved = false;
    const toggle = async () => {
      resolved = !resolved;
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/4/discussions/${thread.body.id}?resolved=${resolved}`, { auth: bob });
      expect(res.status).toBe(200);
    };
    await toggle();
    expect(await leastOf(toggle)).toBe(EXPECTED.discussionResolve);
  });
});
