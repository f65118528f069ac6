import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ERRORS, PASSWORD_RESET_TEXTS, VALIDATION } from '@tandem/shared-types';
import { bootApp, call, DB_MODES, signIn, type Res, type TestApp } from './harness';

/**
 * "Forgot your password?" as a user and an attacker see it: one answer whether or not the
 * address has an account, the link read from the outbox table, a token that works once, for
 * PASSWORD_RESET_TTL_HOURS, replaced by a newer request, the account signed out everywhere,
 * and the per-address and per-client limits. TRUST_PROXY gives each case its own client
 * address; PUBLIC_URL is unset so the link cannot borrow a forged host.
 */
describe.each(DB_MODES)('password reset on %s', (mode) => {
  let app: TestApp;
  let n = 0;

  beforeAll(async () => {
    app = await bootApp(mode, {
      PUBLIC_URL: '',
      TRUST_PROXY: 'true',
      THROTTLE_PASSWORD_RESET_PER_EMAIL: '3/3600',
      THROTTLE_PASSWORD_RESET_PER_IP: '6/3600',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fresh account (the demo password) and a client address of its own. */
  async function newUser(state = 'active'): Promise<{ username: string; email: string; ip: string }> {
    const username = `reset${++n}${mode}`;
    const email = `${username}@example.com`;
    await app.ds.query(`INSERT INTO users (username, name, email, password_hash, state) VALUES ($1, $2, $3, $4, $5)`, [username, `Reset ${n}`, email, await hash(DEMO_PASSWORD), state]);
    return { username, email, ip: `10.9.${n}.1` };
  }

  const ask = (email: unknown, ip: string, headers: Record<string, string> = {}) =>
    call(app, 'POST', '/users/password', { body: typeof email === 'string' ? { email } : email, headers: { 'x-forwarded-for': ip, ...headers } });
  const reset = (body: Record<string, unknown>, ip: string) => call(app, 'PUT', '/users/password', { body, headers: { 'x-forwarded-for': ip } });
  const signInStatus = async (login: string, password: string) => (await call(app, 'POST', '/users/sign_in', { body: { login, password } })).status;

  const mailsTo = async (email: string) =>
    (await app.ds.query(`SELECT to_address, subject, body, delivered_by FROM outbox_emails WHERE lower(to_address) = lower($1) ORDER BY id`, [email])) as Array<{ to_address: string; subject: string; body: string; delivered_by: string }>;
  /** The token in the newest reset mail to `email`, read from the outbox table as a developer would. */
  async function tokenFor(email: string): Promise<string> {
    const mails = await mailsTo(email);
    const link = /(\S+)\/users\/password\/edit\?reset_password_token=([\w-]+)/.exec(mails.at(-1)?.body ?? '');
    expect(link, `a reset link mailed to ${email}`).toBeTruthy();
    return decodeURIComponent(link![2]!);
  }

  const answerOf = (r: Res) => ({ status: r.status, body: r.body, type: r.headers.get('content-type') });

  it('a known and an unknown address get the same answer; only the account gets a mail, at its own address', async () => {
    const u = await newUser();
    const known = await ask(u.email.toUpperCase(), u.ip);
    const unknown = await ask(`nobody-${n}@example.com`, `${u.ip}0`);
    expect(answerOf(known)).toEqual({ status: 200, body: { message: PASSWORD_RESET_TEXTS.requestSent }, type: 'application/json' });
    expect(answerOf(unknown)).toEqual(answerOf(known));
    expect(await mailsTo(`nobody-${n}@example.com`)).toEqual([]);
    const [mail] = await mailsTo(u.email);
    expect(mail).toMatchObject({ to_address: u.email, subject: PASSWORD_RESET_TEXTS.mailSubject, delivered_by: 'outbox' });
    // The link points at the configured origin, never at a forged Host
    const forged = await ask(u.email, `${u.ip}1`, { 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(200);
    const last = (await mailsTo(u.email)).at(-1)!.body;
    expect(last).not.toContain('evil.example');
    expect(last).toMatch(new RegExp(`http://localhost:\\d+/users/password/edit\\?reset_password_token=`));
    // Only the digest is stored
    const token = await tokenFor(u.email);
    const stored = (await app.ds.query('SELECT token_digest FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.username = $1', [u.username])) as Array<{ token_digest: string }>;
    expect(stored).toEqual([{ token_digest: createHash('sha256').update(token).digest('hex') }]);
  });

  it("GitLab's form field user[email] is accepted; a missing email is a 400 naming the field", async () => {
    const u = await newUser();
    expect((await ask({ user: { email: u.email } }, u.ip)).status).toBe(200);
    expect(await mailsTo(u.email)).toHaveLength(1);
    const blank = await ask({}, u.ip);
    expect([blank.status, blank.body]).toEqual([400, { message: { email: [VALIDATION.required] } }]);
  });

  it('blocked accounts and the Support Bot get no mail, and the same answer', async () => {
    const blocked = await newUser('blocked');
    expect(answerOf(await ask(blocked.email, blocked.ip)).body).toEqual({ message: PASSWORD_RESET_TEXTS.requestSent });
    expect(await mailsTo(blocked.email)).toEqual([]);
    const [bot] = (await app.ds.query(`SELECT email FROM users WHERE user_type IS NOT NULL`)) as Array<{ email: string }>;
    expect((await ask(bot!.email, `${blocked.ip}0`)).status).toBe(200);
    expect(await mailsTo(bot!.email)).toEqual([]);
  });

  it('the mailed token sets a new password once; the account is signed out everywhere', async () => {
    const u = await newUser();
    const before = await signIn(app, u.username);
    expect((await ask(u.email, u.ip)).status).toBe(200);
    const token = await tokenFor(u.email);
    const done = await reset({ reset_password_token: token, password: 'a brand new secret', password_confirmation: 'a brand new secret' }, u.ip);
    expect([done.status, done.body]).toEqual([200, { message: PASSWORD_RESET_TEXTS.changed }]);
    expect(await signInStatus(u.username, DEMO_PASSWORD)).toBe(401);
    expect(await signInStatus(u.username, 'a brand new secret')).toBe(200);
    expect((await call(app, 'GET', '/api/v4/user', { auth: before })).status).toBe(401);
    // Used once: the same link again changes nothing
    const again = await reset({ reset_password_token: token, password: 'yet another secret', password_confirmation: 'yet another secret' }, u.ip);
    expect([again.status, again.body]).toEqual([400, { message: { reset_password_token: [PASSWORD_RESET_TEXTS.tokenInvalid] } }]);
    expect(await signInStatus(u.username, 'a brand new secret')).toBe(200);
  });

  it('a bad new password is refused naming the field and does not use the token up', async () => {
    const u = await newUser();
    await ask(u.email, u.ip);
    const token = await tokenFor(u.email);
    const short = await reset({ reset_password_token: token, password: 'short', password_confirmation: 'short' }, u.ip);
    expect([short.status, short.body]).toEqual([400, { message: { password: [PASSWORD_RESET_TEXTS.tooShort] } }]);
    const mismatch = await reset({ reset_password_token: token, password: 'long enough 1', password_confirmation: 'long enough 2' }, u.ip);
    expect([mismatch.status, mismatch.body]).toEqual([400, { message: { password_confirmation: [PASSWORD_RESET_TEXTS.confirmationMismatch] } }]);
    const bogus = await reset({ reset_password_token: 'not-a-token', password: 'long enough 1', password_confirmation: 'long enough 1' }, u.ip);
    expect([bogus.status, bogus.body]).toEqual([400, { message: { reset_password_token: [PASSWORD_RESET_TEXTS.tokenInvalid] } }]);
    expect(await signInStatus(u.username, DEMO_PASSWORD)).toBe(200);
    expect((await reset({ reset_password_token: token, password: 'long enough 1', password_confirmation: 'long enough 1' }, u.ip)).status).toBe(200);
  });

  it('an expired token is refused and changes nothing', async () => {
    const u = await newUser();
    await ask(u.email, u.ip);
    const token = await tokenFor(u.email);
    // Six hours (PASSWORD_RESET_TTL_HOURS' default) and a minute ago
    await app.ds.query(`UPDATE password_reset_tokens SET created_at = now() - interval '6 hours 1 minute' WHERE user_id = (SELECT id FROM users WHERE username = $1)`, [u.username]);
    const late = await reset({ reset_password_token: token, password: 'too late now', password_confirmation: 'too late now' }, u.ip);
    expect([late.status, late.body]).toEqual([400, { message: { reset_password_token: [PASSWORD_RESET_TEXTS.tokenExpired] } }]);
    expect(await signInStatus(u.username, DEMO_PASSWORD)).toBe(200);
    expect(await signInStatus(u.username, 'too late now')).toBe(401);
  });

  it('a newer request replaces the older link', async () => {
    const u = await newUser();
    await ask(u.email, u.ip);
    const first = await tokenFor(u.email);
    await ask(u.email, u.ip);
    const second = await tokenFor(u.email);
    expect(second).not.toBe(first);
    const old = await reset({ reset_password_token: first, password: 'first link pw', password_confirmation: 'first link pw' }, u.ip);
    expect(old.body).toEqual({ message: { reset_password_token: [PASSWORD_RESET_TEXTS.tokenInvalid] } });
    expect((await reset({ reset_password_token: second, password: 'second link pw', password_confirmation: 'second link pw' }, u.ip)).status).toBe(200);
  });

  it('requests are limited per address asked for, known or not alike, and per client address (429)', async () => {
    const u = await newUser();
    const unknown = `ghost-${n}@example.com`;
    const seen = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 4; i++) seen.known.push((await ask(u.email, `10.8.${n}.${i}`)).status);
    for (let i = 0; i < 4; i++) seen.unknown.push((await ask(unknown, `10.7.${n}.${i}`)).status);
    expect(seen.known).toEqual([200, 200, 200, 429]);
    expect(seen.unknown).toEqual(seen.known);
    const limited = await ask(u.email, `10.8.${n}.9`);
    expect([limited.status, limited.body]).toEqual([429, { message: ERRORS.RATE_LIMITED.message }]);
    expect(limited.headers.get('ratelimit-name')).toBe('password_reset_per_email');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(u.email)).toHaveLength(3);

    // One client trying many addresses (or tokens) is stopped too
    const ip = `10.6.${n}.1`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(`many-${i}-${n}@example.com`, ip)).status);
    statuses.push((await reset({ reset_password_token: 'guess', password: 'long enough', password_confirmation: 'long enough' }, ip)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('a cross-site form post is refused (403) and mails nothing', async () => {
    const u = await newUser();
    const r = await ask(u.email, u.ip, { origin: 'https://evil.example' });
    expect([r.status, r.body]).toEqual([403, { message: ERRORS.CSRF.message }]);
    expect(await mailsTo(u.email)).toEqual([]);
  });
});
