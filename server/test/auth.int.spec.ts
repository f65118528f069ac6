import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION } from '@tandem/shared-types';
import { bootApp, call, createPat, DB_MODES, gql, insertPat, issueRow, projectId, signIn, tokenAuth, type TestApp } from './harness';

/** Credentials as a client uses them: PATs, OAuth bearer tokens, and browser sessions with CSRF. */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('authentication on %s', (mode) => {
  let app: TestApp;
  let pub: number;

  beforeAll(async () => {
    app = await bootApp(mode);
    pub = await projectId(app, PUBLIC);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('personal access tokens', () => {
    it('are created through the API and then work with PRIVATE-TOKEN and Authorization: Bearer', async () => {
      const session = await signIn(app, 'bob');
      const res = await call<Record<string, unknown>>(app, 'POST', '/api/v4/user/personal_access_tokens', { auth: session, body: { name: 'ci', scopes: ['api'] } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'ci', scopes: ['api'], revoked: false, active: true, expires_at: null });
      const token = res.body.token as string;
      expect(token).toMatch(/^tdpat-/);

      for (const header of ['private-token', 'bearer'] as const) {
        const me = await call(app, 'GET', '/api/v4/user', { auth: tokenAuth(token, header) });
        expect([me.status, (me.body as { username: string }).username]).toEqual([200, 'bob']);
      }
      const edit = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/12`, { auth: tokenAuth(token), body: { title: 'Milestone dates (via PAT)' } });
      expect([edit.status, (edit.body as { title: string }).title]).toEqual([200, 'Milestone dates (via PAT)']);
      // token writes need no CSRF header: there is no ambient credential to forge
      const q = await call(app, 'GET', `/api/v4/projects/${pub}/issues/12?private_token=${token}`);
      expect(q.status).toBe(200);
    });

    it('creation validates its input, naming the field', async () => {
      const session = await signIn(app, 'bob');
      const res = await call(app, 'POST', '/api/v4/user/personal_access_tokens', { auth: session, body: { name: '', scopes: ['sudo'], expires_at: 'tomorrow' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { name: ["can't be blank"], scopes: ['must be one of: api, read_api'], expires_at: [VALIDATION.notDate] } });
    });

    it('a read_api token reads but cannot write (403), even for an owner', async () => {
      const { token } = await createPat(app, 'alice', ['read_api']);
      const auth = tokenAuth(token);
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/issues/4`, { auth })).status).toBe(200);
      const before = await issueRow(app, PUBLIC, 13);
      const put = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/13`, { auth, body: { title: 'should not happen' } });
      expect([put.status, put.body]).toEqual([403, { message: '403 Forbidden' }]);
      expect(await issueRow(app, PUBLIC, 13)).toEqual(before);
      const post = await call(app, 'POST', `/api/v4/projects/${pub}/issues`, { auth, body: { title: 'nope' } });
      expect(post.status).toBe(403);
      const del = await call(app, 'DELETE', `/api/v4/projects/${pub}/issues/13`, { auth });
      expect(del.status).toBe(403);
      const mint = await call(app, 'POST', '/api/v4/user/personal_access_tokens', { auth, body: { name: 'escalate', scopes: ['api'] } });
      expect(mint.status).toBe(403);
      const g = await gql(app, `mutation { updateIssue(input: {projectPath: "${PUBLIC}", iid: "13", title: "gql"}) { errors } }`, {}, auth);
      expect(g.errors?.[0]?.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
      expect(await issueRow(app, PUBLIC, 13)).toEqual(before);
    });

    it('an expired token is 401, even on public data', async () => {
      const yesterday = new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);
      const expired = await insertPat(app, 'carol', ['api'], yesterday);
      const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues/1`, { auth: tokenAuth(expired) });
      expect([res.status, res.body]).toEqual([401, { message: '401 Unauthorized' }]);
      const g = await call(app, 'POST', '/api/graphql', { auth: tokenAuth(expired), body: { query: '{ currentUser { username } }' } });
      expect(g.status).toBe(401);
    });

    it('a revoked token is 401; revoking is 204 and only for its owner', async () => {
      const { token, id } = await createPat(app, 'carol', ['api']);
      expect((await call(app, 'GET', '/api/v4/user', { auth: tokenAuth(token) })).status).toBe(200);
      const other = await createPat(app, 'dave', ['api']);
      const notYours = await call(app, 'DELETE', `/api/v4/personal_access_tokens/${id}`, { auth: tokenAuth(other.token) });
      expect(notYours.status).toBe(404);
      const revoke = await call(app, 'DELETE', `/api/v4/personal_access_tokens/${id}`, { auth: tokenAuth(token) });
      expect(revoke.status).toBe(204);
      const res = await call(app, 'GET', '/api/v4/user', { auth: tokenAuth(token) });
      expect([res.status, res.body]).toEqual([401, { message: '401 Unauthorized' }]);
    });

    it('an unknown token is 401 rather than a silent anonymous request', async () => {
      const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues/1`, { auth: tokenAuth('tdpat-not-a-real-token') });
      expect([res.status, res.body]).toEqual([401, { message: '401 Unauthorized' }]);
      expect((await call(app, 'GET', '/api/v4/user')).status).toBe(401);
    });
  });

  describe('OAuth password grant', () => {
    it('gives a Bearer token that works on REST and GraphQL', async () => {
      const res = await call<Record<string, unknown>>(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username: 'carol', password: 'tandem-demo' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token_type: 'Bearer', scope: 'api', expires_in: expect.any(Number) });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const bearer = tokenAuth(res.body.access_token as string, 'bearer');
      const me = await call(app, 'GET', '/api/v4/user', { auth: bearer });
      expect((me.body as { username: string }).username).toBe('carol');
      const g = await gql(app, '{ currentUser { username } }', {}, bearer);
      expect(g.data).toEqual({ currentUser: { username: 'carol' } });
      const edit = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/14`, { auth: bearer, body: { title: 'Search by label (oauth)' } });
      expect(edit.status).toBe(200);
    });

    it('refuses a wrong password and an unsupported grant type with OAuth error bodies', async () => {
      const bad = await call(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username: 'carol', password: 'nope' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'invalid_grant' });
      const grant = await call(app, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials' } });
      expect([grant.status, (grant.body as { error: string }).error]).toEqual([400, 'unsupported_grant_type']);
    });

    it('a read_api OAuth token cannot write', async () => {
      const res = await call<Record<string, string>>(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username: 'alice', password: 'tandem-demo', scope: 'read_api' } });
      const put = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/14`, { auth: tokenAuth(res.body.access_token!, 'bearer'), body: { title: 'x' } });
      expect(put.status).toBe(403);
    });
  });

  describe('browser sessions', () => {
    it('sign-in sets an httpOnly cookie; a wrong password is 401 with the spec text', async () => {
      const res = await fetch(`${app.url}/users/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'dave', password: 'tandem-demo' }) });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('_tandem_session='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const bad = await call(app, 'POST', '/users/sign_in', { body: { login: 'dave', password: 'wrong' } });
      expect([bad.status, bad.body]).toEqual([401, { message: 'Invalid login or password.' }]);
      const unknown = await call(app, 'POST', '/users/sign_in', { body: { login: 'nobody', password: 'wrong' } });
      expect(unknown.body).toEqual(bad.body);
    });

    it('a cookie-authenticated write without X-CSRF-Token is 403 and changes nothing; with it, 200', async () => {
      const session = await signIn(app, 'bob');
      const before = await issueRow(app, PUBLIC, 15);
      const noCsrf = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/15`, { auth: { ...session, sendCsrf: false }, body: { title: 'Rate limit (csrf)' } });
      expect([noCsrf.status, noCsrf.body]).toEqual([403, { message: ERRORS.CSRF.message }]);
      const wrongCsrf = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/15`, { auth: { ...session, csrf: 'forged' }, body: { title: 'Rate limit (csrf)' } });
      expect(wrongCsrf.status).toBe(403);
      const pagePut = await call(app, 'PUT', `/${PUBLIC}/-/issues/15.json`, { auth: { ...session, sendCsrf: false }, body: { title: 'Rate limit (csrf)', lock_version: before!.lock_version } });
      expect(pagePut.status).toBe(403);
      const gqlNoCsrf = await call(app, 'POST', '/api/graphql', { auth: { ...session, sendCsrf: false }, body: { query: `mutation { updateIssue(input: {projectPath: "${PUBLIC}", iid: "15", title: "csrf"}) { errors } }` } });
      expect(gqlNoCsrf.status).toBe(403);
      expect(await issueRow(app, PUBLIC, 15)).toEqual(before);

      const ok = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/15`, { auth: session, body: { title: 'Rate limit (csrf)' } });
      expect([ok.status, (ok.body as { title: string }).title]).toEqual([200, 'Rate limit (csrf)']);
      // reads need no CSRF token
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/issues/4`, { auth: { ...session, sendCsrf: false } })).status).toBe(200);
    });

    it('a signed-in browser may sign in again (the form is exempt from the CSRF header): the old session ends', async () => {
      const first = await signIn(app, 'carol');
      // The sign-in page of a stale tab knows no CSRF token: the post carries only the cookie
      const again = await call<{ user: { username: string }; csrf_token: string }>(app, 'POST', '/users/sign_in', { auth: { ...first, sendCsrf: false }, body: { login: 'dave', password: 'tandem-demo' } });
      expect([again.status, again.body.user?.username]).toEqual([200, 'dave']);
      expect((await call(app, 'GET', '/api/v4/user', { auth: first })).status).toBe(401);
      // The exemption is for the sign-in path only, not for anything that ends with it
      const other = await call(app, 'POST', '/users/sign_out', { auth: { ...(await signIn(app, 'carol')), sendCsrf: false } });
      expect([other.status, other.body]).toEqual([403, { message: ERRORS.CSRF.message }]);
    });

    it('signing out ends the session', async () => {
      const session = await signIn(app, 'carol');
      const out = await call(app, 'POST', '/users/sign_out', { auth: session });
      expect(out.status).toBe(204);
      const after = await call(app, 'GET', '/api/v4/user', { auth: session });
      expect(after.status).toBe(401);
    });
  });
});
