import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, insertPat, projectId, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * Project and group members (GitLab's members API) and PUT /projects/:id, against the real app
 * on Postgres and on PGlite: exact statuses per role, the owner-level and last-owner rules,
 * validation, and that a membership or visibility change really grants or takes read access.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const ROLES = ['anonymous', 'erin', 'dave', 'carol', 'bob', 'mallory', 'alice'] as const;
type Role = (typeof ROLES)[number];

interface Member {
  id: number;
  username: string;
  avatar_url: string | null;
  access_level: number;
  expires_at: string | null;
  created_at: string;
}

const levels = (body: unknown) => Object.fromEntries((body as Member[]).map((m) => [m.username, m.access_level]));

describe.each(DB_MODES)('members and project settings on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let pub: number;
  let priv: number;
  const ids: Record<string, number> = {};
  const as = (r: Role): Auth => cast[r];

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    pub = await projectId(app, PUBLIC);
    priv = await projectId(app, PRIVATE);
    for (const u of (await app.ds.query('SELECT id, username FROM users')) as Array<{ id: number; username: string }>) ids[u.username] = u.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const members = (project: number | string, suffix = '', auth: Auth = as('alice')) => call<Member[]>(app, 'GET', `/api/v4/projects/${project}/members${suffix}`, { auth });
  const directRows = async (project: number) =>
    (await app.ds.query(`SELECT user_id, access_level FROM members WHERE source_type = 'Project' AND source_id = $1 ORDER BY user_id`, [project])) as Array<{ user_id: number; access_level: number }>;

  describe('reading project members', () => {
    it('direct and inherited members of the public project are listed to everyone, anonymous included', async () => {
      for (const r of ROLES) {
        const direct = await members(pub, '', as(r));
        expect({ r, status: direct.status, body: direct.body }).toEqual({ r, status: 200, body: [] });
        const all = await members(pub, '/all', as(r));
        expect({ r, status: all.status }).toEqual({ r, status: 200 });
        expect(levels(all.body)).toEqual({ alice: 50, bob: 30, carol: 20, dave: 10, mallory: 40 });
        expect(all.headers.get('x-total')).toBe('5');
      }
      const all = await members(enc(PUBLIC), '/all?per_page=2&page=2');
      expect(all.status).toBe(200);
      expect((all.body as Member[]).map((m) => m.username)).toEqual(['carol', 'dave']);
      expect([all.headers.get('x-total'), all.headers.get('x-page'), all.headers.get('x-next-page')]).toEqual(['5', '2', '3']);
      const bob = (await members(pub, '/all?query=bo')).body[0]!;
      expect(bob).toMatchObject({
        id: ids.bob, username: 'bob', name: 'Bob Brown', state: 'active', access_level: 30, expires_at: null,
        web_url: `${app.url}/bob`, membership_state: 'active',
      });
      expect(typeof bob.avatar_url).toBe('string');
      expect(Number.isNaN(Date.parse(bob.created_at))).toBe(false);
    });

    it('the private project members are 404 to outsiders, listed to members; single member lookups', async () => {
      const want: Record<Role, number> = { anonymous: 404, erin: 404, dave: 200, carol: 200, bob: 200, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        for (const path of [`/api/v4/projects/${enc(PRIVATE)}/members`, `/api/v4/projects/${priv}/members/all`, `/api/v4/projects/${priv}/members/all/${ids.bob}`]) {
          const res = await call(app, 'GET', path, { auth: as(r) });
          expect({ r, path, status: res.status }).toEqual({ r, path, status: want[r] });
          if (want[r] === 404) expect(res.body).toEqual({ message: '404 Project Not Found' });
        }
      }
      expect((await call(app, 'GET', `/api/v4/projects/${priv}/members/all/${ids.bob}`, { auth: as('dave') })).body).toMatchObject({ username: 'bob', access_level: 30 });
      // bob is an inherited member, not a direct one
      const direct = await call(app, 'GET', `/api/v4/projects/${priv}/members/${ids.bob}`, { auth: as('dave') });
      expect([direct.status, direct.body]).toEqual([404, { message: '404 Member Not Found' }]);
      for (const bad of [String(ids.erin), '999999', 'abc', '99999999999']) {
        const res = await call(app, 'GET', `/api/v4/projects/${priv}/members/all/${bad}`, { auth: as('dave') });
        expect([bad, res.status, res.body]).toEqual([bad, 404, { message: '404 Member Not Found' }]);
      }
    });
  });

  describe('adding, changing and removing project members', () => {
    it('POST: 401 anonymous, 403 below maintainer, 201 for a maintainer; a second POST is 409', async () => {
      const body = { user_id: ids.erin, access_level: 20 };
      const want: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 403, bob: 403, mallory: 201, alice: 409 };
      for (const r of ['anonymous', 'erin', 'dave', 'carol', 'bob'] as const) {
        const res = await call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as(r), body });
        expect({ r, status: res.status, body: res.body }).toEqual({ r, status: want[r], body: { message: want[r] === 401 ? '401 Unauthorized' : '403 Forbidden' } });
      }
      expect(await directRows(pub)).toEqual([]);
      const ok = await call<Member>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/members`, { auth: as('mallory'), body });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ id: ids.erin, username: 'erin', name: 'Erin Evans', access_level: 20, expires_at: null, state: 'active' });
      const again = await call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as('alice'), body: { user_id: ids.erin, access_level: 30 } });
      expect([again.status, again.body]).toEqual([409, { message: 'Member already exists' }]);
      expect(await directRows(pub)).toEqual([{ user_id: ids.erin, access_level: 20 }]);
      expect(levels((await members(pub)).body)).toEqual({ erin: 20 });
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('anonymous') })).body).toMatchObject({ username: 'erin', access_level: 20 });
      // the grant is real: erin now sees the confidential issue as a reporter
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/issues/4`, { auth: as('erin') })).status).toBe(200);
    });

    it('PUT: 401 anonymous, 403 below maintainer (the member themselves included), 200 for a maintainer', async () => {
      const path = `/api/v4/projects/${pub}/members/${ids.erin}`;
      const want: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 403, bob: 403, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        const res = await call<Member>(app, 'PUT', path, { auth: as(r), body: { access_level: r === 'alice' ? 10 : 30, expires_at: '2099-12-31' } });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
        if (r === 'mallory') expect(res.body).toMatchObject({ username: 'erin', access_level: 30, expires_at: '2099-12-31' });
      }
      expect(await directRows(pub)).toEqual([{ user_id: ids.erin, access_level: 10 }]);
      // expires_at left out keeps it; null clears it
      const keep = await call<Member>(app, 'PUT', path, { auth: as('alice'), body: { access_level: 20 } });
      expect(keep.body).toMatchObject({ access_level: 20, expires_at: '2099-12-31' });
      const clear = await call<Member>(app, 'PUT', path, { auth: as('alice'), body: { access_level: '20', expires_at: null } });
      expect(clear.body).toMatchObject({ access_level: 20, expires_at: null });
      // a non-member, and an unknown user, are not members
      for (const uid of [ids.carol, 999999, 'nope']) {
        const res = await call(app, 'PUT', `/api/v4/projects/${pub}/members/${uid}`, { auth: as('alice'), body: { access_level: 30 } });
        expect([uid, res.status, res.body]).toEqual([uid, 404, { message: '404 Member Not Found' }]);
      }
    });

    it('DELETE: 401 anonymous, 403 below maintainer, 204 for a maintainer, then 404', async () => {
      const path = `/api/v4/projects/${pub}/members/${ids.erin}`;
      for (const r of ['anonymous', 'dave', 'carol', 'bob'] as const) {
        const res = await call(app, 'DELETE', path, { auth: as(r) });
        expect({ r, status: res.status }).toEqual({ r, status: r === 'anonymous' ? 401 : 403 });
      }
      expect(await directRows(pub)).toHaveLength(1);
      const del = await call(app, 'DELETE', path, { auth: as('mallory') });
      expect([del.status, del.text]).toEqual([204, '']);
      expect(await directRows(pub)).toEqual([]);
      const again = await call(app, 'DELETE', path, { auth: as('mallory') });
      expect([again.status, again.body]).toEqual([404, { message: '404 Member Not Found' }]);
      // a guest gets 403 whoever the target is, even a non-member; erin, no reader of the private project, 404
      expect((await call(app, 'DELETE', `/api/v4/projects/${pub}/members/${ids.carol}`, { auth: as('dave') })).status).toBe(403);
      expect((await call(app, 'DELETE', `/api/v4/projects/${priv}/members/${ids.carol}`, { auth: as('erin') })).body).toEqual({ message: '404 Project Not Found' });
      expect((await call(app, 'POST', `/api/v4/projects/${priv}/members`, { auth: as('erin'), body: { user_id: ids.erin, access_level: 50 } })).status).toBe(404);
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/issues/4`, { auth: as('erin') })).status).toBe(404);
    });

    it('only an owner grants, changes or removes the owner level; a maintainer manages up to maintainer', async () => {
      const post = (r: Role, user: string, level: number) => call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as(r), body: { user_id: ids[user], access_level: level } });
      expect((await post('mallory', 'erin', 50)).status).toBe(403);
      expect(await directRows(pub)).toEqual([]);
      expect((await post('mallory', 'erin', 40)).status).toBe(201);
      expect((await call(app, 'PUT', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('mallory'), body: { access_level: 50 } })).status).toBe(403);
      expect((await call(app, 'PUT', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('alice'), body: { access_level: 50 } })).status).toBe(200);
      // erin is an owner now: the maintainer can neither demote nor remove her
      expect((await call(app, 'PUT', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('mallory'), body: { access_level: 30 } })).status).toBe(403);
      expect((await call(app, 'DELETE', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('mallory') })).status).toBe(403);
      expect(await directRows(pub)).toEqual([{ user_id: ids.erin, access_level: 50 }]);
      expect((await call(app, 'DELETE', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('alice') })).status).toBe(204);
      expect(await directRows(pub)).toEqual([]);
    });

    it('a member may leave (remove themselves), but not raise their own level', async () => {
      expect((await call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as('alice'), body: { username: 'erin', access_level: 10 } })).status).toBe(201);
      expect((await call(app, 'PUT', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('erin'), body: { access_level: 40 } })).status).toBe(403);
      expect((await call(app, 'DELETE', `/api/v4/projects/${pub}/members/${ids.erin}`, { auth: as('erin') })).status).toBe(204);
      expect(await directRows(pub)).toEqual([]);
    });

    it('a read_api token reads members but changes nothing, even an owner\'s', async () => {
      const ro = tokenAuth(await insertPat(app, 'alice', ['read_api']));
      expect((await members(pub, '/all', ro)).status).toBe(200);
      const res = await call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: ro, body: { user_id: ids.erin, access_level: 10 } });
      expect([res.status, res.body]).toEqual([403, { message: '403 Forbidden' }]);
      expect((await call(app, 'PUT', `/api/v4/projects/${pub}`, { auth: ro, body: { description: 'x' } })).status).toBe(403);
      expect(await directRows(pub)).toEqual([]);
    });

    it('an admin manages the members of a private project they are no member of', async () => {
      await app.ds.query(`INSERT INTO users (username, name, email, is_admin) VALUES ('root', 'Root', 'root@example.com', true)`);
      const root = tokenAuth(await insertPat(app, 'root'));
      const [{ id: rootId }] = (await app.ds.query(`SELECT id FROM users WHERE username = 'root'`)) as Array<{ id: number }>;
      const res = await call(app, 'POST', `/api/v4/projects/${priv}/members`, { auth: root, body: { user_id: rootId, access_level: 50 } });
      expect(res.status).toBe(201);
      expect((await call(app, 'DELETE', `/api/v4/projects/${priv}/members/${rootId}`, { auth: root })).status).toBe(204);
    });
  });

  describe('validation', () => {
    const post = (body: unknown) => call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as('alice'), body });

    it('every bad input is a 400 naming the field, and changes nothing', async () => {
      const levelsMsg = VALIDATION.notAllowed(['10', '20', '30', '40', '50']);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{ access_level: 30 }, { user_id: [VALIDATION.required] }],
        [{}, { user_id: [VALIDATION.required], access_level: [VALIDATION.required] }],
        [{ user_id: ids.erin }, { access_level: [VALIDATION.required] }],
        [{ user_id: ids.erin, access_level: 35 }, { access_level: [levelsMsg] }],
        [{ user_id: ids.erin, access_level: 5 }, { access_level: [levelsMsg] }],
        [{ user_id: ids.erin, access_level: 'developer' }, { access_level: [levelsMsg] }],
        [{ user_id: ids.erin, access_level: 60 }, { access_level: [levelsMsg] }],
        [{ user_id: 'erin', access_level: 30 }, { user_id: [VALIDATION.notInteger] }],
        [{ user_id: -3, access_level: 30 }, { user_id: [VALIDATION.mustBePositive] }],
        [{ user_id: '-3', access_level: 30 }, { user_id: [VALIDATION.notInteger] }],
        [{ user_id: 0, access_level: 30 }, { user_id: [VALIDATION.mustBePositive] }],
        [{ user_id: 1.5, access_level: 30 }, { user_id: [VALIDATION.notInteger] }],
        [{ user_id: ids.erin, access_level: 30, expires_at: 'tomorrow' }, { expires_at: [VALIDATION.notDate] }],
        [{ user_id: ids.erin, access_level: 30, expires_at: '2030-02-30' }, { expires_at: [VALIDATION.notDate] }],
        [{ user_id: ids.erin, access_level: 30, expires_at: 20300101 }, { expires_at: [VALIDATION.notDate] }],
        [{ user_id: ids.erin, access_level: 30, expires_at: '2020-01-01' }, { expires_at: [VALIDATION.dateInPast] }],
        [{ user_id: ids.bob, access_level: 30, expires_at: '2020-01-01' }, { expires_at: [VALIDATION.dateInPast] }],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { message } });
      }
      // a direct membership below the inherited one (bob is a developer through the group)
      const below = await call(app, 'POST', `/api/v4/projects/${priv}/members`, { auth: as('alice'), body: { user_id: ids.bob, access_level: 20 } });
      expect([below.status, below.body]).toEqual([400, { message: { access_level: ['should be greater than or equal to Developer inherited membership from group Acme'] } }]);
      const put = await call(app, 'PUT', `/api/v4/projects/${pub}/members/${ids.bob}`, { auth: as('alice'), body: { expires_at: '2099-01-01' } });
      expect([put.status, put.body]).toEqual([400, { message: { access_level: [VALIDATION.required] } }]);
      const junk = await call(app, 'POST', `/api/v4/projects/${pub}/members`, { auth: as('alice'), rawBody: '{"user_id":', headers: { 'content-type': 'application/json' } });
      expect(junk.status).toBe(400);
      expect(await directRows(pub)).toEqual([]);
      expect(await directRows(priv)).toEqual([]);
    });

    it('an unknown user is 404 User Not Found, never a 500', async () => {
      for (const body of [{ user_id: 999999, access_level: 30 }, { user_id: 4_000_000_000, access_level: 30 }, { username: 'nobody', access_level: 30 }]) {
        const res = await post(body);
        expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 404, res: { message: ERRORS.USER_NOT_FOUND.message } });
      }
      expect((await post({ user_id: 999999, access_level: 30 })).body).toEqual({ message: '404 User Not Found' });
    });
  });

  describe('membership grants and takes read access', () => {
    it('erin, added as a guest to the private project, can read it; removed, she cannot (404)', async () => {
      const read = async () => (await call(app, 'GET', `/api/v4/projects/${enc(PRIVATE)}/issues/1`, { auth: as('erin') })).status;
      expect(await read()).toBe(404);
      const add = await call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/members`, { auth: as('alice'), body: { user_id: ids.erin, access_level: 10, expires_at: '2099-01-01' } });
      expect([add.status, (add.body as Member).expires_at]).toEqual([201, '2099-01-01']);
      expect(await read()).toBe(200);
      expect((await call(app, 'GET', `/api/v4/projects/${priv}`, { auth: as('erin') })).body).toMatchObject({ id: priv, permissions: { project_access: { access_level: 10 } } });
      // a guest reads the members but may not manage them
      expect(levels((await members(priv, '/all', as('erin'))).body)).toEqual({ alice: 50, bob: 30, carol: 20, dave: 10, erin: 10, mallory: 40 });
      expect((await call(app, 'DELETE', `/api/v4/projects/${priv}/members/${ids.dave}`, { auth: as('erin') })).status).toBe(403);
      expect((await call(app, 'DELETE', `/api/v4/projects/${priv}/members/${ids.erin}`, { auth: as('alice') })).status).toBe(204);
      expect(await read()).toBe(404);
      expect((await call(app, 'GET', `/api/v4/projects/${priv}/members`, { auth: as('erin') })).status).toBe(404);
    });
  });

  describe('PUT /projects/:id', () => {
    const put = (r: Role, body: unknown, project: number | string = pub) => call<Record<string, unknown>>(app, 'PUT', `/api/v4/projects/${project}`, { auth: as(r), body });

    it('settings need a maintainer, visibility an owner', async () => {
      const wantDesc: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 403, bob: 403, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        const res = await put(r, { description: `set by ${r}` });
        expect({ r, status: res.status }).toEqual({ r, status: wantDesc[r] });
      }
      const shown = await call(app, 'GET', `/api/v4/projects/${pub}`, { auth: as('anonymous') });
      expect(shown.body).toMatchObject({ description: 'set by alice', visibility: 'public' });
      const renamed = await put('mallory', { name: 'Tandem Tracker', description: null });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: pub, name: 'Tandem Tracker', name_with_namespace: 'Acme / Tandem Tracker', path: 'tandem', path_with_namespace: PUBLIC, description: null, visibility: 'public' });
      for (const r of ['anonymous', 'erin', 'dave', 'bob', 'mallory'] as const) {
        const res = await put(r, { visibility: 'internal' });
        expect({ r, status: res.status }).toEqual({ r, status: r === 'anonymous' ? 401 : 403 });
      }
      // the same visibility again is no visibility change: a maintainer may send it
      expect((await put('mallory', { visibility: 'public', name: 'Tandem' })).status).toBe(200);
      expect((await app.ds.query('SELECT name, visibility FROM projects WHERE id = $1', [pub]))[0]).toEqual({ name: 'Tandem', visibility: 'public' });
    });

    it('public -> private: unreadable to erin and anonymous at once, still readable to members; and back', async () => {
      const status = async (r: Role, path = `/api/v4/projects/${pub}/issues/1`) => (await call(app, 'GET', path, { auth: as(r) })).status;
      expect([await status('anonymous'), await status('erin')]).toEqual([200, 200]);
      const res = await put('alice', { visibility: 'private' }, enc(PUBLIC));
      expect([res.status, res.body.visibility]).toEqual([200, 'private']);
      for (const r of ['anonymous', 'erin'] as const) {
        expect({ r, issue: await status(r), project: await status(r, `/api/v4/projects/${pub}`), members: await status(r, `/api/v4/projects/${pub}/members/all`) })
          .toEqual({ r, issue: 404, project: 404, members: 404 });
      }
      expect(await status('dave')).toBe(200);
      // now erin is no reader: 404, not 403
      expect((await put('erin', { visibility: 'public' })).status).toBe(404);
      expect((await put('alice', { visibility: 'internal' })).status).toBe(200);
      expect([await status('anonymous'), await status('erin')]).toEqual([404, 200]);
      expect((await put('alice', { visibility: 'public' })).body).toMatchObject({ visibility: 'public' });
      expect([await status('anonymous'), await status('erin')]).toEqual([200, 200]);
    });

    it('bad input is a 400 naming the field; a project may not be more visible than its group', async () => {
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { base: [VALIDATION.atLeastOne(['name', 'description', 'visibility', 'service_desk_enabled'])] }],
        [{ path: 'renamed' }, { base: [VALIDATION.atLeastOne(['name', 'description', 'visibility', 'service_desk_enabled'])] }],
        [{ visibility: 'secret' }, { visibility: [VALIDATION.notAllowed(['private', 'internal', 'public'])] }],
        [{ visibility: 20 }, { visibility: [VALIDATION.notAllowed(['private', 'internal', 'public'])] }],
        [{ name: '  ' }, { name: [VALIDATION.required] }],
        [{ name: 'x'.repeat(256) }, { name: [VALIDATION.tooLong(255)] }],
        [{ description: 'x'.repeat(2001) }, { description: [VALIDATION.tooLong(2000)] }],
        [{ description: 42, name: null }, { name: [VALIDATION.required], description: ['must be a string'] }],
      ];
      for (const [body, message] of cases) {
        const res = await put('alice', body);
        expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { message } });
      }
      const tooOpen = await put('alice', { visibility: 'public' }, priv);
      expect([tooOpen.status, tooOpen.body]).toEqual([400, { message: { visibility: ['public is not allowed in a private group'] } }]);
      expect((await app.ds.query('SELECT visibility FROM projects WHERE id = $1', [priv]))[0]).toEqual({ visibility: 'private' });
      const unknown = await put('alice', { visibility: 'private' }, 'acme%2Fnope');
      expect([unknown.status, unknown.body]).toEqual([404, { message: '404 Project Not Found' }]);
    });
  });

  describe('groups', () => {
    const groupMembers = (group: string, suffix = '', auth: Auth = as('alice')) => call<Member[]>(app, 'GET', `/api/v4/groups/${group}/members${suffix}`, { auth });
    const groupRows = async (path: string) =>
      (await app.ds.query(
        `SELECT m.user_id, m.access_level FROM members m JOIN namespaces n ON n.id = m.source_id AND m.source_type = 'Namespace' WHERE n.full_path = $1 ORDER BY m.user_id`,
        [path],
      )) as Array<{ user_id: number; access_level: number }>;

    it('GET /groups/:id shows a readable group by id or path; a private subgroup is 404 to outsiders', async () => {
      const acme = await call(app, 'GET', '/api/v4/groups/acme', { auth: as('anonymous') });
      expect(acme.status).toBe(200);
      expect(acme.body).toMatchObject({ name: 'Acme', path: 'acme', full_path: 'acme', full_name: 'Acme', parent_id: null, visibility: 'public', web_url: `${app.url}/groups/acme` });
      const acmeId = (acme.body as { id: number }).id;
      expect((await call(app, 'GET', `/api/v4/groups/${acmeId}`, { auth: as('erin') })).body).toMatchObject({ full_path: 'acme' });
      for (const r of ROLES) {
        const res = await call(app, 'GET', `/api/v4/groups/${enc('acme/platform')}`, { auth: as(r) });
        const want = r === 'anonymous' || r === 'erin' ? 404 : 200;
        expect({ r, status: res.status }).toEqual({ r, status: want });
        if (want === 404) expect(res.body).toEqual({ message: '404 Group Not Found' });
        else expect(res.body).toMatchObject({ full_path: 'acme/platform', full_name: 'Acme / Platform', parent_id: acmeId, visibility: 'private' });
      }
      // a project's path is not a group
      expect((await call(app, 'GET', `/api/v4/groups/${enc(PUBLIC)}`, { auth: as('alice') })).status).toBe(404);
    });

    it('group members: listed to readers; direct and inherited', async () => {
      expect(levels((await groupMembers('acme', '', as('anonymous'))).body)).toEqual({ alice: 50, bob: 30, carol: 20, dave: 10, mallory: 40 });
      expect((await groupMembers(enc('acme/platform'), '', as('dave'))).body).toEqual([]);
      expect(levels((await groupMembers(enc('acme/platform'), '/all', as('dave'))).body)).toEqual({ alice: 50, bob: 30, carol: 20, dave: 10, mallory: 40 });
      for (const r of ['anonymous', 'erin'] as const) expect((await groupMembers(enc('acme/platform'), '/all', as(r))).body).toEqual({ message: '404 Group Not Found' });
      expect((await call(app, 'GET', `/api/v4/groups/acme/members/${ids.carol}`, { auth: as('erin') })).body).toMatchObject({ username: 'carol', access_level: 20 });
    });

    it('only owners (of the group or an ancestor) manage group members', async () => {
      const path = `/api/v4/groups/acme/members`;
      const want: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 403, bob: 403, mallory: 403, alice: 201 };
      for (const r of ROLES) {
        const res = await call(app, 'POST', path, { auth: as(r), body: { user_id: ids.erin, access_level: 10 } });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
      }
      expect((await call(app, 'POST', path, { auth: as('alice'), body: { user_id: ids.erin, access_level: 10 } })).body).toEqual({ message: 'Member already exists' });
      for (const r of ['mallory', 'bob'] as const) expect((await call(app, 'PUT', `${path}/${ids.erin}`, { auth: as(r), body: { access_level: 20 } })).status).toBe(403);
      for (const r of ['mallory', 'dave'] as const) expect((await call(app, 'DELETE', `${path}/${ids.erin}`, { auth: as(r) })).status).toBe(403);
      expect((await call(app, 'PUT', `${path}/${ids.erin}`, { auth: as('alice'), body: { access_level: 20 } })).body).toMatchObject({ access_level: 20 });
      // the group membership is inherited by the private subgroup's project
      expect((await call(app, 'GET', `/api/v4/projects/${priv}`, { auth: as('erin') })).status).toBe(200);
      expect((await call(app, 'DELETE', `${path}/${ids.erin}`, { auth: as('alice') })).status).toBe(204);
      expect((await call(app, 'GET', `/api/v4/projects/${priv}`, { auth: as('erin') })).status).toBe(404);
      expect((await call(app, 'DELETE', `${path}/${ids.erin}`, { auth: as('alice') })).body).toEqual({ message: '404 Member Not Found' });
      // alice owns acme, so she manages the subgroup's members too
      const sub = `/api/v4/groups/${enc('acme/platform')}/members`;
      expect((await call(app, 'POST', sub, { auth: as('alice'), body: { user_id: ids.erin, access_level: 50 } })).status).toBe(201);
      expect((await call(app, 'POST', sub, { auth: as('mallory'), body: { user_id: ids.erin, access_level: 10 } })).status).toBe(403);
      // the subgroup keeps an (inherited) owner, so its only direct owner may go
      expect((await call(app, 'DELETE', `${sub}/${ids.erin}`, { auth: as('alice') })).status).toBe(204);
      expect(await groupRows('acme/platform')).toEqual([]);
    });

    it('the last owner of a group can be neither removed nor demoted', async () => {
      const path = `/api/v4/groups/acme/members/${ids.alice}`;
      const del = await call(app, 'DELETE', path, { auth: as('alice') });
      expect([del.status, del.body]).toEqual([403, { message: ERRORS.LAST_OWNER.message }]);
      const demote = await call(app, 'PUT', path, { auth: as('alice'), body: { access_level: 40 } });
      expect([demote.status, demote.body]).toEqual([403, { message: '403 Forbidden - A group must have at least one owner' }]);
      // with a second owner, the first may step down
      expect((await call(app, 'POST', '/api/v4/groups/acme/members', { auth: as('alice'), body: { user_id: ids.erin, access_level: 50 } })).status).toBe(201);
      expect((await call(app, 'PUT', `/api/v4/groups/acme/members/${ids.erin}`, { auth: as('alice'), body: { access_level: 40 } })).status).toBe(200);
      expect((await call(app, 'DELETE', `/api/v4/groups/acme/members/${ids.erin}`, { auth: as('alice') })).status).toBe(204);
      expect((await groupRows('acme')).find((m) => m.user_id === ids.alice)).toEqual({ user_id: ids.alice, access_level: 50 });
    });

    it('removing a member from the group takes the private project away from them', async () => {
      const read = async () => (await call(app, 'GET', `/api/v4/projects/${priv}/issues/1`, { auth: as('dave') })).status;
      expect(await read()).toBe(200);
      expect((await call(app, 'DELETE', `/api/v4/groups/acme/members/${ids.dave}`, { auth: as('alice') })).status).toBe(204);
      expect(await read()).toBe(404);
      expect((await call(app, 'POST', '/api/v4/groups/acme/members', { auth: as('alice'), body: { user_id: ids.dave, access_level: 10 } })).status).toBe(201);
      expect(await read()).toBe(200);
    });
  });
});
