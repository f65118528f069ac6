#!/usr/bin/env node
// The write path on its own (no sockets), beside its floor: title changes per second with 16
// closed-loop writers and one writer's latency, Tandem vs the bare write floor, and how many
// SQL statements an issue request costs Tandem.
// Usage: node tools/bench/write-path-bench.mjs [--rounds 2] [--ms 10000] [--warmup 10000] [--redis] [--save]
//          [--server path/to/dist/main.js ...] [--floor-dir ../shared/tools/floor] [--also-express]
//   Every round starts each server on a fresh database and runs, alternating (A B, then B A, ...),
//   `write-load.mjs` with 16 writers on 20 issues, then with one writer; the floor is
//   `write-floor.js` (from --floor-dir, by default ../shared/tools/floor beside the repository).
//   Several --server builds are measured in the same alternation; --also-express adds each build
//   again with FAST_ROUTES=false. BENCH_NODE_ARGS adds Node flags to Tandem's server (e.g.
//   "--cpu-prof --cpu-prof-dir=/tmp/prof", or "--perf-basic-prof" for `perf record`). --redis gives Tandem a Redis
//   (REDIS_URL; without it, the in-process bus). --save writes the section write-path of
//   docs/benchmarks.md with the machine and this command.
// Needs: the server built (cd server && npx tsc -p tsconfig.build.json), Postgres on
// 127.0.0.1:5432 with trust auth (TANDEM_BENCH_PG_URL to override), redis-server on the PATH
// for --redis. Every loop is bounded.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, machineLine, recordSummary, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECT = 'acme/tandem';
const args = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The value after a flag, or the default. */
function opt(name, dflt) {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`);
  return v;
}
function positive(name, dflt) {
  const v = Number(opt(name, dflt));
  if (!Number.isInteger(v) || v <= 0) fail(`${name} must be a positive integer`);
  return v;
}
function fail(message) {
  console.error(`write-path-bench: ${message}`);
  process.exit(2);
}

/** TANDEM_BENCH_PORT_SHIFT moves every port this bench opens (e.g. 1100: 4711-4713, 4796). */
const PORT_SHIFT = Number(process.env.TANDEM_BENCH_PORT_SHIFT ?? 0);

// ---------- statement counting (a child process per build) ----------

async function withDatabase(fn) {
  const name = `tandem_wp_bench_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await fn(PG_ADMIN.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

async function signIn(url, username = 'alice') {
  const r = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password: 'tandem-demo' }),
  });
  if (!r.ok) throw new Error(`sign-in as ${username}: HTTP ${r.status}`);
  return (await r.json()).access_token;
}

/**
 * Statements per request, counted in-process by wrapping pg.Client#query (the server's own pg).
 * Each figure is the least of three tries, so a background sweep landing in one does not count.
 */
async function countStatements(serverMain, redisUrl) {
  const dist = path.dirname(serverMain);
  const load = createRequire(serverMain);
  const spg = load('pg');
  const { io } = require('socket.io-client');
  const { startApp } = load(path.join(dist, 'app.js'));
  const { loadConfig } = load(path.join(dist, 'core/config/config.js'));
  let counted = null;
  const original = spg.Client.prototype.query;
  spg.Client.prototype.query = function (...a) {
    if (counted) counted.n++;
    return original.apply(this, a);
  };
  const count = async (fn) => {
    counted = { n: 0 };
    try {
      await fn();
      return counted.n;
    } finally {
      counted = null;
    }
  };
  const leastOf3 = async (fn) => Math.min(await count(() => fn(0)), await count(() => fn(1)), await count(() => fn(2)));
  const sockets = [];
  try {
    return await withDatabase(async (databaseUrl) => {
      const env = { DATABASE_URL: databaseUrl, PORT: String(3613 + PORT_SHIFT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'production', THROTTLE_API_WRITES_PER_USER: '0', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
      const app = await startApp(loadConfig(env));
      try {
        const tok = await signIn(app.url, 'alice');
        const h = { authorization: `Bearer ${tok}`, 'content-type': 'application/json' };
        const ok = async (r) => {
          await r.arrayBuffer();
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
        };
        let k = 0;
        const putTitle = () => fetch(`${app.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/2`, { method: 'PUT', headers: h, body: JSON.stringify({ title: `count ${k++}` }) }).then(ok);
        const putPage = () => fetch(`${app.url}/${PROJECT}/-/issues/2.json`, { method: 'PUT', headers: h, body: JSON.stringify({ issue: { title: `count ${k++}` } }) }).then(ok);
        const getIssue = () => fetch(`${app.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/2`, { headers: h }).then(ok);
        // a subscribe check: alice's socket holds the issue's room open, bob's first subscribe
        // to it misses the per-user check cache, so it runs the check (and the join)
        const connect = async (username) => {
          const s = io(app.url, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: await signIn(app.url, username) } });
          sockets.push(s);
          await new Promise((resolve, reject) => {
            s.once('connect', resolve);
            s.once('connect_error', reject);
          });
          return s;
        };
        const subscribe = (s, iid) =>
          new Promise((resolve, reject) => {
            s.emit('subscribe', { channel: 'IssuesChannel', project_path: PROJECT, iid }, (ack) => (ack?.ok ? resolve() : reject(new Error(`subscribe ${iid}: ${JSON.stringify(ack)}`))));
          });
        const holder = await connect('alice');
        const subscriber = await connect('bob');
        for (const iid of [5, 6, 7, 8]) await subscribe(holder, iid);
        await putTitle();
        await putPage();
        await getIssue();
        await subscribe(subscriber, 5); // warm (first use of the code path)
        return {
          putTitle: await leastOf3(putTitle),
          putPage: await leastOf3(putPage),
          getIssue: await leastOf3(getIssue),
          subscribeCheck: await leastOf3((i) => subscribe(subscriber, 6 + i)),
        };
      } finally {
        for (const s of sockets) s.close();
        await app.close();
      }
    });
  } finally {
    spg.Client.prototype.query = original;
  }
}

