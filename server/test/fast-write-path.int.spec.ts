import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tandem/shared-types';
import { startApp, type RunningApp } from '../src/app';
import { loadConfig } from '../src/core/config/config';
import { bootApp, call, createPat, DB_MODES, enc, insertPat, issueRow, tokenAuth, type Auth, type TestApp } from './harness';
import { PG_ADMIN_URL } from './support/shared-harness';

/**
 * `PUT /api/v4/projects/:id/issues/:iid` with a token is answered ahead of Express
 * (core/http/fast-route.ts). The same request with a query string still goes through Express,
 * so every answer here is compared with Express's own: the fast path must be invisible to
 * clients, errors included.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
/** Headers whose values follow the body or the clock; every other header must be the same. */
const VARYING = new Set(['date', 'content-length', 'etag']);

/** Every response header of `fast` is in `slow` with the same value (VARYING: present in both), and no more. */
function expectSameHeaders(what: string, fast: Headers, slow: Headers) {
  const names = (h: Headers) => [...h.keys()].sort();
  expect([what, names(fast)]).toEqual([what, names(slow)]);
  for (const [k, v] of fast) if (!VARYING.has(k)) expect([what, k, v]).toEqual([what, k, slow.get(k)]);
}

/** The raw answer to a PUT whose Content-Length says less than the body sent. */
function shortContentLength(url: string, path: string, token: string, body: string, declared: number): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), '127.0.0.1');
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString('utf8')));
    s.on('close', () => resolve(got));
    s.on('error', reject);
    s.write(`PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nPRIVATE-TOKEN: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n${body}`);
    setTimeout(() => s.end(), 1000);
  });
}

