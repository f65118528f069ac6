import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CSRF_HEADER, DEMO_PASSWORD, SESSION_COOKIE } from '@tandem/shared-types';

/**
 * What every test harness needs, whether it boots the app in-process (server/test/harness.ts)
 * or spawns built server nodes (test/realtime/support/harness.ts): a fresh Postgres database,
 * a locked free port, waiting, signing in and calling REST and GraphQL. It imports nothing
 * from server/src, so the cross-process tests stay on server/dist.
 */

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? process.env.TANDEM_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy; the last error is part of the timeout message. */
export async function waitFor<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 15_000, everyMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

// ---------- Postgres: a fresh database, dropped by its owner ----------

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `tandem_<prefix>_<random>` on the machine's Postgres (a copy of `template` when given); parallel runs never share one. */
export async function createDatabase(prefix: string, template?: string): Promise<TestDatabase> {
  const name = `tandem_${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  return {
    name,
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** One statement on its own connection, for checks from outside the app. */
export async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

// ---------- ports: a lock file per port keeps parallel test processes (and worktrees) apart ----------

export interface PortRange {
  base: number;
  count: number;
}

/** In-process app boots (server/test). */
export const SERVER_TEST_PORTS: PortRange = { base: 3400, count: 100 };
/** Spawned nodes and private Redis servers (test/realtime). */
export const REALTIME_TEST_PORTS: PortRange = { base: 3500, count: 100 };

const LOCK_DIR = path.join(os.tmpdir(), 'tandem-test-ports');
const claimed = new Set<number>();

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Exclusive-create lock file; a stale lock of a dead pid is taken over. */
function claimPort(port: number): boolean {
  const file = path.join(LOCK_DIR, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    claimed.add(port);
    return true;
  } catch {
    let owner = 0;
    try {
      owner = Number(fs.readFileSync(file, 'utf8'));
    } catch {
      return claimPort(port); // released between our write and read
    }
    if (owner && owner !== process.pid && !pidAlive(owner)) {
      fs.rmSync(file, { force: true });
      return claimPort(port);
    }
    return false;
  }
}

export function releasePort(port: number): void {
  if (!port || !claimed.delete(port)) return;
  fs.rmSync(path.join(LOCK_DIR, String(port)), { force: true });
}

process.on('exit', () => {
  for (const port of claimed) fs.rmSync(path.join(LOCK_DIR, String(port)), { force: true });
});

/** A free, locked port of `range` (0 if none), held until releasePort or the process exits. */
export async function pickPort(range: PortRange): Promise<number> {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  const offset = process.pid % range.count;
  for (let k = 0; k < range.count; k++) {
    const port = range.base + ((offset + k) % range.count);
    if (!claimPort(port)) continue;
    if (await portFree(port)) return port;
    releasePort(port);
  }
  return 0;
}

// ---------- auth ----------

/** A server to call: its base URL, or anything that has one (a booted app, a spawned node). */
export type Target = string | { url: string };
const urlOf = (t: Target) => (typeof t === 'string' ? t : t.url);

export type Auth =
  | { kind: 'none' }
  | { kind: 'token'; token: string; header?: 'private-token' | 'bearer' }
  | { kind: 'session'; cookie: string; csrf: string; sendCsrf?: boolean };

export const ANON: Auth = { kind: 'none' };

export const tokenAuth = (token: string, header: 'private-token' | 'bearer' = 'private-token'): Auth => ({ kind: 'token', token, header });

/** Signs in through the sign-in form's endpoint: the session cookie and its CSRF token. */
export async function signIn(target: Target, username: string, password = DEMO_PASSWORD): Promise<Auth & { kind: 'session' }> {
  const res = await fetch(`${urlOf(target)}/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password }),
  });
  if (res.status !== 200) throw new Error(`sign in ${username}: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!setCookie) throw new Error('no session cookie');
  const body = (await res.json()) as { csrf_token: string };
  return { kind: 'session', cookie: setCookie.split(';')[0]!, csrf: body.csrf_token };
}

/** An OAuth access token from the password grant (what API clients and sockets use). */
export async function oauthToken(target: Target, username: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await fetch(`${urlOf(target)}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password }),
  });
  if (!r.ok) throw new Error(`token for ${username}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

// ---------- HTTP ----------

export interface Res<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export function authHeaders(auth: Auth | undefined): Record<string, string> {
  if (!auth || auth.kind === 'none') return {};
  if (auth.kind === 'token') return auth.header === 'bearer' ? { authorization: `Bearer ${auth.token}` } : { 'private-token': auth.token };
  return { cookie: auth.cookie, ...(auth.sendCsrf === false ? {} : { [CSRF_HEADER]: auth.csrf }) };
}

/** One request; a JSON body is parsed, anything else is kept as text. */
export async function call<T = unknown>(
  target: Target,
  method: string,
  pathname: string,
  opts: { auth?: Auth; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(opts.auth), ...opts.headers };
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${urlOf(target)}${pathname}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL data is checked by the tests' expectations
export type GqlData = Record<string, any>;

export interface GqlResult<D = GqlData> {
  data?: D | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
}

export async function gql<D = GqlData>(target: Target, query: string, variables: Record<string, unknown> = {}, auth?: Auth): Promise<GqlResult<D> & { status: number }> {
  const res = await call<GqlResult<D>>(target, 'POST', '/api/graphql', { auth, body: { query, variables } });
  return { status: res.status, ...(res.body as GqlResult<D>) };
}

export const enc = (p: string) => encodeURIComponent(p);
