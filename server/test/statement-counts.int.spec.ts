import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD } from '@tandem/shared-types';
import { JobQueue } from '../src/core/jobs/job-queue';
import { bootApp, call, enc, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/**
 * The SQL statements (round trips to Postgres) each kind of request costs, pinned: the write
 * path's speed depends on them, so a change that adds one fails here and has to say why.
 * Counted by wrapping node-postgres' Client#query in this process (the app runs in it),
 * BEGIN and COMMIT included. Each new mutation adds its row.
 */
const EXPECTED = {
  /**
   * project+access+issue+hydration, the write (UPDATE, system note and events in one
   * statement). Was 3 until issue #9: a token used within the last second is not looked up
   * again (auth/token-cache.ts; revocation drops it at once through the bus).
   */
  titlePut: 2,
  /**
   * An (OAuth) token's first request, or its first after a second unused, adds the token+user
   * lookup. (A personal access token's first use in a minute also writes last_used_at.)
   */
  titlePutColdToken: 3,
  /**
   * The title PUT with the background work it leaves, run to the end: its 2, and the job
   * queue's one claim that finds nothing. Was 6 until issue #27: the notify trigger queued a job
   * for the system note (claim, event read, delete, an empty claim), and the worker mails nothing for one.
   */
  titlePutWithJobs: 3,
  /** project+access+issue+hydration (was 2: the token+user lookup, now cached for a second) */
  issueGet: 1,
  /** the issue's project, the actor's access and the issue (the socket's credential was read at the handshake) */
  subscribeCheck: 1,
  /**
   * A member coming back behind the room's head right after another one that missed the same
   * events (a restart's reconnections): its check is cached and its replay comes from the room's
   * last replay read (SubscribeService.replayPage), so nothing is read. Was 1 (its own log read).
   */
  replayAfterAnother: 0,
  /* The writes below: the credential is cached as for titlePut (a cold token adds one). */
  /** project+access+issue (+ the actor's row), the write (note, seq and event in one statement) */
  notePost: 2,
  /** project+access+issue, the note with its discussion and their users, the write */
  noteEdit: 3,
  /** project+access+issue, the note with its discussion, the write */
  noteDelete: 3,
  /** project+access+issue, the discussion with its users, the write (every note and event in one statement) */
  discussionResolve: 3,
  /** project+access+issue+actor, the toggle (award rows, the other thumb, seq and events in one statement) */
  awardToggle: 2,
  /**
   * source issue, target issue, BEGIN, the link insert, each issue's notes+events
   * (one statement each), COMMIT, then the answer's list (links with access, issues, hydration, projects)
   */
  linkAdd: 11,
  /**
   * A description edit merged into the author's previous note (the common case: edits in a
   * row): project+access+issue+hydration, BEGIN, the row lock, the new version with
   * the previous description note (one statement), the write, the note's merge UPDATE, reading
   * it back and its users for note.updated, that event's append, COMMIT, the hydration
   */
  descriptionPut: 11,
  /** project+access+issue, the version, BEGIN, the soft delete, the notes it marks, reading them back, their users, the event append, COMMIT */
  descriptionVersionDelete: 9,
  /** the file is stored on disk; the statement is the project with the actor's access */
  uploadPost: 1,
  /** project+access+issue+hydration (with the viewer's subscription), the choice read and written in one statement */
  issueSubscribe: 2,
  /** project+access+issue+hydration, the write (health_status column, system note and event in one statement) */
  healthStatusPut: 2,
  /**
   * A field naming another row (fields/milestone.ts): project+access+issue+hydration, the write
   * (the milestone checked against the project's groups by a guarded sub-select in the UPDATE,
   * the note and event, one statement; the answer's hydration patched). The first PUT naming a
   * milestone in a process reads it once (3). Was 8 until the review after issue #12: a locked
   * transaction (BEGIN, row lock, milestone read, UPDATE, note+event, COMMIT) and a re-hydration.
   */
  milestonePut: 2,
  /** An iteration (fields/iteration.ts), as a milestone */
  iterationPut: 2,
};

const PUBLIC = 'acme/tandem';

let statements = 0;
const realQuery = Client.prototype.query;

let drainJobs: () => Promise<unknown> = async () => undefined;

async function counted(fn: () => Promise<unknown>): Promise<number> {
  // Whatever was in flight before settles first (the previous request's after-commit work, its background jobs)
  await new Promise((r) => setTimeout(r, 50));
  await drainJobs();
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
    // Background jobs (notification mail) are not the request's statements: run only between counts
    app = await bootApp('postgres', { JOBS_POLL_SECONDS: '0', JOBS_KICK_DELAY_MS: '10000' });
    drainJobs = () => app.running.app.get(JobQueue).drain();
    token = await insertPat(app, 'bob');
    bob = tokenAuth(token);
  });
  afterAll(async () => {
    Client.prototype.query = realQuery;
    await app?.close();
  });

  it(`a health status PUT costs ${EXPECTED.healthStatusPut}`, async () => {
    const values = ['on_track', 'needs_attention', 'at_risk'];
    let n = 0;
    const put = async () => {
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth: bob, body: { health_status: values[n++ % 3] } });
      expect(res.status).toBe(200);
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.healthStatusPut);
  });

  it(`a milestone PUT costs ${EXPECTED.milestonePut}`, async () => {
    const ids = ((await app.ds.query(`SELECT id FROM milestones WHERE title IN ('v1.0', 'v0.9') ORDER BY id`)) as Array<{ id: number }>).map((r) => r.id);
    expect(ids).toHaveLength(2);
    let n = 0;
    const put = async () => {
      const res = await call<{ milestone: { id: number } }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth: bob, body: { milestone_id: ids[n % 2] } });
      expect(res.status).toBe(200);
      expect(res.body.milestone.id).toBe(ids[n++ % 2]);
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.milestonePut);
  });

  it(`an iteration PUT costs ${EXPECTED.iterationPut}`, async () => {
    const ids = ((await app.ds.query(`SELECT id FROM iterations ORDER BY id LIMIT 2`)) as Array<{ id: number }>).map((r) => r.id);
    expect(ids).toHaveLength(2);
    let n = 0;
    const put = async () => {
      const res = await call<{ iteration: { id: number } }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth: bob, body: { iteration_id: ids[n % 2] } });
      expect(res.status).toBe(200);
      expect(res.body.iteration.id).toBe(ids[n++ % 2]);
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.iterationPut);
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

  it(`a title PUT with the background work it leaves costs ${EXPECTED.titlePutWithJobs}`, async () => {
    let n = 0;
    const put = async () => {
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob, body: { title: `Counted with jobs ${n++}` } });
      expect(res.status).toBe(200);
      await drainJobs();
    };
    await put();
    expect(await leastOf(put)).toBe(EXPECTED.titlePutWithJobs);
  });

  it(`a title PUT with a token not used before costs ${EXPECTED.titlePutColdToken}`, async () => {
    let n = 0;
    const put = async () => {
      const grant = await call<{ access_token: string }>(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username: 'bob', password: DEMO_PASSWORD } });
      const fresh = tokenAuth(grant.body.access_token, 'bearer');
      await new Promise((r) => setTimeout(r, 50));
      const before = statements;
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: fresh, body: { title: `Cold token ${n++}` } });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      return statements - before;
    };
    await put();
    expect(Math.min(await put(), await put(), await put())).toBe(EXPECTED.titlePutColdToken);
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

  it(`a REST subscribe or unsubscribe costs ${EXPECTED.issueSubscribe}`, async () => {
    // bob wrote #2: subscribed as a participant until he says otherwise
    let on = true;
    const flip = async () => {
      on = !on;
      expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/2/${on ? 'subscribe' : 'unsubscribe'}`, { auth: bob })).status).toBe(201);
    };
    await flip();
    expect(await leastOf(flip)).toBe(EXPECTED.issueSubscribe);
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
  it(`a replay right after another member's of the same events costs ${EXPECTED.replayAfterAnother}`, async () => {
    const sockets: Socket[] = [];
    const connect = async () => {
      const s: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    const target = { channel: 'IssuesChannel', project_path: PUBLIC, iid: 7 };
    try {
      // A member keeps the room open; two title changes go past while the others are away
      const first = (await (await connect()).timeout(10_000).emitWithAck('subscribe', target)) as { ok: boolean; seq: number };
      expect(first.ok).toBe(true);
      for (const title of ['Missed once', 'Missed twice']) expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/7`, { auth: bob, body: { title } })).status).toBe(200);
      // Connected before the count: the replay's statements are what is counted
      const back = async (s: Socket) => {
        const got: string[] = [];
        s.on('issue.updated', (e: { payload: { fields: { title?: string } } }) => got.push(e.payload.fields.title ?? ''));
        const ack = (await s.timeout(10_000).emitWithAck('subscribe', { ...target, after: first.seq })) as { ok: boolean; replayed: number };
        expect(ack.ok).toBe(true);
        expect(got).toEqual(['Missed once', 'Missed twice']);
        return ack.replayed;
      };
      const replayed = await back(await connect());
      expect(replayed).toBeGreaterThanOrEqual(2);
      const third = await connect();
      let again = 0;
      expect(await counted(async () => (again = await back(third)))).toBe(EXPECTED.replayAfterAnother);
      expect(again).toBe(replayed);
    } finally {
      for (const s of sockets) s.close();
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
