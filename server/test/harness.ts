import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { hash } from '@node-rs/argon2';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { CSRF_HEADER, DEMO_PASSWORD, SESSION_COOKIE } from '@tandem/shared-types';
import { startApp, type RunningApp } from '../src/app';
import { loadConfig } from '../src/core/config/config';
import { digest, PAT_PREFIX, randomToken } from '../src/modules/auth/tokens';

/**
 * Integration-test harness: boots the real app (migrations, demo seed, HTTP on a free port)
 * on either the machine's Postgres (a fresh `tandem_t2_<random>` database, dropped at the
 * end) or PGlite in memory, and gives helpers to sign in and call REST and GraphQL.
 */
export type DbMode = 'postgres' | 'pglite';
export const DB_MODES: readonly DbMode[] = ['postgres', 'pglite'];

const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  mode: DbMode;
  url: string;
  ds: DataSource;
  running: RunningApp;
  /** The database name (Postgres mode) for checks from outside the app. */
  database: string | null;
  close(): Promise<void>;
}

export async function createPgDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `tandem_t2_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    name,
    url,
    drop: async () => {
      const c = new Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** This suite's port range (3400-3499); a lock file per port keeps parallel test files apart. */
const PORT_BASE = 3400;
const PORT_COUNT = 100;
const LOCK_DIR = path.join(os.tmpdir(), 'tandem-t2-ports');

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

/** Claims a port of our range for this process (exclusive-create lock file; stale locks of dead pids are taken over). */
function claimPort(port: number): boolean {
  const file = path.join(LOCK_DIR, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && !pidAlive(owner)) {
      fs.rmSync(file, { force: true });
      return claimPort(port);
    }
    return false;
  }
}

function releasePort(port: number): void {
  if (port) fs.rmSync(path.join(LOCK_DIR, String(port)), { force: true });
}

/** A free port of our range, so PUBLIC_URL (web_url, Link headers) names the real address; 0 if none. */
export async function pickPort(): Promise<number> {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  const offset = process.pid % PORT_COUNT;
  for (let k = 0; k < PORT_COUNT; k++) {
    const port = PORT_BASE + ((offset + k) % PORT_COUNT);
    if (!claimPort(port)) continue;
    if (await portFree(port)) return port;
    releasePort(port);
  }
  return 0;
}

export async function bootApp(mode: DbMode, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-t2-'));
  const port = await pickPort();
  const base = {
    PORT: String(port),
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  };
  if (mode === 'postgres') {
    const db = await createPgDatabase();
    let running: RunningApp;
    try {
      running = await startApp(loadConfig({ ...base, DATABASE_URL: db.url }));
    } catch (e) {
      releasePort(port);
      await db.drop();
      throw e;
    }
    return {
      mode,
      url: running.url,
      ds: running.db.dataSource,
      running,
      database: db.name,
      close: async () => {
        try {
          await running.close();
        } finally {
          releasePort(port);
          await db.drop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  }
  const pglite = await PGlite.create('memory://');
  let running: RunningApp;
  try {
    running = await startApp(loadConfig(base), { pglite });
  } catch (e) {
    releasePort(port);
    await pglite.close();
    throw e;
  }
  return {
    mode,
    url: running.url,
    ds: running.db.dataSource,
    running,
    database: null,
    close: async () => {
      try {
        await running.close();
      } finally {
        releasePort(port);
        await pglite.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

// ---------- auth ----------

export type Auth =
  | { kind: 'none' }
  | { kind: 'token'; token: string; header?: 'private-token' | 'bearer' }
  | { kind: 'session'; cookie: string; csrf: string; sendCsrf?: boolean };

export const ANON: Auth = { kind: 'none' };

export async function signIn(app: TestApp, username: string, password = DEMO_PASSWORD): Promise<Auth & { kind: 'session' }> {
  const res = await fetch(`${app.url}/users/sign_in`, {
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

/** A personal access token created through the real API (session + CSRF). */
export async function createPat(app: TestApp, username: string, scopes: string[] = ['api'], extra: Record<string, unknown> = {}): Promise<{ token: string; id: number }> {
  const session = await signIn(app, username);
  const res = await call(app, 'POST', '/api/v4/user/personal_access_tokens', { auth: session, body: { name: `t-${scopes.join('-')}`, scopes, ...extra } });
  if (res.status !== 201 && res.status !== 200) throw new Error(`PAT for ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const b = res.body as { token: string; id: number };
  return { token: b.token, id: b.id };
}

