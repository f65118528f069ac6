import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, gql, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * Security issue #18, point 2: a membership (or a group share) whose `expires_at` has passed
 * grants nothing, on every surface that lists, searches, completes or counts, not only on the
 * single-object checks. Four people lose a private project in four ways — carol's reporter
 * membership of the group `acme` (inherited by the private subgroup project and giving her the
 * confidential issues of acme/tandem), rita's direct project membership, pia's membership of a
 * group the project is shared with, and vic's share itself — by setting `expires_at` in the
 * past straight in the database (the API refuses past dates). Every surface is read before
 * (they see the private items) and after (they see none of them).
 */
const SECRET = 'acme/platform/secret-plans';
const CONFIDENTIAL = 'acme/tandem#4';
const PEOPLE = ['carol', 'rita', 'pia', 'vic'] as const;
type Person = (typeof PEOPLE)[number];

/** What a surface shows one person, as comparable strings (issue and project paths, usernames, ...). */
type Reader = (auth: Auth, username: Person) => Promise<string[]>;

describe.each(DB_MODES)('expired memberships grant nothing on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const auth = {} as Record<Person, Auth>;
  const before = new Map<string, Record<Person, string[]>>();
  const after = new Map<string, Record<Person, string[]>>();

  const list = async (a: Auth, path: string) => {
    const res = await call<unknown[]>(app, 'GET', path, { auth: a });
    expect(res.status, path).toBe(200);
    // Counts follow the same rule: the total is the number of rows the reader may see
    if (res.headers.get('x-total') !== null) expect(Number(res.headers.get('x-total')), path).toBe(res.body.length);
    return res.body;
  };
  const issueRefs = (rows: unknown[]) => (rows as Array<{ references: { full: string } }>).map((i) => i.references.full);
  const paths = (rows: unknown[]) => (rows as Array<{ path_with_namespace?: string; full_path?: string }>).map((p) => p.path_with_namespace ?? p.full_path ?? '');

  /** Every surface that lists, searches, completes or counts what a membership grants. */
  const SURFACES: Record<string, Reader> = {
    'GET /issues?scope=all': async (a) => issueRefs(await list(a, '/api/v4/issues?scope=all&per_page=100')),
    'GET /groups/acme/issues': async (a) => issueRefs(await list(a, '/api/v4/groups/acme/issues?per_page=100')),
    'group # autocomplete': async (a) =>
      ((await list(a, '/groups/acme/-/autocomplete_sources/issues?search=')) as Array<{ reference: string }>).map((i) => i.reference),
    'project # autocomplete': async (a) =>
      ((await list(a, '/acme/tandem/-/autocomplete_sources/issues?search=')) as Array<{ reference: string }>).map((i) => `acme/tandem${i.reference}`),
    'GET /projects': async (a) => paths(await list(a, '/api/v4/projects?per_page=100')),
    'GET /projects?membership=true': async (a) => paths(await list(a, '/api/v4/projects?membership=true&per_page=100')),
    'GET /users/:name/projects (own)': async (a, name) => paths(await list(a, `/api/v4/users/${name}/projects?per_page=100`)),
    // Another reader sees the same: the list is of the user's current memberships
    'GET /users/:name/projects (as alice)': async (_a, name) => paths(await list(who.alice, `/api/v4/users/${name}/projects?per_page=100`)),
    'GET /groups/acme/projects': async (a) => paths(await list(a, '/api/v4/groups/acme/projects?include_subgroups=true&per_page=100')),
    'GET /groups': async (a) => paths(await list(a, '/api/v4/groups?per_page=100')),
    'GraphQL project.issues': async (a) => {
      const q = `query($secret: ID!) {
        secret: project(fullPath: $secret) { issues(first: 100) { count nodes { iid } } }
        tandem: project(fullPath: "acme/tandem") { issues(first: 100, confidential: true) { count nodes { iid } } } }`;
      const r = await gql<{ secret: { issues: { count: number; nodes: Array<{ iid: string }> } } | null; tandem: { issues: { count: number; nodes: Array<{ iid: string }> } } }>(app, q, { secret: SECRET }, a);
      expect(r.errors).toBeUndefined();
      const secret = r.data!.secret?.issues;
      const tandem = r.data!.tandem.issues;
      expect(secret?.count ?? 0).toBe(secret?.nodes.length ?? 0);
      expect(tandem.count).toBe(tandem.nodes.length);
      return [...(secret?.nodes ?? []).map((n) => `${SECRET}#${n.iid}`), ...tandem.nodes.map((n) => `acme/tandem#${n.iid}`)];
    },
    'GET /todos': async (a) =>
      ((await list(a, '/api/v4/todos?per_page=100')) as Array<{ project: { path_with_namespace: string }; target: { iid: number } }>).map(
        (t) => `${t.project.path_with_namespace}#${t.target.iid}`,
      ),
    'GET /groups/acme/epics (confidential)': async (a) =>
      ((await list(a, '/api/v4/groups/acme/epics?include_descendant_groups=true&per_page=100')) as Array<{ title: string }>).map((e) => e.title),
    // Whom the others may mention or assign: current members only
    '@ autocomplete and /members/all of the project (as alice)': async (_a, name) => [
      ...((await list(who.alice, `/${SECRET}/-/autocomplete_sources/members?search=${name}`)) as Array<{ username: string }>).map((u) => `@${u.username}`),
      ...((await list(who.alice, `/api/v4/projects/${enc(SECRET)}/members/all?query=${name}`)) as Array<{ username: string }>).map((u) => `member:${u.username}`),
    ],
    'single objects': async (a) => {
      const seen: string[] = [];
      if ((await call(app, 'GET', `/api/v4/projects/${enc(SECRET)}/issues/1`, { auth: a })).status === 200) seen.push(`${SECRET}#1`);
      if ((await call(app, 'GET', `/api/v4/projects/${enc('acme/tandem')}/issues/4`, { auth: a })).status === 200) seen.push(CONFIDENTIAL);
      return seen;
    },
  };

  /** What must go when the membership expires: the private project and its issues, the confidential issue and epic, the private subgroup, the person as a member. */
  const isPrivate = (s: string, name: Person) =>
    s.startsWith(SECRET) || s === CONFIDENTIAL || s === 'Confidential roadmap' || s === 'acme/platform' || s === `@${name}` || s === `member:${name}`;

  const read = async () => {
    const out = new Map<string, Record<Person, string[]>>();
    for (const [surface, reader] of Object.entries(SURFACES)) {
      const row = {} as Record<Person, string[]>;
      for (const p of PEOPLE) row[p] = await reader(auth[p], p);
      out.set(surface, row);
    }
    return out;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const q = (text: string, params: unknown[] = []) => app.ds.query(text, params) as Promise<Array<Record<string, number>>>;
    const [secret] = await q('SELECT id FROM projects WHERE full_path = $1', [SECRET]);
    const user = async (username: string) => (await q(`INSERT INTO users (username, name, email) VALUES ($1, $2, $3) RETURNING id`, [username, username, `${username}@example.com`]))[0]!.id!;
    const group = async (path: string) => (await q(`INSERT INTO namespaces (type, name, path, full_path, visibility) VALUES ('Group', $1, $2, $3, 'private') RETURNING id`, [path, path, path]))[0]!.id!;
    // rita: a direct reporter of the project
    await q(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Project', $1, $2, 20)`, [secret!.id, await user('rita')]);
    // pia and vic: reporters of groups the project is shared with (as reporter)
    for (const [name, path] of [['pia', 'partners'], ['vic', 'vendors']] as const) {
      const gid = await group(path);
      await q(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Namespace', $1, $2, 20)`, [gid, await user(name)]);
      await q('INSERT INTO project_group_links (project_id, group_id, group_access) VALUES ($1, $2, 20)', [secret!.id, gid]);
    }
    for (const p of PEOPLE) auth[p] = p === 'carol' ? who.carol : tokenAuth(await insertPat(app, p));
    // carol's to-do on a private issue and a confidential epic she reads as a reporter of acme
    expect((await call(app, 'POST', `/api/v4/projects/${enc(SECRET)}/issues/1/todo`, { auth: who.carol })).status).toBe(201);
    expect((await call(app, 'POST', '/api/v4/groups/acme/epics', { auth: who.alice, body: { title: 'Confidential roadmap', confidential: true } })).status).toBe(201);

    for (const [k, v] of await read()) before.set(k, v);
    await q(
      `UPDATE members SET expires_at = current_date - 1 WHERE user_id IN (SELECT id FROM users WHERE username IN ('carol', 'rita', 'pia'))`,
    );
    await q(`UPDATE project_group_links SET expires_at = current_date - 1 WHERE group_id = (SELECT id FROM namespaces WHERE full_path = 'vendors')`);
    for (const [k, v] of await read()) after.set(k, v);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** Who sees private items on each surface while their access is current (carol alone has the group-wide access). */
  const SEES_BEFORE: Record<string, readonly Person[]> = {
    'project # autocomplete': ['carol'],
    'GET /groups': ['carol'],
    'GET /todos': ['carol'],
    'GET /groups/acme/epics (confidential)': ['carol'],
  };

  it.each(Object.keys(SURFACES))('%s: nothing private once the membership expired', (surface) => {
    for (const p of SEES_BEFORE[surface] ?? PEOPLE) expect(before.get(surface)![p].filter((s) => isPrivate(s, p)), `${surface}, ${p} before`).not.toEqual([]);
    for (const p of PEOPLE) expect(after.get(surface)![p].filter((s) => isPrivate(s, p)), `${surface}, ${p} after`).toEqual([]);
  });

  it('what no membership gave stays: the public project and its open issues', () => {
    for (const p of PEOPLE) {
      expect(after.get('GET /projects')![p]).toContain('acme/tandem');
      expect(after.get('GET /issues?scope=all')![p]).toContain('acme/tandem#1');
      expect(after.get('GET /groups/acme/projects')![p]).toEqual(['acme/tandem']);
    }
  });
});