// `--count <main.js> [redis url]`: the child process that counts one build's statements (one
// build per process: two builds' GraphQL decorators must not meet in one @nestjs/graphql registry)
const countArg = args.indexOf('--count');
if (countArg >= 0) {
  const counts = await countStatements(path.resolve(args[countArg + 1]), args[countArg + 2]);
  process.stdout.write(`\n${JSON.stringify(counts)}\n`);
  process.exit(0);
}

// ---------- options and preconditions ----------

const ROUNDS = positive(args.includes('--runs') ? '--runs' : '--rounds', 2);
const MS = positive('--ms', 10_000);
// Both servers get the same warm-up, long enough for V8 to finish optimising the hot path
// (a framework's code takes longer to settle than the floor's few functions): steady state.
const WARMUP_MS = positive('--warmup', 10_000);
const WRITERS = 16;
const ISSUES = 20;
const REDIS = args.includes('--redis');
const SAVE = args.includes('--save');
const TANDEM_PORT = 3611 + PORT_SHIFT;
const FLOOR_PORT = 3612 + PORT_SHIFT;
const REDIS_PORT = 3696 + PORT_SHIFT;
const FLOOR_DIR = path.resolve(ROOT, opt('--floor-dir', process.env.TANDEM_FLOOR_DIR ?? '../shared/tools/floor'));
const FLOOR_SERVER = path.join(FLOOR_DIR, 'write-floor.js');
const FLOOR_LOAD = path.join(FLOOR_DIR, 'write-load.mjs');
for (const file of [FLOOR_SERVER, FLOOR_LOAD]) {
  if (!fs.existsSync(file)) {
    fail(
      `the write floor is missing: ${file} does not exist.\n` +
        `  This bench compares Tandem with write-floor.js and drives both with write-load.mjs from ${FLOOR_DIR}\n` +
        `  (by default ../shared/tools/floor relative to the repository root). Pass --floor-dir <folder> or set TANDEM_FLOOR_DIR.`,
    );
  }
}
const servers = args.flatMap((a, i) => (a === '--server' ? [path.resolve(args[i + 1])] : []));
if (!servers.length) servers.push(path.join(ROOT, 'server/dist/main.js'));
for (const s of servers) if (!fs.existsSync(s)) fail(`${s} does not exist: build the server first (cd server && npx tsc -p tsconfig.build.json)`);
const label = (s) => path.relative(ROOT, s) || s;
// --also-express: each build once more with FAST_ROUTES=false (the title PUT through Express and Nest)
const viaExpress = args.includes('--also-express')
  ? servers.map((main) => ({ kind: 'tandem', main, name: `tandem ${label(main)} FAST_ROUTES=false`, env: { FAST_ROUTES: 'false' } }))
  : [];
const contenders = [...servers.map((main) => ({ kind: 'tandem', main, name: `tandem ${label(main)}` })), ...viaExpress, { kind: 'floor', name: 'floor' }];

const CALIBRATION = await calibrate();
console.log(machineLine(CALIBRATION));
console.log(`${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${MS} ms per server and load; Tandem ${REDIS ? 'with Redis' : 'with the in-process bus'}; floor from ${FLOOR_DIR}`);

