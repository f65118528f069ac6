import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ApiNote } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, type Auth, type Cast, type TestApp } from './harness';

/**
 * Internal notes as those who may not read them see them (docs/hardening.md): user_notes_count
 * counts only what the viewer may read (REST, the page's JSON, GraphQL userNotesCount), and the
 * live stream sends them nothing at all for an internal note (no stand-in event, no `updated`
 * signal); their next event carries `prev`. GitLab sends nothing to those who cannot read.
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;
type Event = { type: string; seq: number; prev?: number; payload: Record<string, unknown> };

describe.each(DB_MODES)('internal notes and those who may not read them on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let issue: { id: number; iid: number };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    issue = (await call<{ id: number; iid: number }>(app, 'POST', `${API}/issues`, { auth: who.alice, body: { title: 'Counted notes' } })).body;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  const note = (body: string, internal: boolean, auth: Auth = who.carol) =>
    call<ApiNote & { id: number }>(app, 'POST', `${API}/issues/${issue.iid}/notes`, { auth, body: { body, internal } });

  it('user_notes_count counts internal notes only for those who may read them (REST, page JSON, GraphQL)', async () => {
    expect((await note('A comment', false)).status).toBe(201);
    expect((await note('Another comment', false)).status).toBe(201);
    expect((await note('Team only', true)).status).toBe(201);
    for (const [auth, count] of [
      [who.carol, 3],
      [who.alice, 3],
      [who.bob, 3],
      [who.dave, 2],
      [who.erin, 2],
      [who.anonymous, 2],
    ] as const) {
      const one = await call<{ user_notes_count: number }>(app, 'GET', `${API}/issues/${issue.iid}`, { auth });
      expect(one.body.user_notes_count).toBe(count);
      const list = await call<Array<{ iid: number; user_notes_count: number }>>(app, 'GET', `${API}/issues?iids[]=${issue.iid}`, { auth });
      expect(list.body.find((i) => i.iid === issue.iid)!.user_notes_count).toBe(count);
      const page = await call<{ user_notes_count: number }>(app, 'GET', `/${PUBLIC}/-/issues/${issue.iid}.json`, { auth });
      expect(page.body.user_notes_count).toBe(count);
      const g = await gql(app, `{ project(fullPath: "${PUBLIC}") { issue(iid: "${issue.iid}") { userNotesCount } issues(iids: ["${issue.iid}"]) { nodes { userNotesCount } } } }`, {}, auth);
      expect(g.errors).toBeUndefined();
      expect(g.data!.project.issue.userNotesCount).toBe(count);
      expect(g.data!.project.issues.nodes[0].userNotesCount).toBe(count);
    }
  });

  it('live: an internal note, its edit, an award on it and its deletion send nothing to a guest; the next event carries prev', async () => {
    const watch = async (auth: Auth, after?: number) => {
      const token = auth.kind === 'token' ? auth.token : undefined;
      const s = io(app.url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const got: Event[] = [];
      const signals: number[] = [];
      s.onAny((type: string, e: unknown) => {
        if (type === 'updated') signals.push((e as { seq: number }).seq);
        else if (e && typeof e === 'object' && 'seq' in e && 'payload' in e) got.push(e as Event);
      });
      expect(await s.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: issue.iid, ...(after === undefined ? {} : { after }) })).toMatchObject({ ok: true });
      return { got, signals };
    };
    const before = Number((await issueRow(app, PUBLIC, issue.iid))!.event_seq);
    const reporter = await watch(who.carol);
    const guest = await watch(who.dave);
    const anonymous = await watch(who.anonymous);

    const secret = (await note('Internal plan', true)).body;
    expect((await call(app, 'PUT', `${API}/issues/${issue.iid}/notes/${secret.id}`, { auth: who.carol, body: { body: 'Internal plan, edited' } })).status).toBe(200);
    expect((await call(app, 'POST', `/${PUBLIC}/notes/${secret.id}/toggle_award_emoji`, { auth: who.carol, body: { name: 'eyes' } })).status).toBe(200);
    expect((await call(app, 'DELETE', `${API}/issues/${issue.iid}/notes/${secret.id}`, { auth: who.carol })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 300));
    // nothing at all reached those who may not read internal notes
    expect(guest.got).toEqual([]);
    expect(guest.signals).toEqual([]);
    expect(anonymous.got).toEqual([]);
    expect(reporter.got.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'award.toggled', 'note.deleted']);
    expect(reporter.signals.length).toBeGreaterThan(0);

    const pub = (await note('Public again', false)).body;
    const deadline = Date.now() + 5000;
    while ((guest.got.length < 1 || anonymous.got.length < 1 || reporter.got.length < 5) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const viewer of [guest, anonymous]) {
      expect(viewer.got).toHaveLength(1);
      expect(viewer.got[0]).toMatchObject({ type: 'note.created', seq: before + 5, prev: before });
      expect((viewer.got[0]!.payload.note as ApiNote).id).toBe(String(pub.id));
      expect(viewer.signals).toEqual([before + 5]);
    }
    expect(reporter.got.map((e) => [e.seq, e.prev])).toEqual([1, 2, 3, 4, 5].map((k) => [before + k, undefined]));

    // a replay from before gives a guest the same: the public note with prev, nothing else
    const replay = await watch(who.dave, before);
    expect(replay.got.map((e) => [e.type, e.seq, e.prev])).toEqual([['note.created', before + 5, before]]);
    // and ends at the ack's seq when the last events are withheld: nothing more comes
    expect((await note('Internal again', true)).status).toBe(201);
    const tail = await watch(who.dave, before + 5);
    expect(tail.got).toEqual([]);
  });
});
