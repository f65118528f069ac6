import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { DISCUSSION_TEXTS, ERRORS, type ApiAwardEmoji, type NoteAward, type PageData } from '@tandem/shared-types';
import { AwardFinder } from '../src/modules/award/award.finder';
import { bootApp, call, castOf, DB_MODES, enc, gql, insertPat, issueRow, signIn, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * Emoji awards as clients see them: the page's toggle (spec §4: adds if absent, else removes),
 * thumbs up and down exclusive, the counts in the issue JSON, REST v4 award_emoji with GitLab's
 * answers, the GraphQL mutations with their `errors`, and the award.toggled events a watcher
 * receives, equal to the stored ones, on Postgres and PGlite.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

describe.each(DB_MODES)('awards on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let readOnly: Auth;

  const issueAwardPath = (iid: number, project = PUBLIC) => `/${project}/-/issues/${iid}/toggle_award_emoji`;
  const toggle = (auth: Auth, iid: number, body: unknown) => call<{ ok: boolean; toggled_on: boolean; message?: unknown }>(app, 'POST', issueAwardPath(iid), { auth, body });
  const awardsOf = async (iid: number, auth: Auth = who.bob) => (await call<NoteAward[]>(app, 'GET', issueAwardPath(iid), { auth })).body;
  const votes = async (iid: number) => {
    const b = (await call<{ upvotes: number; downvotes: number }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.bob })).body;
    return { up: b.upvotes, down: b.downvotes };
  };
  const awardEvents = async (issueId: number) =>
    ((await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_id = $1 AND type = 'award.toggled' ORDER BY seq`, [issueId])) as Array<{ payload: { payload: { name: string; toggled_on: boolean; awardable_type: string } } | string }>).map(
      (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload as { name: string; toggled_on: boolean; awardable_type: string },
    );
  const newNote = async (iid: number, body: string, system = false, internal = false) => {
    const issue = (await issueRow(app, PUBLIC, iid))!;
    const [n] = (await app.ds.query(
      `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, internal)
       VALUES ('Issue', $1, $2, (SELECT id FROM users WHERE username = 'alice'), $3, $3, md5(random()::text) || substr(md5(random()::text), 1, 8), $4, $5) RETURNING id`,
      [issue.id, issue.project_id, body, system, internal],
    )) as Array<{ id: number }>;
    return n!.id;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    readOnly = tokenAuth(await insertPat(app, 'bob', ['read_api']));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the demo has reactions on acme/tandem #1 and its notes', async () => {
    expect(await votes(1)).toEqual({ up: 2, down: 0 });
    expect((await awardsOf(1)).map((a) => `${a.name}:${a.user.username}`)).toEqual(['thumbsup:bob', 'thumbsup:carol', 'rocket:carol', 'tada:dave']);
    const [note] = (await app.ds.query(`SELECT n.id FROM notes n JOIN issues i ON i.id = n.noteable_id WHERE i.iid = 1 AND i.project_id = (SELECT id FROM projects WHERE full_path = $1) AND NOT n.system ORDER BY n.id LIMIT 1`, [PUBLIC])) as Array<{ id: number }>;
    const onNote = await call<ApiAwardEmoji[]>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/1/notes/${note!.id}/award_emoji`, { auth: who.anonymous });
    expect(onNote.body.map((a) => a.name)).toEqual(['thumbsup', 'eyes']);
  });

  it('AwardFinder.forNotes reads the awards of many notes at once (what discussions.json fills ApiNote.award_emoji with)', async () => {
    const [a, b, c] = [await newNote(22, 'one'), await newNote(22, 'two'), await newNote(22, 'three')];
    await call(app, 'POST', `/${PUBLIC}/notes/${a}/toggle_award_emoji`, { auth: who.bob, body: { name: 'smile' } });
    await call(app, 'POST', `/${PUBLIC}/notes/${a}/toggle_award_emoji`, { auth: who.carol, body: { name: 'thumbsup' } });
    await call(app, 'POST', `/${PUBLIC}/notes/${c}/toggle_award_emoji`, { auth: who.dave, body: { name: 'heart' } });
    const byNote = await app.running.app.get(AwardFinder).forNotes([a, b, c]);
    expect(byNote.get(a)!.map((x) => `${x.name}:${x.user.username}`)).toEqual(['smile:bob', 'thumbsup:carol']);
    expect(byNote.get(b)).toBeUndefined();
    expect(byNote.get(c)).toEqual([{ name: 'heart', user: { id: expect.any(Number), name: 'Dave Diaz', username: 'dave' } }]);
    expect((await app.running.app.get(AwardFinder).forNotes([])).size).toBe(0);
  });

  describe('the page toggle', () => {
    it('adds the award when absent and removes it when present, with the counts in the issue JSON', async () => {
      const first = await toggle(who.bob, 7, { name: 'thumbsup' });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ ok: true, toggled_on: true });
      const bob = (await call<{ id: number; name: string }>(app, 'GET', '/api/v4/user', { auth: who.bob })).body;
      expect(await awardsOf(7)).toEqual([{ name: 'thumbsup', user: { id: bob.id, name: bob.name, username: 'bob' } }]);
      expect(await votes(7)).toEqual({ up: 1, down: 0 });
      expect((await toggle(who.carol, 7, { name: 'thumbsup' })).body.toggled_on).toBe(true);
      expect(await votes(7)).toEqual({ up: 2, down: 0 });

      const again = await toggle(who.bob, 7, { name: 'thumbsup' });
      expect(again.body).toEqual({ ok: true, toggled_on: false });
      expect((await awardsOf(7)).map((a) => a.user.username)).toEqual(['carol']);
      expect(await votes(7)).toEqual({ up: 1, down: 0 });
    });

    it('thumbs up and down are exclusive: awarding one removes the other, in one change with both events', async () => {
      const issue = (await issueRow(app, PUBLIC, 8))!;
      await toggle(who.bob, 8, { name: 'thumbsup' });
      expect(await votes(8)).toEqual({ up: 1, down: 0 });
      expect((await toggle(who.bob, 8, { name: 'thumbsdown' })).body.toggled_on).toBe(true);
      expect((await awardsOf(8)).map((a) => a.name)).toEqual(['thumbsdown']);
      expect(await votes(8)).toEqual({ up: 0, down: 1 });
      expect(await awardEvents(issue.id)).toEqual([
        expect.objectContaining({ name: 'thumbsup', toggled_on: true, awardable_type: 'Issue' }),
        expect.objectContaining({ name: 'thumbsup', toggled_on: false }),
        expect.objectContaining({ name: 'thumbsdown', toggled_on: true }),
      ]);
      // Another emoji leaves the thumbs alone
      await toggle(who.bob, 8, { name: 'tada' });
      expect((await awardsOf(8)).map((a) => a.name)).toEqual(['thumbsdown', 'tada']);
    });

    it('takes a number as its digits, +1 as thumbsup and :colons:, and refuses unknown names with a 400 naming `name`', async () => {
      expect((await toggle(who.bob, 9, { name: 100 })).body.toggled_on).toBe(true);
      expect((await toggle(who.bob, 9, { name: '+1' })).body.toggled_on).toBe(true);
      expect((await toggle(who.bob, 9, { name: ':rocket:' })).body.toggled_on).toBe(true);
      expect((await awardsOf(9)).map((a) => a.name)).toEqual(['100', 'thumbsup', 'rocket']);
      const issue = (await issueRow(app, PUBLIC, 9))!;
      const before = (await awardEvents(issue.id)).length;
      for (const body of [{ name: 'not_an_emoji' }, { name: '' }, {}, { name: ['smile'] }, { name: 1.5 }]) {
        const res = await toggle(who.bob, 9, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(Object.keys(res.body.message as Record<string, string[]>)).toEqual(['name']);
      }
      expect((await toggle(who.bob, 9, { name: 'not_an_emoji' })).body.message).toEqual({ name: ['is not a valid emoji name'] });
      expect(await awardEvents(issue.id)).toHaveLength(before);
    });

    it('needs a signed-in reader who may react: 401, 404 for what they cannot read, 403 with the spec text otherwise', async () => {
      expect((await toggle(who.anonymous, 10, { name: 'smile' })).status).toBe(401);
      // a signed-in non-member reacts on a public project's issue
      expect((await toggle(who.erin, 10, { name: 'smile' })).status).toBe(200);
      // a confidential issue and a private project's issue are not found
      expect((await toggle(who.erin, 4, { name: 'smile' })).status).toBe(404);
      expect((await toggle(who.dave, 4, { name: 'smile' })).status).toBe(404);
      expect((await call(app, 'POST', issueAwardPath(1, PRIVATE), { auth: who.erin, body: { name: 'smile' } })).status).toBe(404);
      // a read-only token may not write
      const ro = await toggle(readOnly, 10, { name: 'smile' });
      expect(ro.status).toBe(403);
      expect(ro.body.message).toBe(DISCUSSION_TEXTS.awardNotAllowed);
      // a locked discussion takes reactions only from those who may still comment
      await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/11`, { auth: who.carol, body: { discussion_locked: true } });
      expect((await toggle(who.dave, 11, { name: 'smile' })).status).toBe(403);
      expect((await toggle(who.carol, 11, { name: 'smile' })).status).toBe(200);
      expect((await awardsOf(11)).map((a) => a.user.username)).toEqual(['carol']);
    });

    it('toggles on a note; a system note takes no reactions', async () => {
      const noteId = await newNote(12, 'React to me');
      const res = await call<{ toggled_on: boolean }>(app, 'POST', `/${PUBLIC}/notes/${noteId}/toggle_award_emoji`, { auth: who.dave, body: { name: 'eyes' } });
      expect(res.status).toBe(200);
      expect(res.body.toggled_on).toBe(true);
      const listed = await call<ApiAwardEmoji[]>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/12/notes/${noteId}/award_emoji`, { auth: who.bob });
      expect(listed.body.map((a) => [a.name, a.user.username, a.awardable_type, a.awardable_id])).toEqual([['eyes', 'dave', 'Note', noteId]]);
      const systemId = await newNote(12, 'changed the description', true);
      const sys = await call<{ message: string }>(app, 'POST', `/${PUBLIC}/notes/${systemId}/toggle_award_emoji`, { auth: who.dave, body: { name: 'eyes' } });
      expect(sys.status).toBe(403);
      expect(sys.body.message).toBe(DISCUSSION_TEXTS.awardNotAllowed);
      // a note of another project's path, or unknown, is not found
      expect((await call(app, 'POST', `/${PRIVATE}/notes/${noteId}/toggle_award_emoji`, { auth: who.alice, body: { name: 'eyes' } })).status).toBe(404);
      expect((await call(app, 'POST', `/${PUBLIC}/notes/999999/toggle_award_emoji`, { auth: who.alice, body: { name: 'eyes' } })).status).toBe(404);
    });

    it('embeds the issue awards in the page data', async () => {
      await toggle(who.alice, 13, { name: 'heart' });
      const session = await signIn(app, 'bob');
      const page = await call(app, 'GET', `/${PUBLIC}/-/issues/13`, { auth: session, headers: { accept: 'text/html' } });
      const json = /<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!;
      const data = JSON.parse(json) as PageData;
      expect(data.issue!.awards).toEqual([{ name: 'heart', user: expect.objectContaining({ username: 'alice' }) }]);
      expect(data.issue!.issue.upvotes).toBe(0);
    });
  });

  describe('REST v4 award_emoji', () => {
    const base = (iid: number) => `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/award_emoji`;

    it('creates, lists, shows and deletes an award in GitLab shapes and messages', async () => {
      const created = await call<ApiAwardEmoji>(app, 'POST', base(14), { auth: who.bob, body: { name: 'rocket' } });
      expect(created.status).toBe(201);
      const issue = (await issueRow(app, PUBLIC, 14))!;
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'rocket',
        user: expect.objectContaining({ username: 'bob', web_url: `${app.url}/bob` }),
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
        awardable_id: issue.id,
        awardable_type: 'Issue',
      });
      const dup = await call<{ message: string }>(app, 'POST', base(14), { auth: who.bob, body: { name: 'rocket' } });
      expect(dup.status).toBe(404);
      expect(dup.body.message).toBe('404 Award Emoji Name has already been taken Not Found');

      const list = await call<ApiAwardEmoji[]>(app, 'GET', base(14), { auth: who.anonymous });
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total')).toBe('1');
      expect(list.body.map((a) => a.id)).toEqual([created.body.id]);
      expect((await call<ApiAwardEmoji>(app, 'GET', `${base(14)}/${created.body.id}`, { auth: who.dave })).body.name).toBe('rocket');
      const missing = await call<{ message: string }>(app, 'GET', `${base(14)}/999999`, { auth: who.dave });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ERRORS.AWARD_NOT_FOUND.message);
      // an award id of another issue is not found here
      expect((await call(app, 'GET', `${base(15)}/${created.body.id}`, { auth: who.dave })).status).toBe(404);

      const someoneElses = await call<{ message: string }>(app, 'DELETE', `${base(14)}/${created.body.id}`, { auth: who.alice });
      expect(someoneElses.status).toBe(401);
      expect((await call(app, 'DELETE', `${base(14)}/${created.body.id}`, { auth: who.bob })).status).toBe(204);
      expect((await call(app, 'GET', `${base(14)}/${created.body.id}`, { auth: who.bob })).status).toBe(404);
      expect((await call(app, 'DELETE', `${base(14)}/${created.body.id}`, { auth: who.bob })).status).toBe(404);
    });

    it('answers 401, 404 and 400 as GitLab does; the upvotes follow', async () => {
      expect((await call(app, 'POST', base(15), { auth: who.anonymous, body: { name: 'thumbsup' } })).status).toBe(401);
      const hidden = await call<{ message: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/4/award_emoji`, { auth: who.erin, body: { name: 'thumbsup' } });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe(ERRORS.ISSUE_NOT_FOUND.message);
      const notAllowed = await call<{ message: string }>(app, 'POST', base(15), { auth: readOnly, body: { name: 'thumbsup' } });
      expect(notAllowed.status).toBe(404);
      expect(notAllowed.body.message).toBe(ERRORS.AWARD_NOT_FOUND.message);
      const bad = await call<{ message: unknown }>(app, 'POST', base(15), { auth: who.bob, body: { name: 'nope_not_emoji' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual({ name: ['is not a valid emoji name'] });
      await call(app, 'POST', base(15), { auth: who.bob, body: { name: 'thumbsup' } });
      await call(app, 'POST', base(15), { auth: who.carol, body: { name: 'thumbsdown' } });
      expect(await votes(15)).toEqual({ up: 1, down: 1 });
      // POST thumbsdown removes bob's thumbsup
      await call(app, 'POST', base(15), { auth: who.bob, body: { name: 'thumbsdown' } });
      expect(await votes(15)).toEqual({ up: 0, down: 2 });
    });

    it('works on notes, and a note of another issue is not found', async () => {
      const noteId = await newNote(16, 'A note to react to');
      const notes = `/api/v4/projects/${enc(PUBLIC)}/issues/16/notes/${noteId}/award_emoji`;
      const created = await call<ApiAwardEmoji>(app, 'POST', notes, { auth: who.carol, body: { name: 'smile' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'smile', awardable_type: 'Note', awardable_id: noteId });
      expect((await call<ApiAwardEmoji>(app, 'GET', `${notes}/${created.body.id}`, { auth: who.bob })).body.id).toBe(created.body.id);
      const wrongIssue = await call<{ message: string }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/17/notes/${noteId}/award_emoji`, { auth: who.bob });
      expect(wrongIssue.status).toBe(404);
      expect(wrongIssue.body.message).toBe(ERRORS.NOTE_NOT_FOUND.message);
      expect((await call(app, 'DELETE', `${notes}/${created.body.id}`, { auth: who.carol })).status).toBe(204);
      expect((await call<ApiAwardEmoji[]>(app, 'GET', notes, { auth: who.bob })).body).toEqual([]);
    });
  });

  describe('GraphQL', () => {
    const TOGGLE = `mutation($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) { toggledOn errors awardEmoji { name emoji unicode description user { username } } } }`;
    const ADD = `mutation($input: AwardEmojiAddInput!) { awardEmojiAdd(input: $input) { errors awardEmoji { name } } }`;
    const REMOVE = `mutation($input: AwardEmojiRemoveInput!) { awardEmojiRemove(input: $input) { errors awardEmoji { name } } }`;

    it('awardEmojiToggle toggles on and off; the issue counts follow', async () => {
      const issue = (await issueRow(app, PUBLIC, 17))!;
      const on = await gql(app, TOGGLE, { input: { awardableId: `gid://gitlab/Issue/${issue.id}`, name: 'thumbsup' } }, who.bob);
      expect(on.data!.awardEmojiToggle).toEqual({
        toggledOn: true,
        errors: [],
        awardEmoji: { name: 'thumbsup', emoji: expect.stringContaining('👍'), unicode: '1F44D', description: 'thumbs up', user: { username: 'bob' } },
      });
      const counted = await gql(app, `{ project(fullPath: "${PUBLIC}") { issue(iid: "17") { upvotes downvotes } } }`, {}, who.bob);
      expect(counted.data!.project.issue).toEqual({ upvotes: 1, downvotes: 0 });
      const off = await gql(app, TOGGLE, { input: { awardableId: `gid://tandem/Issue/${issue.id}`, name: 'thumbsup' } }, who.bob);
      expect(off.data!.awardEmojiToggle).toEqual({ toggledOn: false, errors: [], awardEmoji: null });
    });

    it('awardEmojiAdd and awardEmojiRemove report refusals in errors, changing nothing', async () => {
      const issue = (await issueRow(app, PUBLIC, 18))!;
      const input = { awardableId: `gid://gitlab/Issue/${issue.id}`, name: 'tada' };
      expect((await gql(app, ADD, { input }, who.bob)).data!.awardEmojiAdd).toEqual({ errors: [], awardEmoji: { name: 'tada' } });
      expect((await gql(app, ADD, { input }, who.bob)).data!.awardEmojiAdd).toEqual({ errors: ['Name has already been taken'], awardEmoji: null });
      expect((await gql(app, REMOVE, { input }, who.bob)).data!.awardEmojiRemove).toEqual({ errors: [], awardEmoji: null });
      expect((await gql(app, REMOVE, { input }, who.bob)).data!.awardEmojiRemove).toEqual({ errors: ['User has not awarded emoji of type tada to the awardable'], awardEmoji: null });
      const bad = await gql(app, TOGGLE, { input: { ...input, name: 'definitely_not' } }, who.bob);
      expect(bad.data!.awardEmojiToggle).toEqual({ toggledOn: false, errors: ['Name is not a valid emoji name'], awardEmoji: null });
      expect(await awardsOf(18)).toEqual([]);
    });

    it('a system note cannot be awarded; an unreadable awardable is an access error', async () => {
      const systemId = await newNote(19, 'closed', true);
      const sys = await gql(app, TOGGLE, { input: { awardableId: `gid://gitlab/Note/${systemId}`, name: 'smile' } }, who.bob);
      expect(sys.data!.awardEmojiToggle).toEqual({ toggledOn: false, errors: [DISCUSSION_TEXTS.awardNotAllowed], awardEmoji: null });
      const noteId = await newNote(19, 'plain');
      const onNote = await gql(app, TOGGLE, { input: { awardableId: `gid://gitlab/Note/${noteId}`, name: 'smile' } }, who.bob);
      expect(onNote.data!.awardEmojiToggle.toggledOn).toBe(true);
      const secret = (await issueRow(app, PUBLIC, 4))!;
      const hidden = await gql(app, TOGGLE, { input: { awardableId: `gid://gitlab/Issue/${secret.id}`, name: 'smile' } }, who.erin);
      expect(hidden.errors![0]!.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
      const anon = await gql(app, TOGGLE, { input: { awardableId: `gid://gitlab/Issue/${secret.id}`, name: 'smile' } });
      expect(anon.errors![0]!.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
    });
  });

  it('a watcher receives award.toggled events equal to the stored ones', async () => {
    const token = await insertPat(app, 'carol');
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Array<{ seq: number; type: string; payload: unknown; at: string }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('award.toggled', (e: { seq: number; type: string; payload: unknown; at: string }) => live.push(e));
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 20 })).toMatchObject({ ok: true });
      await toggle(who.bob, 20, { name: 'thumbsdown' });
      await toggle(who.bob, 20, { name: 'thumbsup' });
      const deadline = Date.now() + 5000;
      while (live.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const bob = (await call<{ id: number }>(app, 'GET', '/api/v4/user', { auth: who.bob })).body;
      const issue = (await issueRow(app, PUBLIC, 20))!;
      expect(live.map((e) => e.payload)).toEqual([
        { awardable_type: 'Issue', awardable_id: issue.id, name: 'thumbsdown', user: expect.objectContaining({ id: bob.id, username: 'bob' }), toggled_on: true },
        { awardable_type: 'Issue', awardable_id: issue.id, name: 'thumbsdown', user: expect.objectContaining({ username: 'bob' }), toggled_on: false },
        { awardable_type: 'Issue', awardable_id: issue.id, name: 'thumbsup', user: expect.objectContaining({ username: 'bob' }), toggled_on: true },
      ]);
      const stored = (await app.ds.query(`SELECT seq, type, payload, created_at FROM issue_events WHERE noteable_id = $1 AND seq = ANY($2::int[]) ORDER BY seq`, [
        issue.id,
        live.map((e) => e.seq),
      ])) as Array<{ seq: number; type: string; payload: { payload: unknown } | string; created_at: Date }>;
      expect(live.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, at: e.at }))).toEqual(
        stored.map((r) => ({ seq: r.seq, type: r.type, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload, at: new Date(r.created_at).toISOString() })),
      );
    } finally {
      socket.close();
    }
  });

  it('an award on an internal note reaches reporters in full and guests not at all', async () => {
    const noteId = await newNote(21, 'Internal thoughts', false, true);
    const publicId = await newNote(21, 'Open thoughts');
    const watch = async (username: string) => {
      const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, username) }, reconnection: false });
      const got: Array<{ type: string; seq: number; prev?: number; payload: Record<string, unknown> }> = [];
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      for (const t of ['award.toggled', 'note.deleted']) socket.on(t, (e: { type: string; seq: number; prev?: number; payload: Record<string, unknown> }) => got.push(e));
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 21 })).toMatchObject({ ok: true });
      return { socket, got };
    };
    const reporter = await watch('carol');
    const guest = await watch('dave');
    try {
      expect((await call(app, 'POST', `/${PUBLIC}/notes/${noteId}/toggle_award_emoji`, { auth: who.carol, body: { name: 'eyes' } })).status).toBe(200);
      expect((await call(app, 'POST', `/${PUBLIC}/notes/${publicId}/toggle_award_emoji`, { auth: who.carol, body: { name: 'eyes' } })).status).toBe(200);
      const deadline = Date.now() + 5000;
      while ((reporter.got.length < 2 || guest.got.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(reporter.got.map((e) => [e.type, e.payload.name, e.payload.internal])).toEqual([['award.toggled', 'eyes', true], ['award.toggled', 'eyes', undefined]]);
      // nothing for the internal note's award: the guest's first event is the next one, with prev
      expect(guest.got.map((e) => [e.type, e.payload.awardable_id, e.seq, e.prev])).toEqual([['award.toggled', publicId, reporter.got[1]!.seq, reporter.got[0]!.seq - 1]]);
      // a guest cannot react on it either: it is not found for them
      expect((await call(app, 'POST', `/${PUBLIC}/notes/${noteId}/toggle_award_emoji`, { auth: who.dave, body: { name: 'eyes' } })).status).toBe(404);
    } finally {
      reporter.socket.close();
      guest.socket.close();
    }
  });
});
