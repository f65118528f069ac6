import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/core/config/config';
import { seedInitialRoot } from '../src/modules/user/initial-root.seed';
import { bootApp, call, DB_MODES, type TestApp } from './harness';

/**
 * The first administrator of a deployment without the demo (docker-compose.yml): created from
 * TANDEM_ROOT_PASSWORD on a boot that finds no administrator, and left alone afterwards.
 */
describe.each(DB_MODES)('first administrator on %s', (mode) => {
  let app: TestApp;
  const signIn = (login: string, password: string) => call<{ user: { username: string } }>(app, 'POST', '/users/sign_in', { body: { login, password } });

  beforeAll(async () => {
    app = await bootApp(mode, { SEED_DEMO: 'false', TANDEM_ROOT_PASSWORD: 'first-root-pass', TANDEM_ROOT_EMAIL: 'ops@example.org' });
  });
  afterAll(async () => app?.close());

  it('signs in as root with the password from the environment; root is the only user and an administrator', async () => {
    const res = await signIn('root', 'first-root-pass');
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('root');
    const users = (await app.ds.query(`SELECT username, email, is_admin FROM users WHERE user_type IS NULL`)) as unknown[];
    expect(users).toEqual([{ username: 'root', email: 'ops@example.org', is_admin: true }]);
    // the demo's published password opens nothing
    expect((await signIn('alice', 'tandem-demo')).status).toBe(401);
  });

  it('a later boot with another password changes nothing', async () => {
    expect(await seedInitialRoot(app.ds, { username: 'root', email: 'ops@example.org', password: 'another-password' })).toBe(false);
    expect((await signIn('root', 'another-password')).status).toBe(401);
    expect((await signIn('root', 'first-root-pass')).status).toBe(200);
  });
});

describe('first administrator configuration', () => {
  it('refuses a password under 8 characters at boot, naming the variable', () => {
    expect(() => loadConfig({ TANDEM_ROOT_PASSWORD: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ TANDEM_ROOT_PASSWORD: 'short' })).toThrow(/TANDEM_ROOT_PASSWORD: is too short/);
  });
});
