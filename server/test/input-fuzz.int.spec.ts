import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, projectId, type Cast, type TestApp } from './harness';

/**
 * "Bad input gets a 4xx that names the problem, never a 500": every mutation (and the lookups
 * with path or query input) fed wrong types, out-of-range numbers, NUL characters, malformed
 * JSON and odd paths, as the project owner (so the permission check passes and the input
 * reaches validation and the database). On Postgres and on PGlite.
 */
const JUNK: unknown[] = [
  null, [], {}, '', 'x'.repeat(300), -1, 0, 1e20, 2_147_483_648, '1e3', true, { $gt: 1 }, '<script>alert(1)</script>',
  'NaN', [1, 2], [null], ['a'], '2026-13-45', '9999-12-31', '0001-01-01', 3.5, '\u0000', 'a\u0000b', ['\u0000'], { a: { b: [] } },
];
const RAW_BODIES = ['not json', '[1,2]', '"str"', '{"a":', 'null', '{"title":"a\\u0000b"}'];

/** Routes that take a body, with the fields each reads. `:pid` is the public demo project's id. */
const MUTATIONS: Array<[method: string, path: string, fields: string[]]> = [
  ['POST', '/api/v4/projects/:pid/issues', ['title', 'description', 'confidential', 'labels', 'assignee_ids', 'assignee_id', 'due_date', 'issue_type', 'discussion_locked']],
  ['PUT', '/api/v4/projects/:pid/issues/3', ['title', 'description', 'state_event', 'confidential', 'labels', 'add_labels', 'remove_labels', 'assignee_ids', 'due_date', 'issue_type', 'discussion_locked']],
  ['PUT', '/acme/tandem/-/issues/3.json', ['title', 'description', 'lock_version', 'state_event', 'issue', 'confidential', 'due_date', 'update_task']],
  ['POST', '/api/v4/projects/:pid/members', ['user_id', 'access_level', 'expires_at', 'username']],
  ['PUT', '/api/v4/projects/:pid/members/:bob', ['access_level', 'expires_at']],
  ['POST', '/api/v4/groups/acme/members', ['user_id', 'access_level', 'expires_at', 'username']],
  ['PUT', '/api/v4/groups/acme/members/:bob', ['access_level', 'expires_at']],
  ['PUT', '/api/v4/projects/:pid', ['name', 'description', 'visibility']],
  ['POST', '/api/v4/user/personal_access_tokens', ['name', 'scopes', 'expires_at']],
  ['POST', '/oauth/token', ['grant_type', 'username', 'password', 'scope']],
  ['POST', '/users/sign_in', ['login', 'password']],
  ['POST', '/api/v4/markdown', ['text', 'gfm', 'project', 'group']],
  ['POST', '/api/graphql', ['query', 'variables', 'operationName']],
  ['POST', '/api/v4/projects/:pid/issues/3/notes', ['body', 'internal']],
  ['POST', '/api/v4/projects/:pid/repository/branches', ['branch', 'ref']],
  ['POST', '/acme/tandem/notes?target_type=issue&target_id=3', ['note', 'in_reply_to_discussion_id']],
  ['POST', '/acme/tandem/-/issues/3/toggle_award_emoji', ['name']],
  ['POST', '/api/v4/projects/:pid/issues/3/award_emoji', ['name']],
  ['POST', '/acme/tandem/-/issues/3/links', ['issuable_references', 'link_type']],
  ['PUT', '/acme/tandem/-/issues/3/links/1', ['epic']],
  ['POST', '/api/v4/projects/:pid/issues/3/links', ['target_project_id', 'target_issue_iid', 'link_type']],
];

