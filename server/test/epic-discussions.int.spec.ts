import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_ACTION_TEXTS, type ApiDiscussion, type ApiEpic, type ApiIssue, type ApiNote, type EpicPageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Auth, type Cast, type TestApp } from './harness';

/**
 * Discussions on epics as clients see them, on Postgres and PGlite: the epic page's note calls
 * and REST v4 notes/discussions/award_emoji on an epic (who may read and write, internal notes,
 * validation answers), system notes for epic changes in the epic's own stream, and the epic's
 * event log (what a live watcher receives).
 */
describe.each(DB_MODES)('epic discussions on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const api = (group = 'acme') => `/api/v4/groups/${enc(group)}/epics`;
  const page = (iid: number, group = 'acme') => `/groups/${group}/-/epics/${iid}`;
  const newEpic = async (body: Record<string, unknown>, group = 'acme') => (await call<ApiEpic>(app, 'POST', api(group), { auth: who.carol, body })).body;
  const comment = (auth: Auth, iid: number, note: string, extra: Record<string, unknown> = {}, group = 'acme') =>
    call<ApiNote & { errors?: unknown; discussion?: ApiDiscussion }>(app, 'POST', `${page(iid, group)}/notes`, { auth, body: { note: { note, ...extra } } });
  const events = async (epicId: number) =>
    ((await app.ds.query(`SELECT seq, type, payload FROM issue_events WHERE noteable_type = 'Epic' AND noteable_id = $1 ORDER BY seq`, [epicId])) as Array<{ seq: number; type: string; payload: unknown }>).map((r) => ({
      seq: Number(r.seq),
      type: r.type,
      payload: ((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { payload: Record<string, unknown>; issue: { project_path: string; iid: number } }),
    }));
  const systemNotes = async (epicId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1 AND system ORDER BY id`, [epicId])) as Array<{ note: string }>).map((r) => r.note);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('comments, threads, replies, edits, resolves and deletes on the epic page, each an event on the epic stream', async () => {
    const e = await newEpic({ title: 'Discussed epic' });
    const data = (await call<EpicPageData>(app, 'GET', `${page(e.iid)}/page.json`, { auth: who.dave })).body;
    expect(data.epic.id).toBe(e.id);
    expect(data.permissions).toMatchObject({ canCreateNote: true, canCreateInternalNote: false, canAwardEmoji: true, canUpdateIssue: false });
    // The stream opens with the epic as created
    expect(data.seq).toBe(1);

    // An issue's comment first: the same connection then prepares the epic's variant of the statement
    expect((await call(app, 'POST', `/api/v4/projects/${enc('acme/tandem')}/issues/1/notes`, { auth: who.dave, body: { body: 'on an issue' } })).status).toBe(201);
    const c = await comment(who.dave, e.iid, 'Hello **epic**');
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ noteable_type: 'Epic', noteable_id: e.id, project_id: null, individual_note: true });
    expect(c.body.note_html).toContain('<strong>epic</strong>');
    expect(c.body.noteable_note_url).toBe(`${app.url}/groups/acme/-/epics/${e.iid}#note_${c.body.id}`);

    const t = await comment(who.bob, e.iid, 'A thread', { type: 'DiscussionNote' });
    const reply = await call<{ discussion: ApiDiscussion }>(app, 'POST', `${page(e.iid)}/notes`, { auth: who.carol, body: { note: { note: 'A reply' }, in_reply_to_discussion_id: t.body.discussion_id, return_discussion: true } });
    expect(reply.body.discussion.notes.map((n) => n.note)).toEqual(['A thread', 'A reply']);
    expect(reply.body.discussion.resolve_path).toBe(`/groups/acme/-/epics/${e.iid}/discussions/${t.body.discussion_id}/resolve`);

    const edited = await call<ApiNote>(app, 'PUT', `${page(e.iid)}/notes/${c.body.id}`, { auth: who.dave, body: { note: { note: 'Hello again' } } });
    expect(edited.body.note).toBe('Hello again');
    expect((await call(app, 'PUT', `${page(e.iid)}/notes/${c.body.id}`, { auth: who.bob, body: { note: { note: 'not mine' } } })).status).toBe(403);

    const resolved = await call<ApiDiscussion>(app, 'PUT', `${page(e.iid)}/discussions/${t.body.discussion_id}/resolve`, { auth: who.bob });
    expect(resolved.body.resolved).toBe(true);
    // A guest who did not start the thread may not resolve it
    expect((await call(app, 'DELETE', `${page(e.iid)}/discussions/${t.body.discussion_id}/resolve`, { auth: who.dave })).status).toBe(403);

    expect((await call(app, 'POST', `${page(e.iid)}/notes/${c.body.id}/toggle_award_emoji`, { auth: who.bob, body: { name: 'thumbsup' } })).body).toEqual({ ok: true, toggled_on: true });
    expect((await call(app, 'POST', `${page(e.iid)}/toggle_award_emoji`, { auth: who.bob, body: { name: 'tada' } })).body).toEqual({ ok: true, toggled_on: true });
    expect((await call(app, 'GET', `${page(e.iid)}/toggle_award_emoji`, { auth: who.erin })).body).toEqual([{ name: 'tada', user: expect.objectContaining({ username: 'bob' }) }]);

    expect((await call(app, 'DELETE', `${page(e.iid)}/notes/${c.body.id}`, { auth: who.dave })).status).toBe(200);

    const list = (await call<ApiDiscussion[]>(app, 'GET', `${page(e.iid)}/discussions.json?notes_filter=0&persist_filter=false`, { auth: who.erin })).body;
    expect(list.map((d) => d.notes.map((n) => n.note))).toEqual([['A thread', 'A reply']]);
    expect(list[0]!.notes[0]!.current_user).toMatchObject({ can_edit: false, can_award_emoji: true });

    const log = await events(e.id);
    expect(log.map((x) => x.type)).toEqual(['epic.updated', 'note.created', 'note.created', 'note.created', 'note.updated', 'note.updated', 'note.updated', 'award.toggled', 'award.toggled', 'note.deleted']);
    expect(log.map((x) => x.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log[0]!.payload.issue).toMatchObject({ project_path: 'groups/acme', iid: e.iid });
    expect((await call<EpicPageData>(app, 'GET', `${page(e.iid)}/page.json`, { auth: who.erin })).body.seq).toBe(log.length);
  });

  it('who may read and write: a private group is 404 to non-members, a confidential epic to guests; validation answers name the problem', async () => {
    const priv = await newEpic({ title: 'Private group epic' }, 'acme/platform');
    expect((await comment(who.erin, priv.iid, 'hi', {}, 'acme/platform')).status).toBe(404);
    expect((await call(app, 'GET', `${page(priv.iid, 'acme/platform')}/discussions.json`, { auth: who.erin })).status).toBe(404);
    expect((await call(app, 'GET', `${api('acme/platform')}/${priv.iid}/notes`, { auth: who.erin })).status).toBe(404);

    const secret = await newEpic({ title: 'Secret epic', confidential: true });
    expect((await comment(who.dave, secret.iid, 'guest here')).status).toBe(404);
    expect((await call(app, 'POST', `${api()}/${secret.iid}/notes`, { auth: who.dave, body: { body: 'guest' } })).status).toBe(404);
    expect((await comment(who.carol, secret.iid, 'reporter here')).status).toBe(200);

    const e = await newEpic({ title: 'Validated' });
    const blank = await comment(who.bob, e.iid, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ base: ["Note can't be blank"] });
    const restBlank = await call<{ message: unknown }>(app, 'POST', `${api()}/${e.iid}/notes`, { auth: who.bob, body: { body: '' } });
    expect(restBlank.status).toBe(400);
    expect(restBlank.body.message).toEqual({ note: ["can't be blank"] });
    expect((await comment(who.anonymous, e.iid, 'anon')).status).toBe(401);
    expect((await call(app, 'POST', `${page(e.iid)}/toggle_award_emoji`, { auth: who.bob, body: { name: 'no_such_emoji_x' } })).status).toBe(400);
    // Internal notes: reporters and up only
    expect((await comment(who.dave, e.iid, 'hidden', { internal: true })).status).toBe(403);
    const internal = await comment(who.carol, e.iid, 'hidden', { internal: true });
    expect(internal.body.internal).toBe(true);
    const asGuest = (await call<ApiDiscussion[]>(app, 'GET', `${page(e.iid)}/discussions.json`, { auth: who.dave })).body;
    expect(asGuest.flatMap((d) => d.notes.map((n) => n.note))).not.toContain('hidden');
    expect((await count(e.id))).toBe(1);
  });

  const count = async (epicId: number) => Number(((await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1`, [epicId])) as Array<{ n: number }>)[0]!.n);

  it('REST v4: notes, discussions with replies and resolving, award_emoji on the epic and its notes', async () => {
    const e = await newEpic({ title: 'REST epic' });
    const n = await call<{ id: number; body: string; noteable_type: string }>(app, 'POST', `${api()}/${e.iid}/notes`, { auth: who.bob, body: { body: 'via REST' } });
    expect(n.status).toBe(201);
    expect(n.body).toMatchObject({ body: 'via REST', noteable_type: 'Epic' });
    expect((await call<Array<{ body: string }>>(app, 'GET', `${api()}/${e.iid}/notes`, { auth: who.erin })).body.map((x) => x.body)).toContain('via REST');
    expect((await call(app, 'PUT', `${api()}/${e.iid}/notes/${n.body.id}`, { auth: who.bob, body: { body: 'edited' } })).status).toBe(200);
    const d = await call<{ id: string; notes: Array<{ id: number }> }>(app, 'POST', `${api()}/${e.iid}/discussions`, { auth: who.bob, body: { body: 'a thread' } });
    expect(d.status).toBe(201);
    const r = await call<{ body: string }>(app, 'POST', `${api()}/${e.iid}/discussions/${d.body.id}/notes`, { auth: who.carol, body: { body: 'reply' } });
    expect(r.body.body).toBe('reply');
    const res = await call<{ notes: Array<{ resolved: boolean }> }>(app, 'PUT', `${api()}/${e.iid}/discussions/${d.body.id}?resolved=true`, { auth: who.bob });
    expect(res.body.notes.map((x) => x.resolved)).toEqual([true, true]);
    expect((await call<unknown[]>(app, 'GET', `${api()}/${e.iid}/discussions`, { auth: who.erin })).body).toHaveLength(2);
    const award = await call<{ id: number; name: string; awardable_type: string }>(app, 'POST', `${api()}/${e.iid}/award_emoji`, { auth: who.bob, body: { name: 'thumbsup' } });
    expect(award.body).toMatchObject({ name: 'thumbsup', awardable_type: 'Epic' });
    expect((await call(app, 'POST', `${api()}/${e.iid}/award_emoji`, { auth: who.bob, body: { name: 'thumbsup' } })).status).toBe(404);
    expect((await call(app, 'DELETE', `${api()}/${e.iid}/award_emoji/${award.body.id}`, { auth: who.carol })).status).toBe(401);
    expect((await call(app, 'DELETE', `${api()}/${e.iid}/award_emoji/${award.body.id}`, { auth: who.bob })).status).toBe(204);
    const onNote = await call<{ awardable_type: string }>(app, 'POST', `${api()}/${e.iid}/notes/${n.body.id}/award_emoji`, { auth: who.carol, body: { name: 'tada' } });
    expect(onNote.body.awardable_type).toBe('Note');
    expect((await call(app, 'DELETE', `${api()}/${e.iid}/notes/${n.body.id}`, { auth: who.carol })).status).toBe(403);
    expect((await call(app, 'DELETE', `${api()}/${e.iid}/notes/${n.body.id}`, { auth: who.bob })).status).toBe(204);
  });

  it('every epic change writes its system note and an epic.updated event in the same transaction; quick actions apply what epics have', async () => {
    const e = await newEpic({ title: 'Changing epic' });
    const put = await call(app, 'PUT', `${api()}/${e.iid}`, { auth: who.carol, body: { title: 'Changed epic', description: 'New text', start_date: '2026-01-01', end_date: '2026-02-01', confidential: true } });
    expect(put.body).toMatchObject({ title: 'Changed epic' });
    expect((await call(app, 'PUT', `${api()}/${e.iid}`, { auth: who.carol, body: { state_event: 'close' } })).status).toBe(200);
    expect(await systemNotes(e.id)).toEqual([
      'changed title from **Changing epic** to **Changed epic**',
      'changed the description',
      'made the epic confidential',
      'changed start date to 2026-01-01',
      'changed due date to 2026-02-01',
      'closed',
    ]);
    const log = await events(e.id);
    const updated = log.filter((x) => x.type === 'epic.updated').map((x) => x.payload.payload as { fields: Record<string, unknown> });
    expect(updated[0]!.fields).toMatchObject({ state: 'opened', lock_version: 0 });
    expect(updated[1]!.fields).toMatchObject({ title: 'Changed epic', description: 'New text', confidential: true, start_date: '2026-01-01', end_date: '2026-02-01' });
    expect(updated[2]!.fields).toMatchObject({ state: 'closed' });
    // A refused edit changes nothing and writes nothing
    const before = log.length;
    expect((await call(app, 'PUT', `${api()}/${e.iid}`, { auth: who.carol, body: { start_date: '2026-05-01' } })).status).toBe(400);
    expect((await events(e.id)).length).toBe(before);

    // Child issues added and removed: a note on the epic too
    const issue = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc('acme/tandem')}/issues`, { auth: who.alice, body: { title: 'Child', confidential: true } })).body;
    expect((await call(app, 'POST', `${api()}/${e.iid}/issues/${issue.id}`, { auth: who.carol })).status).toBe(201);
    const link = (await call<Array<{ epic_issue_id: number }>>(app, 'GET', `${api()}/${e.iid}/issues`, { auth: who.carol })).body[0]!;
    expect((await call(app, 'DELETE', `${api()}/${e.iid}/issues/${link.epic_issue_id}`, { auth: who.carol })).status).toBe(200);
    const notes = await systemNotes(e.id);
    expect(notes.slice(-2)).toEqual([`added issue acme/tandem#${issue.iid}`, `removed issue acme/tandem#${issue.iid}`]);
    expect((await events(e.id)).filter((x) => x.type === 'epic.updated').length).toBe(5);

    // Quick actions on an epic: /reopen /title /award apply, /label does not
    const qa = await comment(who.carol, e.iid, '/reopen\n/title Quick title\n/award :rocket:\n/label ~bug');
    expect(qa.body).toMatchObject({ errors: { commands_only: [QUICK_ACTION_TEXTS.reopened('epic'), QUICK_ACTION_TEXTS.titleChanged('Quick title'), QUICK_ACTION_TEXTS.awarded('rocket')] } });
    const now = (await call<ApiEpic>(app, 'GET', `${api()}/${e.iid}`, { auth: who.carol })).body;
    expect(now).toMatchObject({ state: 'opened', title: 'Quick title' });
    expect((await systemNotes(e.id)).slice(-2)).toEqual(['changed title from **Changed epic** to **Quick title**', 'reopened']);
    expect((await call<Array<{ name: string }>>(app, 'GET', `${api()}/${e.iid}/award_emoji`, { auth: who.carol })).body.map((a) => a.name)).toEqual(['rocket']);
    // A guest's /close is refused
    const open = await newEpic({ title: 'Open to guests' });
    const refused = await comment(who.dave, open.iid, '/close');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ commands_only: [QUICK_ACTION_TEXTS.couldNotApply('close')] });
  });

  it('GraphQL: createNote, updateNote, destroyNote and awardEmojiToggle on an epic; Epic.notes and Epic.discussions', async () => {
    const e = await newEpic({ title: 'GraphQL epic' });
    const gid = `gid://gitlab/Epic/${e.id}`;
    const created = await gql<{ createNote: { note: { id: string; body: string } | null; errors: string[] } }>(app, `mutation($id: NoteableID!) { createNote(input: { noteableId: $id, body: "from GraphQL" }) { note { id body } errors } }`, { id: gid }, who.bob);
    expect(created.errors).toBeUndefined();
    expect(created.data!.createNote).toMatchObject({ note: { body: 'from GraphQL' }, errors: [] });
    const noteGid = created.data!.createNote.note!.id;
    const upd = await gql<{ updateNote: { note: { body: string } } }>(app, `mutation($id: NoteID!) { updateNote(input: { id: $id, body: "edited" }) { note { body } errors } }`, { id: noteGid }, who.bob);
    expect(upd.data!.updateNote.note.body).toBe('edited');
    const award = await gql<{ awardEmojiToggle: { toggledOn: boolean; errors: string[] } }>(app, `mutation($id: ID!) { awardEmojiToggle(input: { awardableId: $id, name: "thumbsup" }) { toggledOn errors } }`, { id: gid }, who.carol);
    expect(award.data!.awardEmojiToggle).toEqual({ toggledOn: true, errors: [] });
    const read = await gql<{ group: { epics: { nodes: Array<{ notes: { nodes: Array<{ body: string }> }; discussions: { nodes: Array<{ notes: { nodes: Array<{ body: string }> } }> } }> } } }>(
      app,
      `{ group(fullPath: "acme") { epics(iid: "${e.iid}") { nodes { notes { nodes { body } } discussions { nodes { notes { nodes { body } } } } } } } }`,
      {},
      who.erin,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.group.epics.nodes[0]!.notes.nodes.map((n) => n.body)).toEqual(['edited']);
    expect(read.data!.group.epics.nodes[0]!.discussions.nodes).toHaveLength(1);
    const del = await gql<{ destroyNote: { errors: string[] } }>(app, `mutation($id: NoteID!) { destroyNote(input: { id: $id }) { errors } }`, { id: noteGid }, who.bob);
    expect(del.data!.destroyNote.errors).toEqual([]);
    // A non-member may not comment on a private group's epic: not found
    const priv = await newEpic({ title: 'Private GraphQL' }, 'acme/platform');
    const refused = await gql(app, `mutation($id: NoteableID!) { createNote(input: { noteableId: $id, body: "x" }) { note { id } errors } }`, { id: `gid://gitlab/Epic/${priv.id}` }, who.erin);
    expect(JSON.stringify(refused)).toMatch(/not exist|permission|not found/i);
  });
});