// ---------- running the servers ----------

const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
process.on('SIGINT', () => process.exit(130));

async function startRedis() {
  const dir = fs.mkdtempSync('/tmp/tandem-wp-bench-redis-');
  const p = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  children.add(p);
  p.once('error', (e) => fail(`redis-server could not start (${e.message}); --redis needs it on the PATH`));
  await sleep(300);
  return {
    url: `redis://127.0.0.1:${REDIS_PORT}`,
    stop: async () => {
      if (p.exitCode === null && p.signalCode === null) {
        p.kill('SIGTERM');
        await once(p, 'exit');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function procCpuMs(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * CPU ms of the Postgres backends serving `database` (their titles name it: "postgres: [cluster: ]user
 * db host(port) state"): the other half of a write's cost on a shared 2-core machine, and far less
 * disturbed by other load than a rate is. A backend that exits mid-run takes its CPU with it,
 * so the pools keep theirs open (both servers hold idle connections).
 */
function pgCpuMs(database) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmd)?.[1] === database) total += procCpuMs(pid);
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

// Three minutes: on a machine at load 20-30 a fresh database's migrations and seed took over one
async function waitUntil(what, ready, proc, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${what} exited (${proc.exitCode ?? proc.signalCode})`);
    if (Date.now() > deadline) throw new Error(`${what} did not become ready`);
    await sleep(200);
  }
}

/** Starts one contender on a fresh database; returns what write-load.mjs needs and a stop. */
async function start(c, databaseUrl, redis) {
  let proc;
  if (c.kind === 'tandem') {
    const url = `http://127.0.0.1:${TANDEM_PORT}`;
    // BENCH_NODE_ARGS: extra Node flags for Tandem's server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    proc = spawn(process.execPath, [...extra, c.main], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(TANDEM_PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ...(redis ? { REDIS_URL: redis.url } : {}), SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, THROTTLE_API_WRITES_PER_USER: '0', ...c.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(proc);
    await waitUntil(c.name, () => fetch(`${url}/-/readiness`).then((r) => r.ok, () => false), proc);
    const token = await signIn(url, 'alice');
    const r = await fetch(`${url}/api/v4/projects/${encodeURIComponent(PROJECT)}`, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`project ${PROJECT}: HTTP ${r.status}`);
    c.ctx = { url, token, projectId: (await r.json()).id };
  } else {
    const url = `http://127.0.0.1:${FLOOR_PORT}`;
    // write-floor.js loads pg and socket.io from the server workspace of its working directory
    proc = spawn(process.execPath, [FLOOR_SERVER, String(FLOOR_PORT), databaseUrl], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    children.add(proc);
    await waitUntil('the write floor', () => fetch(url).then(() => true, () => false), proc);
    c.ctx = { url, token: 'floor-token', projectId: 1 };
  }
  const database = databaseUrl.slice(databaseUrl.lastIndexOf('/') + 1);
  return {
    cpuMs: () => procCpuMs(proc.pid),
    pgCpuMs: () => pgCpuMs(database),
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await Promise.race([once(proc, 'exit'), sleep(10_000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
  };
}

/** One write-load.mjs run; its JSON line: put_per_s, ok, bad, p50_ms, p99_ms. */
async function writeLoad(ctx, writers, ms) {
  const p = spawn(process.execPath, [FLOOR_LOAD, ctx.url, String(ctx.projectId), ctx.token, String(writers), String(ms), String(ISSUES)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(p);
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  const [code] = await once(p, 'exit');
  if (code !== 0) throw new Error(`write-load.mjs exited ${code}`);
  const r = JSON.parse(out.trim().split('\n').pop());
  if (r.bad > 0) throw new Error(`${r.bad} of ${r.ok + r.bad} PUTs failed against ${ctx.url}`);
  return r;
}

/** One round of one contender: fresh database, start, warm up, 16 writers, 1 writer, stop. */
async function round(c, redis) {
  return withDatabase(async (databaseUrl) => {
    const server = await start(c, databaseUrl, redis);
    try {
      await writeLoad(c.ctx, WRITERS, WARMUP_MS);
      const c0 = server.cpuMs();
      const p0 = server.pgCpuMs();
      const many = await writeLoad(c.ctx, WRITERS, MS);
      const cpuPerPut = (server.cpuMs() - c0) / many.ok;
      const pgPerPut = (server.pgCpuMs() - p0) / many.ok;
      const one = await writeLoad(c.ctx, 1, MS);
      return { many, one, cpuPerPut, pgPerPut };
    } finally {
      await server.stop();
    }
  });
}

async function countInChild(serverMain, redis) {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--count', serverMain, ...(redis ? [redis.url] : [])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`counting statements for ${serverMain} failed (exit ${code})`);
  return JSON.parse(out.trim().split('\n').pop());
}

// ---------- the run ----------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const x2 = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
const ms = (v) => `${v.toFixed(1)} ms`;

const redis = REDIS ? await startRedis() : null;
const results = new Map(contenders.map((c) => [c, { rounds: [], statements: null }]));
try {
  for (const c of contenders.filter((x) => x.kind === 'tandem')) {
    results.get(c).statements = await countInChild(c.main, redis);
    const st = results.get(c).statements;
    console.log(`${c.name}: SQL statements per title PUT ${st.putTitle}, page .json PUT ${st.putPage}, issue GET ${st.getIssue}, subscribe check ${st.subscribeCheck}`);
  }
  console.log('floor: SQL statements per title PUT 5 (by construction: token+membership, BEGIN, UPDATE, note+event INSERT, COMMIT)');
  const floor = contenders.at(-1);
  for (let r = 0; r < ROUNDS; r++) {
    // Each round starts with the next contender: on a loaded machine the first of a round fared
    // worst (2026-11-27: 20 against 40 PUT/s for the same code), so no server is always first
    for (const c of contenders.map((_, i) => contenders[(i + r) % contenders.length])) {
      const x = await round(c, redis);
      results.get(c).rounds.push(x);
      console.log(
        `round ${r + 1} ${c.name}: ${WRITERS} writers ${x.many.put_per_s.toFixed(1)} PUT/s (p50 ${ms(x.many.p50_ms)}, p99 ${ms(x.many.p99_ms)}), ` +
          `1 writer p50 ${ms(x.one.p50_ms)}, p99 ${ms(x.one.p99_ms)} (${x.one.put_per_s.toFixed(1)} PUT/s); server CPU ${x.cpuPerPut.toFixed(2)} ms per PUT, Postgres CPU ${x.pgPerPut.toFixed(2)} ms per PUT`,
      );
    }
    const f = results.get(floor).rounds[r];
    for (const c of contenders.filter((x) => x.kind === 'tandem')) {
      const t = results.get(c).rounds[r];
      console.log(`round ${r + 1} ${c.name} vs floor: PUT/s ${x2(t.many.put_per_s / f.many.put_per_s)} (goal >= 0.8x), 1-writer p50 ${x2(t.one.p50_ms / f.one.p50_ms)} (goal <= 1.5x)`);
    }
  }
} finally {
  await redis?.stop();
}

// medians over the rounds, and the ratios of the medians
const med = new Map(
  [...results].map(([c, r]) => [
    c,
    {
      perSecond: median(r.rounds.map((x) => x.many.put_per_s)),
      manyP50: median(r.rounds.map((x) => x.many.p50_ms)),
      manyP99: median(r.rounds.map((x) => x.many.p99_ms)),
      oneP50: median(r.rounds.map((x) => x.one.p50_ms)),
      oneP99: median(r.rounds.map((x) => x.one.p99_ms)),
      cpuPerPut: median(r.rounds.map((x) => x.cpuPerPut)),
      pgPerPut: median(r.rounds.map((x) => x.pgPerPut)),
    },
  ]),
);
const fm = med.get(contenders.at(-1));
console.log(`\nSummary (medians of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}):`);
const lines = [
  '| server | 16 writers: PUT/s (each round) | PUT/s vs floor | 16 writers p50 / p99 ms | 1 writer p50 / p99 ms | 1-writer p50 vs floor | server CPU per PUT ms | Postgres CPU per PUT ms | SQL statements: title PUT / issue GET / subscribe check |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const [c, r] of results) {
  const m = med.get(c);
  const st = r.statements;
  const vsPut = c.kind === 'tandem' ? x2(m.perSecond / fm.perSecond) : '';
  const vsP50 = c.kind === 'tandem' ? x2(m.oneP50 / fm.oneP50) : '';
  console.log(
    `${c.name}: ${m.perSecond.toFixed(1)} PUT/s${vsPut ? ` (${vsPut} the floor, goal >= 0.8x)` : ''}; 16 writers p50 ${ms(m.manyP50)} p99 ${ms(m.manyP99)}; ` +
      `1 writer p50 ${ms(m.oneP50)}${vsP50 ? ` (${vsP50} the floor, goal <= 1.5x)` : ''} p99 ${ms(m.oneP99)}; CPU ${m.cpuPerPut.toFixed(2)} ms per PUT (Postgres ${m.pgPerPut.toFixed(2)}); ` +
      `SQL per title PUT / issue GET / subscribe check: ${st ? `${st.putTitle} / ${st.getIssue} / ${st.subscribeCheck}` : '5 / - / -'}`,
  );
  lines.push(
    `| ${c.kind === 'tandem' ? `Tandem \`${label(c.main)}\`` : 'floor'} | ${m.perSecond.toFixed(0)} (${r.rounds.map((x) => x.many.put_per_s.toFixed(0)).join(', ')}) | ${vsPut ? `**${vsPut}**` : ''} | ` +
      `${m.manyP50.toFixed(1)} / ${m.manyP99.toFixed(1)} | ${m.oneP50.toFixed(1)} / ${m.oneP99.toFixed(1)} | ${vsP50 ? `**${vsP50}**` : ''} | ${m.cpuPerPut.toFixed(2)} | ${m.pgPerPut.toFixed(2)} | ` +
      `${st ? `${st.putTitle} / ${st.getIssue} / ${st.subscribeCheck}` : '5 / - / -'} |`,
  );
}
// The ratio within each round (the two servers measured minutes apart) is what a noisy machine
// leaves comparable; their median does not move when one round of one server was disturbed
const perRound = [];
for (const [c, r] of results) {
  if (c.kind !== 'tandem') continue;
  const f = results.get(contenders.at(-1)).rounds;
  const puts = r.rounds.map((x, i) => x.many.put_per_s / f[i].many.put_per_s);
  const p50s = r.rounds.map((x, i) => x.one.p50_ms / f[i].one.p50_ms);
  const line =
    `Tandem \`${label(c.main)}\` vs the floor in each round: PUT/s ${puts.map(x2).join(', ')} (median **${x2(median(puts))}**); ` +
    `1-writer p50 ${p50s.map(x2).join(', ')} (median **${x2(median(p50s))}**).`;
  console.log(line.replaceAll('**', ''));
  perRound.push(line);
  if (c === contenders[0]) {
    const fm = results.get(contenders.at(-1));
    const fPut = median(fm.rounds.map((x) => x.many.put_per_s));
    const fP50 = median(fm.rounds.map((x) => x.one.p50_ms));
    recordSummary({
      goal: `Write path: title PUT/s with ${WRITERS} writers; one writer's p50`,
      tandem: `${median(r.rounds.map((x) => x.many.put_per_s)).toFixed(0)}/s; ${median(r.rounds.map((x) => x.one.p50_ms)).toFixed(1)} ms`,
      floor: `${fPut.toFixed(0)}/s; ${fP50.toFixed(1)} ms`,
      ratio: `${x2(median(puts))}; ${x2(median(p50s))} (medians of per-round ratios)`,
      target: '>= 0.8x; <= 1.5x',
      met: median(puts) >= 0.8 && median(p50s) <= 1.5,
    });
  }
}
if (SAVE) {
  const markdown =
    `### Write path: one node, no sockets, beside the write floor\n\n` +
    `Title changes (\`PUT /api/v4/projects/:id/issues/:iid\`, bearer token) on 20 issues, driven by the floor's \`write-load.mjs\`: ${WRITERS} closed-loop writers for ${MS / 1000} s, then one writer for ${MS / 1000} s, ` +
    `after a ${WARMUP_MS / 1000} s warm-up, each server on a fresh database, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} with the servers alternated; medians (and every round). ` +
    `Tandem runs its built server on Postgres ${REDIS ? 'with Redis (REDIS_URL)' : 'with the in-process bus (no REDIS_URL)'}. ` +
    `The floor (\`write-floor.js\`): raw \`pg\` and Socket.IO, no framework; one statement for token and membership, then BEGIN, UPDATE ... RETURNING, the system note and the event in one INSERT, COMMIT, one room emit, the JSON response. ` +
    `Goals (issue #27): PUT/s >= 0.8x the floor's, one writer's p50 <= 1.5x the floor's. ` +
    `Tandem's statements are counted by wrapping the server's \`pg.Client#query\` (in-process; least of three tries); the subscribe check is a second user's first subscribe to an issue whose room is open.\n\n${lines.join('\n')}\n\n${perRound.join('\n')}`;
  writeSection('write-path', markdown, `node tools/bench/write-path-bench.mjs${args.length ? ' ' + args.join(' ') : ''}`, CALIBRATION);
} else {
  console.log('\n(not saved: add --save to write the section write-path of docs/benchmarks.md)');
}
process.exit(0);
