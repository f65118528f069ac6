import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, SESSION_COOKIE, SIGN_UP_TEXTS } from '@tandem/shared-types';
import { bootApp, call, DB_MODES, type TestApp } from './harness';

/**
 * Sign-up abuse (security issue #18, point 6): reserved and namespace-taken usernames, a group
 * path equal to a username, and sign-ups per client address. EMAIL_CONFIRMATION is off here
 * (the default); email-confirmation.int.spec.ts covers soft and hard.
 */
let next = 0;
/** Each request from its own documentation address (TRUST_PROXY is on), unless one is given. */
const freshAddress = () => `198.51.100.${(next++ % 250) + 1}`;

const signUp = (app: TestApp, username: string, from = freshAddress(), email = `${username.replace(/[^a-z0-9]/gi, '_')}-${next}@signup.test`) =>
  call<{ message: Record<string, string[]> | string; user?: { username: string; confirmed_at: string | null }; email_confirmation?: string }>(app, 'POST', '/users', {
    headers: { 'x-forwarded-for': from },
    body: { username, name: 'Sign Up', email, password: 'long enough pw' },
  });

const userCount = async (app: TestApp) => ((await app.ds.query('SELECT count(*)::int AS n FROM users')) as Array<{ n: number }>)[0]!.n;

describe.each(DB_MODES)('sign-up rules on %s', (mode) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await bootApp(mode, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses GitLab's and Tandem's reserved top-level names and the system users' names, in any case", async () => {
    const before = await userCount(app);
    const reserved = ['api', 'users', 'admin', 'dashboard', 'groups', 'help', 'oauth', 'ghost', 'API', 'Admin', 'GHOST', 'Users', 'explore', 'robots.txt', '404.html', 'socket.io', 'favicon.svg', 'Support-Bot', 's'];
    for (const username of reserved) {
      const res = await signUp(app, username);
      expect([username, res.status, res.body.message]).toEqual([username, 400, { username: [SIGN_UP_TEXTS.usernameReserved] }]);
    }
    expect(await userCount(app)).toBe(before);
  });

  it("refuses GitLab's username format: a leading '-' or '.', a trailing '.', '.git' or '.atom', a file extension", async () => {
    for (const [username, message] of [
      ['-dash', SIGN_UP_TEXTS.usernameFormat],
      ['.dot', SIGN_UP_TEXTS.usernameFormat],
      ['trailing.', SIGN_UP_TEXTS.usernameFormat],
      ['repo.git', SIGN_UP_TEXTS.usernameFormat],
      ['feed.ATOM', SIGN_UP_TEXTS.usernameFormat],
      ['with space', SIGN_UP_TEXTS.usernameFormat],
      ['mallory.json', SIGN_UP_TEXTS.usernameExtension],
      ['page.html', SIGN_UP_TEXTS.usernameExtension],
    ] as const) {
      const res = await signUp(app, username);
      expect([username, res.status, res.body.message]).toEqual([username, 400, { username: [message] }]);
    }
    // dots, dashes and underscores inside a name are fine
    expect((await signUp(app, 'jane.doe-smith_2')).status).toBe(201);
  });

  it("refuses the path of an existing group, in any case (its URL is the group's), but not a subgroup's", async () => {
    const before = await userCount(app);
    for (const username of ['acme', 'ACME', 'Acme']) {
      const res = await signUp(app, username);
      expect([username, res.status, res.body.message]).toEqual([username, 400, { username: [SIGN_UP_TEXTS.usernameTaken] }]);
    }
    // a username differing from another user's only in case is taken too
    expect((await signUp(app, 'BOB')).body.message).toEqual({ username: [SIGN_UP_TEXTS.usernameTaken] });
    expect(await userCount(app)).toBe(before);
    // 'platform' is only acme/platform: no top-level URL of that name exists
    expect((await signUp(app, 'platform')).status).toBe(201);
  });

  it('keeps groups and users apart in the database too: no top-level group named like a user, no user renamed like a group', async () => {
    const group = (path: string, parent: number | null = null) =>
      app.ds.query(`INSERT INTO namespaces (type, name, path, full_path, parent_id, visibility) VALUES ('Group', $1, $1, $2, $3, 'public')`, [path, parent ? `acme/${path}` : path, parent]);
    await expect(group('Bob')).rejects.toMatchObject({ code: '23505' });
    await expect(group('carol')).rejects.toMatchObject({ code: '23505' });
    await expect(app.ds.query(`UPDATE users SET username = 'Acme' WHERE username = 'erin'`)).rejects.toMatchObject({ code: '23505' });
    expect(await app.ds.query(`SELECT path FROM namespaces WHERE lower(path) IN ('bob', 'carol')`)).toEqual([]);
    expect(await app.ds.query(`SELECT username FROM users WHERE username = 'erin'`)).toEqual([{ username: 'erin' }]);
    // a subgroup is not a top-level URL: acme/dave may exist beside the user dave
    const [acme] = (await app.ds.query(`SELECT id FROM namespaces WHERE full_path = 'acme'`)) as Array<{ id: number }>;
    await group('dave', acme!.id);
    expect(await app.ds.query(`SELECT full_path FROM namespaces WHERE full_path = 'acme/dave'`)).toEqual([{ full_path: 'acme/dave' }]);
  });

  it('twenty sign-ups from one address: ten accounts, then 429 with Retry-After; other addresses are not held up', async () => {
    const before = await userCount(app);
    const from = '203.0.113.20';
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signUp>> | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await signUp(app, `flood${i}`, from);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(10).fill(429)]);
    expect(refused!.body).toEqual({ message: ERRORS.RATE_LIMITED.message });
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused!.headers.get('ratelimit-name')).toBe('sign_up_per_ip');
    expect(await userCount(app)).toBe(before + 10);
    // a resend of the confirmation mail from that address counts against the same limit
    const resend = await call(app, 'POST', '/users/confirmation', { headers: { 'x-forwarded-for': from }, body: { email: 'flood1@signup.test' } });
    expect(resend.status).toBe(429);
    // another address signs up as usual
    expect((await signUp(app, 'elsewhere', '203.0.113.21')).status).toBe(201);
  });

  it('with confirmation off (the default) an account is confirmed and signed in at once, and no confirmation mail is sent', async () => {
    const email = 'straight-in@signup.test';
    const res = await signUp(app, 'straight_in', freshAddress(), email);
    expect(res.status).toBe(201);
    expect(res.body.email_confirmation).toBe('off');
    expect(res.body.user?.confirmed_at).toEqual(expect.any(String));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
    const me = await call<{ username: string; confirmed_at: string | null }>(app, 'GET', '/api/v4/user', { headers: { cookie } });
    expect([me.status, me.body.username, typeof me.body.confirmed_at]).toEqual([200, 'straight_in', 'string']);
    expect(await app.ds.query('SELECT subject FROM outbox_emails WHERE to_address = $1', [email])).toEqual([]);
  });

  it('seeded and migrated users are confirmed', async () => {
    expect(await app.ds.query(`SELECT username FROM users WHERE confirmed_at IS NULL`)).toEqual([]);
  });
});
