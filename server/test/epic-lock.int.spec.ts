import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ApiEpic, type EpicPageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * Concurrent edits of epics, as clients see them, on Postgres and PGlite: every write of an
 * epic bumps its lock_version (in the epic JSON, the page data and the `epic.updated` event),
 * a PUT naming a stale one is the issue's 409 and changes nothing; and the markdown preview
 * renders &epic references in a group's context only for those who may read the group.
 */
describe.each(DB_MODES)('epic lock_version and group preview on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const api = (group = 'acme') => `/api/v4/groups/${enc(group)}/epics`;
  const page = (iid: number, group = 'acme') => `/groups/${group}/-/epics/${iid}`;
  const newEpic = async (body: Record<string, unknown>, group = 'acme') => (await call<ApiEpic>(app, 'POST', api(group), { auth: who.carol, body })).body;
  const show = async (iid: number) => (await call<ApiEpic>(app, 'GET', `${api()}/${iid}`, { auth: who.bob })).body;
  const put = (iid: number, body: Record<string, unknown>) => call<ApiEpic & { message?: unknown }>(app, 'PUT', `${api()}/${iid}`, { auth: who.bob, body });
  /** The edits' events (the stream opens with the epic as created, lock_version 0: left out). */
  const updatedEvents = async (epicId: number) =>
    ((await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_type = 'Epic' AND noteable_id = $1 AND type = 'epic.updated' AND seq > 1 ORDER BY seq`, [epicId])) as Array<{ payload: unknown }>).map(
      (r) => ((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { payload: { fields: Record<string, unknown> } }).payload.fields,
    );
  const preview = (auth: Cast[keyof Cast], body: Record<string, unknown>) => call<{ html: string; message?: unknown }>(app, 'POST', '/api/v4/markdown', { auth, body });

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a new epic starts at lock_version 0, in the REST JSON and the page data', async () => {
    const e = await newEpic({ title: 'Fresh epic', description: 'one' });
    expect(e.lock_version).toBe(0);
    expect((await call<EpicPageData>(app, 'GET', `${page(e.iid)}/page.json`, { auth: who.bob })).body.epic.lock_version).toBe(0);
  });

  it('a PUT with a stale lock_version is a 409 with the message and changes nothing (no note, no event)', async () => {
    const e = await newEpic({ title: 'Contested', description: 'base text' });
    const first = await put(e.iid, { description: 'alice text', lock_version: 0 });
    expect(first.status).toBe(200);
    expect(first.body.lock_version).toBe(1);
    const notesBefore = await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1`, [e.id]);
    const eventsBefore = (await updatedEvents(e.id)).length;
    const stale = await put(e.iid, { title: 'Bob title', description: 'bob text', confidential: true, lock_version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: ERRORS.EPIC_STALE.message });
    expect(ERRORS.EPIC_STALE.message).toBe(ERRORS.ISSUE_STALE.message.replace('this issue', 'this epic'));
    const now = await show(e.iid);
    expect(now).toMatchObject({ title: 'Contested', description: 'alice text', confidential: false, lock_version: 1 });
    expect(await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1`, [e.id])).toEqual(notesBefore);
    expect((await updatedEvents(e.id)).length).toBe(eventsBefore);
    // the current one goes through; no lock_version at all is the API's last-save-wins
    expect((await put(e.iid, { description: 'bob text', lock_version: 1 })).body).toMatchObject({ description: 'bob text', lock_version: 2 });
    expect((await put(e.iid, { title: 'No lock' })).body).toMatchObject({ title: 'No lock', lock_version: 3 });
  });

  it('two saves racing with the same lock_version: exactly one wins, the other is the 409', async () => {
    const e = await newEpic({ title: 'Race', description: 'start' });
    const [a, b] = await Promise.all([put(e.iid, { description: 'from a', lock_version: 0 }), put(e.iid, { description: 'from b', lock_version: 0 })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'from a' : 'from b';
    expect(await show(e.iid)).toMatchObject({ description: winner, lock_version: 1 });
    expect((await updatedEvents(e.id)).map((f) => f.description)).toEqual([winner]);
  });

  it('refuses a malformed lock_version with 400 naming it, changing nothing', async () => {
    const e = await newEpic({ title: 'Malformed' });
    for (const lock_version of [-1, 'abc', 1.5, { a: 1 }]) {
      const res = await put(e.iid, { title: 'Changed', lock_version });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual({ lock_version: ['must be an integer'] });
    }
    expect(await show(e.iid)).toMatchObject({ title: 'Malformed', lock_version: 0 });
  });

  it('every write of the epic bumps lock_version and its epic.updated event carries it', async () => {
    const parent = await newEpic({ title: 'Parent epic' });
    const e = await newEpic({ title: 'Bumped', description: 'd0' });
    const writes: Array<Record<string, unknown>> = [
      { title: 'Bumped 2' },
      { description: 'd1' },
      { start_date: '2026-01-01' },
      { end_date: '2026-02-01' },
      { confidential: true },
      { state_event: 'close' },
      { state_event: 'reopen' },
      { parent_id: parent.id },
    ];
    let version = 0;
    for (const body of writes) {
      const res = await put(e.iid, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.lock_version, JSON.stringify(body)).toBe(++version);
    }
    // a PUT that changes nothing writes nothing
    expect((await put(e.iid, { title: 'Bumped 2' })).body.lock_version).toBe(version);
    // quick actions in a comment write the epic too
    const qa = await call(app, 'POST', `${page(e.iid)}/notes`, { auth: who.bob, body: { note: { note: '/title From a quick action\n/close' } } });
    expect(qa.status).toBeLessThan(300);
    const after = await show(e.iid);
    expect(after).toMatchObject({ title: 'From a quick action', state: 'closed', lock_version: version + 1 });
    const events = await updatedEvents(e.id);
    expect(events.map((f) => f.lock_version)).toEqual([...writes.map((_, i) => i + 1), version + 1]);
    expect(events[1]).toMatchObject({ description: 'd1', lock_version: 2 });
  });

  it('previews &epic references in a group context; a private group is refused to a non-member', async () => {
    const e = await newEpic({ title: 'Preview target' });
    const pub = await preview(who.erin, { text: `see &${e.iid}`, group: 'acme' });
    expect(pub.status).toBe(201);
    expect(pub.body.html).toContain(`href="/groups/acme/-/epics/${e.iid}"`);
    // without a group (or project) the reference stays text
    expect((await preview(who.erin, { text: `see &${e.iid}` })).body.html).not.toContain('/-/epics/');
    const priv = await newEpic({ title: 'Private preview target' }, 'acme/platform');
    const member = await preview(who.bob, { text: `see &${priv.iid}`, group: 'acme/platform' });
    expect(member.status).toBe(201);
    expect(member.body.html).toContain(`href="/groups/acme/platform/-/epics/${priv.iid}"`);
    for (const auth of [who.erin, who.anonymous]) {
      const refused = await preview(auth, { text: `see &${priv.iid}`, group: 'acme/platform' });
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('/-/epics/');
      expect(refused.body).toEqual({ message: ERRORS.GROUP_NOT_FOUND.message });
    }
    const bad = await preview(who.bob, { text: 'x', group: ['acme'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toHaveProperty('group');
  });
});
