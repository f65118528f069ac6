import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ApiDiscussion, ApiNote } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * GitLab's cross_reference_not_visible_for?: a system note naming an issue the viewer may not
 * read (a confidential one, a private project's) is not served to that viewer, wherever notes
 * are served: REST notes (list and one), REST discussions, discussions.json, notes polling,
 * GraphQL, the live socket and its replay; the same for an epic's "added issue" note
 * (docs/hardening.md, "Notes naming what a viewer may not read").
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;
const TO_CONFIDENTIAL = 'marked this issue as related to #4';
const TO_PRIVATE = 'marked this issue as related to acme/platform/secret-plans#1';
type Event = { type: string; seq: number; prev?: number; payload: { note?: ApiNote } };

describe.each(DB_MODES)('notes naming what a viewer may not read on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let issue: { id: number; iid: number };
  let seqBefore: number;
  let comment: ApiNote;
  const live = new Map<string, Event[]>();
  const sockets: Socket[] = [];
  /** What each viewer may see of the two link notes. */
  let expected: Array<[string, Auth, string[]]>;

  const tokenOf = (a: Auth) => (a.kind === 'token' ? a.token : undefined);
  async function watch(auth: Auth, after?: number): Promise<Event[]> {
    const token = tokenOf(auth);
    const s = io(app.url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got: Event[] = [];
    // every typed event of the stream (they carry a seq and a payload; signals do not)
    s.onAny((_type: string, e: unknown) => {
      if (e && typeof e === 'object' && 'seq' in e && 'payload' in e) got.push(e as Event);
    });
    const ack = await s.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: issue.iid, ...(after === undefined ? {} : { after }) });
    expect(ack).toMatchObject({ ok: true });
    return got;
  }
  const linkNotes = (bodies: string[]) => bodies.filter((b) => b === TO_CONFIDENTIAL || b === TO_PRIVATE).sort();

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    issue = (await call<{ id: number; iid: number }>(app, 'POST', `${API}/issues`, { auth: who.alice, body: { title: 'Links to hidden things' } })).body;
    expected = [
      ['reader (developer)', who.bob, [TO_PRIVATE, TO_CONFIDENTIAL].sort()],
      ['guest', who.dave, [TO_PRIVATE]],
      ['non-member', who.erin, []],
      ['signed out', who.anonymous, []],
    ];
    seqBefore = Number((await issueRow(app, PUBLIC, issue.iid))!.event_seq);
    for (const [name, auth] of expected) live.set(name, await watch(auth));
    const linked = await call(app, 'POST', `/${PUBLIC}/-/issues/${issue.iid}/links`, { auth: who.alice, body: { issuable_references: ['#4', 'acme/platform/secret-plans#1'] } });
    expect(linked.status).toBe(200);
    comment = (await call<ApiNote>(app, 'POST', `${API}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: 'After the links' } })).body;
    const deadline = Date.now() + 5000;
    while ([...live.values()].some((l) => !l.some((e) => e.type === 'note.created' && e.payload.note?.body === 'After the links')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  it('the notes were written (the reader sees both)', async () => {
    const all = (await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system`, [issue.id])) as Array<{ note: string }>;
    expect(linkNotes(all.map((r) => r.note))).toEqual([TO_PRIVATE, TO_CONFIDENTIAL].sort());
  });

  it('REST notes, one note by id, and REST discussions', async () => {
    const ids = (await app.ds.query(`SELECT id, note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system`, [issue.id])) as Array<{ id: number; note: string }>;
    for (const [name, auth, sees] of expected) {
      const notes = await call<Array<{ body: string }>>(app, 'GET', `${API}/issues/${issue.iid}/notes?per_page=100`, { auth });
      expect(notes.status, name).toBe(200);
      expect(linkNotes(notes.body.map((n) => n.body)), name).toEqual(sees);
      for (const { id, note } of ids.filter((r) => linkNotes([r.note]).length)) {
        expect((await call(app, 'GET', `${API}/issues/${issue.iid}/notes/${id}`, { auth })).status, `${name}: ${note}`).toBe(sees.includes(note) ? 200 : 404);
      }
      const discussions = await call<Array<{ notes: Array<{ body: string }> }>>(app, 'GET', `${API}/issues/${issue.iid}/discussions?per_page=100`, { auth });
      expect(linkNotes(discussions.body.flatMap((d) => d.notes.map((n) => n.body))), name).toEqual(sees);
    }
  });

  it('discussions.json, notes polling and GraphQL', async () => {
    for (const [name, auth, sees] of expected) {
      const page = await call<ApiDiscussion[]>(app, 'GET', `/${PUBLIC}/-/issues/${issue.iid}/discussions.json?notes_filter=0&persist_filter=false`, { auth });
      expect(page.status, name).toBe(200);
      expect(linkNotes(page.body.flatMap((d) => d.notes.map((n) => n.note))), name).toEqual(sees);
      const poll = await call<{ notes: ApiNote[] }>(app, 'GET', `/${PUBLIC}/noteable/issue/${issue.id}/notes`, { auth, headers: { 'x-last-fetched-at': '0' } });
      expect(poll.status, name).toBe(200);
      expect(linkNotes(poll.body.notes.map((n) => n.note)), name).toEqual(sees);
      const g = await gql(
        app,
        `{ project(fullPath: "${PUBLIC}") { issue(iid: "${issue.iid}") { notes { nodes { body } } discussions { nodes { notes { nodes { body } } } } } } }`,
        {},
        auth,
      );
      expect(g.errors, name).toBeUndefined();
      const i = g.data!.project.issue as { notes: { nodes: Array<{ body: string }> }; discussions: { nodes: Array<{ notes: { nodes: Array<{ body: string }> } }> } };
      expect(linkNotes(i.notes.nodes.map((n) => n.body)), name).toEqual(sees);
      expect(linkNotes(i.discussions.nodes.flatMap((d) => d.notes.nodes.map((n) => n.body))), name).toEqual(sees);
    }
  });

  it('live: nothing is sent in place of a withheld note; the next event carries prev', async () => {
    for (const [name, , sees] of expected) {
      const got = live.get(name)!;
      const notes = got.filter((e) => e.type === 'note.created').map((e) => e.payload.note!.body);
      expect(linkNotes(notes), name).toEqual(sees);
      for (const hidden of [TO_CONFIDENTIAL, TO_PRIVATE].filter((t) => !sees.includes(t))) expect(JSON.stringify(got), name).not.toContain(hidden);
      // every event a viewer got follows the previous one it got (seq + 1, or prev pointing at it)
      let last = seqBefore;
      for (const e of got) {
        expect(e.prev ?? e.seq - 1, `${name} at ${e.seq}`).toBe(last);
        last = e.seq;
      }
      expect(got.at(-1)!.payload.note!.id, name).toBe(String(comment.id));
    }
  });

  it('replay: a viewer catching up from before the links gets what it would have got live', async () => {
    for (const [name, auth] of expected) {
      const replayed = await watch(auth, seqBefore);
      expect(replayed.map((e) => [e.type, e.seq, e.prev]), name).toEqual(live.get(name)!.map((e) => [e.type, e.seq, e.prev]));
    }
  });

  it("an epic's 'added issue' note naming a confidential issue is hidden from those who may not read it", async () => {
    const epic = (await call<{ id: number; iid: number }>(app, 'POST', '/api/v4/groups/acme/epics', { auth: who.carol, body: { title: 'Epic of a confidential issue' } })).body;
    expect((await call(app, 'PUT', `${API}/issues/4`, { auth: who.carol, body: { epic_id: epic.id } })).status).toBe(200);
    const added = `added issue ${PUBLIC}#4`;
    for (const [auth, sees] of [
      [who.carol, true],
      [who.dave, false],
      [who.erin, false],
      [who.anonymous, false],
    ] as const) {
      const rest = await call<Array<{ notes: Array<{ body: string }> }>>(app, 'GET', `/api/v4/groups/acme/epics/${epic.iid}/discussions`, { auth });
      expect(rest.status).toBe(200);
      expect(rest.body.flatMap((d) => d.notes.map((n) => n.body)).includes(added)).toBe(sees);
      const page = await call<ApiDiscussion[]>(app, 'GET', `/groups/acme/-/epics/${epic.iid}/discussions.json`, { auth });
      expect(page.body.flatMap((d) => d.notes.map((n) => n.note)).includes(added)).toBe(sees);
      const notes = await call<Array<{ body: string }>>(app, 'GET', `/api/v4/groups/acme/epics/${epic.iid}/notes`, { auth });
      expect(notes.body.map((n) => n.body).includes(added)).toBe(sees);
    }
  });

  it("a private project's 'mentioned in merge request !N' note is hidden from its guests, who read the issue but not merge requests", async () => {
    const PRIV = 'acme/platform/secret-plans';
    const repos = app.running.app.get(RepositoryService);
    const repo = await repos.open(await projectId(app, PRIV));
    const me = { name: 'Test', email: 'test@example.com' };
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Secret\n') }] });
    await repo.writeCommit({ branch: 'plan-b', startSha: await repo.resolve('main'), message: 'Plan B', author: me, actions: [{ action: 'create', path: 'b.txt', content: Buffer.from('b\n') }] });
    const target = (await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(PRIV)}/issues`, { auth: who.alice, body: { title: 'Plan B' } })).body;
    const mr = await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(PRIV)}/merge_requests`, { auth: who.bob, body: { title: 'Plan B', source_branch: 'plan-b', target_branch: 'main', description: `Works on #${target.iid}` } });
    expect(mr.status).toBe(201);
    const mentioned = `mentioned in merge request !${mr.body.iid}`;
    for (const [auth, sees] of [
      [who.carol, true],
      [who.bob, true],
      [who.dave, false],
    ] as const) {
      const notes = await call<Array<{ body: string }>>(app, 'GET', `/api/v4/projects/${enc(PRIV)}/issues/${target.iid}/notes`, { auth });
      expect(notes.status).toBe(200);
      expect(notes.body.map((n) => n.body).includes(mentioned)).toBe(sees);
      const page = await call<ApiDiscussion[]>(app, 'GET', `/${PRIV}/-/issues/${target.iid}/discussions.json`, { auth });
      expect(page.body.flatMap((d) => d.notes.map((n) => n.note)).includes(mentioned)).toBe(sees);
    }
  });
});