/** Path and query input (GET and DELETE). */
const LOOKUPS = [
  '/api/v4/projects/99999999999/issues', '/api/v4/projects/-1/issues/abc', '/api/v4/projects/:pid/issues/0', '/api/v4/projects/:pid/issues/1e3',
  '/api/v4/projects/:pid/issues?page=-1&per_page=0', '/api/v4/projects/:pid/issues?page=abc&per_page=999999',
  '/api/v4/issues?state=zzz&labels[]=a&labels[x]=b&assignee_id=abc', '/api/v4/issues?scope=all&order_by=drop&sort=sideways&search[a]=1',
  '/api/v4/projects/:pid/issues?iids[]=a&iids[]=99999999999', '/api/v4/projects/:pid/issues?search=%00',
  '/api/v4/projects/:pid/members/abc', '/api/v4/projects/:pid/members/all/99999999999', '/api/v4/groups/%00/members',
  '/api/v4/groups/abc%2Fdef', '/api/v4/projects/a%00b', '/acme/tandem/-/issues/99999999999/realtime_changes', '/acme/tandem/noteable/issue/abc/notes',
  '/api/v4/projects/:pid/labels?search[x]=1', '/-/avatars/..%2F..%2Fetc%2Fpasswd.svg', '/api/v4/projects?search[]=a&membership=maybe',
  '/api/v4/personal_access_tokens/99999999999', '/api/v4/projects/%E0%A4%A',
  '/api/v4/projects?page=99999999999&per_page=1e3', '/api/v4/projects?search=' + 'x'.repeat(300), '/api/v4/projects/:pid/members?page[]=1',
  '/api/v4/groups/acme/members/all?per_page=-5&page=2147483648',
  '/acme/tandem/-/issues/3/discussions.json?notes_filter=9&per_page=-1&cursor=%00', '/acme/tandem/-/issues/3/discussions.json?cursor[]=a&per_page=1e3',
  '/acme/tandem/-/issues/3/discussions/zz', '/api/v4/projects/:pid/issues/3/notes/abc', '/api/v4/projects/:pid/issues/3/notes?sort=up&order_by=x',
  '/api/v4/projects/:pid/issues/3/discussions/%00', '/acme/tandem/notes/99999999999/resolve',
  '/api/v4/projects/:pid/issues/3/award_emoji/abc', '/api/v4/projects/:pid/issues/3/award_emoji/99999999999', '/api/v4/projects/:pid/issues/3/notes/99999999999/award_emoji',
  '/api/v4/projects/:pid/issues/3/award_emoji?per_page=abc', '/api/v4/projects/:pid/issues/3/links/1e3', '/acme/tandem/-/issues/3/links/99999999999',
  '/api/v4/projects/:pid/repository/branches/%00', '/api/v4/projects/:pid/repository/branches?search=%00&page=abc', '/api/v4/projects/:pid/repository/branches/a%0Ab',
  '/api/v4/projects/:pid/repository/commits?ref_name=%00&since=x&path=..%2F..', '/api/v4/projects/:pid/repository/commits?ref_name=a..&until[]=1',
  '/api/v4/projects/:pid/repository/commits/%00/diff?per_page=abc', '/api/v4/projects/:pid/repository/tree?path=%00&ref=-x&recursive=maybe',
  '/api/v4/projects/:pid/repository/files/a%00b?ref=main', '/api/v4/projects/:pid/repository/files/..%2Fx/raw?ref=%00', '/api/v4/projects/:pid/repository/files/x?ref[]=a',
  '/api/v4/projects/:pid/repository/compare?from=%00&to=main..x', '/api/v4/projects/:pid/repository/tags/%00', '/acme/tandem/-/raw/main/%00', '/acme/tandem/-/raw/%00/x',
];

