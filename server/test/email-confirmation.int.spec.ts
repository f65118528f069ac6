import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_TEXTS, EMAIL_CONFIRMATION, ERRORS, SESSION_COOKIE, type PageData } from '@tandem/shared-types';
import { bootApp, call, DB_MODES, insertPat, tokenAuth, type TestApp } from './harness';

/**
 * E-mail confirmation as GitLab's email_confirmation_setting (security issue #18, point 6):
 * under hard an unconfirmed account gets no session and no token; under soft it may be used
 * for three days after sign-up, then as hard. The mail is read from the outbox table and its
 * single-use link confirms. Confirmation off is in sign-up-rules.int.spec.ts.
 */
const PASSWORD = 'long enough pw';
let next = 0;

async function signUp(app: TestApp, username: string) {
  const email = `${username}@confirm.test`;
  const res = await call<{ csrf_token: string | null; email_confirmation: string; user: { confirmed_at: string | null } }>(app, 'POST', '/users', {
    headers: { 'x-forwarded-for': `198.51.100.${++next}` },
    body: { username, name: `Name ${username}`, email, password: PASSWORD },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0] ?? null;
  return { res, email, cookie };
}

/** The newest mail to `to`, from the outbox table, and the token of its confirmation link. */
async function mailTo(app: TestApp, to: string) {
  const rows = (await app.ds.query('SELECT subject, body FROM outbox_emails WHERE to_address = $1 ORDER BY id DESC', [to])) as Array<{ subject: string; body: string }>;
  const token = rows[0] ? new RegExp(`${EMAIL_CONFIRMATION.linkPath}\\?confirmation_token=([\\w-]+)`).exec(rows[0].body)?.[1] : undefined;
  return { count: rows.length, subject: rows[0]?.subject, body: rows[0]?.body ?? '', token: token ?? '' };
}

/** Follows a mailed link as a browser would, up to the redirect: the landing page's address. */
async function follow(app: TestApp, token: string): Promise<string> {
  const res = await fetch(`${app.url}${EMAIL_CONFIRMATION.linkPath}?confirmation_token=${token}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}

const signIn = (app: TestApp, login: string, password = PASSWORD) => call<{ message?: string }>(app, 'POST', '/users/sign_in', { body: { login, password } });
const grant = (app: TestApp, username: string, password = PASSWORD) =>
  call<{ access_token?: string; error?: string; error_description?: string }>(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username, password } });
const confirmedAt = async (app: TestApp, username: string) =>
  ((await app.ds.query('SELECT confirmed_at FROM users WHERE username = $1', [username])) as Array<{ confirmed_at: Date | null }>)[0]!.confirmed_at;

describe.each(DB_MODES)('e-mail confirmation on %s', (mode) => {
  describe('hard', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await bootApp(mode, { EMAIL_CONFIRMATION: 'hard', TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('a new account gets no session, cannot sign in nor get a token, until the mailed link confirms it', async () => {
      const { res, email, cookie } = await signUp(app, 'hardy');
      expect(res.status).toBe(201);
      expect([res.body.email_confirmation, res.body.csrf_token, res.body.user.confirmed_at, cookie]).toEqual(['hard', null, null, null]);

      const refused = await signIn(app, 'hardy');
      expect([refused.status, refused.body]).toEqual([401, { message: CONFIRMATION_TEXTS.unconfirmed }]);
      expect(ERRORS.EMAIL_NOT_CONFIRMED.message).toBe(CONFIRMATION_TEXTS.unconfirmed);
      const noToken = await grant(app, 'hardy');
      expect([noToken.status, noToken.body]).toEqual([400, { error: 'invalid_grant', error_description: CONFIRMATION_TEXTS.unconfirmed }]);
      // a wrong password says nothing about confirmation
      expect((await signIn(app, 'hardy', 'wrong password')).body).toEqual({ message: ERRORS.INVALID_CREDENTIALS.message });
      // a token made some other way does not authenticate either
      const pat = await insertPat(app, 'hardy');
      expect((await call(app, 'GET', '/api/v4/user', { auth: tokenAuth(pat) })).status).toBe(401);

      const mail = await mailTo(app, email);
      expect([mail.count, mail.subject]).toEqual([1, CONFIRMATION_TEXTS.mailSubject]);
      expect(mail.body).toContain(`${app.url}${EMAIL_CONFIRMATION.linkPath}?confirmation_token=`);
      // only the token's digest is stored
      const [row] = (await app.ds.query('SELECT confirmation_digest FROM users WHERE username = $1', [`hardy`])) as Array<{ confirmation_digest: string }>;
      expect(row!.confirmation_digest).toBe(createHash('sha256').update(mail.token).digest('hex'));

      expect(await follow(app, mail.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=confirmed`);
      expect(await confirmedAt(app, 'hardy')).toBeInstanceOf(Date);
      expect((await signIn(app, 'hardy')).status).toBe(200);
      expect((await grant(app, 'hardy')).body.access_token).toEqual(expect.any(String));
      expect((await call(app, 'GET', '/api/v4/user', { auth: tokenAuth(pat) })).status).toBe(200);
      // the link works once
      expect(await follow(app, mail.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=invalid`);
    });

    it('a link older than a day has expired; a resent link replaces it and works', async () => {
      const { email } = await signUp(app, 'slowpoke');
      const first = await mailTo(app, email);
      await app.ds.query(`UPDATE users SET confirmation_sent_at = now() - interval '25 hours' WHERE username = 'slowpoke'`);
      expect(await follow(app, first.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=expired`);
      expect(await confirmedAt(app, 'slowpoke')).toBeNull();

      const resend = await call(app, 'POST', '/users/confirmation', { headers: { 'x-forwarded-for': '198.51.100.200' }, body: { user: { email: email.toUpperCase() } } });
      expect([resend.status, resend.body]).toEqual([200, { message: CONFIRMATION_TEXTS.sendParanoid }]);
      const second = await mailTo(app, email);
      expect(second.count).toBe(2);
      expect(second.token).not.toBe(first.token);
      expect(await follow(app, first.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=invalid`);
      expect(await follow(app, second.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=confirmed`);
      expect((await signIn(app, 'slowpoke')).status).toBe(200);
    });

    it('a resend answers the same for unknown and confirmed addresses, and mails nobody', async () => {
      const before = (await app.ds.query('SELECT count(*)::int AS n FROM outbox_emails')) as Array<{ n: number }>;
      for (const email of ['nobody@confirm.test', 'alice@example.com']) {
        const res = await call(app, 'POST', '/users/confirmation', { headers: { 'x-forwarded-for': '198.51.100.201' }, body: { email } });
        expect([res.status, res.body]).toEqual([200, { message: CONFIRMATION_TEXTS.sendParanoid }]);
      }
      expect(await app.ds.query('SELECT count(*)::int AS n FROM outbox_emails')).toEqual(before);
      const bad = await call(app, 'POST', '/users/confirmation', { headers: { 'x-forwarded-for': '198.51.100.201' }, body: { email: 'not an address' } });
      expect([bad.status, bad.body]).toEqual([400, { message: { email: ['is invalid'] } }]);
      // a link without a token, or with an unknown one, lands on the page as invalid
      expect(await follow(app, 'made-up-token')).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=invalid`);
    });

    it('users who were there before (seeded) sign in as usual', async () => {
      expect((await signIn(app, 'alice', 'tandem-demo')).status).toBe(200);
    });
  });

  describe('soft', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await bootApp(mode, { EMAIL_CONFIRMATION: 'soft', TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('a new account is used at once, with a notice on every page, for three days; then as under hard, until confirmed', async () => {
      const { res, email, cookie } = await signUp(app, 'softy');
      expect([res.status, res.body.email_confirmation, res.body.user.confirmed_at]).toEqual([201, 'soft', null]);
      expect(cookie).not.toBeNull();
      const me = await call<{ username: string; confirmed_at: string | null }>(app, 'GET', '/api/v4/user', { headers: { cookie: cookie! } });
      expect([me.status, me.body.username, me.body.confirmed_at]).toEqual([200, 'softy', null]);
      expect((await grant(app, 'softy')).status).toBe(200);

      const page = await call(app, 'GET', '/dashboard/todos', { headers: { cookie: cookie!, accept: 'text/html' } });
      const data = JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData;
      const [{ created_at: created }] = (await app.ds.query(`SELECT created_at FROM users WHERE username = 'softy'`)) as Array<{ created_at: Date }>;
      expect(data.emailConfirmation).toEqual({ email, access_until: new Date(created.getTime() + 3 * 86_400_000).toISOString() });

      const mail = await mailTo(app, email);
      expect([mail.count, mail.subject]).toEqual([1, CONFIRMATION_TEXTS.mailSubject]);

      // three days later (and a minute): the open session stops working, sign-in and tokens are refused
      await app.ds.query(`UPDATE users SET created_at = now() - interval '3 days 1 minute' WHERE username = 'softy'`);
      expect((await call(app, 'GET', '/api/v4/user', { headers: { cookie: cookie! } })).status).toBe(401);
      expect(await signIn(app, 'softy')).toMatchObject({ status: 401, body: { message: CONFIRMATION_TEXTS.unconfirmed } });
      expect((await grant(app, 'softy')).body).toEqual({ error: 'invalid_grant', error_description: CONFIRMATION_TEXTS.unconfirmed });

      // the mailed link still confirms (it is a day old at most), and the account is whole again
      expect(await follow(app, mail.token)).toBe(`${EMAIL_CONFIRMATION.pagePath}?status=confirmed`);
      expect((await signIn(app, 'softy')).status).toBe(200);
      const after = await call(app, 'GET', '/dashboard/todos', { headers: { cookie: cookie!, accept: 'text/html' } });
      expect(after.text).not.toContain('"emailConfirmation"');
    });
  });
});