/** A token row written straight to the database (for fast setup of many users). */
export async function insertPat(app: TestApp, username: string, scopes: string[] = ['api'], expiresAt: string | null = null): Promise<string> {
  const token = PAT_PREFIX + randomToken();
  const [u] = (await app.ds.query('SELECT id FROM users WHERE username = $1', [username])) as Array<{ id: number }>;
  if (!u) throw new Error(`no user ${username}`);
  await app.ds.query(
    'INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [u.id, 'test', digest(token), scopes, expiresAt],
  );
  return token;
}

export const tokenAuth = (token: string, header: 'private-token' | 'bearer' = 'private-token'): Auth => ({ kind: 'token', token, header });

/** Adds a user with a group membership (the demo has no maintainer). */
export async function addMember(app: TestApp, username: string, level: number, groupPath = 'acme'): Promise<number> {
  const passwordHash = await hash(DEMO_PASSWORD);
  const [u] = (await app.ds.query(
    `INSERT INTO users (username, name, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING id`,
    [username, username[0]!.toUpperCase() + username.slice(1), `${username}@example.com`, passwordHash],
  )) as Array<{ id: number }>;
  const [g] = (await app.ds.query('SELECT id FROM namespaces WHERE full_path = $1', [groupPath])) as Array<{ id: number }>;
  await app.ds.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Namespace', $1, $2, $3)`, [g!.id, u!.id, level]);
  return u!.id;
}

/** The standard cast: one API token per role, anonymous, and an admin-free non-member. */
export interface Cast {
  anonymous: Auth;
  erin: Auth; // non-member
  dave: Auth; // guest
  carol: Auth; // reporter
  bob: Auth; // developer
  mallory: Auth; // maintainer (added by the harness)
  alice: Auth; // owner
}

export async function castOf(app: TestApp): Promise<Cast> {
  await addMember(app, 'mallory', 40);
  const [erin, dave, carol, bob, mallory, alice] = await Promise.all(
    ['erin', 'dave', 'carol', 'bob', 'mallory', 'alice'].map((u) => insertPat(app, u)),
  );
  return {
    anonymous: ANON,
    erin: tokenAuth(erin!),
    dave: tokenAuth(dave!),
    carol: tokenAuth(carol!),
    bob: tokenAuth(bob!),
    mallory: tokenAuth(mallory!),
    alice: tokenAuth(alice!),
  };
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

export async function call<T = unknown>(
  app: TestApp,
  method: string,
  pathname: string,
  opts: { auth?: Auth; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(opts.auth), ...opts.headers };
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.url}${pathname}`, { method, headers, body });
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

export async function gql<D = GqlData>(app: TestApp, query: string, variables: Record<string, unknown> = {}, auth?: Auth): Promise<GqlResult<D> & { status: number }> {
  const res = await call<GqlResult<D>>(app, 'POST', '/api/graphql', { auth, body: { query, variables } });
  return { status: res.status, ...(res.body as GqlResult<D>) };
}

/** Reads an issue row straight from the database, to check that a refused write changed nothing. */
export interface IssueRowData {
  id: number;
  title: string;
  description: string | null;
  lock_version: number;
  confidential: boolean;
  discussion_locked: boolean;
  issue_type: string;
  [column: string]: unknown;
}

export async function issueRow(app: TestApp, projectPath: string, iid: number): Promise<IssueRowData | undefined> {
  const rows = (await app.ds.query(
    `SELECT i.* FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = $2`,
    [projectPath, iid],
  )) as IssueRowData[];
  return rows[0];
}

export async function projectId(app: TestApp, fullPath: string): Promise<number> {
  const [p] = (await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [fullPath])) as Array<{ id: number }>;
  return p!.id;
}

export const enc = (p: string) => encodeURIComponent(p);