/** Zod-validated fields: each bad value is a 400 whose message names the field. */
const NAMED: Array<[method: string, path: string, body: Record<string, unknown>, field: string, message: string]> = [
  ['POST', '/api/v4/user/personal_access_tokens', { name: 't', scopes: ['api'], expires_at: '2030-02-30' }, 'expires_at', VALIDATION.notDate],
  ['POST', '/api/v4/user/personal_access_tokens', { name: 't', scopes: ['api'], expires_at: '2031-02-29' }, 'expires_at', VALIDATION.notDate],
  ['POST', '/api/v4/user/personal_access_tokens', { name: 't', scopes: ['api'], expires_at: '0000-01-01' }, 'expires_at', VALIDATION.notDate],
  ['POST', '/api/v4/user/personal_access_tokens', { name: 't', scopes: ['api'], expires_at: '2020-01-01' }, 'expires_at', VALIDATION.dateInPast],
  ['POST', '/api/v4/user/personal_access_tokens', { name: 42, scopes: ['api'] }, 'name', VALIDATION.notString],
  ['POST', '/api/v4/user/personal_access_tokens', { name: 't', scopes: { api: true } }, 'scopes', VALIDATION.notAllowed(['api', 'read_api'])],
  ['POST', '/api/v4/projects/:pid/members', { user_id: ':bob', access_level: 30, expires_at: '2030-02-30' }, 'expires_at', VALIDATION.notDate],
  ['POST', '/api/v4/projects/:pid/members', { user_id: ':bob', access_level: [30] }, 'access_level', VALIDATION.notAllowed(['10', '20', '30', '40', '50'])],
  ['PUT', '/api/v4/groups/acme/members/:bob', { access_level: 30, expires_at: '2029-13-01' }, 'expires_at', VALIDATION.notDate],
  ['PUT', '/api/v4/projects/:pid', { visibility: ['public'] }, 'visibility', VALIDATION.notAllowed(['private', 'internal', 'public'])],
  ['PUT', '/api/v4/projects/:pid', { description: { a: 1 } }, 'description', VALIDATION.notString],
  ['POST', '/api/v4/markdown', { text: 5 }, 'text', VALIDATION.notString],
  ['POST', '/api/v4/markdown', { text: 'x', project: ['acme/tandem'] }, 'project', VALIDATION.notString],
  ['POST', '/users/sign_in', { login: ['alice'], password: 'x' }, 'login', VALIDATION.notString],
  ['POST', '/users/sign_in', { login: 'alice', password: 'x'.repeat(1025) }, 'password', VALIDATION.tooLong(1024)],
  ['POST', '/oauth/token', { grant_type: 'password', username: { $ne: 1 }, password: 'x' }, 'username', VALIDATION.notString],
  ['POST', '/acme/tandem/-/issues/3/toggle_award_emoji', { name: 'no_such_emoji' }, 'name', VALIDATION.notEmojiName],
  ['POST', '/api/v4/projects/:pid/issues/3/award_emoji', { name: { $ne: 1 } }, 'name', VALIDATION.notString],
  ['POST', '/acme/tandem/-/issues/3/links', { issuable_references: ['#1'], link_type: 'duplicates' }, 'link_type', VALIDATION.notAllowed(['relates_to', 'blocks', 'is_blocked_by'])],
  ['POST', '/api/v4/projects/:pid/issues/3/links', { target_project_id: 'acme/tandem', target_issue_iid: 2_147_483_648 }, 'target_issue_iid', VALIDATION.tooLarge(2_147_483_647)],
];
const NAMED_QUERIES: Array<[path: string, field: string, message: string]> = [
  ['/api/v4/projects?page=2147483648', 'page', VALIDATION.tooLarge(2_147_483_647)],
  ['/api/v4/projects?per_page=abc', 'per_page', 'must be a positive integer'],
  ['/api/v4/projects?membership=maybe', 'membership', VALIDATION.notBoolean],
  ['/api/v4/projects/:pid/members?page=0', 'page', 'must be a positive integer'],
];

