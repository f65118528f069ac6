import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  call,
  createDatabase as createTestDatabase,
  oauthToken,
  pickPort,
  REALTIME_TEST_PORTS,
  releasePort,
  sleep,
  tokenAuth,
  waitFor,
  type TestDatabase,
} from '../../../server/test/support/shared-harness';

export { sleep, sql, waitFor, type TestDatabase } from '../../../server/test/support/shared-harness';
export { DEMO_PASSWORD } from '@tandem/shared-types';

/**
 * Cross-process harness: built server nodes (server/dist) as child processes, private Redis
 * servers, and the API calls the realtime tests set up with. Ports are picked and locked
 * (server/test/support/shared-harness.ts), so parallel runs never collide.
 */
export const ROOT = path.resolve(__dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');

/** A fresh `tandem_rt_<prefix>_<random>` database on the machine's Postgres. */
export const createDatabase = (prefix: string): Promise<TestDatabase> => createTestDatabase(`rt_${prefix}`);

/** A free port for a node or Redis of this suite, locked until it stops (or this process exits). */
export async function freePort(): Promise<number> {
  const port = await pickPort(REALTIME_TEST_PORTS);
  if (!port) throw new Error(`no free port in ${REALTIME_TEST_PORTS.base}-${REALTIME_TEST_PORTS.base + REALTIME_TEST_PORTS.count - 1}`);
  return port;
}

const children = new Set<ChildProcess>();
// Never leave servers or Redis behind, even when a test throws or vitest is interrupted
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

// ---------- a private Redis (never the machine's shared one) ----------

export interface PrivateRedis {
  /** Known once started (the port is picked at the first start and kept across restarts). */
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** `redis-cli shutdown nosave`: everything in it, and every connection, is gone. */
  shutdown(): Promise<void>;
  stop(): Promise<void>;
}

export function privateRedis(fixedPort?: number): PrivateRedis {
  let proc: ChildProcess | null = null;
  let port = fixedPort ?? 0;
  const dir = fs.mkdtempSync('/tmp/tandem-rt-redis-');
  const r: PrivateRedis = {
    get url() {
      if (!port) throw new Error('privateRedis: start() it before reading its url');
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    async start() {
      if (!port) port = await freePort();
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      children.add(proc);
      await waitFor(`redis on ${port}`, () => canConnect(port), 10_000);
    },
    async shutdown() {
      if (port) spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore', timeout: 5000 });
      if (proc && proc.exitCode === null) await Promise.race([once(proc, 'exit'), sleep(3000)]);
      if (proc && proc.exitCode === null) proc.kill('SIGKILL');
      proc = null;
    },
    async stop() {
      await r.shutdown();
      if (!fixedPort) releasePort(port);
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
  /** Default: a free port of this suite's range, locked until the node stops. */
  port?: number;
  /** The loopback address it listens on (default 127.0.0.1; any 127.x.y.z is this machine). */
  host?: string;
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<NodeProc> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first (cd server && npx tsc -p tsconfig.build.json)`);
  const port = opts.port ?? (await freePort());
  const host = opts.host ?? '127.0.0.1';
  const release = () => {
    if (!opts.port) releasePort(port);
  };
  let out = '';
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: host,
      DATABASE_URL: opts.databaseUrl,
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
      NODE_NAME: opts.name,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://${host}:${port}`,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let stopping = false;
  // A node that dies on its own is the story of a failing test: print why.
  proc.on('exit', (code, signal) => {
    if (!stopping) console.error(`[harness] ${opts.name} exited unexpectedly (code ${code}, signal ${signal}); its last output:\n${out.slice(-3000)}`);
  });
  const url = `http://${host}:${port}`;
  const node: NodeProc = {
    name: opts.name,
    port,
    url,
    proc,
    output: () => out,
    async stop() {
      stopping = true;
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await Promise.race([once(proc, 'exit'), sleep(8000)]);
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      }
      release();
    },
    async kill() {
      stopping = true;
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await once(proc, 'exit');
      }
      release();
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

export const tokenFor = (baseUrl: string, username: string): Promise<string> => oauthToken(baseUrl, username);

export async function projectId(baseUrl: string, token: string, fullPath: string): Promise<number> {
  const r = await call<{ id: number }>(baseUrl, 'GET', `/api/v4/projects/${encodeURIComponent(fullPath)}`, { auth: tokenAuth(token, 'bearer') });
  if (r.status !== 200) throw new Error(`project ${fullPath}: ${r.status}`);
  return r.body.id;
}

export async function updateIssue(baseUrl: string, token: string, project: number, iid: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await call<Record<string, unknown>>(baseUrl, 'PUT', `/api/v4/projects/${project}/issues/${iid}`, { auth: tokenAuth(token, 'bearer'), body });
  if (r.status !== 200) throw new Error(`update issue ${iid} via ${baseUrl}: ${r.status} ${r.text}`);
  return r.body;
}

/** Two nodes sharing a fresh database and a private Redis, alice's token and the demo project's id. */
export interface TwoNodes {
  a: NodeProc;
  b: NodeProc;
  alice: string;
  /** The id of `projectPath`. */
  pid: number;
  stop(): Promise<void>;
}

export async function startTwoNodes(prefix: string, projectPath = 'acme/tandem'): Promise<TwoNodes> {
  const db = await createDatabase(prefix);
  const redis = privateRedis();
  await redis.start();
  // One after the other: the first migrates and seeds, the second finds it done
  const a = await startNode({ name: 'node-a', databaseUrl: db.url, redisUrl: redis.url });
  const b = await startNode({ name: 'node-b', databaseUrl: db.url, redisUrl: redis.url });
  const alice = await tokenFor(a.url, 'alice');
  const pid = await projectId(a.url, alice, projectPath);
  return {
    a,
    b,
    alice,
    pid,
    stop: async () => {
      await Promise.allSettled([a.stop(), b.stop()]);
      await redis.stop();
      await db.drop();
    },
  };
}
