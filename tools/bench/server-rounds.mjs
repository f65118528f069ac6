// What the builds-alternated benchmarks share (path-put-bench, read-path-bench): a built server
// on a fresh database, alice's token, CPU readings of the server and of the database's Postgres
// backends, and a closed loop of 16 workers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const pg = createRequire(path.join(ROOT, 'server/package.json'))('pg');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The --server paths given (default: this tree's build). */
export function serversOf(args) {
  const servers = args.flatMap((a, i) => (a === '--server' ? [path.resolve(args[i + 1])] : []));
  return servers.length ? servers : [path.join(ROOT, 'server/dist/main.js')];
}

/** CPU time (ms) a process has used. */
export const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

/** CPU of a database's Postgres backends (their command lines name the database). */
export const backendsMs = (db) => {
  let t = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(db)) t += cpuMs(d);
    } catch {
      // gone meanwhile
    }
  }
  return t;
};

export async function admin(sql) {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Starts `main` on a fresh database `db` (the demo seeded), waits until it is ready, and runs
 * `fn({ url, pid, token })` with alice's token; stops it after. BENCH_SERVER_NODE_ARGS: node's
 * own flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function withServer(main, db, port, fn) {
  await admin(`DROP DATABASE IF EXISTS ${db}`);
  await admin(`CREATE DATABASE ${db}`);
  const url = `http://127.0.0.1:${port}`;
  const p = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, THROTTLE_API_WRITES_PER_USER: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${url}/-/readiness`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error(`${main} did not start`);
      await sleep(200);
    }
    const res = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username: 'alice', password: 'tandem-demo' }) });
    const token = (await res.json()).access_token;
    return await fn({ url, pid: p.pid, token });
  } finally {
    p.kill('SIGINT');
    await Promise.race([new Promise((r) => p.once('exit', r)), sleep(10_000)]);
  }
}

/**
 * 16 closed-loop workers fetching `request(worker, i)` (`[url, init]`; ok when the answer is) for
 * `ms` after a warm-up of the same; the rate and the server's and backends' CPU per request.
 */
export async function measureLoop({ pid, db, ms, request }) {
  const one = async (w, i) => {
    const r = await fetch(...request(w, i));
    await r.arrayBuffer();
    return r.ok;
  };
  const load = async (span) => {
    let ok = 0;
    let bad = 0;
    const end = Date.now() + span;
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; Date.now() < end; i++) {
          if (await one(w, i)) ok++;
          else bad++;
        }
      }),
    );
    return { ok, bad };
  };
  await load(Math.min(4000, ms));
  const c0 = cpuMs(pid);
  const g0 = backendsMs(db);
  const t0 = Date.now();
  const { ok, bad } = await load(ms);
  const secs = (Date.now() - t0) / 1000;
  return { rate: ok / secs, bad, server: (cpuMs(pid) - c0) / ok, backends: (backendsMs(db) - g0) / ok };
}

/** The builds (--server ...), rounds (--rounds) and measured milliseconds (--ms) asked for. */
export function roundsOptions(args, defaults) {
  const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  return { servers: serversOf(args), rounds: opt('--rounds', defaults.rounds), ms: opt('--ms', defaults.ms) };
}

/** Runs every build once a round, the first of a round alternating, printing its rate (`unit`) and CPU per request (`per`); then drops `db`. */
export async function alternateRounds({ servers, rounds, db, run, unit, per }) {
  for (let r = 1; r <= rounds; r++) {
    for (const main of r % 2 ? servers : [...servers].reverse()) {
      const x = await run(main);
      console.log(`round ${r} ${path.relative(ROOT, main)}: ${x.rate.toFixed(0)} ${unit} (${x.bad} refused), server CPU ${x.server.toFixed(2)} ms per ${per}, Postgres backends ${x.backends.toFixed(2)} ms per ${per}`);
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${db}`);
}
