import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { DEMO_PASSWORD, type ApiMergeRequest } from '@tandem/shared-types';
import { startApp, type RunningApp } from '../src/app';
import { loadConfig } from '../src/core/config/config';
import { MIGRATIONS, openDatabase, runMigrations } from '../src/core/database/data-source';
import { ENTITIES } from '../src/modules/entities';
import { digest, PAT_PREFIX, randomToken } from '../src/modules/auth/tokens';
import { REVIEW_DEMO } from '../src/modules/merge-request/diffs/review-demo';
import { RepositoryService } from '../src/modules/repository';
import { JobQueue } from '../src/core/jobs/job-queue';
import type { OutboxMessage } from '../src/core/mail/mailer';
import { ANON, call, createDatabase, pickPort, PG_ADMIN_URL, releasePort, signIn, tokenAuth, SERVER_TEST_PORTS, type Auth } from './support/shared-harness';

export { ANON, authHeaders, call, enc, gql, signIn, tokenAuth } from './support/shared-harness';
export type { Auth, GqlData, GqlResult, Res } from './support/shared-harness';

/**
 * Integration-test harness: boots the real app (migrations, demo seed, HTTP on a free port)
 * on either the machine's Postgres (a fresh `tandem_t2_<random>` database, dropped at the
 * end) or PGlite in memory, and gives helpers to sign in and call REST and GraphQL.
 */
export type DbMode = 'postgres' | 'pglite';
export const DB_MODES: readonly DbMode[] = ['postgres', 'pglite'];

export interface TestApp {
  mode: DbMode;
  url: string;
  ds: DataSource;
  running: RunningApp;
  /** The database name (Postgres mode) for checks from outside the app. */
  database: string | null;
  close(): Promise<void>;
}

/**
 * A fresh `tandem_t2_<random>` database on the machine's Postgres, copied from a template that
 * holds every migration (`CREATE DATABASE ... TEMPLATE`: 0.3 s against 1.9 s of migrating each
 * boot on the 2-core machine). The template is named by a digest of the migrations' source, so
 * a changed or added migration builds a new one; it is built once, under an advisory lock, by
 * whichever test process asks first, and the oldest templates beyond a few are dropped then. The app still runs
 * its migrations at boot (none is pending) and seeds the demo as on any empty database.
 */
export async function createPgDatabase() {
  try {
    return await createDatabase('t2', await migratedTemplate());
  } catch (e) {
    // Another checkout's run (other migrations) dropped this template while it was remembered
    // here: build it again, once
    if ((e as { code?: string }).code !== '3D000') throw e;
    templateName = null;
    return createDatabase('t2', await migratedTemplate());
  }
}

/** Templates kept besides the newest: checkouts with other migrations (a worktree, a branch) running at once keep theirs. */
const TEMPLATES_KEPT = 3;

const TEMPLATE_LOCK = 7_301_202_611;
let templateName: Promise<string> | null = null;

function migratedTemplate(): Promise<string> {
  templateName ??= (async () => {
    const digest = createHash('sha256');
    for (const m of MIGRATIONS) digest.update(m.name).update(String(m));
    const name = `tandem_tpl_${digest.digest('hex').slice(0, 16)}`;
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    try {
      await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_building`;
        await c.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${building}`);
        const db = await openDatabase({ url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), dataDir: os.tmpdir(), poolSize: 2 }, ENTITIES);
        try {
          await runMigrations(db.dataSource, 'postgres');
        } finally {
          await db.close();
        }
        // Renamed only once complete: a template that exists is a migrated one
        await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        // The oldest go (a database's oid grows with its creation), not every other one: two
        // checkouts running at once would otherwise drop each other's and rebuild in turn
        const old = await c.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE 'tandem\\_tpl\\_%' AND datname NOT LIKE '%\\_building' AND datname <> $1 ORDER BY oid DESC OFFSET $2",
          [name, TEMPLATES_KEPT],
        );
        for (const { datname } of old.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await c.end();
    }
  })().catch((e: unknown) => {
    templateName = null;
    throw e;
  });
  return templateName;
}

