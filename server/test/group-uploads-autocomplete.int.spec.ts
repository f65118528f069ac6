import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEpic } from '@tandem/shared-types';
import { authHeaders, bootApp, call, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * A group's editor helpers as an epic's comment box uses them, on Postgres and PGlite: uploads
 * (POST /groups/<path>/-/uploads and REST /api/v4/groups/:id/uploads, served to readers of the
 * group only) and autocomplete sources (members and the epic's participants, issues of the
 * group's projects, group labels and milestones, epics); a private group's are 404 to others.
 */
describe.each(DB_MODES)('group uploads and autocomplete on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  // a 1x1 PNG (stored re-encoded without metadata by sharp)
  const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  const upload = async (auth: Auth, url: string, name: string, content: string | Uint8Array<ArrayBuffer>, type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const res = await fetch(`${app.url}${url}`, { method: 'POST', headers: authHeaders(auth), body: form });
    return { status: res.status, body: (await res.json()) as { alt: string; url: string; markdown: string; message?: unknown } };
  };
  const get = (auth: Auth, url: string) => fetch(`${app.url}${url}`, { headers: authHeaders(auth) });
  const ac = (auth: Auth, group: string, kind: string, query = '') => call<Array<Record<string, unknown>>>(app, 'GET', `/groups/${group}/-/autocomplete_sources/${kind}${query}`, { auth });
  const newEpic = async (body: Record<string, unknown>, group = 'acme') => (await call<ApiEpic>(app, 'POST', `/api/v4/groups/${enc(group)}/epics`, { auth: who.carol, body })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('uploads', () => {
    it("stores a file for the group, returns the group's link and markdown, and serves it to the group's readers", async () => {
      const res = await upload(who.dave, '/groups/acme/-/uploads', 'screen shot.png', PNG, 'image/png');
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^\/groups\/acme\/-\/uploads\/[0-9a-f]{32}\/screen_shot\.png$/);
      expect(res.body).toMatchObject({ alt: 'screen_shot', markdown: `![screen_shot](${res.body.url})` });
      const got = await get(who.anonymous, res.body.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await got.arrayBuffer()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
      // Anything else is a download, never inline
      const html = await upload(who.bob, '/groups/acme/-/uploads', '../../evil.html', '<script>alert(1)</script>', 'text/html');
      expect(html.body.markdown).toBe(`[evil.html](${html.body.url})`);
      expect((await get(who.bob, html.body.url)).headers.get('content-disposition')).toMatch(/^attachment;/);
    });

    it("a private group's file is 404 to non-members, signed out and under another group; non-members cannot upload there", async () => {
      const res = await upload(who.dave, '/groups/acme/platform/-/uploads', 'plan.pdf', 'pdf');
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^\/groups\/acme\/platform\/-\/uploads\/[0-9a-f]{32}\/plan\.pdf$/);
      expect((await get(who.erin, res.body.url)).status).toBe(404);
      expect((await get(who.anonymous, res.body.url)).status).toBe(404);
      expect((await get(who.carol, res.body.url)).status).toBe(200);
      expect((await get(who.carol, res.body.url.replace('/groups/acme/platform/', '/groups/acme/'))).status).toBe(404);
      expect((await get(who.carol, `/groups/acme/platform/-/uploads/${'0'.repeat(32)}/plan.pdf`)).status).toBe(404);
      expect((await upload(who.erin, '/groups/acme/platform/-/uploads', 'x.txt', 'x')).status).toBe(404);
      expect((await upload(who.erin, `/api/v4/groups/${enc('acme/platform')}/uploads`, 'x.txt', 'x')).status).toBe(404);
      expect((await upload(who.carol, '/groups/no-such-group/-/uploads', 'x.txt', 'x')).status).toBe(404);
    });

    it('REST v4 answers 201 with the same shape; refuses signed out (401), a missing file (400 naming it) and a file over the limit (413)', async () => {
      const rest = await upload(who.bob, `/api/v4/groups/${enc('acme')}/uploads`, 'notes.txt', 'hello');
      expect(rest.status).toBe(201);
      expect(rest.body.markdown).toBe(`[notes.txt](${rest.body.url})`);
      expect(await (await get(who.bob, rest.body.url)).text()).toBe('hello');
      expect((await upload(who.anonymous, '/groups/acme/-/uploads', 'a.txt', 'a')).status).toBe(401);
      const none = await fetch(`${app.url}/groups/acme/-/uploads`, { method: 'POST', headers: authHeaders(who.bob), body: new FormData() });
      expect(none.status).toBe(400);
      expect(JSON.stringify(await none.json())).toContain('file');
      const big = await upload(who.bob, '/groups/acme/-/uploads', 'big.bin', new Uint8Array(10 * 1024 * 1024 + 1));
      expect(big.status).toBe(413);
      expect(big.body.message).toBe('File is too big. Max filesize: 10MiB.');
    });
  });

  describe('autocomplete sources', () => {
    it("members: the group's and its ancestors' members, the actor first, searched; the epic's participants with type_id", async () => {
      const all = await ac(who.carol, 'acme', 'members');
      expect(all.status).toBe(200);
      expect(all.body[0]).toMatchObject({ username: 'carol', name: 'Carol Chen' });
      expect(all.body.map((u) => u.username)).toEqual(expect.arrayContaining(['alice', 'bob', 'dave']));
      expect(all.body.map((u) => u.username)).not.toContain('erin');
      expect((await ac(who.carol, 'acme/platform', 'members', '?search=ali')).body.map((u) => u.username)).toEqual(['alice']);
      // erin, not a member, comments on a public epic: a participant of it
      const e = await newEpic({ title: 'Participants' });
      expect((await call(app, 'POST', `/groups/acme/-/epics/${e.iid}/notes`, { auth: who.erin, body: { note: { note: 'from outside' } } })).status).toBe(200);
      expect((await ac(who.carol, 'acme', 'members', `?type=Epic&type_id=${e.iid}&search=erin`)).body.map((u) => u.username)).toEqual(['erin']);
    });

    it("issues of the group's projects as the actor may read them, with full references; labels, milestones, epics of the group", async () => {
      const secret = await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc('acme/platform/secret-plans')}/issues`, { auth: who.alice, body: { title: 'Secret roadmap item' } });
      expect(secret.status).toBe(201);
      const asDave = await ac(who.dave, 'acme', 'issues', '?search=Secret%20roadmap');
      expect(asDave.body).toEqual([{ iid: secret.body.iid, title: 'Secret roadmap item', reference: `acme/platform/secret-plans#${secret.body.iid}` }]);
      // erin reads the public group but not the private subgroup's project
      expect((await ac(who.erin, 'acme', 'issues', '?search=Secret%20roadmap')).body).toEqual([]);
      const byIid = await ac(who.erin, 'acme', 'issues', '?search=%231');
      expect(byIid.body.map((i) => i.reference)).toContain('acme/tandem#1');

      await call(app, 'POST', `/api/v4/groups/${enc('acme')}/labels`, { auth: who.alice, body: { name: 'group roadmap', color: '#336699' } });
      expect((await ac(who.dave, 'acme', 'labels', '?search=roadmap')).body).toEqual([{ title: 'group roadmap', color: '#336699', text_color: expect.any(String) }]);
      await call(app, 'POST', `/api/v4/groups/${enc('acme')}/milestones`, { auth: who.alice, body: { title: 'Q4 group release' } });
      expect((await ac(who.dave, 'acme', 'milestones', '?search=Q4%20group')).body.map((m) => m.title)).toEqual(['Q4 group release']);

      const open = await newEpic({ title: 'Autocomplete me' });
      const hidden = await newEpic({ title: 'Autocomplete secret', confidential: true });
      expect((await ac(who.dave, 'acme', 'epics', '?search=Autocomplete')).body).toEqual([{ iid: open.iid, title: 'Autocomplete me', reference: `&${open.iid}` }]);
      expect((await ac(who.carol, 'acme', 'epics', '?search=Autocomplete')).body.map((x) => x.iid)).toEqual(expect.arrayContaining([open.iid, hidden.iid]));
      expect((await ac(who.carol, 'acme', 'epics', `?search=${open.iid}`)).body.map((x) => x.title)).toEqual(['Autocomplete me']);
    });

    it('a private group is 404 to non-members and signed out for every kind; bad input names the parameter', async () => {
      const priv = await newEpic({ title: 'Private epic for autocomplete' }, 'acme/platform');
      for (const kind of ['members', 'issues', 'labels', 'milestones', 'epics']) {
        expect((await ac(who.erin, 'acme/platform', kind, `?type=Epic&type_id=${priv.iid}`)).status).toBe(404);
        expect((await ac(who.anonymous, 'acme/platform', kind)).status).toBe(404);
      }
      expect((await ac(who.dave, 'acme/platform', 'epics')).body.map((x) => x.title)).toContain('Private epic for autocomplete');
      expect((await ac(who.dave, 'acme', 'snippets')).status).toBe(404);
      const badId = await call<{ message: unknown }>(app, 'GET', '/groups/acme/-/autocomplete_sources/members?type=Epic&type_id=abc', { auth: who.dave });
      expect(badId.status).toBe(400);
      expect(JSON.stringify(badId.body.message)).toContain('type_id');
      const badType = await call<{ message: unknown }>(app, 'GET', '/groups/acme/-/autocomplete_sources/members?type=Issue&type_id=1', { auth: who.dave });
      expect(badType.status).toBe(400);
      expect(JSON.stringify(badType.body.message)).toContain('type');
      const long = await call<{ message: unknown }>(app, 'GET', `/groups/acme/-/autocomplete_sources/issues?search=${'x'.repeat(300)}`, { auth: who.dave });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body.message)).toContain('search');
    });
  });
});
