import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');
export const PG_ADMIN_URL = process.env.TANDEM_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO_PASSWORD = 'tandem-demo';

const children = new Set<ChildProcess>();
// Never leave servers or Redis behind, even when a test throws or vitest is interrupted
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

// ---------- Postgres: a fresh database per test file ----------

export async function createDatabase(prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `tandem_rt_${prefix}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

// ---------- a private Redis (never the machine's shared one) ----------

export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `redis-cli shutdown nosave`: everything in it, and every connection, is gone. */
  shutdown(): Promise<void>;
  stop(): Promise<void>;
}

export function privateRedis(port: number): PrivateRedis {
  let proc: ChildProcess | null = null;
  const dir = fs.mkdtempSync('/tmp/tandem-rt-redis-');
  const r: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      children.add(proc);
      await waitFor(`redis on ${port}`, () => canConnect(port), 10_000);
    },
    async shutdown() {
      spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore', timeout: 5000 });
      if (proc && proc.exitCode === null) await Promise.race([once(proc, 'exit'), sleep(3000)]);
      if (proc && proc.exitCode === null) proc.kill('SIGKILL');
      proc = null;
    },
    async stop() {
      await r.shutdown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return r;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

// ---------- server nodes ----------

export interface NodeProc {
  name: string;
  port: number;
  url: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export async function startNode(opts: {
  name: string;
  port: number;
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<NodeProc> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first (cd server && npx tsc -p tsconfig.build.json)`);
  let out = '';
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
      NODE_NAME: opts.name,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${opts.port}`;
  const node: NodeProc = {
    name: opts.name,
    port: opts.port,
    url,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await Promise.race([once(proc, 'exit'), sleep(8000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await once(proc, 'exit');
    },
  };
  try {
    await waitFor(
      `${opts.name} to be ready`,
      async () => {
        if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${out.slice(-2000)}`);
        const r = await fetch(`${url}/-/readiness`).catch(() => null);
        return r?.ok ?? false;
      },
      60_000,
      100,
    );
  } catch (e) {
    await node.kill();
    throw new Error(`${opts.name} did not start: ${String(e)}\n${out.slice(-3000)}`);
  }
  return node;
}

// ---------- API helpers ----------

export async function tokenFor(baseUrl: string, username: string): Promise<string> {
  const r = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  if (!r.ok) throw new Error(`token for ${username}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { access_token: string }).access_token;
}

export async function projectId(baseUrl: string, token: string, fullPath: string): Promise<number> {
  const r = await fetch(`${baseUrl}/api/v4/projects/${encodeURIComponent(fullPath)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`project ${fullPath}: ${r.status}`);
  return ((await r.json()) as { id: number }).id;
}

export async function updateIssue(baseUrl: string, token: string, project: number, iid: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await fetch(`${baseUrl}/api/v4/projects/${project}/issues/${iid}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`update issue ${iid} via ${baseUrl}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}
