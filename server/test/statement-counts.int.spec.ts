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
  /**
   * A description edit merged into the author's previous note (the common case: edits in a
   * row): token+user, project+access+issue+hydration, BEGIN, the row lock, the new version with
   * the previous description note (one statement), the write, the note's merge UPDATE, reading
   * it back and its users for note.updated, that event's append, COMMIT, the hydration
   */
  descriptionPut: 12,
  /** token+user, project+access+issue, the version, BEGIN, the soft delete, the notes it marks, reading them back, their users, the event append, COMMIT */
  descriptionVersionDelete: 10,
  uploadPost: 2,
  /** token+user, project+access+issue+actor, the toggle (award rows, the other thumb, seq and events in one statement) */
  awardToggle: 3,
  /**
   * token+user, source issue, target issue, BEGIN, the link insert, each issue's notes+events
   * (one statement each), COMMIT, then the answer's list (links with access, issues, hydration, projects)
   */
  linkAdd: 12,
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

  it(`a description PUT costs ${EXPECTED.descriptionPut}`, async () => {
    let n = 0;
    const put = async () => {
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob, body: { description: `Counted description ${n++}` } });
      expect(res.status).toBe(200);
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.descriptionPut);
  });

  it(`a description version DELETE costs ${EXPECTED.descriptionVersionDelete}`, async () => {
    const versions: number[] = [];
    for (let k = 0; k < 3; k++) {
      // another author each time, so each version has its own note
      const who = k % 2 ? bob : tokenAuth(await insertPat(app, 'alice'));
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/4`, { auth: who, body: { description: `Version to delete ${k}` } })).status).toBe(200);
      const [row] = (await app.ds.query(`SELECT max(id) AS id FROM description_versions`)) as Array<{ id: number }>;
      versions.push(Number(row!.id));
    }
    const del = async () => {
      const res = await call(app, 'DELETE', `/${PUBLIC}/-/issues/4/descriptions/${versions.shift()}`, { auth: bob });
      expect(res.status).toBe(200);
    };
    expect(await leastOf(del)).toBe(EXPECTED.descriptionVersionDelete);
  });

  it(`an upload POST costs ${EXPECTED.uploadPost}`, async () => {
    const post = async () => {
      const form = new FormData();
      form.append('file', new Blob(['x'], { type: 'text/plain' }), 'counted.txt');
      const res = await fetch(`${app.url}/${PUBLIC}/uploads`, { method: 'POST', headers: { 'private-token': token }, body: form });
      expect(res.status).toBe(200);
    };
    expect(await leastOf(post)).toBe(EXPECTED.uploadPost);
  });

  it(`an issue GET costs ${EXPECTED.issueGet}`, async () => {
    const get = async () => expect((await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob })).status).toBe(200);
    await get();
    expect(await leastOf(get)).toBe(EXPECTED.issueGet);
  });

  it(`an award toggle costs ${EXPECTED.awardToggle}`, async () => {
    const toggle = async () => {
      const res = await call(app, 'POST', `/${PUBLIC}/-/issues/2/toggle_award_emoji`, { auth: bob, body: { name: 'thumbsup' } });
      expect(res.status).toBe(200);
    };
    await toggle();
    expect(await leastOf(toggle)).toBe(EXPECTED.awardToggle);
  });

  it(`a related-issue add costs ${EXPECTED.linkAdd}`, async () => {
    const iids: number[] = [];
    for (let k = 0; k < 4; k++) {
      const res = await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: bob, body: { title: `Link counted ${k}` } });
      iids.push(res.body.iid);
    }
    const add = async () => {
      const res = await call(app, 'POST', `/${PUBLIC}/-/issues/8/links`, { auth: bob, body: { issuable_references: [`#${iids.shift()}`] } });
      expect(res.status).toBe(200);
    };
    await add();
    expect(await leastOf(add)).toBe(EXPECTED.linkAdd);
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
});
