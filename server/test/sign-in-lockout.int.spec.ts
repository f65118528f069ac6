import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, ERRORS } from '@tandem/shared-types';
import { AuthService } from '../src/modules/auth/auth.service';
import { bootApp, call, DB_MODES, type TestApp } from './harness';

/**
 * Security issue #18, point 7: the failed sign-in limit counts per account, not per login
 * string. A username and an e-mail of one account share one counter on every password path
 * (the sign-in form, OAuth's password grant); a login naming no account counts by itself, exactly
 * like a known one; the 429 comes before any password is hashed, and an unknown login costs the
 * same one password check as a wrong password. Limit 3 per 10 minutes; every request from its
 * own address (TRUST_PROXY), so the per-address limit never interferes.
 */
describe.each(DB_MODES)('failed sign-ins per account on %s', (mode) => {
  let app: TestApp;
  let address = 0;
  /** Password checks the app ran (the one argon2 step of a sign-in). */
  let checks: { mock: { calls: unknown[] } };

  beforeAll(async () => {
    app = await bootApp(mode, { TRUST_PROXY: 'true', THROTTLE_FAILED_SIGN_IN_PER_USER: '3/600', THROTTLE_FAILED_SIGN_IN_PER_IP: '1000/180' });
    checks = vi.spyOn(app.running.app.get(AuthService) as unknown as { verifyPassword: () => Promise<boolean> }, 'verifyPassword');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

  const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++address / 250)}.${address % 250}` });
  const form = (login: string, password: string) => call(app, 'POST', '/users/sign_in', { body: { login, password }, headers: from() });
  const grant = (username: string, password: string) =>
    call(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username, password }, headers: from() });
  const limited = (r: Awaited<ReturnType<typeof form>>) => {
    expect([r.status, r.body]).toEqual([429, { message: ERRORS.RATE_LIMITED.message }]);
    expect(r.headers.get('ratelimit-name')).toBe('failed_sign_in_per_user');
  };

  it("the issue's case: once carol's username hit the limit, her e-mail is refused too, even with the right password", async () => {
    for (let i = 0; i < 3; i++) expect((await form('carol', 'wrong')).status).toBe(401);
    limited(await form('carol', DEMO_PASSWORD));
    limited(await form('carol@example.com', 'wrong'));
    limited(await form('carol@example.com', DEMO_PASSWORD));
    limited(await form('CAROL@EXAMPLE.COM', DEMO_PASSWORD));
    limited(await grant('carol@example.com', DEMO_PASSWORD));
  });

  it('failures through the username and the e-mail add up, on the form and the password grant alike', async () => {
    expect((await form('dave', 'wrong')).status).toBe(401);
    expect((await form('Dave@Example.com', 'wrong')).status).toBe(401);
    expect((await grant('dave@example.com', 'wrong')).status).toBe(400);
    limited(await grant('dave', DEMO_PASSWORD));
    limited(await form('dave@example.com', DEMO_PASSWORD));
  });

  it("a success through the e-mail clears the account's count for its username too", async () => {
    for (let i = 0; i < 2; i++) expect((await form('erin', 'wrong')).status).toBe(401);
    expect((await form('erin@example.com', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await grant('erin', 'wrong')).status).toBe(400);
    expect((await grant('erin', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a login naming no account is limited by itself, exactly as a known one is, and costs the same one password check', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const checksOf = async (attempt: () => Promise<{ status: number }>, into: number[]) => {
      const n = checks.mock.calls.length;
      into.push((await attempt()).status);
      return checks.mock.calls.length - n;
    };
    for (let i = 0; i < 4; i++) {
      expect(await checksOf(() => form('bob', 'wrong'), known)).toBe(i < 3 ? 1 : 0);
      expect(await checksOf(() => form('nobody-here', 'wrong'), unknown)).toBe(i < 3 ? 1 : 0);
    }
    expect(known).toEqual([401, 401, 401, 429]);
    expect(unknown).toEqual(known);
    // Unknown strings are not linked to anything: another one starts its own count
    expect((await form('nobody-here@example.com', 'wrong')).status).toBe(401);
  });

  it('the 429 comes before any password is hashed, on both paths', async () => {
    for (let i = 0; i < 3; i++) expect((await grant('alice', 'wrong')).status).toBe(400);
    const n = checks.mock.calls.length;
    limited(await form('alice@example.com', DEMO_PASSWORD));
    limited(await grant('ALICE', DEMO_PASSWORD));
    expect(checks.mock.calls.length).toBe(n);
  });
});