let migratedPgliteDump: Promise<File | Blob> | null = null;

/**
 * An in-memory PGlite with every migration applied. The first call in a test process migrates one
 * and dumps its data folder; later ones load that dump (0.4 s) instead of initdb and the
 * migrations (2 s), so a file's boots cost what the app costs. The app still runs its migrations
 * at boot (none is pending) and seeds the demo as on any empty database.
 */
export async function migratedPglite(): Promise<PGlite> {
  migratedPgliteDump ??= (async () => {
    const pglite = await PGlite.create('memory://');
    try {
      const db = await openDatabase({ url: '', dataDir: os.tmpdir() }, ENTITIES, { pglite });
      try {
        await runMigrations(db.dataSource, 'pglite');
      } finally {
        await db.close();
      }
      return await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
  })().catch((e: unknown) => {
    migratedPgliteDump = null;
    throw e;
  });
  return PGlite.create({ loadDataDir: await migratedPgliteDump });
}

export async function bootApp(mode: DbMode, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-t2-'));
  const port = await pickPort(SERVER_TEST_PORTS);
  const base = {
    PORT: String(port),
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // The demo merge requests (git work and diffs: half a boot); a file that reads them asks for them
    SEED_DEMO_MERGE_REQUESTS: 'false',
    // `FAST_ROUTES=false npx vitest run` runs the whole suite with every request through Express
    ...(process.env.FAST_ROUTES ? { FAST_ROUTES: process.env.FAST_ROUTES } : {}),
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
  const pglite = await migratedPglite();
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


/** Branches of demo merge requests made so far in this test file (each gets its own pair). */
let demoBranches = 0;

/**
 * A fresh merge request by `auth` in `project`: REVIEW_DEMO's base and change committed on a pair
 * of branches of its own (so every merge request of a test file has its own diff), opened
 * through REST, with any other `fields` of the create request. `api` is its REST path.
 */
export async function demoMergeRequest(app: TestApp, auth: Auth, project: string, title: string, fields: Record<string, unknown> = {}): Promise<ApiMergeRequest & { api: string }> {
  const n = ++demoBranches;
  const author = { name: 'Test', email: 'test@example.com' };
  const repo = await app.running.app.get(RepositoryService).open(await projectId(app, project));
  const base = await repo.writeCommit({ branch: `demo-base-${n}`, startSha: null, message: 'Base', author, actions: REVIEW_DEMO.base() });
  await repo.writeCommit({ branch: `demo-head-${n}`, startSha: base.sha, message: 'Change', author, actions: REVIEW_DEMO.change() });
  const api = `/api/v4/projects/${encodeURIComponent(project)}/merge_requests`;
  const mr = await call<ApiMergeRequest>(app, 'POST', api, { auth, body: { ...fields, title, source_branch: `demo-head-${n}`, target_branch: `demo-base-${n}` } });
  if (mr.status !== 201) throw new Error(`demo merge request: HTTP ${mr.status} ${JSON.stringify(mr.body)}`);
  return { ...mr.body, api: `${api}/${mr.body.iid}` };
}

/** The notification mails an action causes (the 'notify' jobs drained before and after it), oldest first. */
export async function mailsOf(app: TestApp, act: () => Promise<unknown>): Promise<OutboxMessage[]> {
  const drain = () => app.running.app.get(JobQueue).drain();
  const outbox = async () => (await call<OutboxMessage[]>(app, 'GET', '/-/outbox')).body;
  await drain();
  const since = (await outbox())[0]?.id ?? 0;
  await act();
  await drain();
  return (await outbox()).filter((m) => m.id > since).reverse();
}

/** The mails' recipients by username (demo addresses are <username>@example.com), sorted. */
export const recipients = (mails: readonly OutboxMessage[]): string[] => mails.map((m) => m.to.replace('@example.com', '')).sort();

/** Every user's id by username. */
export async function userIds(app: TestApp): Promise<Record<string, number>> {
  const rows = (await app.ds.query(`SELECT id, username FROM users`)) as Array<{ id: number; username: string }>;
  return Object.fromEntries(rows.map((r) => [r.username, Number(r.id)]));
}
