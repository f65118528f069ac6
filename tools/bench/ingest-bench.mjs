#!/usr/bin/env node
// Error-tracking ingest beside its floor (issue #22): sustained ingest of @sentry/node-sized
// events with 4 closed-loop senders, against a bare floor that inserts the same JSON rows with raw
// `pg` (4 connections, one INSERT per event) in the same run; then the title PUT p50 of one
// writer, idle and while ingest runs at the required rate (0.5x the floor, paced).
// Usage: node tools/bench/ingest-bench.mjs [--ms 10000] [--rounds 3] [--save] [--profile]
//   --profile: one closed-loop ingest only, with its transactions per event (for BENCH_NODE_ARGS profiles).
//   The title phases alternate, idle then while ingesting, --rounds times; the medians are reported.
//   The event is the envelope the real @sentry/node SDK sends for a thrown TypeError (captured
//   from the SDK at the start of the run, with its context lines and default integrations), sent
//   again with a fresh event_id each time. Tandem's figure counts events both answered 200 and
//   written (the run waits for the writer's backlog before it stops the clock).
// Needs: the server built (npm run build), Postgres on 127.0.0.1:5432 with trust auth
// (TANDEM_BENCH_PG_URL to override). --save writes the section ingest of docs/benchmarks.md.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { calibrate, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.INGEST_BENCH_PORT ?? 3491);
const PROJECT = 'acme/tandem';
const SENDERS = 4;
const args = process.argv.slice(2);
const MS = Number(args.includes('--ms') ? args[args.indexOf('--ms') + 1] : 10000);
const ROUNDS = Number(args.includes('--rounds') ? args[args.indexOf('--rounds') + 1] : 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 10) {
  console.error('ingest-bench: --rounds must be an integer from 1 to 10');
  process.exit(2);
}
if (!Number.isInteger(MS) || MS < 1000 || MS > 120_000) {
  console.error('ingest-bench: --ms must be an integer from 1000 to 120000');
  process.exit(2);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
const json = async (url, token, method = 'GET', body) => {
  const r = await request(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`${method} ${url}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
  return r.text ? JSON.parse(r.text) : null;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/** The envelope @sentry/node sends for one thrown error: a local server catches it from the real SDK. */
async function captureSdkEnvelope() {
  let body = null;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      // The error's envelope (not a session or client report)
      if (req.url.includes('/envelope/') && !body && bytes.toString('utf8').split('\n')[1]?.includes('"type":"event"')) body = { bytes, encoding: req.headers['content-encoding'] ?? null };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const dsn = `http://tdet_capture@127.0.0.1:${server.address().port}/1`;
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'test/e2e/support/sentry-sender.cjs')], { env: { ...process.env, SENTRY_DSN: dsn, SEND_MESSAGE: 'Invoice render failed' }, timeout: 30_000 });
  server.close();
  if (!body) throw new Error('the SDK sent no envelope');
  if (body.encoding) throw new Error(`the SDK compressed its envelope (${body.encoding}); the bench sends it plain`);
  const text = body.bytes.toString('utf8');
  const [, , item] = text.split('\n');
  return { text, event: JSON.parse(item) };
}

const freshId = () => crypto.randomUUID().replace(/-/g, '');
/** The SDK's envelope with a new event id (same size: ids are 32 hex digits). */
const envelopeWithNewId = (text, oldId) => text.replaceAll(oldId, freshId());