describe.each(DB_MODES)('no input makes a 500 (%s)', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let pid: number;
  let bob: number;
  const fill = (p: string) => p.replace(':pid', String(pid)).replace(':bob', String(bob));

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    pid = await projectId(app, 'acme/tandem');
    [{ id: bob }] = (await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as [{ id: number }];
  });

  afterAll(async () => {
    await app?.close();
  });

  it('mutations answer junk bodies with a 4xx (or a 2xx), never a 5xx or a stack trace', async () => {
    const failures: string[] = [];
    for (const [method, path, fields] of MUTATIONS) {
      const bodies: Array<{ rawBody: string }> = [
        ...fields.flatMap((f) => JUNK.map((j) => ({ rawBody: JSON.stringify({ [f]: j }) }))),
        ...RAW_BODIES.map((rawBody) => ({ rawBody })),
      ];
      for (const b of bodies) {
        const r = await call(app, method, fill(path), { auth: cast.alice, ...b });
        if (r.status >= 500 || /\bat \S+ \(|node_modules/.test(r.text)) failures.push(`${method} ${path} ${b.rawBody.slice(0, 60)} -> ${r.status} ${r.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('path and query input never makes a 5xx', async () => {
    const failures: string[] = [];
    for (const p of LOOKUPS) {
      for (const method of ['GET', 'DELETE']) {
        const r = await call(app, method, fill(p), { auth: cast.alice, headers: { 'x-last-fetched-at': 'garbage' } });
        if (r.status >= 500 || /\bat \S+ \(|node_modules/.test(r.text)) failures.push(`${method} ${p} -> ${r.status} ${r.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL character is refused with 400 naming the field, and nothing changes', async () => {
    const before = (await call<{ title: string; lock_version: number }>(app, 'GET', `/api/v4/projects/${pid}/issues/3`, { auth: cast.alice })).body;
    const r = await call(app, 'PUT', `/api/v4/projects/${pid}/issues/3`, { auth: cast.alice, body: { title: 'a\u0000b' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { title: [VALIDATION.nulCharacter] } });
    const nested = await call(app, 'POST', '/api/graphql', { auth: cast.alice, body: { query: 'mutation($i: UpdateIssueInput!) { updateIssue(input: $i) { errors } }', variables: { i: { title: '\u0000' } } } });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({ message: { 'variables.i.title': [VALIDATION.nulCharacter] } });
    const after = (await call<{ title: string; lock_version: number }>(app, 'GET', `/api/v4/projects/${pid}/issues/3`, { auth: cast.alice })).body;
    expect(after).toMatchObject({ title: before.title, lock_version: before.lock_version });
  });

  it('impossible dates, out-of-range numbers and wrong types are a 400 naming the field', async () => {
    const wrong: string[] = [];
    for (const [method, path, body, field, message] of NAMED) {
      const filled = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === ':bob' ? bob : v]));
      const r = await call(app, method, fill(path), { auth: cast.alice, body: filled });
      const got = (r.body as { message?: Record<string, string[]> })?.message?.[field];
      if (r.status !== 400 || !got?.includes(message)) wrong.push(`${method} ${path} ${JSON.stringify(body).slice(0, 80)} -> ${r.status} ${r.text.slice(0, 160)}`);
    }
    for (const [path, field, message] of NAMED_QUERIES) {
      const r = await call(app, 'GET', fill(path), { auth: cast.alice });
      const got = (r.body as { message?: Record<string, string[]> })?.message?.[field];
      if (r.status !== 400 || !got?.includes(message)) wrong.push(`GET ${path} -> ${r.status} ${r.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    // nothing was created by the refused requests
    const tokens = (await app.ds.query(`SELECT count(*)::int AS n FROM personal_access_tokens WHERE expires_at < '2021-01-01' OR expires_at > '2029-12-31'`)) as [{ n: number }];
    expect(tokens[0].n).toBe(0);
  });

  it('assignee ids beyond the integer range are a 400 naming the field', async () => {
    const r = await call(app, 'PUT', `/api/v4/projects/${pid}/issues/3`, { auth: cast.alice, body: { assignee_ids: [2_147_483_648] } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('assignee_ids');
  });
});
