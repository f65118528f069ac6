import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ERRORS } from '@tandem/shared-types';
import { bootApp, call, insertPat, projectId, tokenAuth, type TestApp } from './harness';

/**
 * Throttling as a client sees it: failed sign-ins per login and per address (429 with
 * Retry-After and GitLab's text, unknown logins counted alike), writes per user. Small limits
 * from the environment; TRUST_PROXY lets each case come from its own address.
 */
describe('throttling (postgres)', () => {
  let app: TestApp;
  let pid: number;

  beforeAll(async () => {
    app = await bootApp('postgres', {
      TRUST_PROXY: 'true',
      THROTTLE_FAILED_SIGN_IN_PER_USER: '3/600',
      THROTTLE_FAILED_SIGN_IN_PER_IP: '5/180',
      THROTTLE_API_WRITES_PER_USER: '4/60',
    });
    pid = await projectId(app, 'acme/tandem');
  });

  afterAll(async () => {
    await app?.close();
  });

  const grant = (username: string, password: string, ip: string) =>
    call(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username, password }, headers: { 'x-forwarded-for': ip } });
  const form = (login: string, password: string, ip: string) =>
    call(app, 'POST', '/users/sign_in', { body: { login, password }, headers: { 'x-forwarded-for': ip } });

  const expectLimited = (r: Awaited<ReturnType<typeof grant>>) => {
    expect([r.status, r.body]).toEqual([429, { message: ERRORS.RATE_LIMITED.message }]);
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
  };

  it('failed password grants per login: the limit is a 429 even with the right password; another user is unaffected', async () => {
    for (let i = 0; i < 3; i++) expect((await grant('carol', 'wrong', `10.1.0.${i}`)).status).toBe(400);
    expectLimited(await grant('carol', DEMO_PASSWORD, '10.1.0.9'));
    expectLimited(await form('CAROL', DEMO_PASSWORD, '10.1.0.10'));
    expect((await grant('bob', DEMO_PASSWORD, '10.1.0.9')).status).toBe(200);
    expect((await form('bob', DEMO_PASSWORD, '10.1.0.9')).status).toBe(200);
  });

  it('a login that does not exist is limited exactly like one that does', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) seen.push((await form('nobody-here', 'wrong', `10.2.0.${i}`)).status);
    expect(seen).toEqual([401, 401, 401, 429]);
    const real: number[] = [];
    for (let i = 0; i < 4; i++) real.push((await form('dave', 'wrong', `10.2.1.${i}`)).status);
    expect(real).toEqual(seen);
  });

  it('a success clears its login\'s failures', async () => {
    for (let i = 0; i < 2; i++) expect((await form('erin', 'wrong', '10.3.0.1')).status).toBe(401);
    expect((await form('erin', DEMO_PASSWORD, '10.3.0.2')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await form('erin', 'wrong', '10.3.0.3')).status).toBe(401);
    expect((await form('erin', DEMO_PASSWORD, '10.3.0.4')).status).toBe(200);
  });

  it('failed sign-ins per client address, across logins; other addresses are unaffected', async () => {
    for (let i = 0; i < 5; i++) expect((await grant(`ghost${i}`, 'wrong', '10.4.0.1')).status).toBe(400);
    expectLimited(await grant('bob', DEMO_PASSWORD, '10.4.0.1'));
    expect((await grant('bob', DEMO_PASSWORD, '10.4.0.2')).status).toBe(200);
  });

  it('authenticated writes per user: the fifth write in the window is a 429; reads and other users go on', async () => {
    const bob = tokenAuth(await insertPat(app, 'bob'));
    const alice = tokenAuth(await insertPat(app, 'alice'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(app, 'PUT', `/api/v4/projects/${pid}/issues/1`, { auth: bob, body: { title: `throttled ${i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const limited = await call(app, 'PUT', `/api/v4/projects/${pid}/issues/1`, { auth: bob, body: { title: 'one too many' } });
    expectLimited(limited);
    expect(limited.headers.get('ratelimit-name')).toBe('api_writes_per_user');
    expect((await app.ds.query('SELECT title FROM issues WHERE project_id = $1 AND iid = 1', [pid]))[0].title).not.toBe('one too many');
    expect((await call(app, 'GET', `/api/v4/projects/${pid}/issues/1`, { auth: bob })).status).toBe(200);
    expect((await call(app, 'PUT', `/api/v4/projects/${pid}/issues/1`, { auth: alice, body: { title: 'alice writes' } })).status).toBe(200);
  });
});
