import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bootApp, call, castOf, DB_MODES, enc, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * Sharing a project with a group (GitLab's POST/DELETE /projects/:id/share): validation and
 * who may share; the group's members then read and write the project's issues with the link's
 * access capped at their own role in the group; ending the share takes the access away and
 * stops the live events of their open issue pages at once.
 */
const SECRET = 'acme/platform/secret-plans';

describe.each(DB_MODES)('projects shared with groups on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let groupId: number;
  let pia: Auth; // developer of the partner group
  let gus: Auth; // guest of the partner group
  let piaToken: string;
  const share = `/api/v4/projects/${enc(SECRET)}/share`;
  const issues = `/api/v4/projects/${enc(SECRET)}/issues`;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const [g] = (await app.ds.query(
      `INSERT INTO namespaces (type, name, path, full_path, visibility) VALUES ('Group', 'Partners', 'partners', 'partners', 'public') RETURNING id`,
    )) as Array<{ id: number }>;
    groupId = g!.id;
    await addMember(app, 'pia', 30, 'partners');
    await addMember(app, 'gus', 10, 'partners');
    piaToken = await insertPat(app, 'pia');
    pia = tokenAuth(piaToken);
    gus = tokenAuth(await insertPat(app, 'gus'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('validates the body, naming each bad field, and checks who may share', async () => {
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', share, { auth: who.alice, body: { group_id: 'x', group_access: 35, expires_at: '2001-01-01' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message).sort()).toEqual(['expires_at', 'group_access', 'group_id']);
    expect(bad.body.message.expires_at).toEqual(['cannot be a date in the past']);
    const body = { group_id: groupId, group_access: 20 };
    expect((await call(app, 'POST', share, { body })).status).toBe(401);
    expect((await call(app, 'POST', share, { auth: who.erin, body })).status).toBe(404);
    expect((await call(app, 'POST', share, { auth: who.bob, body })).status).toBe(403);
    // a maintainer may not give the owner level
    expect((await call(app, 'POST', share, { auth: who.mallory, body: { group_id: groupId, group_access: 50 } })).status).toBe(403);
    const unknown = await call<{ message: string }>(app, 'POST', share, { auth: who.alice, body: { group_id: 999999, group_access: 20 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('404 Group Not Found');
    expect((await app.ds.query('SELECT count(*)::int AS n FROM project_group_links'))[0].n).toBe(0);
    // nobody of the group reads the private project yet
    expect((await call(app, 'GET', `${issues}/1`, { auth: pia })).status).toBe(404);
  });

  it("gives the group's members the link's access capped at their role: read, comment, edit, confidential issues", async () => {
    const created = await call<{ project_id: number; group_id: number; group_access: number; expires_at: string | null }>(app, 'POST', share, {
      auth: who.mallory,
      body: { group_id: groupId, group_access: 20 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ group_id: groupId, group_access: 20, expires_at: null });
    const again = await call<{ message: string }>(app, 'POST', share, { auth: who.alice, body: { group_id: groupId, group_access: 30 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The project is already shared with this group');

    const secret = await call<{ iid: number }>(app, 'POST', issues, { auth: who.alice, body: { title: 'Partner-visible secret', confidential: true } });
    // pia (developer of the group, link reporter): a reporter of the project
    expect((await call(app, 'GET', `${issues}/1`, { auth: pia })).status).toBe(200);
    expect((await call(app, 'GET', `${issues}/${secret.body.iid}`, { auth: pia })).status).toBe(200);
    const note = await call(app, 'POST', `${issues}/1/notes`, { auth: pia, body: { body: 'Hello from a partner' } });
    expect(note.status).toBe(201);
    // her note wears the role the share gives her (Reporter), on the page and when polled
    const page = await call<Array<{ notes: Array<{ note: string; human_access?: string | null }> }>>(app, 'GET', `/${SECRET}/-/issues/1/discussions.json`, { auth: who.alice });
    expect(page.body.flatMap((d) => d.notes).find((n) => n.note === 'Hello from a partner')?.human_access).toBe('Reporter');
    const issueDbId = (note.body as { noteable_id: number }).noteable_id;
    const polled = await call<{ notes: Array<{ note: string; human_access?: string | null }> }>(app, 'GET', `/${SECRET}/noteable/issue/${issueDbId}/notes`, { auth: who.alice, headers: { 'x-last-fetched-at': '0' } });
    expect(polled.body.notes.find((n) => n.note === 'Hello from a partner')?.human_access).toBe('Reporter');
    const edit = await call<{ title: string }>(app, 'PUT', `${issues}/1`, { auth: pia, body: { title: 'Retitled by a partner' } });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe('Retitled by a partner');
    // and can be assigned: the sidebar's member search lists them
    const people = await call<Array<{ username: string }>>(app, 'GET', `/${SECRET}/-/autocomplete_sources/members?type=Issue&type_id=1&search=pia`, { auth: who.alice });
    expect(people.body.map((u) => u.username)).toEqual(['pia']);
    // the project's members/all (the bulk form's assignee list) names them with their capped level
    const all = await call<Array<{ username: string; access_level: number }>>(app, 'GET', `/api/v4/projects/${enc(SECRET)}/members/all?per_page=100`, { auth: who.alice });
    expect(all.status).toBe(200);
    expect(all.body.filter((m) => ['pia', 'gus'].includes(m.username)).map((m) => `${m.username}:${m.access_level}`).sort()).toEqual(['gus:10', 'pia:20']);
    const one = await call<{ username: string; access_level: number }>(app, 'GET', `/api/v4/projects/${enc(SECRET)}/members/all/${(all.body.find((m) => m.username === 'pia') as unknown as { id: number }).id}`, { auth: who.alice });
    expect(one.body).toMatchObject({ username: 'pia', access_level: 20 });
    const mine = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/projects?membership=true', { auth: pia });
    expect(mine.body.map((p) => p.path_with_namespace)).toContain(SECRET);
    // gus (guest of the group): capped at guest, reads the project but neither the confidential issue nor edits
    expect((await call(app, 'GET', `${issues}/1`, { auth: gus })).status).toBe(200);
    expect((await call(app, 'GET', `${issues}/${secret.body.iid}`, { auth: gus })).status).toBe(404);
    expect((await call(app, 'PUT', `${issues}/1`, { auth: gus, body: { title: 'Guest edit' } })).status).toBe(403);
  });

  it('unsharing takes the access away and unsubscribes their live issue pages', async () => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: piaToken }, reconnection: false });
    const unsubscribed: Array<{ reason: string; iid: number }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('unsubscribed', (s: { reason: string; iid: number }) => unsubscribed.push(s));
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: SECRET, iid: 1 })).toMatchObject({ ok: true });
      expect((await call(app, 'DELETE', `${share}/${groupId}`, { auth: who.bob })).status).toBe(403);
      expect((await call(app, 'DELETE', `${share}/${groupId}`, { auth: who.alice })).status).toBe(204);
      const deadline = Date.now() + 5000;
      while (!unsubscribed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(unsubscribed[0]).toMatchObject({ iid: 1, reason: 'access_revoked' });
    } finally {
      socket.close();
    }
    expect((await call(app, 'GET', `${issues}/1`, { auth: pia })).status).toBe(404);
    expect((await call(app, 'POST', `${issues}/1/notes`, { auth: pia, body: { body: 'Still here?' } })).status).toBe(404);
    const all = await call<Array<{ username: string }>>(app, 'GET', `/api/v4/projects/${enc(SECRET)}/members/all?per_page=100`, { auth: who.alice });
    expect(all.body.map((m) => m.username)).not.toContain('pia');
    const gone = await call<{ message: string }>(app, 'DELETE', `${share}/${groupId}`, { auth: who.alice });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('404 Group Link Not Found');
  });

  it('lists the groups the actor may see, searched by name (the group picker)', async () => {
    const found = await call<Array<{ id: number; full_name: string }>>(app, 'GET', '/api/v4/groups?search=%20partn%20', { auth: who.alice });
    expect(found.status).toBe(200);
    expect(found.body.map((g) => g.full_name)).toEqual(['Partners']);
    const all = await call<Array<{ full_path: string }>>(app, 'GET', '/api/v4/groups', { auth: who.erin });
    expect(all.body.map((g) => g.full_path)).not.toContain('acme/platform'); // private, erin is no member
    const owner = await call<Array<{ full_path: string }>>(app, 'GET', '/api/v4/groups?search=platform', { auth: who.alice });
    expect(owner.body.map((g) => g.full_path)).toEqual(['acme/platform']);
  });

  it('GET /groups/:id/descendant_groups lists the subgroups at any depth the actor may read', async () => {
    await app.ds.query(`INSERT INTO namespaces (type, name, path, full_path, parent_id, visibility) SELECT 'Group', 'Deep', 'deep', 'acme/platform/deep', id, 'public' FROM namespaces WHERE full_path = 'acme/platform'`);
    const mine = await call<Array<{ full_path: string }>>(app, 'GET', '/api/v4/groups/acme/descendant_groups', { auth: who.alice });
    expect(mine.status).toBe(200);
    expect(mine.body.map((g) => g.full_path)).toEqual(['acme/platform', 'acme/platform/deep']);
    expect(mine.headers.get('x-total')).toBe('2');
    // erin may not read the private subgroup; its public child is listed
    const erins = await call<Array<{ full_path: string }>>(app, 'GET', '/api/v4/groups/acme/descendant_groups?search=deep', { auth: who.erin });
    expect(erins.body.map((g) => g.full_path)).toEqual(['acme/platform/deep']);
    expect((await call(app, 'GET', '/api/v4/groups/acme%2Fplatform/descendant_groups', { auth: who.erin })).status).toBe(404);
  });
});