async function withDatabase(fn) {
  const name = `tandem_ingest_bench_${Date.now().toString(36)}`;
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

/** CPU time (user + system, or one of them; ms) a process has used so far, from /proc (Linux; 0 when unreadable). */
function cpuMsOf(pid, part = 'both', tid = null) {
  try {
    const fields = fs.readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const [user, system] = [Number(fields[11]), Number(fields[12])];
    return ((part === 'user' ? user : part === 'system' ? system : user + system) * 1000) / 100;
  } catch {
    return 0;
  }
}
/** The CPU (ms) of the database's Postgres backends; `pids` pins the set measured. */
const backendsCpuMs = (pids) => pids.reduce((a, pid) => a + cpuMsOf(pid), 0);

/**
 * `loops` loops calling `step(loop)` one after another for `ms`: as fast as each answers, or,
 * with `rate`, each call on its own schedule so that all of them make `rate` calls a second.
 */
async function inLoops(ms, rate, loops, step) {
  const start = Date.now();
  const end = start + ms;
  await Promise.all(Array.from({ length: loops }, async (_, s) => {
    for (let k = 0; Date.now() < end; k++) {
      if (rate) {
        const due = start + ((k * loops + s) * 1000) / rate;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      await step(s);
    }
  }));
}

/**
 * The floor: 4 connections, each inserting one event's JSON row at a time, for `ms`. With `cpu`,
 * their backends' CPU is added to it. With `rate`, paced to that many rows/s in all (the load
 * beside the title PUTs, run on the senders' thread).
 */
async function floor(databaseUrl, event, ms, cpu = null, rate = null) {
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_floor_events (id bigserial PRIMARY KEY, error_id bigint NOT NULL, event_id text NOT NULL, occurred_at timestamptz NOT NULL, payload jsonb NOT NULL)');
  await setup.end();
  const clients = await Promise.all(Array.from({ length: SENDERS }, async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    return c;
  }));
  const pids = cpu ? await Promise.all(clients.map(async (c) => (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p)) : [];
  const cpu0 = backendsCpuMs(pids);
  let n = 0;
  const t0 = process.hrtime.bigint();
  await inLoops(ms, rate, clients.length, async (s) => {
    await clients[s].query('INSERT INTO bench_floor_events (error_id, event_id, occurred_at, payload) VALUES ($1, $2, now(), $3)', [1, freshId(), JSON.stringify({ ...event, event_id: freshId() })]);
    n += 1;
  });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (cpu) Object.assign(cpu, { rows: n, pgMs: backendsCpuMs(pids) - cpu0 });
  await Promise.all(clients.map((c) => c.end()));
  return n / s;
}

/**
 * CPU per event of the ingest path's phases, measured in this process on the SDK's event with
 * the server's own code (process.cpuUsage: CPU time, so a loaded machine slows it less than it
 * slows wall time): envelope parse (JSON), normalise + fingerprint, the write's JSON rows.
 */
function phaseCpu(text) {
  const req = createRequire(path.join(ROOT, 'server/package.json'));
  const { eventsOf } = req(path.join(ROOT, 'server/dist/modules/error-tracking/ingest/sentry-protocol.js'));
  const { normalizeEvent } = req(path.join(ROOT, 'server/dist/modules/error-tracking/ingest/sentry-event.js'));
  const body = Buffer.from(text);
  const N = 3000;
  const us = (fn) => {
    for (let i = 0; i < 200; i++) fn();
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) fn();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / N;
  };
  const raw = eventsOf('envelope', body).events[0];
  const n = normalizeEvent(raw);
  return {
    parse: us(() => eventsOf('envelope', body)),
    normalize: us(() => normalizeEvent(raw)),
    rows: us(() => JSON.stringify([{ project_id: 1, fingerprint: n.fingerprint, event_id: n.eventId, occurred_at: n.occurredAt.toISOString(), level: n.level, environment: n.environment, release: n.release, payload: n.payload }])),
  };
}

async function main() {
  const cal = await calibrate();
  const { text, event } = await captureSdkEnvelope();
  console.log(`SDK envelope: ${text.length} bytes, ${event.exception?.values?.[0]?.stacktrace?.frames?.length ?? 0} frames`);
  await withDatabase(async (databaseUrl) => {
    const url = `http://127.0.0.1:${PORT}`;
    // BENCH_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const proc = spawn(process.execPath, [...extra, path.join(ROOT, 'server/dist/main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, THROTTLE_API_WRITES_PER_USER: '0', THROTTLE_ERROR_EVENTS_PER_KEY: '0', ...(process.env.ERROR_INGEST_CONNECTIONS ? { ERROR_INGEST_CONNECTIONS: process.env.ERROR_INGEST_CONNECTIONS } : {}) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      for (let i = 0; ; i++) {
        if (await request(`${url}/-/readiness`).then((r) => r.status === 200, () => false)) break;
        if (i > 300) throw new Error('Tandem did not become ready');
        await sleep(200);
      }
      const tok = await request(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username: 'alice', password: 'tandem-demo' }) });
      const token = JSON.parse(tok.text).access_token;
      const project = await json(`${url}/api/v4/projects/${encodeURIComponent(PROJECT)}`, token);
      await json(`${url}/api/v4/projects/${project.id}/error_tracking/settings`, token, 'PUT', { active: true, integrated: true });
      const key = await json(`${url}/api/v4/projects/${project.id}/error_tracking/client_keys`, token, 'POST');
      const ingestUrl = `${url}/api/v4/error_tracking/collector/api/${project.id}/envelope/`;
      const auth = `Sentry sentry_version=7, sentry_client=sentry.javascript.node, sentry_key=${key.public_key}`;
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const stored = async () => Number((await db.query('SELECT count(*)::int AS n FROM error_tracking_error_events')).rows[0].n);

      /**
       * Senders for `ms`: closed loop, or paced to `rate` events/s in all; counts 200s. They run
       * on a worker thread of their own (an application's SDK is another process): the title
       * PUTs' timing shares no event loop with them.
       */
      async function ingest(ms, rate = null) {
        const before = await stored();
        const t0 = Date.now();
        const worker = new Worker(new URL(import.meta.url), { workerData: { kind: 'senders', ingestUrl, auth, text, oldId: event.event_id, ms, rate } });
        const [{ ok, bad }] = await once(worker, 'message');
        await worker.terminate();
        // The clock stops when what was accepted is written
        for (let i = 0; (await stored()) - before < ok && i < 600; i++) await sleep(50);
        const s = (Date.now() - t0) / 1000;
        return { rate: ((await stored()) - before) / s, ok, bad };
      }

      /** The floor's inserts paced to `rate` rows/s for `ms`, on a thread of their own (as the senders): rows/s reached. */
      async function floorPaced(ms, rate) {
        const worker = new Worker(new URL(import.meta.url), { workerData: { kind: 'floor', databaseUrl, event, ms, rate } });
        const [reached] = await once(worker, 'message');
        await worker.terminate();
        return reached;
      }

      const issue = await json(`${url}/api/v4/projects/${project.id}/issues`, token, 'POST', { title: 'Bench title 0' });
      /** One writer's title PUTs for `ms`: the p50 in ms. */
      async function titles(ms) {
        const lat = [];
        const end = Date.now() + ms;
        let i = 0;
        while (Date.now() < end) {
          const t = process.hrtime.bigint();
          const r = await request(`${url}/api/v4/projects/${project.id}/issues/${issue.iid}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Bench title ${++i}` }) });
          if (r.status !== 200) throw new Error(`title PUT: HTTP ${r.status}`);
          lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
        return { p50: pct(lat, 50), n: lat.length };
      }

      await ingest(2000); // warm-up
      if (args.includes('--profile')) {
        // Profile mode: one closed-loop ingest beside one floor run, with CPU per event of the
        // server, of the database's backends and of the phases, and transactions per event
        // (statement counts and a CPU profile come from BENCH_NODE_ARGS, docs/error-tracking.md)
        const stats = async () => Number((await db.query('SELECT xact_commit::bigint AS c FROM pg_stat_database WHERE datname = current_database()')).rows[0].c);
        const floorCpu = {};
        const floorRate = await floor(databaseUrl, event, MS, floorCpu);
        const pids = (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
        // The server's own background work (pollers, timers) at rest, taken off its figure below
        const i0 = [cpuMsOf(proc.pid), backendsCpuMs(pids), Date.now()];
        await sleep(3000);
        const idle = { server: (cpuMsOf(proc.pid) - i0[0]) / (Date.now() - i0[2]), pg: (backendsCpuMs(pids) - i0[1]) / (Date.now() - i0[2]) };
        const t0 = Date.now();
        const [c0, s0, b0, k0, m0] = [await stats(), cpuMsOf(proc.pid), backendsCpuMs(pids), cpuMsOf(proc.pid, 'system'), cpuMsOf(proc.pid, 'both', proc.pid)];
        const p = await ingest(MS);
        const span = Date.now() - t0;
        const [commits, serverMs, pgMs] = [(await stats()) - c0, cpuMsOf(proc.pid) - s0 - idle.server * span, backendsCpuMs(pids) - b0 - idle.pg * span];
        const per = (ms) => ((ms * 1000) / Math.max(1, p.ok)).toFixed(0);
        const ph = phaseCpu(text);
        console.log(`profile: floor ${floorRate.toFixed(0)} rows/s, its backends ${((floorCpu.pgMs * 1000) / Math.max(1, floorCpu.rows)).toFixed(0)} µs CPU per row`);
        console.log(`profile: tandem ${p.rate.toFixed(0)} events/s written (${p.ok} ok, ${p.bad} refused); ${commits} transactions, ${(commits / Math.max(1, p.ok)).toFixed(3)} per event`);
        console.log(`profile: at rest the server used ${(idle.server * 100).toFixed(1)}% of a CPU, its backends ${(idle.pg * 100).toFixed(1)}% (taken off below)`);
        const kernelMs = cpuMsOf(proc.pid, 'system') - k0;
        // The main thread (its event loop serves issue writes too): the task whose id is the process's
        const mainMs = cpuMsOf(proc.pid, 'both', proc.pid) - m0;
        console.log(`profile: CPU per event: server ${per(serverMs)} µs (${per(kernelMs)} µs of it in the kernel; its main thread ${per(mainMs)} µs, at-rest share not taken off), Postgres backends ${per(pgMs)} µs; phases in-process: envelope parse ${ph.parse.toFixed(0)} µs, normalise + fingerprint ${ph.normalize.toFixed(0)} µs, write rows JSON ${ph.rows.toFixed(0)} µs`);
        await db.end();
        return;
      }
      // Floor and Tandem alternate, so both see the same machine; medians are reported
      const floors = [];
      const fulls = [];
      for (let r = 0; r < ROUNDS; r++) {
        floors.push(await floor(databaseUrl, event, MS));
        fulls.push(await ingest(MS));
        console.log(`round ${r + 1}: floor ${floors[r].toFixed(0)} rows/s, tandem ${fulls[r].rate.toFixed(0)} events/s written (${fulls[r].ok} ok, ${fulls[r].bad} refused)`);
      }
      const floorRate = pct(floors, 50);
      const full = { rate: pct(fulls.map((f) => f.rate), 50), bad: fulls.reduce((a, f) => a + f.bad, 0) };
      const ingestRounds = floors.map((f, i) => `${f.toFixed(0)} / ${fulls[i].rate.toFixed(0)}`).join('; ');
      await titles(2000); // warm-up
      const target = Math.max(1, floorRate * 0.5);
      const idles = [];
      const busys = [];
      const paceds = [];
      const floorBusys = [];
      const floorTargets = [];
      for (let r = 0; r < ROUNDS; r++) {
        idles.push(await titles(MS));
        const [b, p] = await Promise.all([titles(MS), ingest(MS, target)]);
        busys.push(b);
        paceds.push(p);
        // The same PUTs beside the floor's bare inserts at the rate Tandem's ingest reached: what
        // writing that many rows costs the machine without Tandem
        const [fb, fr] = await Promise.all([titles(MS), floorPaced(MS, p.rate)]);
        floorBusys.push({ ...fb, rate: fr });
        // And beside the floor's inserts at the goal's rate: what the machine allows there at all
        const [ft, ftr] = await Promise.all([titles(MS), floorPaced(MS, target)]);
        floorTargets.push({ ...ft, rate: ftr });
        console.log(`round ${r + 1}: title PUT p50 idle ${idles[r].p50.toFixed(2)} ms, while ingesting ${p.rate.toFixed(0)}/s (target ${target.toFixed(0)}/s) ${b.p50.toFixed(2)} ms, beside the floor inserting ${fr.toFixed(0)} rows/s ${fb.p50.toFixed(2)} ms, beside the floor inserting at the target (${ftr.toFixed(0)} rows/s) ${ft.p50.toFixed(2)} ms`);
      }
      const median = (xs) => pct(xs, 50);
      const idle = { p50: median(idles.map((x) => x.p50)), n: idles.reduce((a, x) => a + x.n, 0) };
      const busy = { p50: median(busys.map((x) => x.p50)), n: busys.reduce((a, x) => a + x.n, 0) };
      const paced = { rate: median(paceds.map((x) => x.rate)) };
      const floorBusy = { p50: median(floorBusys.map((x) => x.p50)), rate: median(floorBusys.map((x) => x.rate)) };
      const floorTarget = { p50: median(floorTargets.map((x) => x.p50)), rate: median(floorTargets.map((x) => x.rate)) };
      const rounds = idles.map((x, i) => `${x.p50.toFixed(1)} / ${busys[i].p50.toFixed(1)} / ${floorBusys[i].p50.toFixed(1)} / ${floorTargets[i].p50.toFixed(1)}`).join('; ');
      await db.end();

      const ratio = full.rate / floorRate;
      const slow = busy.p50 / idle.p50;
      const md = [
        '## Error-tracking ingest (issue #22)',
        '',
        `The event: the envelope @sentry/node sends for one thrown TypeError (${text.length} bytes, captured from the SDK in this run). ${SENDERS} closed-loop senders for ${MS / 1000} s; Tandem's rate counts events answered 200 **and** written (the clock stops when the writer's backlog is empty). The floor inserts the same event JSON as rows with raw \`pg\` (${SENDERS} connections, one INSERT each) on the same Postgres in the same run.`,
        '',
        '| measure | figure | requirement |',
        '|---|---|---|',
        `| floor: raw pg INSERTs of the event JSON, ${SENDERS} connections (median of ${ROUNDS}) | ${floorRate.toFixed(0)} rows/s | |`,
        `| Tandem ingest, ${SENDERS} senders (HTTP, parse, group, batched write; median of ${ROUNDS}) | ${full.rate.toFixed(0)} events/s (**${ratio.toFixed(2)}x** the floor; ${full.bad} refused) | at least 0.5x |`,
        `| title PUT p50, one writer, idle (median of ${ROUNDS} rounds) | ${idle.p50.toFixed(2)} ms (${idle.n} PUTs) | |`,
        `| title PUT p50 while ingesting at ${paced.rate.toFixed(0)} events/s (paced to 0.5x the floor, ${target.toFixed(0)}/s; median of ${ROUNDS} rounds) | ${busy.p50.toFixed(2)} ms (**${slow.toFixed(2)}x** idle) | at most 1.3x |`,
        `| floor: title PUT p50 while the floor inserts the same rows at the rate Tandem's ingest reached (${floorBusy.rate.toFixed(0)} rows/s; median of ${ROUNDS} rounds) | ${floorBusy.p50.toFixed(2)} ms (**${(floorBusy.p50 / idle.p50).toFixed(2)}x** idle) | |`,
        `| floor: title PUT p50 while the floor inserts the same rows paced to the goal's rate (${target.toFixed(0)}/s offered, ${floorTarget.rate.toFixed(0)} rows/s reached; median of ${ROUNDS} rounds) | ${floorTarget.p50.toFixed(2)} ms (**${(floorTarget.p50 / idle.p50).toFixed(2)}x** idle) | |`,
        '',
        `Rounds (floor rows/s / Tandem events/s, alternating): ${ingestRounds}. Rounds (title p50 ms, idle / ingesting / beside the floor's inserts at Tandem's rate / at the goal's rate, in turn): ${rounds}.`,
        '',
        'The senders run on a worker thread of the bench (their own event loop, as an SDK is another process), so the title PUTs are timed on an event loop of their own; the load average at the end is recorded below.',
      ].join('\n');
      if (args.includes('--save')) writeSection('ingest', md, `node tools/bench/ingest-bench.mjs --ms ${MS} --rounds ${ROUNDS} --save`, cal);
      else console.log(`\n${md}\n`);
    } finally {
      proc.kill('SIGTERM');
      await Promise.race([once(proc, 'exit'), sleep(10_000)]);
      agent.destroy();
    }
  });
}

/** The senders' thread (see ingest()): SENDERS loops posting the envelope with a fresh id each time. */
async function senders({ ingestUrl, auth, text, oldId, ms, rate }) {
  const send = () => request(ingestUrl, { method: 'POST', headers: { 'x-sentry-auth': auth, 'content-type': 'application/x-sentry-envelope' }, body: envelopeWithNewId(text, oldId) });
  let ok = 0;
  let bad = 0;
  await inLoops(ms, rate, SENDERS, async () => {
    const r = await send();
    if (r.status === 200) ok += 1;
    else bad += 1;
  });
  agent.destroy();
  return { ok, bad };
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else if (workerData.kind === 'floor') {
  floor(workerData.databaseUrl, workerData.event, workerData.ms, null, workerData.rate).then((r) => parentPort.postMessage(r));
} else {
  senders(workerData).then((r) => parentPort.postMessage(r));
}