describe.each(DB_MODES)('the title PUT ahead of Express (%s)', (mode) => {
  let app: TestApp;
  let bob: Auth;
  let dave: Auth;
  let erin: Auth;

  beforeAll(async () => {
    app = await bootApp(mode);
    bob = tokenAuth(await insertPat(app, 'bob'));
    dave = tokenAuth(await insertPat(app, 'dave'));
    erin = tokenAuth(await insertPat(app, 'erin'));
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The same PUT twice: once answered ahead of Express, once (with a query string) by Express. */
  async function both(path: string, opts: Parameters<typeof call>[3]) {
    const fast = await call<Record<string, unknown>>(app, 'PUT', path, opts);
    const slow = await call<Record<string, unknown>>(app, 'PUT', `${path}?via=express`, opts);
    return { fast, slow };
  }

  it('answers a title change with the issue as Express does, headers included, and stores it', async () => {
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/2`;
    const fast = await call<Record<string, unknown>>(app, 'PUT', path, { auth: bob, body: { title: 'Fast title' } });
    expect(fast.status).toBe(200);
    expect(fast.body).toMatchObject({ iid: 2, title: 'Fast title' });
    expect((await issueRow(app, PUBLIC, 2))?.title).toBe('Fast title');
    const slow = await call<Record<string, unknown>>(app, 'PUT', `${path}?via=express`, { auth: bob, body: { title: 'Express title' } });
    expect(slow.status).toBe(200);
    const skip = new Set(['title', 'title_html', 'updated_at', 'last_edited_at', 'lock_version']);
    const strip = (b: Record<string, unknown>) => Object.fromEntries(Object.entries(b).filter(([k]) => !skip.has(k)));
    expect(strip(fast.body)).toEqual(strip(slow.body));
    expect(slow.body.lock_version).toBe((fast.body.lock_version as number) + 1);
    expectSameHeaders('a title change', fast.headers, slow.headers);
    expect(fast.headers.get('content-type')).toBe('application/json');
    // the same GET shows what the PUT answered
    const get = await call<Record<string, unknown>>(app, 'GET', path, { auth: bob });
    expect(get.body.title).toBe('Express title');
  });

  it('gives the same errors as Express and changes nothing', async () => {
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/3`;
    const before = await issueRow(app, PUBLIC, 3);
    const cases: Array<[string, string, Parameters<typeof call>[3], number]> = [
      ['malformed JSON', path, { auth: bob, rawBody: '{"title": ', headers: { 'content-type': 'application/json' } }, 400],
      ['a JSON string', path, { auth: bob, rawBody: '"title"', headers: { 'content-type': 'application/json' } }, 400],
      ['an unknown token', path, { auth: tokenAuth('tdpat-not-a-real-token'), body: { title: 'x' } }, 401],
      ['a NUL character', path, { auth: bob, body: { title: 'a\u0000b' } }, 400],
      ['an empty title', path, { auth: bob, body: { title: '' } }, 400],
      ['no field', path, { auth: bob, body: {} }, 400],
      ['a non-member', path, { auth: erin, body: { title: 'x' } }, 403],
      ['a guest', `/api/v4/projects/${enc(PRIVATE)}/issues/2`, { auth: dave, body: { title: 'x' } }, 403],
      ['a missing issue', `/api/v4/projects/${enc(PUBLIC)}/issues/9999`, { auth: bob, body: { title: 'x' } }, 404],
      ['a hidden project', `/api/v4/projects/${enc(PRIVATE)}/issues/1`, { auth: erin, body: { title: 'x' } }, 404],
      ['a missing project', `/api/v4/projects/${enc('no/such')}/issues/1`, { auth: bob, body: { title: 'x' } }, 404],
    ];
    for (const [what, p, opts, status] of cases) {
      const { fast, slow } = await both(p, opts);
      expect([what, fast.status, fast.body]).toEqual([what, slow.status, slow.body]);
      if (what.includes('JSON')) expect(fast.body).toEqual({ message: '400 Bad request - body is not valid JSON' });
      expect([what, slow.status]).toEqual([what, status]);
      expect([what, fast.status]).toEqual([what, status]);
      expect(fast.headers.get('content-type')).toBe('application/json');
      expectSameHeaders(what, fast.headers, slow.headers);
    }
    expect(await issueRow(app, PUBLIC, 3)).toEqual(before);
  });

  it('answers a body flagged as spam with the captcha 409 as Express does, and writes nothing', async () => {
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/3`;
    const before = await issueRow(app, PUBLIC, 3);
    const { fast, slow } = await both(path, { auth: bob, body: { description: 'get free money now' } });
    expect([fast.status, slow.status]).toEqual([409, 409]);
    const unlogged = (b: Record<string, unknown>) => ({ ...b, spam_log_id: typeof b.spam_log_id });
    expect(unlogged(fast.body)).toEqual(unlogged(slow.body));
    expect(fast.body).toMatchObject({ needs_captcha_response: true, spam_log_id: expect.any(Number) });
    expectSameHeaders('captcha', fast.headers, slow.headers);
    expect(await issueRow(app, PUBLIC, 3)).toEqual(before);
  });

  it('a Content-Length shorter than the body: the same raw answer as Express, and nothing stored', async () => {
    const token = await insertPat(app, 'bob');
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/3`;
    const before = await issueRow(app, PUBLIC, 3);
    const body = JSON.stringify({ title: 'Cut short by Content-Length' });
    const fast = await shortContentLength(app.url, path, token, body, 12);
    const slow = await shortContentLength(app.url, `${path}?via=express`, token, body, 12);
    const strip = (raw: string) => raw.replace(/^(date|etag|content-length): .*\r\n/gim, '');
    expect(fast).toMatch(/^HTTP\/1\.1 400 /);
    expect(strip(fast)).toBe(strip(slow));
    expect(await issueRow(app, PUBLIC, 3)).toEqual(before);
  });

  it('leaves a session-cookie PUT to Express, which asks for the CSRF token', async () => {
    const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, {
      body: { title: 'cookie' },
      headers: { cookie: '_tandem_session=whatever' },
    });
    // an unknown session is anonymous: Express's chain answers 401 for the write
    expect(res.status).toBe(401);
  });

  it('a token revoked right after use is refused by the next PUT', async () => {
    const { token, id } = await createPat(app, 'bob', ['api']);
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/5`;
    expect((await call(app, 'PUT', path, { auth: tokenAuth(token), body: { title: 'Before revoke' } })).status).toBe(200);
    expect((await call(app, 'DELETE', `/api/v4/personal_access_tokens/${id}`, { auth: tokenAuth(token) })).status).toBe(204);
    const res = await call(app, 'PUT', path, { auth: tokenAuth(token), body: { title: 'After revoke' } });
    expect([res.status, res.body]).toEqual([401, { message: ERRORS.UNAUTHORIZED.message }]);
    expect((await issueRow(app, PUBLIC, 5))?.title).toBe('Before revoke');
  });
});

describe('a token revoked on one node is refused at once on another (postgres, Redis)', () => {
  let a: TestApp;
  let b: RunningApp | null = null;

  beforeAll(async () => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    a = await bootApp('postgres', { REDIS_URL });
    b = await startApp(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${a.database}`),
        REDIS_URL,
        SEED_DEMO: 'false',
        RUN_MIGRATIONS: 'false',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      }),
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('node B drops its cached token when node A revokes it', async () => {
    const { token, id } = await createPat(a, 'bob', ['api']);
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/6`;
    const onB = (title: string) => call(b!.url, 'PUT', path, { auth: tokenAuth(token), body: { title } });
    expect((await onB('Seen by B')).status).toBe(200); // B now holds the token
    expect((await call(a, 'DELETE', `/api/v4/personal_access_tokens/${id}`, { auth: tokenAuth(token) })).status).toBe(204);
    // the revocation travels through Redis pub/sub: a few ms, well under the cache's 1 s TTL
    await new Promise((r) => setTimeout(r, 100));
    const res = await onB('After revoke on A');
    expect(res.status).toBe(401);
    expect((await issueRow(a, PUBLIC, 6))?.title).toBe('Seen by B');
  });
});

describe('the write limit and the switch (pglite)', () => {
  let app: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    app = await bootApp('pglite', { THROTTLE_API_WRITES_PER_USER: '3/60' });
    off = await bootApp('pglite', { FAST_ROUTES: 'false' });
  });
  afterAll(async () => {
    await app?.close();
    await off?.close();
  });

  it('a user over the write limit gets the same 429 ahead of Express as through it, and nothing is stored', async () => {
    const bob = tokenAuth(await insertPat(app, 'bob'));
    const path = `/api/v4/projects/${enc(PUBLIC)}/issues/4`;
    for (let i = 0; i < 3; i++) expect((await call(app, 'PUT', path, { auth: bob, body: { title: `Within the limit ${i}` } })).status).toBe(200);
    const fast = await call<Record<string, unknown>>(app, 'PUT', path, { auth: bob, body: { title: 'Over the limit' } });
    const slow = await call<Record<string, unknown>>(app, 'PUT', `${path}?via=express`, { auth: bob, body: { title: 'Over the limit' } });
    expect([fast.status, fast.body]).toEqual([429, { message: ERRORS.RATE_LIMITED.message }]);
    expect([slow.status, slow.body]).toEqual([fast.status, fast.body]);
    // the window's remaining seconds may tick between the two answers, and each answer counts itself
    const ticking = new Set(['retry-after', 'ratelimit-reset', 'ratelimit-observed']);
    const names = (h: Headers) => [...h.keys()].filter((k) => !VARYING.has(k)).sort();
    expect(names(fast.headers)).toEqual(names(slow.headers));
    for (const [k, v] of fast.headers) if (!VARYING.has(k) && !ticking.has(k)) expect([k, v]).toEqual([k, slow.headers.get(k)]);
    expect(Number(fast.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await issueRow(app, PUBLIC, 4))?.title).toBe('Within the limit 2');
  });

  it('FAST_ROUTES=false answers the title PUT through Express, with the same answer', async () => {
    expect(app.running.fastRoutes).toEqual(['PUT /api/v4/projects/:id/issues/:iid']);
    expect(off.running.fastRoutes).toEqual([]);
    const bob = tokenAuth(await insertPat(off, 'bob'));
    const res = await call<Record<string, unknown>>(off, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob, body: { title: 'Through Express' } });
    expect([res.status, res.body.title]).toEqual([200, 'Through Express']);
    expect((await issueRow(off, PUBLIC, 2))?.title).toBe('Through Express');
  });
});
