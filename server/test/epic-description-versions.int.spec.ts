import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDiscussion, ApiEpic, ApiNote } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * Description versions on epics as clients see them, on Postgres and PGlite: an epic's
 * description edit (REST PUT) writes a "changed the description" note with its version, merged
 * for the same author within the limit; the note's compare path answers the diff; the soft
 * delete follows the epic's rules (admin_epic); every change is an event on the epic stream.
 */
describe.each(DB_MODES)('epic description versions on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const api = (group = 'acme') => `/api/v4/groups/${enc(group)}/epics`;
  const page = (iid: number, group = 'acme') => `/groups/${group}/-/epics/${iid}`;
  const newEpic = async (body: Record<string, unknown>, group = 'acme') => (await call<ApiEpic>(app, 'POST', api(group), { auth: who.carol, body })).body;
  const edit = (auth: Auth, iid: number, body: Record<string, unknown>, group = 'acme') => call<ApiEpic>(app, 'PUT', `${api(group)}/${iid}`, { auth, body });
  /** The epic's description notes as the page lists them for `auth`. */
  const descriptionNotes = async (auth: Auth, iid: number, group = 'acme') =>
    (await call<ApiDiscussion[]>(app, 'GET', `${page(iid, group)}/discussions.json?notes_filter=0&persist_filter=false`, { auth })).body
      .flatMap((d) => d.notes)
      .filter((n): n is ApiNote => n.system && n.note === 'changed the description');
  const eventTypes = async (epicId: number) =>
    ((await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Epic' AND noteable_id = $1 ORDER BY seq`, [epicId])) as Array<{ type: string }>).map((r) => r.type);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an edit writes a versioned note, the same author\'s next edit merges into it, the compare shows the whole run', async () => {
    const e = await newEpic({ title: 'Versioned epic', description: 'first plan' });
    expect((await edit(who.carol, e.iid, { description: 'second <b>plan</b>' })).status).toBe(200);
    let notes = await descriptionNotes(who.dave, e.iid);
    expect(notes).toHaveLength(1);
    const v2 = notes[0]!.description_version_id!;
    expect(v2).toBeGreaterThan(0);
    expect(notes[0]!.start_description_version_id).toBeNull();
    expect(notes[0]!.description_diff_path).toBe(`/groups/acme/-/epics/${e.iid}/descriptions/${v2}/diff`);
    expect(notes[0]!.delete_description_version_path).toBe(`/groups/acme/-/epics/${e.iid}/descriptions/${v2}`);

    // The same author again within 10 minutes: the note absorbs it (no new note), announced by note.updated
    expect((await edit(who.carol, e.iid, { description: 'third plan', title: 'Versioned epic, renamed' })).status).toBe(200);
    notes = await descriptionNotes(who.dave, e.iid);
    expect(notes).toHaveLength(1);
    const v3 = notes[0]!.description_version_id!;
    expect(v3).toBeGreaterThan(v2);
    expect(notes[0]!.start_description_version_id).toBe(v2);
    expect(notes[0]!.description_diff_path).toBe(`/groups/acme/-/epics/${e.iid}/descriptions/${v3}/diff?start_version_id=${v2}`);
    // The stream opens with the epic as created (its history starts there)
    expect(await eventTypes(e.id)).toEqual(['epic.updated', 'note.created', 'epic.updated', 'note.created', 'note.updated', 'epic.updated']);

    // Any reader compares: from before the run (the created description) to its end, all text escaped
    const diff = await call<{ diff: string }>(app, 'GET', notes[0]!.description_diff_path!, { auth: who.erin });
    expect(diff.status).toBe(200);
    expect(diff.body.diff).toBe('<del class="idiff deletion">first</del><ins class="idiff addition">third</ins> plan');
    const single = await call<{ diff: string }>(app, 'GET', `${page(e.iid)}/descriptions/${v2}/diff`, { auth: who.erin });
    expect(single.body.diff).toContain('&lt;b&gt;');
    expect(single.body.diff).toContain('<del class="idiff deletion">first </del>');
    expect(single.body.diff).not.toContain('<b>');

    // Another author: a new note
    expect((await edit(who.bob, e.iid, { description: 'bob plan' })).status).toBe(200);
    notes = await descriptionNotes(who.dave, e.iid);
    expect(notes.map((n) => n.author?.username)).toEqual(['carol', 'bob']);
  });

  it('delete: admin_epic only (401 signed out, 403 guest or non-member), soft, live, and then gone from compare; bad ids name the field', async () => {
    const e = await newEpic({ title: 'Deletable', description: 'one' });
    expect((await edit(who.carol, e.iid, { description: 'two' })).status).toBe(200);
    const [note] = await descriptionNotes(who.carol, e.iid);
    const path = note!.delete_description_version_path!;
    expect((await call(app, 'DELETE', path, { auth: who.anonymous })).status).toBe(401);
    expect((await call(app, 'DELETE', path, { auth: who.dave })).status).toBe(403);
    expect((await call(app, 'DELETE', path, { auth: who.erin })).status).toBe(403);
    expect((await descriptionNotes(who.carol, e.iid))[0]!.description_version_deleted).toBe(false);
    const before = (await eventTypes(e.id)).length;

    // Another reporter may delete carol's version
    expect((await call(app, 'DELETE', path, { auth: who.bob })).status).toBe(200);
    expect((await descriptionNotes(who.dave, e.iid))[0]!.description_version_deleted).toBe(true);
    expect((await eventTypes(e.id)).slice(before)).toEqual(['note.updated']);
    expect((await call(app, 'GET', note!.description_diff_path!, { auth: who.carol })).status).toBe(404);
    expect((await call(app, 'DELETE', path, { auth: who.carol })).status).toBe(404);

    // The deleted version's note does not absorb the author's next edit
    expect((await edit(who.carol, e.iid, { description: 'three' })).status).toBe(200);
    expect(await descriptionNotes(who.carol, e.iid)).toHaveLength(2);

    for (const bad of ['x', '0', '99999999999']) {
      const r = await call<{ message: unknown }>(app, 'GET', `${page(e.iid)}/descriptions/${bad}/diff`, { auth: who.carol });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.message)).toContain('version_id');
    }
    const badStart = await call<{ message: unknown }>(app, 'DELETE', `${path}?start_version_id=abc`, { auth: who.carol });
    expect(badStart.status).toBe(400);
    expect(JSON.stringify(badStart.body.message)).toContain('start_version_id');
  });

  it('another epic\'s or an issue\'s version id is not found; a private group\'s epic is 404 to non-members', async () => {
    const a = await newEpic({ title: 'A', description: 'a1' });
    const b = await newEpic({ title: 'B', description: 'b1' });
    expect((await edit(who.carol, a.iid, { description: 'a2' })).status).toBe(200);
    const [note] = await descriptionNotes(who.carol, a.iid);
    const v = note!.description_version_id!;
    expect((await call(app, 'GET', `${page(b.iid)}/descriptions/${v}/diff`, { auth: who.carol })).status).toBe(404);
    expect((await call(app, 'DELETE', `${page(b.iid)}/descriptions/${v}`, { auth: who.carol })).status).toBe(404);
    // An issue's version under an epic's path
    const [issueVersion] = (await app.ds.query('SELECT id FROM description_versions WHERE issue_id IS NOT NULL ORDER BY id LIMIT 1')) as Array<{ id: number }>;
    if (issueVersion) expect((await call(app, 'GET', `${page(a.iid)}/descriptions/${issueVersion.id}/diff`, { auth: who.carol })).status).toBe(404);

    const priv = await newEpic({ title: 'Private', description: 'p1' }, 'acme/platform');
    expect((await edit(who.carol, priv.iid, { description: 'p2' }, 'acme/platform')).status).toBe(200);
    const [pn] = await descriptionNotes(who.carol, priv.iid, 'acme/platform');
    expect((await call(app, 'GET', pn!.description_diff_path!, { auth: who.erin })).status).toBe(404);
    expect((await call(app, 'DELETE', pn!.delete_description_version_path!, { auth: who.erin })).status).toBe(404);
    expect((await call(app, 'GET', pn!.description_diff_path!, { auth: who.dave })).status).toBe(200);
  });

  it('a title-only change writes no version; deleting the epic takes its versions', async () => {
    const e = await newEpic({ title: 'Title only', description: 'kept' });
    expect((await edit(who.carol, e.iid, { title: 'Title only, renamed' })).status).toBe(200);
    const rows = async () => ((await app.ds.query('SELECT id FROM description_versions WHERE epic_id = $1', [e.id])) as unknown[]).length;
    expect(await rows()).toBe(1);
    expect((await call(app, 'DELETE', `${api()}/${e.iid}`, { auth: who.alice })).status).toBe(204);
    expect(await rows()).toBe(0);
  });
});
