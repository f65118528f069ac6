import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { DISCUSSION_LIMITS, IDEMPOTENCY_HEADER, type ApiDiscussion, type ApiNote, type PageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, type Auth, type Cast, type TestApp } from './harness';

/**
 * Notes and discussions as clients see them: the page endpoints (noteablePaths), REST v4 and
 * GraphQL; who may write what, the exact error texts, idempotent submits, reply conversion,
 * the resolve rule, filters and their persistence, cursor pages, live events and internal-note
 * redaction, on Postgres and PGlite.
 */
const PUBLIC = 'acme/tandem';
const P = `/${PUBLIC}`;
const API = `/api/v4/projects/${enc(PUBLIC)}`;

type PageNote = ApiNote & { commands_changes?: unknown; valid?: boolean };

describe.each(DB_MODES)('discussions on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let issueIds: Map<number, number>;

  const issueId = async (iid: number) => {
    if (!issueIds.has(iid)) issueIds.set(iid, (await issueRow(app, PUBLIC, iid))!.id);
    return issueIds.get(iid)!;
  };
  const post = async (auth: Auth, iid: number, note: Record<string, unknown>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const id = await issueId(iid);
    return call<PageNote & { errors?: { base: string[] }; discussion?: ApiDiscussion; message?: string }>(app, 'POST', `${P}/notes?target_type=issue&target_id=${id}`, {
      auth,
      headers,
      body: { note: { noteable_type: 'Issue', noteable_id: id, ...note }, ...extra },
    });
  };
  const discussions = async (auth: Auth, iid: number, query = '') => call<ApiDiscussion[]>(app, 'GET', `${P}/-/issues/${iid}/discussions.json${query}`, { auth });
  const noteCount = async (iid: number) => Number(((await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_id = $1 AND NOT system`, [await issueId(iid)])) as Array<{ n: number }>)[0]!.n);

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    issueIds = new Map();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates a comment, a thread and a reply that turns a comment into a thread', async () => {
    const comment = await post(cast.bob, 10, { note: 'A plain **comment**' });
    expect(comment.status).toBe(200);
    expect(comment.body).toMatchObject({ type: null, individual_note: true, note: 'A plain **comment**', resolvable: false, author: { username: 'bob' }, current_user: { can_edit: true } });
    expect(comment.body.note_html).toContain('<strong>comment</strong>');

    const thread = await post(cast.carol, 10, { note: 'Start a thread', type: 'DiscussionNote' });
    expect(thread.body).toMatchObject({ type: 'DiscussionNote', individual_note: false, resolvable: true, resolved: false });

    // A reply to the individual comment converts it: both notes are now a resolvable thread
    const reply = await post(cast.carol, 10, { note: 'Replying' }, { in_reply_to_discussion_id: comment.body.discussion_id, return_discussion: true });
    expect(reply.status).toBe(200);
    const d = reply.body.discussion!;
    expect(d).toMatchObject({ id: comment.body.discussion_id, individual_note: false, resolvable: true, resolved: false });
    expect(d.notes.map((n) => [n.note, n.type, n.resolvable])).toEqual([
      ['A plain **comment**', 'DiscussionNote', true],
      ['Replying', 'DiscussionNote', true],
    ]);

    const list = (await discussions(cast.bob, 10)).body;
    const converted = list.find((x) => x.id === comment.body.discussion_id)!;
    expect(converted.notes).toHaveLength(2);
    expect(converted.individual_note).toBe(false);
    expect(list.find((x) => x.id === thread.body.discussion_id)!.notes[0]!.note).toBe('Start a thread');
    // user_notes_count counts comments (not system notes)
    const issue = await call<{ user_notes_count: number }>(app, 'GET', `${API}/issues/10`, { auth: cast.bob });
    expect(issue.body.user_notes_count).toBe(await noteCount(10));
  });

  it('the demo issue #1 shows a real discussion: comments, an open thread with replies, a resolved thread', async () => {
    const list = (await discussions(cast.anonymous, 1, '?notes_filter=0&persist_filter=false')).body;
    const threads = list.filter((d) => !d.individual_note);
    expect(list.filter((d) => d.individual_note).length).toBeGreaterThanOrEqual(2);
    expect(threads.map((d) => [d.notes.length, d.resolved])).toEqual([
      [3, false],
      [2, true],
    ]);
    expect(threads[1]!.resolved_by).toMatchObject({ username: 'alice' });
    expect(threads[0]!.notes[1]!.note_html).toContain('<code>event_seq</code>');
  });

  it('notes carry their author\'s role badge (human_access) in discussions.json, the answer and the live event', async () => {
    const authors = ['alice', 'mallory', 'bob', 'carol', 'dave', 'erin'] as const;
    for (const u of authors) expect((await post(cast[u], 18, { note: `Role of ${u}` })).status).toBe(200);
    const mine = await post(cast.bob, 18, { note: 'Mine again' });
    expect(mine.body.human_access).toBe('Developer');
    const [stored] = (await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND type = 'note.created' ORDER BY seq DESC LIMIT 1`, [await issueId(18)])) as Array<{ payload: unknown }>;
    // The stored row is the live event: { payload: { note }, actor, issue }
    const row = (typeof stored!.payload === 'string' ? JSON.parse(stored!.payload) : stored!.payload) as { payload: { note: ApiNote } };
    expect(row.payload.note).toMatchObject({ note: 'Mine again', human_access: 'Developer' });
    const res = await discussions(cast.erin, 18);
    expect(res.status).toBe(200);
    const roles = Object.fromEntries(res.body.flatMap((d) => d.notes).filter((n) => !n.system && n.note.startsWith('Role of')).map((n) => [n.author!.username, n.human_access]));
    // Owner and Developer through the group, Maintainer through the project; guests and non-members wear none
    expect(roles).toEqual({ alice: 'Owner', mallory: 'Maintainer', bob: 'Developer', carol: 'Reporter', dave: null, erin: null });
    // a client that polls (WebSockets blocked) sees the same badges on notes it sees first there
    const polled = await call<{ notes: ApiNote[] }>(app, 'GET', `/${PUBLIC}/noteable/issue/${await issueId(18)}/notes`, { auth: cast.erin, headers: { 'x-last-fetched-at': '0' } });
    expect(polled.status).toBe(200);
    const polledRoles = Object.fromEntries(polled.body.notes.filter((n) => !n.system && n.note.startsWith('Role of')).map((n) => [n.author!.username, n.human_access]));
    expect(polledRoles).toEqual(roles);
  });

  it('two replies racing to the same comment convert it once', async () => {
    const root = (await post(cast.bob, 21, { note: 'Race me' })).body;
    const seqBefore = Number((await issueRow(app, PUBLIC, 21))!.event_seq);
    const [a, b] = await Promise.all([
      post(cast.carol, 21, { note: 'Reply A' }, { in_reply_to_discussion_id: root.discussion_id }),
      post(cast.alice, 21, { note: 'Reply B' }, { in_reply_to_discussion_id: root.discussion_id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const d = (await call<ApiDiscussion>(app, 'GET', `${P}/-/issues/21/discussions/${root.discussion_id}`, { auth: cast.bob })).body;
    expect(d.notes.map((n) => n.note).sort()).toEqual(['Race me', 'Reply A', 'Reply B']);
    expect(d.notes.every((n) => n.type === 'DiscussionNote' && n.resolvable)).toBe(true);
    // one conversion (note.updated) and two note.created: three events, contiguous seqs
    const events = (await app.ds.query(`SELECT seq, type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND seq > $2 ORDER BY seq`, [await issueId(21), seqBefore])) as Array<{ seq: number; type: string }>;
    expect(events.map((e) => e.type).sort()).toEqual(['note.created', 'note.created', 'note.updated']);
    expect(events.map((e) => Number(e.seq))).toEqual([seqBefore + 1, seqBefore + 2, seqBefore + 3]);
  });

  it('refuses what the policy refuses, with exact texts, and changes nothing', async () => {
    const before = await noteCount(11);
    const anon = await post(cast.anonymous, 11, { note: 'hello' });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('401 Unauthorized');
    const blank = await post(cast.bob, 11, { note: '   \n ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ base: ["Note can't be blank"] });
    const long = await post(cast.bob, 11, { note: 'x'.repeat(1_000_001) });
    expect(long.status).toBe(422);
    expect(long.body.errors!.base[0]).toBe('Note is too long (maximum is 1000000 characters)');
    // REST: 400 naming the field
    const restBlank = await call<{ message: unknown }>(app, 'POST', `${API}/issues/11/notes`, { auth: cast.bob, body: { body: '' } });
    expect(restBlank.status).toBe(400);
    expect(restBlank.body.message).toEqual({ note: ["can't be blank"] });
    // internal notes: reporters and up only
    const guestInternal = await post(cast.dave, 11, { note: 'secret', internal: true });
    expect(guestInternal.status).toBe(403);

    // a locked discussion: members (reporter+) only; a guest is refused
    await app.ds.query('UPDATE issues SET discussion_locked = true WHERE id = $1', [await issueId(11)]);
    try {
      expect((await post(cast.dave, 11, { note: 'guest on locked' })).status).toBe(403);
      expect((await post(cast.erin, 11, { note: 'outsider on locked' })).status).toBe(403);
      expect((await post(cast.carol, 11, { note: 'reporter on locked' })).status).toBe(200);
    } finally {
      await app.ds.query('UPDATE issues SET discussion_locked = false WHERE id = $1', [await issueId(11)]);
    }
    expect(await noteCount(11)).toBe(before + 1);
    // an unlocked issue: any signed-in reader comments
    expect((await post(cast.erin, 11, { note: 'outsider comment' })).status).toBe(200);
    // an archived project: no one, not even its owner
    await app.ds.query(`UPDATE projects SET archived = true WHERE full_path = $1`, [PUBLIC]);
    try {
      expect((await post(cast.alice, 11, { note: 'archived' })).status).toBe(403);
      const page = await discussions(cast.alice, 11);
      expect(page.body.every((d) => d.notes.every((n) => !n.current_user!.can_edit))).toBe(true);
    } finally {
      await app.ds.query(`UPDATE projects SET archived = false WHERE full_path = $1`, [PUBLIC]);
    }
  });

  it('an Idempotency-Key retry returns the first note and creates one, also when two race', async () => {
    const before = await noteCount(12);
    const key = `submit-${mode}-1`;
    const first = await post(cast.bob, 12, { note: 'Only once' }, {}, { [IDEMPOTENCY_HEADER]: key });
    const again = await post(cast.bob, 12, { note: 'Only once' }, {}, { [IDEMPOTENCY_HEADER]: key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.note).toBe('Only once');
    expect(await noteCount(12)).toBe(before + 1);

    const raceKey = `submit-${mode}-race`;
    const [a, b] = await Promise.all([
      post(cast.bob, 12, { note: 'Raced' }, {}, { [IDEMPOTENCY_HEADER]: raceKey }),
      post(cast.bob, 12, { note: 'Raced' }, {}, { [IDEMPOTENCY_HEADER]: raceKey }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.id).toBe(b.body.id);
    expect(await noteCount(12)).toBe(before + 2);

    // REST the same: 201 both times, one note
    const restKey = `rest-${mode}`;
    const r1 = await call<{ id: number }>(app, 'POST', `${API}/issues/12/notes`, { auth: cast.bob, headers: { [IDEMPOTENCY_HEADER]: restKey }, body: { body: 'REST once' } });
    const r2 = await call<{ id: number }>(app, 'POST', `${API}/issues/12/notes`, { auth: cast.bob, headers: { [IDEMPOTENCY_HEADER]: restKey }, body: { body: 'REST once' } });
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r2.body.id).toBe(r1.body.id);
    expect(await noteCount(12)).toBe(before + 3);
    // a key too long is a 400 naming the header
    const bad = await post(cast.bob, 12, { note: 'x' }, {}, { [IDEMPOTENCY_HEADER]: 'k'.repeat(129) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.base[0]).toBe('Idempotency-Key is invalid');
    // the same key on another issue names a different submit: refused, nothing created there
    const elsewhere = await post(cast.bob, 11, { note: 'Only once' }, {}, { [IDEMPOTENCY_HEADER]: key });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors!.base[0]).toBe('Idempotency-Key was already used for another comment');
  });

  it('edits: author only, 410 on the page and 404 on REST for a deleted note', async () => {
    const created = (await post(cast.bob, 13, { note: 'Original text' })).body;
    const url = `${P}/notes/${created.id}?target_type=issue&target_id=${await issueId(13)}`;
    const other = await call<{ message: string }>(app, 'PUT', url, { auth: cast.alice, body: { note: { note: 'Owner edit' } } });
    expect(other.status).toBe(403);
    const edited = await call<ApiNote>(app, 'PUT', url, { auth: cast.bob, body: { note: { note: 'Edited ~bug text' } } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'Edited ~bug text', last_edited_by: { username: 'bob' } });
    expect(edited.body.last_edited_at).toBe(edited.body.updated_at);
    expect(edited.body.note_html).toContain('bug');
    const blank = await call<{ errors: { base: string[] } }>(app, 'PUT', url, { auth: cast.bob, body: { note: { note: '' } } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.base).toEqual(["Note can't be blank"]);

    // maintainers delete anyone's note; a developer cannot delete someone else's
    expect((await call(app, 'DELETE', url, { auth: cast.carol })).status).toBe(403);
    expect((await call(app, 'DELETE', url, { auth: cast.mallory })).status).toBe(200);
    const gone = await call<{ message: string }>(app, 'PUT', url, { auth: cast.bob, body: { note: { note: 'too late' } } });
    expect(gone.status).toBe(410);
    const rest = await call<{ message: string }>(app, 'PUT', `${API}/issues/13/notes/${created.id}`, { auth: cast.bob, body: { body: 'too late' } });
    expect(rest.status).toBe(404);
    expect(rest.body.message).toBe('404 Note Not Found');
    // system notes are never editable
    const [sys] = (await app.ds.query(`SELECT id FROM notes WHERE system LIMIT 1`)) as Array<{ id: number }>;
    if (sys) expect((await call(app, 'PUT', `${P}/notes/${sys.id}`, { auth: cast.alice, body: { note: { note: 'x' } } })).status).toBe(403);
  });

  it('deleting a reply leaves the root a thread; note.deleted reaches subscribers', async () => {
    const root = (await post(cast.bob, 14, { note: 'Root' })).body;
    const reply = (await post(cast.bob, 14, { note: 'Reply' }, { in_reply_to_discussion_id: root.discussion_id })).body;
    expect((await call(app, 'DELETE', `${API}/issues/14/notes/${reply.id}`, { auth: cast.bob })).status).toBe(204);
    const d = (await call<ApiDiscussion>(app, 'GET', `${P}/-/issues/14/discussions/${root.discussion_id}`, { auth: cast.bob })).body;
    expect(d.notes.map((n) => n.id)).toEqual([root.id]);
    expect(d).toMatchObject({ individual_note: false, resolvable: true });
  });

  it('resolves per note and per thread; the thread is resolved only when every resolvable note is', async () => {
    const root = (await post(cast.dave, 15, { note: 'Question?', type: 'DiscussionNote' })).body;
    const reply = (await post(cast.carol, 15, { note: 'Answer' }, { in_reply_to_discussion_id: root.discussion_id })).body;
    // a guest who did not write the note may not resolve it; the note's author may
    expect((await call(app, 'POST', `${P}/notes/${reply.id}/resolve`, { auth: cast.erin })).status).toBe(403);
    const one = await call<ApiDiscussion>(app, 'POST', `${P}/notes/${root.id}/resolve`, { auth: cast.dave });
    expect(one.status).toBe(200);
    expect(one.body.resolved).toBe(false);
    expect(one.body.notes.map((n) => n.resolved)).toEqual([true, false]);
    // a reporter resolves the whole thread
    const all = await call<ApiDiscussion>(app, 'PUT', `${P}/-/issues/15/discussions/${root.discussion_id}/resolve`, { auth: cast.carol });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ resolved: true, expanded: false, resolved_by: { username: 'carol' } });
    expect(all.body.notes.every((n) => n.resolved && n.resolved_at)).toBe(true);
    const un = await call<ApiDiscussion>(app, 'DELETE', `${P}/-/issues/15/discussions/${root.discussion_id}/resolve`, { auth: cast.carol });
    expect(un.body).toMatchObject({ resolved: false, resolved_at: null });
    // REST and GraphQL
    const rest = await call<{ notes: Array<{ resolved: boolean }> }>(app, 'PUT', `${API}/issues/15/discussions/${root.discussion_id}?resolved=true`, { auth: cast.carol });
    expect(rest.status).toBe(200);
    expect(rest.body.notes.every((n) => n.resolved)).toBe(true);
    const g = await gql(app, `mutation($id: DiscussionID!) { discussionToggleResolve(input: {id: $id, resolve: false}) { discussion { id resolved notes { nodes { id resolved } } } errors } }`, { id: `gid://tandem/Discussion/${root.discussion_id}` }, cast.carol);
    expect(g.errors).toBeUndefined();
    expect(g.data!.discussionToggleResolve).toMatchObject({ errors: [], discussion: { id: `gid://tandem/Discussion/${root.discussion_id}`, resolved: false } });
  });

  it('filters discussions, persists the filter per user, and pages by cursor', async () => {
    for (let k = 0; k < 5; k++) await post(cast.alice, 16, { note: `Paged ${k}` });
    await call(app, 'PUT', `${API}/issues/16`, { auth: cast.alice, body: { state_event: 'close' } });
    const all = (await discussions(cast.alice, 16, '?notes_filter=0')).body;
    const comments = (await discussions(cast.alice, 16, '?notes_filter=1')).body;
    const history = (await discussions(cast.alice, 16, '?notes_filter=2')).body;
    expect(comments.every((d) => d.notes.every((n) => !n.system))).toBe(true);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((d) => d.notes.every((n) => n.system))).toBe(true);
    expect(comments.length + history.length).toBe(all.length);
    // the last filter sent (persist_filter defaults to true) is used when none is sent
    expect((await discussions(cast.alice, 16)).body.length).toBe(history.length);
    await discussions(cast.alice, 16, '?notes_filter=1&persist_filter=false');
    expect((await discussions(cast.alice, 16)).body.length).toBe(history.length);
    await discussions(cast.alice, 16, '?notes_filter=0');
    // cursor pages: 2 at a time until the header is gone, same discussions in the same order
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let k = 0; k < 20; k++) {
      const res = await discussions(cast.alice, 16, `?per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((d) => d.id));
      cursor = res.headers.get(DISCUSSION_LIMITS.nextPageCursorHeader);
      if (!cursor) break;
      expect(res.body).toHaveLength(2);
    }
    expect(seen).toEqual(all.map((d) => d.id));
    expect((await discussions(cast.alice, 16, '?notes_filter=7')).status).toBe(400);
    // the page data carries the saved filter and the count of discussions it shows (the skeleton's size)
    await discussions(cast.alice, 16, '?notes_filter=1');
    const pageData = async (auth: Auth) => {
      const res = await call(app, 'GET', `${P}/-/issues/16`, { auth, headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      return (JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(res.text)![1]!) as PageData).issue!.notesData;
    };
    expect(await pageData(cast.alice)).toEqual({ notesFilter: 1, prerenderedNotesCount: comments.length, isProjectArchived: false });
    expect(await pageData(cast.anonymous)).toEqual({ notesFilter: 0, prerenderedNotesCount: all.length, isProjectArchived: false });
  });

  it('internal notes: readers of internal notes only, nothing live for the others', async () => {
    const sockets: Socket[] = [];
    const connect = async (token: string) => {
      const s = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const got: Array<{ type: string; seq: number; prev?: number; payload: Record<string, unknown> }> = [];
      for (const t of ['note.created', 'note.updated', 'note.deleted']) s.on(t, (e: { type: string; seq: number; payload: Record<string, unknown> }) => got.push(e));
      expect(await s.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 17 })).toMatchObject({ ok: true });
      return got;
    };
    try {
      const tokenOf = (a: Auth) => (a as { token: string }).token;
      const reporter = await connect(tokenOf(cast.carol));
      const guest = await connect(tokenOf(cast.dave));
      const created = (await post(cast.bob, 17, { note: 'Team only', internal: true })).body;
      expect(created).toMatchObject({ internal: true, confidential: true });
      const edited = await call(app, 'PUT', `${P}/notes/${created.id}`, { auth: cast.bob, body: { note: { note: 'Team only, edited' } } });
      expect(edited.status).toBe(200);
      expect((await call(app, 'DELETE', `${P}/notes/${created.id}`, { auth: cast.bob })).status).toBe(200);
      const open = (await post(cast.bob, 17, { note: 'For everyone' })).body;
      const deadline = Date.now() + 5000;
      while ((reporter.length < 4 || guest.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(reporter.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'note.deleted', 'note.created']);
      expect((reporter[1]!.payload.note as ApiNote).note).toBe('Team only, edited');
      expect(reporter[2]!.payload).toEqual({ note_id: created.id, discussion_id: created.discussion_id, internal: true });
      // nothing for the internal note reaches the guest; its next event says so with prev
      expect(guest.map((e) => [e.type, e.seq, e.prev, (e.payload.note as ApiNote).id])).toEqual([['note.created', reporter[3]!.seq, reporter[0]!.seq - 1, open.id]]);

      // discussions.json and REST hide internal notes from guests
      const again = (await post(cast.bob, 17, { note: 'Still team only', internal: true })).body;
      expect((await discussions(cast.dave, 17)).body.some((d) => d.id === again.discussion_id)).toBe(false);
      expect((await discussions(cast.carol, 17)).body.some((d) => d.id === again.discussion_id)).toBe(true);
      expect((await call(app, 'GET', `${API}/issues/17/notes/${again.id}`, { auth: cast.dave })).status).toBe(404);
      // a guest cannot reply into it
      expect((await post(cast.dave, 17, { note: 'peek' }, { in_reply_to_discussion_id: again.discussion_id })).status).toBe(404);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('REST notes and discussions in GitLab shapes', async () => {
    const created = await call<{ id: number; body: string; type: null; noteable_iid: number }>(app, 'POST', `${API}/issues/18/notes`, { auth: cast.bob, body: { body: 'Via REST' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ body: 'Via REST', type: null, noteable_iid: 18, internal: false, system: false });
    expect(typeof created.body.id).toBe('number');
    const list = await call<Array<{ id: number }>>(app, 'GET', `${API}/issues/18/notes?sort=desc&per_page=1`, { auth: cast.bob });
    expect(list.status).toBe(200);
    expect(list.body.map((n) => n.id)).toEqual([created.body.id]);
    expect(list.headers.get('x-per-page')).toBe('1');
    const total = Number(list.headers.get('x-total'));
    expect(total).toBeGreaterThanOrEqual(1);
    const asc = await call<Array<{ id: number }>>(app, 'GET', `${API}/issues/18/notes?sort=asc&per_page=100`, { auth: cast.bob });
    expect(asc.body).toHaveLength(total);
    expect(asc.body[asc.body.length - 1]!.id).toBe(created.body.id);
    const past = await call<unknown[]>(app, 'GET', `${API}/issues/18/notes?page=50&per_page=20`, { auth: cast.bob });
    expect(past.body).toEqual([]);
    expect(Number(past.headers.get('x-total'))).toBe(total);
    const thread = await call<{ id: string; individual_note: boolean; notes: Array<{ id: number; type: string }> }>(app, 'POST', `${API}/issues/18/discussions`, { auth: cast.bob, body: { body: 'REST thread' } });
    expect(thread.status).toBe(201);
    expect(thread.body).toMatchObject({ individual_note: false, notes: [{ type: 'DiscussionNote' }] });
    const reply = await call<{ id: number }>(app, 'POST', `${API}/issues/18/discussions/${thread.body.id}/notes`, { auth: cast.carol, body: { body: 'REST reply' } });
    expect(reply.status).toBe(201);
    const one = await call<{ notes: Array<{ body: string }> }>(app, 'GET', `${API}/issues/18/discussions/${thread.body.id}`, { auth: cast.bob });
    expect(one.body.notes.map((n) => n.body)).toEqual(['REST thread', 'REST reply']);
    // The live events: the thread's first note says it starts its discussion (a page without the
    // thread has nothing to read again), the reply does not (a page without the thread reads it)
    const sent = (await app.ds.query(`SELECT payload->'payload' AS p FROM issue_events WHERE type = 'note.created' AND payload->'payload'->'note'->>'discussion_id' = $1 ORDER BY seq`, [thread.body.id])) as Array<{ p: { note: { body: string }; starts_discussion?: boolean } }>;
    expect(sent.map((e) => [e.p.note.body, e.p.starts_discussion ?? null])).toEqual([['REST thread', true], ['REST reply', null]]);
    const upd = await call<{ body: string }>(app, 'PUT', `${API}/issues/18/discussions/${thread.body.id}/notes/${reply.body.id}`, { auth: cast.carol, body: { body: 'REST reply edited' } });
    expect(upd.body.body).toBe('REST reply edited');
    expect((await call(app, 'DELETE', `${API}/issues/18/discussions/${thread.body.id}/notes/${reply.body.id}`, { auth: cast.carol })).status).toBe(204);
    const missing = await call<{ message: string }>(app, 'GET', `${API}/issues/18/discussions/${'0'.repeat(40)}`, { auth: cast.bob });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('404 Discussion Not Found');
    const anon = await call<{ message: string }>(app, 'POST', `${API}/issues/18/notes`, { body: { body: 'x' } });
    expect(anon.status).toBe(401);
  });

  it('GraphQL createNote, updateNote, destroyNote with errors in the payload', async () => {
    const id = `gid://tandem/Issue/${await issueId(19)}`;
    const c = await gql(app, `mutation($id: NoteableID!) { createNote(input: {noteableId: $id, body: "From GraphQL"}) { note { id body bodyHtml author { username } discussionId } errors } }`, { id }, cast.bob);
    expect(c.errors).toBeUndefined();
    const note = c.data!.createNote.note;
    expect(note).toMatchObject({ id: expect.stringMatching(/^gid:\/\/tandem\/Note\/\d+$/), body: 'From GraphQL', author: { username: 'bob' } });
    const blank = await gql(app, `mutation($id: NoteableID!) { createNote(input: {noteableId: $id, body: " "}) { note { id } errors } }`, { id }, cast.bob);
    expect(blank.data!.createNote).toEqual({ note: null, errors: ["Note can't be blank"] });
    const u = await gql(app, `mutation($id: NoteID!) { updateNote(input: {id: $id, body: "Edited in GraphQL"}) { note { body } errors } }`, { id: note.id }, cast.bob);
    expect(u.data!.updateNote).toEqual({ note: { body: 'Edited in GraphQL' }, errors: [] });
    const reply = await gql(app, `mutation($id: NoteableID!, $d: DiscussionID) { createNote(input: {noteableId: $id, body: "reply", discussionId: $d}) { note { discussionId } errors } }`, { id, d: note.discussionId }, cast.carol);
    expect(reply.data!.createNote.note.discussionId).toBe(note.discussionId);
    const forbidden = await gql(app, `mutation($id: NoteID!) { destroyNote(input: {id: $id}) { errors } }`, { id: note.id }, cast.carol);
    expect(forbidden.errors?.[0]?.message).toContain("don't have permission");
    const d = await gql(app, `mutation($id: NoteID!) { destroyNote(input: {id: $id}) { note { id } errors } }`, { id: note.id }, cast.bob);
    expect(d.data!.destroyNote).toEqual({ note: null, errors: [] });
    // Issue.discussions and Issue.notes (the Noteable connections)
    const q = await gql(
      app,
      `{ project(fullPath: "${PUBLIC}") { issue(iid: "1") { discussions(first: 10) { count nodes { id resolved notes { nodes { body author { username } } } } } notes { count } } } }`,
      {},
      cast.anonymous,
    );
    expect(q.errors).toBeUndefined();
    const issue = q.data!.project.issue;
    const threads = issue.discussions.nodes.filter((x: { notes: { nodes: unknown[] } }) => x.notes.nodes.length > 1);
    expect(threads.map((x: { resolved: boolean }) => x.resolved)).toEqual([false, true]);
    expect(issue.notes.count).toBeGreaterThanOrEqual(7);
  });
});

describe('note creation is throttled per user (pglite)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp('pglite', { THROTTLE_NOTES_PER_USER: '2/60' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 with the rate-limit text once the limit is used up, and stores nothing more', async () => {
    const cast = await castOf(app);
    const notes = `${API}/issues/20/notes`;
    expect((await call(app, 'POST', notes, { auth: cast.bob, body: { body: 'one' } })).status).toBe(201);
    expect((await call(app, 'POST', notes, { auth: cast.bob, body: { body: 'two' } })).status).toBe(201);
    const third = await call<{ message: string }>(app, 'POST', notes, { auth: cast.bob, body: { body: 'three' } });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('This endpoint has been requested too many times. Try again later.');
    const bodies = (await call<Array<{ body: string }>>(app, 'GET', notes, { auth: cast.bob })).body.map((n) => n.body);
    expect(bodies).not.toContain('three');
  });
});
