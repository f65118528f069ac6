import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/**
 * Many writers at once: no lost write, and the event log stays a gap-free, duplicate-free
 * sequence per issue in commit order; iids are allocated without gaps or duplicates.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const WRITERS = 50;

interface EventRow {
  seq: number;
  type: string;
  payload: { payload: { fields?: { lock_version: number; title?: string } } };
}

describe.each(DB_MODES)('concurrent writes on %s', (mode) => {
  let app: TestApp;
  let bob: Auth;
  let alice: Auth;

  beforeAll(async () => {
    app = await bootApp(mode);
    bob = tokenAuth(await insertPat(app, 'bob'));
    alice = tokenAuth(await insertPat(app, 'alice'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`${WRITERS} parallel PUTs of one issue all succeed; lock_version advances by exactly ${WRITERS}; events are 1..N in commit order`, async () => {
    const created = await call<{ id: number; iid: number; lock_version: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: alice, body: { title: 'Contended issue' } });
    expect(created.status).toBe(201);
    const { id, iid, lock_version: start } = created.body;

    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, k) =>
        call<{ title: string; lock_version: number }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: k % 2 ? bob : alice, body: { title: `Writer ${k}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(WRITERS).fill(200));
    // each response saw its own committed version: all distinct, start+1..start+N
    expect(results.map((r) => r.body.lock_version).sort((a, b) => a - b)).toEqual(Array.from({ length: WRITERS }, (_, k) => start + k + 1));

    const [row] = (await app.ds.query('SELECT title, lock_version, event_seq FROM issues WHERE id = $1', [id])) as Array<{ title: string; lock_version: number; event_seq: number }>;
    expect(row!.lock_version).toBe(start + WRITERS);

    const events = (await app.ds.query(`SELECT seq, type, payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [id])) as EventRow[];
    expect(events.length).toBeGreaterThanOrEqual(WRITERS + 1);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: events.length }, (_, k) => k + 1));
    expect(row!.event_seq).toBe(events.length);
    expect(events[0]!.type).toBe('issue.created');

    const updates = events.filter((e) => e.type === 'issue.updated');
    expect(updates).toHaveLength(WRITERS);
    // in seq order the versions are exactly start+1, start+2, ...: seq follows commit order
    expect(updates.map((e) => e.payload.payload.fields!.lock_version)).toEqual(Array.from({ length: WRITERS }, (_, k) => start + k + 1));
    // the last committed write is what the issue shows
    expect(row!.title).toBe(updates[WRITERS - 1]!.payload.payload.fields!.title);
    // each writer's title was applied once
    expect(new Set(updates.map((e) => e.payload.payload.fields!.title)).size).toBe(WRITERS);

    const notes = (await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system AND note LIKE 'changed title%'`, [id])) as Array<{ n: number }>;
    expect(notes[0]!.n).toBe(WRITERS);
  });

  it('concurrent creates in one project get iids last+1..last+N, no gaps or duplicates', async () => {
    const [{ last_issue_iid: last }] = (await app.ds.query('SELECT last_issue_iid FROM projects WHERE full_path = $1', [PRIVATE])) as Array<{ last_issue_iid: number }>;
    const N = 30;
    const results = await Promise.all(
      Array.from({ length: N }, (_, k) => call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/issues`, { auth: k % 2 ? bob : alice, body: { title: `Parallel ${k}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(201));
    expect(results.map((r) => r.body.iid).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, k) => last + k + 1));
    const rows = (await app.ds.query('SELECT iid FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 ORDER BY iid', [PRIVATE])) as Array<{ iid: number }>;
    expect(rows.map((r) => r.iid)).toEqual(Array.from({ length: last + N }, (_, k) => k + 1));
  });

  it('a stale lock_version among concurrent page writes: exactly one wins, the rest get 409', async () => {
    const created = await call<{ iid: number; lock_version: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: alice, body: { title: 'Race for the description' } });
    const { iid, lock_version: lv } = created.body;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, k) => call(app, 'PUT', `/${PUBLIC}/-/issues/${iid}.json`, { auth: k % 2 ? bob : alice, body: { description: `version ${k}`, lock_version: lv } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const [row] = (await app.ds.query('SELECT i.lock_version FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = $2', [PUBLIC, iid])) as Array<{ lock_version: number }>;
    expect(row!.lock_version).toBe(lv + 1);
  });
});
