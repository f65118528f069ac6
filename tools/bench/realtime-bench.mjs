#!/usr/bin/env node
// Realtime benchmarks P1-P6 (issue #3), side by side with a floor: a bare Socket.IO server
// (P1, P4, P6) or, for P2, a bare server doing the least honest write and one room emit
// (tools/bench/floor-fanout-server.mjs).
// Usage: node tools/bench/realtime-bench.mjs <p1|p2|p3|p4|p5|p6|all> [--quick] [--save] [--hops (p5)]
//   P2 scales down with --sockets N --issues N --seconds S (length of one open-loop step) and
//   takes its offered rates from --rates 25,50,... (default: a ladder until the first miss).
//   P5 --hops with KEEP_HOPS=1 keeps the raw hop files (one JSON line per hop and node) and prints their folder.
// Needs: server built (cd server && npx tsc -p tsconfig.build.json), Postgres on 127.0.0.1:5432
// (trust auth), redis-server on PATH. Loopback only; every loop is bounded in count and time.
// With --save, writes its figures into docs/benchmarks.md (between <!-- bench:pN --> markers).
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { calibrate, machineLine, recordSummary, writeSection as writeDocSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const args = process.argv.slice(2);
const VALUE_FLAGS = new Set(['--sockets', '--issues', '--seconds', '--rates', '--runs']);
const whichAt = args.findIndex((a, i) => !a.startsWith('--') && !VALUE_FLAGS.has(args[i - 1]));
const which = whichAt >= 0 ? args[whichAt] : 'all';
const QUICK = args.includes('--quick');
const SAVE = args.includes('--save');
/** The value after a flag, or the default. */
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  return v;
};
const num = (name, dflt) => {
  const v = Number(opt(name, dflt));
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECT = 'acme/tandem';
/** TANDEM_BENCH_PORT_SHIFT moves every port this bench opens (e.g. 1100: 4701-4799), so benches can run beside each other. */
const PORT_SHIFT = Number(process.env.TANDEM_BENCH_PORT_SHIFT ?? 0);
const PORT = (n) => n + PORT_SHIFT;
const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
process.on('SIGINT', () => process.exit(130));

// ---------- infrastructure ----------

async function createDb(tag) {
  const name = `tandem_rt_bench_${tag}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = PG_ADMIN.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      const d = new pg.Client({ connectionString: PG_ADMIN });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await d.end();
    },
    async query(text, params) {
      const q = new pg.Client({ connectionString: url });
      await q.connect();
      try {
        return (await q.query(text, params)).rows;
      } finally {
        await q.end();
      }
    },
  };
}

async function startRedis(port) {
  const dir = fs.mkdtempSync('/tmp/tandem-bench-redis-');
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  children.add(p);
  await sleep(300);
  return { url: `redis://127.0.0.1:${port}`, stop: async () => { p.kill('SIGTERM'); await once(p, 'exit'); fs.rmSync(dir, { recursive: true, force: true }); } };
}

async function waitHttp(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

async function startNode({ port, db, redis, name, env = {}, nodeArgs = [] }) {
  // BENCH_NODE_ARGS: extra Node flags for the server nodes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (BENCH_BARE_NODE_ARGS: the same for the bare Socket.IO floors, to profile both sides)
  const extra = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...nodeArgs];
  const p = spawn(process.execPath, ['--max-old-space-size=4096', ...extra, path.resolve(ROOT, process.env.TANDEM_BENCH_SERVER ?? 'server/dist/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
      NODE_NAME: name,
      LOG_LEVEL: 'warn',
      // One user writes for the whole run: the per-user write limit would refuse it
      THROTTLE_API_WRITES_PER_USER: '0',
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // LISTEN_BACKLOG=511 reruns a scenario with Node's default listen queue (the bare server gets the same)
      ...(process.env.LISTEN_BACKLOG ? { LISTEN_BACKLOG: process.env.LISTEN_BACKLOG } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(p);
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/-/readiness`);
  return {
    url,
    proc: p,
    cpuMs: () => {
      const f = fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    },
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p.pid}/status`, 'utf8'))?.[1] ?? 0),
    async stop(signal = 'SIGTERM') {
      if (p.exitCode !== null || p.signalCode !== null) return;
      p.kill(signal);
      await Promise.race([once(p, 'exit'), sleep(10_000)]);
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    },
  };
}

async function startBare(port) {
  const extra = (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const p = spawn(process.execPath, [...extra, path.join(ROOT, 'tools/bench/bare-server.mjs'), String(port), process.env.LISTEN_BACKLOG ?? '8192'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(p);
  const url = `http://127.0.0.1:${port}`;
  // ready = its HTTP server answers (404 for /)
  const deadline = Date.now() + 10_000;
  while (!(await fetch(url).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error('bare server did not start');
    await sleep(20);
  }
  return {
    url,
    cpuMs: () => {
      const f = fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * 10;
    },
    stop: async () => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      p.kill('SIGTERM');
      await once(p, 'exit');
    },
  };
}

class Workers {
  constructor(n) {
    this.list = Array.from({ length: n }, () => {
      const w = fork(path.join(ROOT, 'tools/bench/client-worker.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=4096'] });
      children.add(w);
      return w;
    });
  }
  async ready() {
    await Promise.all(this.list.map((w) => once(w, 'message')));
  }
  ask(w, msg, reply) {
    return new Promise((resolve, reject) => {
      const on = (m) => {
        if (m.cmd === 'error') {
          w.off('message', on);
          reject(new Error(m.message));
        } else if (m.cmd === reply) {
          w.off('message', on);
          resolve(m);
        }
      };
      w.on('message', on);
      w.send(msg);
    });
  }
  all(msg, reply) {
    return Promise.all(this.list.map((w) => this.ask(w, msg, reply)));
  }
  /** Opens `total` sockets split over the workers; socket i watches subs[i % subs.length]. */
  async open(url, token, subs, total, reconnect = false, floor = false) {
    const per = Math.ceil(total / this.list.length);
    const res = await Promise.all(
      this.list.map((w, k) => this.ask(w, { cmd: 'open', url, token, subs, count: Math.max(0, Math.min(per, total - k * per)), offset: k * per, reconnect, floor }, 'opened')),
    );
    return res.reduce((a, r) => ({ sockets: a.sockets + r.sockets, acked: a.acked + r.acked, failed: a.failed + r.failed }), { sockets: 0, acked: 0, failed: 0 });
  }
  async stats(withLatencies = false) {
    const res = await this.all({ cmd: 'stats', withLatencies }, 'stats');
    const per = new Map();
    let gaps = 0, dups = 0, received = 0, connected = 0;
    const lat = [];
    for (const r of res) {
      for (const [id, a] of r.perMutation) {
        const cur = per.get(id) ?? { n: 0, max: 0 };
        cur.n += a.n;
        cur.max = Math.max(cur.max, a.max);
        per.set(id, cur);
      }
      for (const l of r.latencies) lat.push(l);
      gaps += r.gaps;
      dups += r.dups;
      received += r.received;
      connected += r.connected;
    }
    return { per, gaps, dups, received, lat, connected };
  }
  async close() {
    await Promise.all(this.list.map((w) => this.ask(w, { cmd: 'close' }, 'closed').catch(() => undefined)));
    await Promise.all(this.list.map((w) => (w.exitCode === null ? once(w, 'exit') : undefined)));
  }
}

// ---------- API ----------

async function token(url, username = 'bob') {
  const r = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username, password: 'tandem-demo' }) });
  return (await r.json()).access_token;
}
async function projectIdOf(url, tok) {
  return (await (await fetch(`${url}/api/v4/projects/${encodeURIComponent(PROJECT)}`, { headers: { authorization: `Bearer ${tok}` } })).json()).id;
}
async function put(url, tok, pid, iid, body) {
  const r = await fetch(`${url}/api/v4/projects/${pid}/issues/${iid}`, { method: 'PUT', headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`PUT ${iid}: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
}
/** Makes the project have at least `n` issues (P2, P6). */
async function ensureIssues(url, tok, pid, n) {
  const have = (await (await fetch(`${url}/api/v4/projects/${pid}/issues?per_page=1`, { headers: { authorization: `Bearer ${tok}` } })).headers.get('x-total')) | 0;
  let next = have;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        next++;
        await fetch(`${url}/api/v4/projects/${pid}/issues`, { method: 'POST', headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: `bench issue ${next}` }) }).then((r) => r.arrayBuffer());
      }
    }),
  );
}

// ---------- statistics and report ----------

function pct(values, p) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))];
}
const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
function summary(values) {
  return { p50: pct(values, 50), p95: pct(values, 95), p99: pct(values, 99), max: values.length ? Math.max(...values) : NaN, n: values.length };
}

/** Prints the section; with --save also writes it into docs/benchmarks.md. */
function writeSection(id, markdown) {
  if (!SAVE) {
    console.log(`\n${markdown}\n\n(not saved: add --save to write it into docs/benchmarks.md)`);
    return;
  }
  const flags = args.filter((_a, i) => i !== whichAt);
  writeDocSection(id, markdown, `node tools/bench/realtime-bench.mjs ${id}${flags.length ? ' ' + flags.join(' ') : ''}`, CALIBRATION);
}

// ---------- measurement core ----------

/** Mutations one at a time; returns the per-mutation latency to the last of `expected` receivers. */
async function fanOutRun({ workers, expected, mutations, trigger, label }) {
  await workers.all({ cmd: 'reset' }, 'reset');
  const lastReceipt = [];
  let delivered = 0;
  for (let k = 0; k < mutations; k++) {
    const id = `${label}-${k}`;
    const t0 = now();
    await trigger(`bench ${id} ${t0.toFixed(3)}`);
    const deadline = Date.now() + 10_000;
    let agg;
    for (;;) {
      await sleep(expected > 2000 ? 40 : 10);
      agg = (await workers.stats()).per.get(id);
      if ((agg && agg.n >= expected) || Date.now() > deadline) break;
    }
    delivered += agg?.n ?? 0;
    if (agg) lastReceipt.push(agg.max);
    // let the system settle so mutations do not overlap
    await sleep(expected > 2000 ? 250 : 60);
  }
  const st = await workers.stats();
  return { ...summary(lastReceipt), delivered, expected: expected * mutations, gaps: st.gaps, dups: st.dups };
}

let capturedEvents = null;
/** Real event packets (for the bare server to send the same bytes). */
async function captureEvents(node, tok, pid) {
  const { io } = require('socket.io-client');
  const s = io(node.url, { transports: ['websocket'], auth: { token: tok } });
  const got = [];
  await new Promise((r) => s.on('connect', r));
  await new Promise((r) => s.emit('subscribe', { channel: 'IssuesChannel', project_path: PROJECT, iid: 1 }, r));
  for (const t of ['note.created', 'issue.updated']) s.on(t, (e) => got.push(e));
  let upd = null;
  s.on('updated', (u) => (upd = u));
  await put(node.url, tok, pid, 1, { title: 'bench capture 0' });
  const deadline = Date.now() + 5000;
  while ((got.length < 2 || !upd) && Date.now() < deadline) await sleep(20);
  s.close();
  capturedEvents = { events: got, updated: upd };
}

let bareSeq = 0;
function bareTrigger(bare, room) {
  return async (title) => {
    // same packets as Tandem sends, with the marker title and consecutive seqs
    const events = capturedEvents.events.map((e) =>
      e.type === 'issue.updated' ? { ...e, seq: ++bareSeq, payload: { ...e.payload, fields: { ...e.payload.fields, title } } } : { ...e, seq: ++bareSeq },
    );
    const r = await fetch(`${bare.url}/broadcast`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room, events, updated: capturedEvents.updated }) });
    await r.arrayBuffer();
  };
}

function workerCount(n) {
  return n >= 5000 ? 4 : n >= 1000 ? 2 : 1;
}

// ---------- scenarios ----------

async function p1() {
  const sizes = QUICK ? [50, 1000] : [50, 1000, 5000, 10000];
  const mutations = QUICK ? 10 : 30;
  const db = await createDb('p1');
  const node = await startNode({ port: PORT(3601), db, name: 'p1' });
  const bare = await startBare(PORT(3690));
  const rows = [];
  try {
    const tok = await token(node.url);
    const pid = await projectIdOf(node.url, tok);
    await captureEvents(node, tok, pid);
    for (const n of sizes) {
      for (const kind of ['tandem', 'bare']) {
        const workers = new Workers(workerCount(n));
        await workers.ready();
        const url = kind === 'tandem' ? node.url : bare.url;
        bareSeq = 0;
        const opened = await workers.open(url, tok, [{ project_path: PROJECT, iid: 1 }], n);
        const trigger = kind === 'tandem' ? (title) => put(node.url, tok, pid, 1, { title }) : bareTrigger(bare, `Issue:${PROJECT}#1`);
        for (let w = 0; w < 3; w++) await trigger(`warmup ${w}`);
        await sleep(500);
        const r = await fanOutRun({ workers, expected: opened.acked, mutations, trigger, label: `${kind}${n}` });
        rows.push({ ...r, n, kind, opened: opened.acked });
        console.log(kind, n, r);
        await workers.close();
        await sleep(1000);
      }
    }
  } finally {
    await node.stop();
    await bare.stop();
    await db.drop();
  }
  const lines = ['| N | server | p50 ms | p95 ms | p99 ms | max ms | delivered/expected | gaps/dups | p99 vs bare |', '|---:|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    const bare = rows.find((x) => x.n === r.n && x.kind === 'bare');
    const ratio = r.kind === 'tandem' && bare ? `${(r.p99 / bare.p99).toFixed(2)}x` : '';
    lines.push(`| ${r.n} | ${r.kind} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${r.delivered}/${r.expected} | ${r.gaps}/${r.dups} | ${ratio} |`);
  }
  writeSection(
    'p1',
    `### P1: latency from the mutation's HTTP request to receipt at the last of N subscribers of one issue\n\n` +
      `${mutations} title changes (\`PUT /api/v4/projects/:id/issues/1\`, one at a time) per size; each produces \`note.created\`, \`issue.updated\` and \`updated\`. ` +
      `Latency = receipt of \`issue.updated\` at the LAST of N sockets minus the moment the client started the HTTP request. ` +
      `"bare" = a bare Socket.IO server broadcasting the same three packets to the same room on an HTTP POST (no auth, no database): the floor. ` +
      `Clients run in ${'1-4'} worker processes on the same machine as the server.\n\n${lines.join('\n')}`,
  );
}

/**
 * Open loop: PUTs started on a fixed schedule (`rate` per second) whatever the answers, and
 * latency counted from the scheduled moment, so a slow server cannot hide its queue
 * (coordinated omission). At most 512 requests in flight; beyond that a PUT is counted as shed.
 */
async function openLoop({ url, tok, pid, issues, rate, durationMs, label }) {
  const total = Math.round((rate * durationMs) / 1000);
  const reqLat = [];
  const doneIids = [];
  let done = 0, failed = 0, shed = 0, inflight = 0;
  const pending = [];
  const t0 = now() + 20;
  for (let k = 0; k < total; k++) {
    const at = t0 + (k * 1000) / rate;
    const wait = at - now();
    if (wait > 1) await sleep(wait);
    if (inflight >= 512) {
      shed++;
      continue;
    }
    inflight++;
    const iid = 1 + Math.floor(Math.random() * issues);
    pending.push(
      put(url, tok, pid, iid, { title: `bench ${label}-${k} ${at.toFixed(3)}` })
        .then(() => {
          done++;
          doneIids.push(iid);
          reqLat.push(now() - at);
        }, () => failed++)
        .finally(() => inflight--),
    );
  }
  await Promise.all(pending);
  return { offered: rate, achieved: done / ((now() - t0) / 1000), done, doneIids, failed, shed, req: summary(reqLat) };
}

/** Default P2 ladder of offered rates (per second): climbed until the first step that misses. */
const P2_LADDER = [25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000];

/** A P2 step passes when delivery p99 < 100 ms and nothing failed, was shed or was lost. */
const p2Passes = (x) => x.lat.p99 < 100 && x.failed === 0 && x.shed === 0 && x.delivered === x.expected;

/**
 * P2 against one server (`kind` tandem or floor): `sockets` subscribers over `issues` issues,
 * open-loop steps at rising offered rates, then closed-loop writers. Returns every step.
 */
async function p2Run({ kind, sockets, issues, stepMs, rates, climb }) {
  const db = await createDb(`p2${kind}`);
  const closedMs = 2 * stepMs;
  const CONCURRENCY = 48;
  let server;
  const steps = [];
  let closed;
  let opened;
  let behind = 0;
  try {
    let tok, pid, socketToken, heads;
    if (kind === 'tandem') {
      server = await startNode({ port: PORT(3603), db, name: 'p2' });
      tok = await token(server.url, 'alice');
      pid = await projectIdOf(server.url, tok);
      await ensureIssues(server.url, tok, pid, issues);
      socketToken = await token(server.url, 'bob');
      heads = async () => db.query(`SELECT i.iid, i.event_seq FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1`, [PROJECT]);
    } else {
      server = await startFloorFanout(PORT(3692), db, issues);
      tok = 'floor-token';
      pid = 1;
      socketToken = null;
      heads = async () => db.query('SELECT iid, event_seq FROM f_issues WHERE project_id = 1');
    }
    const subs = Array.from({ length: issues }, (_, i) => ({ project_path: PROJECT, iid: i + 1 }));
    // socket g watches subs[g % issues] (Workers.open), so issue i+1 has this many watchers
    const watchers = (iid) => Math.floor(sockets / issues) + (iid - 1 < sockets % issues ? 1 : 0);
    const expectedFor = (iids) => iids.reduce((a, iid) => a + watchers(iid), 0);
    const workers = new Workers(Math.min(4, Math.max(1, Math.ceil(sockets / 2500))));
    await workers.ready();
    opened = await workers.open(server.url, socketToken, subs, sockets, false, kind === 'floor');
    console.log(kind, 'opened', opened);
    // what the subscribers saw of the mutations of one step (every receipt of issue.updated)
    const collect = async () => {
      await sleep(3000);
      const st = await workers.stats(true);
      let delivered = 0;
      for (const a of st.per.values()) delivered += a.n;
      return { lat: summary(st.lat), delivered, gaps: st.gaps, dups: st.dups };
    };
    // warm-up (JIT, pool connections) before anything is measured; its titles carry no marker
    let w = 0;
    await Promise.all(Array.from({ length: 4 }, async () => { while (w < 200) await put(server.url, tok, pid, 1 + (w++ % issues), { title: `warmup ${w}` }); }));
    await sleep(1000);
    const step = async (rate) => {
      await workers.all({ cmd: 'reset', collectAll: true }, 'reset');
      const o = await openLoop({ url: server.url, tok, pid, issues, rate, durationMs: stepMs, label: `${kind}${rate}` });
      const d = await collect();
      const { doneIids, ...rest } = o;
      const x = { ...rest, ...d, expected: expectedFor(doneIids) };
      x.pass = p2Passes(x);
      steps.push(x);
      console.log(kind, `open loop ${rate}/s:`, `${x.achieved.toFixed(0)}/s done, delivery p99 ${f(x.lat.p99)} ms, HTTP p99 ${f(x.req.p99)} ms,`, `delivered ${x.delivered}/${x.expected}, failed ${x.failed}, shed ${x.shed}`, x.pass ? 'PASS' : 'MISS');
      await sleep(1000);
      return x.pass;
    };

    // 1. open-loop steps: the rates this server sustains, and the latency at each; the default
    // ladder stops at the first miss, then tries once halfway between the last pass and it
    // (or, when its first rate misses, halves the rate until one passes, down to 3/s)
    let lastPass = 0;
    for (const rate of rates) {
      if (await step(rate)) lastPass = rate;
      else {
        if (climb && lastPass > 0 && rate / lastPass > 1.2) await step(Math.round((rate + lastPass) / 2));
        if (climb && lastPass === 0) for (let r = Math.floor(rate / 2); r >= 3 && !(await step(r)); r = Math.floor(r / 2));
        if (climb) break;
      }
    }

    // 2. closed loop: as fast as the server answers (the ceiling, with its queueing)
    await workers.all({ cmd: 'reset', collectAll: true }, 'reset');
    let done = 0, failed = 0, n = 0;
    const reqLat = [];
    const doneIids = [];
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() - t0 < closedMs) {
          const iid = 1 + Math.floor(Math.random() * issues);
          const s = now();
          try {
            await put(server.url, tok, pid, iid, { title: `bench ${kind}c-${n++} ${s.toFixed(3)}` });
            done++;
            doneIids.push(iid);
            reqLat.push(now() - s);
          } catch {
            failed++;
          }
        }
      }),
    );
    const elapsed = (Date.now() - t0) / 1000;
    const d = await collect();
    closed = { rate: done / elapsed, done, failed, shed: 0, elapsed, req: summary(reqLat), ...d, expected: expectedFor(doneIids) };
    console.log(kind, `closed loop ${CONCURRENCY} writers:`, `${closed.rate.toFixed(0)}/s, delivery p99 ${f(closed.lat.p99)} ms, delivered ${closed.delivered}/${closed.expected}`);
    const fin = await workers.all({ cmd: 'finalSeqs', expected: (await heads()).map((h) => [`${PROJECT}#${h.iid}`, Number(h.event_seq)]) }, 'finalSeqs');
    behind = fin.reduce((a, r) => a + r.behind, 0);
    await workers.close();
  } finally {
    await server?.stop();
    await db.drop();
  }
  const within = steps.filter((x) => x.pass);
  const best = within.length ? Math.max(...within.map((x) => x.achieved)) : 0;
  return { kind, steps, closed, best, sockets: opened.acked, behind, concurrency: CONCURRENCY };
}

/** The fan-out floor (tools/bench/floor-fanout-server.mjs) on its own database. */
async function startFloorFanout(port, db, issues) {
  const p = spawn(process.execPath, [path.join(ROOT, 'tools/bench/floor-fanout-server.mjs'), String(port), db.url, String(issues)], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(p);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // ready = its HTTP server answers (404 for /), after its tables and issues exist
  while (!(await fetch(url).then(() => true, () => false))) {
    if (p.exitCode !== null) throw new Error(`fan-out floor exited (${p.exitCode})`);
    if (Date.now() > deadline) throw new Error('fan-out floor did not start');
    await sleep(50);
  }
  return {
    url,
    stop: async () => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      p.kill('SIGTERM');
      await once(p, 'exit');
    },
  };
}

async function p2() {
  const sockets = num('--sockets', QUICK ? 2000 : 10_000);
  const issues = num('--issues', QUICK ? 200 : 1000);
  const stepMs = num('--seconds', QUICK ? 4 : 10) * 1000;
  const given = args.includes('--rates');
  const rates = given ? opt('--rates').split(',').map(Number) : P2_LADDER;
  if (rates.some((r) => !(r > 0))) throw new Error('--rates takes positive numbers, e.g. 25,50,100');
  const runs = [];
  for (const kind of ['tandem', 'floor']) {
    runs.push(await p2Run({ kind, sockets, issues, stepMs, rates, climb: !given }));
    await sleep(2000);
  }
  const [tandem, floor] = runs;
  const ratio = floor.best > 0 ? tandem.best / floor.best : NaN;
  const rate = (x) => (x.best ? `${x.best.toFixed(0)}/s` : 'none of the rates tried');
  console.log(`\nP2 highest rate with delivery p99 < 100 ms and nothing lost: tandem ${rate(tandem)}, floor ${rate(floor)}, ratio ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a'} (goal >= 0.5x)`);
  const row = (name, x) =>
    `| ${name} | ${(x.achieved ?? x.rate).toFixed(0)} | ${f(x.req.p50)} / ${f(x.req.p99)} | ${f(x.lat.p50)} / ${f(x.lat.p95)} / ${f(x.lat.p99)} / ${f(x.lat.max)} | ${x.delivered}/${x.expected} | ${x.gaps} / ${x.dups} | ${x.failed}${x.shed ? ` (+${x.shed} shed)` : ''} |`;
  const table = (r) =>
    [
      '| load | mutations/s done | HTTP p50 / p99 ms | delivery p50 / p95 / p99 / max ms | delivered/expected | gaps / duplicates | failed |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...r.steps.map((x) => row(`open loop, ${x.offered}/s offered${x.pass ? '' : ' (miss)'}`, x)),
      row(`closed loop, ${r.concurrency} writers`, r.closed),
    ].join('\n');
  writeSection(
    'p2',
    `### P2: sustained mutations with ${tandem.sockets} sockets over ${issues} issues, beside a floor\n\n` +
      `${(sockets / issues).toFixed(0)} subscribers per issue; one node, in-process bus, Postgres. Title changes on random issues. ` +
      `First at rising offered rates (open loop, ${stepMs / 1000} s each: requests start on schedule whatever the answers, latency counted from the scheduled moment; ` +
      `${given ? 'the rates given' : 'rates climb a ladder (25, 50, 75, 100, 150, 200, 300 ... /s) and stop at the first that misses, after one try halfway between it and the last pass; when the first misses, the rate is halved until one passes'}), ` +
      `then ${tandem.concurrency} closed-loop writers for ${(2 * stepMs) / 1000} s (as fast as the server answers: the ceiling, with its queueing). ` +
      `Delivery latency = receipt of \`issue.updated\` at each subscriber minus the (scheduled) start of its mutation's HTTP request; every receipt counts. ` +
      `A rate is sustained when delivery p99 < 100 ms and nothing failed, was shed or lost.\n\n` +
      `The floor (\`tools/bench/floor-fanout-server.mjs\`, same load, same clients): raw \`pg\` and Socket.IO, no framework; per title change one statement for token and membership, ` +
      `then BEGIN, UPDATE ... RETURNING, the system note and the event in one INSERT, COMMIT, and one \`issue.updated\` emit to the issue's room; the same heartbeats as Tandem. ` +
      `Sockets subscribe with \`{iid}\` (no auth, no replay).\n\n` +
      `**Highest rate sustained: Tandem ${rate(tandem)}, floor ${rate(floor)}: ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a'} the floor** (goal >= 0.5x; issue #3's target >= 2,000/s).\n\n` +
      `Tandem:\n\n${table(tandem)}\n\nFloor:\n\n${table(floor)}\n\n` +
      `Sockets behind their issue's last seq at the end: Tandem ${tandem.behind}, floor ${floor.behind}.`,
  );
}

async function httpLoad(url, headers, { workers = 2, connections = 32, durationMs }) {
  const procs = Array.from({ length: workers }, () => {
    const w = fork(path.join(ROOT, 'tools/bench/http-load-worker.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(w);
    return w;
  });
  const t0 = Date.now();
  const res = await Promise.all(procs.map((w) => new Promise((resolve) => { w.once('message', resolve); w.send({ url, headers, connections, durationMs }); })));
  const secs = (Date.now() - t0) / 1000;
  const statuses = {};
  for (const r of res) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return { rps: total / secs, statuses, secs };
}

async function startEtagFloor(port, redisUrl, tandemCode = false, env = {}) {
  const p = spawn(process.execPath, [path.join(ROOT, 'tools/bench/etag-floor-server.mjs'), String(port), ...(redisUrl ? [redisUrl] : []), ...(tandemCode ? ['--tandem-code'] : [])], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  children.add(p);
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/`);
  return { url, cpuMs: () => cpuMsOf(p.pid), stop: async () => { p.kill('SIGTERM'); await once(p, 'exit'); } };
}

/** User + system CPU time of a process so far, ms (clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** A load run against one server, with that server's CPU time per answer (µs). */
async function loadWithCpu(server, url, headers, durationMs) {
  const c0 = server.cpuMs();
  const r = await httpLoad(url, headers, { durationMs });
  const total = Object.values(r.statuses).reduce((a, b) => a + b, 0);
  return { ...r, cpuUs: ((server.cpuMs() - c0) * 1000) / Math.max(1, total) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function p3() {
  // Tandem and the bare ETag floor, alternated (T F T F ...) in each cache mode, so the
  // machine's speed at the moment cancels out of the ratio. A third server, alternated with
  // them, is the floor's bare process answering through Tandem's own 304 code
  // (etag-floor-server.mjs --tandem-code): floor -> that tells what Tandem's code costs, that ->
  // Tandem what the rest of Tandem's process costs. A fourth is that process with an
  // AsyncLocalStorage entered (ETAG_FLOOR_ALS=1), as Tandem's process has them (nestjs-pino's
  // request logger): on Node 20 its async hook runs for every async resource of every request.
  const DURATION = QUICK ? 3000 : 6000;
  const ROUNDS = QUICK ? 2 : 3;
  const db = await createDb('p3');
  const redis = await startRedis(PORT(3699));
  const rows = [];
  try {
    for (const mode of ['memory', 'redis']) {
      const node = await startNode({ port: PORT(3604), db, name: 'p3', redis: mode === 'redis' ? redis : null });
      const floor = await startEtagFloor(PORT(3693), mode === 'redis' ? redis.url : null);
      // its own Redis database: Tandem's code uses Tandem's key names, and its prime would move Tandem's entry
      const code = await startEtagFloor(PORT(3694), mode === 'redis' ? `${redis.url}/1` : null, true);
      const codeAls = await startEtagFloor(PORT(3689), mode === 'redis' ? `${redis.url}/2` : null, true, { ETAG_FLOOR_ALS: '1' });
      try {
        const tok = await token(node.url);
        const url = `${node.url}/${PROJECT}/-/issues/1/realtime_changes`;
        const first = await fetch(url, { headers: { authorization: `Bearer ${tok}` } });
        const etag = first.headers.get('etag');
        await first.arrayBuffer();
        const floorEtag = (await fetch(`${floor.url}/`)).headers.get('etag');
        const tHeaders = { authorization: `Bearer ${tok}`, 'if-none-match': etag };
        const fHeaders = { authorization: `Bearer ${tok}`, 'if-none-match': floorEtag };
        const codeUrl = `${code.url}/${PROJECT}/-/issues/1/realtime_changes`;
        const codeFirst = await fetch(codeUrl, { headers: { authorization: `Bearer ${tok}` } });
        const cHeaders = { authorization: `Bearer ${tok}`, 'if-none-match': codeFirst.headers.get('etag') };
        await codeFirst.arrayBuffer();
        const alsUrl = `${codeAls.url}/${PROJECT}/-/issues/1/realtime_changes`;
        const alsFirst = await fetch(alsUrl, { headers: { authorization: `Bearer ${tok}` } });
        const aHeaders = { authorization: `Bearer ${tok}`, 'if-none-match': alsFirst.headers.get('etag') };
        await alsFirst.arrayBuffer();
        // warm-up, each
        await httpLoad(url, tHeaders, { durationMs: 1500 });
        await httpLoad(`${floor.url}/`, fHeaders, { durationMs: 1500 });
        await httpLoad(codeUrl, cHeaders, { durationMs: 1500 });
        await httpLoad(alsUrl, aHeaders, { durationMs: 1500 });
        const tandem = [], bare = [], withCode = [], withAls = [];
        for (let r = 0; r < ROUNDS; r++) {
          tandem.push(await loadWithCpu(node, url, tHeaders, DURATION));
          bare.push(await loadWithCpu(floor, `${floor.url}/`, fHeaders, DURATION));
          withCode.push(await loadWithCpu(code, codeUrl, cHeaders, DURATION));
          withAls.push(await loadWithCpu(codeAls, alsUrl, aHeaders, DURATION));
        }
        const miss = await httpLoad(url, { authorization: `Bearer ${tok}` }, { durationMs: DURATION });
        const ratios = tandem.map((t, i) => t.rps / bare[i].rps);
        const row = { mode, tandem, bare, withCode, withAls, ratios, codeRatios: withCode.map((c, i) => c.rps / bare[i].rps), alsRatios: withAls.map((c, i) => c.rps / bare[i].rps), miss, load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') };
        rows.push(row);
        console.log(mode, 'tandem 304/s', tandem.map((x) => x.rps.toFixed(0)).join(' '), 'floor', bare.map((x) => x.rps.toFixed(0)).join(' '), 'ratios', ratios.map((x) => x.toFixed(2)).join(' '), 'CPU µs per 304: tandem', tandem.map((x) => x.cpuUs.toFixed(0)).join(' '), 'floor', bare.map((x) => x.cpuUs.toFixed(0)).join(' '), "| floor with Tandem's 304 code", withCode.map((x) => x.rps.toFixed(0)).join(' '), 'CPU µs', withCode.map((x) => x.cpuUs.toFixed(0)).join(' '), '| and an AsyncLocalStorage', withAls.map((x) => x.rps.toFixed(0)).join(' '), 'CPU µs', withAls.map((x) => x.cpuUs.toFixed(0)).join(' '));
        for (const x of [...tandem, ...bare, ...withCode, ...withAls]) if (Object.keys(x.statuses).some((k) => k !== '304')) console.log('  non-304 answers:', x.statuses);
      } finally {
        await codeAls.stop();
        await code.stop();
        await floor.stop();
        await node.stop();
      }
    }
  } finally {
    await redis.stop();
    await db.drop();
  }
  const lines = [
    "| ETag cache | Tandem 304/s (each round) | floor 304/s (each round) | Tandem vs floor (each round) | median ratio | floor process with Tandem's 304 code: 304/s (each round), median ratio to the floor | the same with an AsyncLocalStorage entered: 304/s (each round), median ratio to the floor | server CPU µs per 304, Tandem / floor / floor with Tandem's code / and the AsyncLocalStorage (medians) | Tandem without If-None-Match (200/s) | load average after |",
    '|---|---|---|---|---:|---|---|---:|---:|---|',
  ];
  for (const r of rows) {
    const each = (xs) => xs.map((x) => x.rps.toFixed(0)).join(', ');
    lines.push(`| ${r.mode} | ${each(r.tandem)} | ${each(r.bare)} | ${r.ratios.map((x) => `${x.toFixed(2)}x`).join(', ')} | **${median(r.ratios).toFixed(2)}x** | ${each(r.withCode)}; ${median(r.codeRatios).toFixed(2)}x | ${each(r.withAls)}; ${median(r.alsRatios).toFixed(2)}x | ${median(r.tandem.map((x) => x.cpuUs)).toFixed(0)} / ${median(r.bare.map((x) => x.cpuUs)).toFixed(0)} / ${median(r.withCode.map((x) => x.cpuUs)).toFixed(0)} / ${median(r.withAls.map((x) => x.cpuUs)).toFixed(0)} | ${r.miss.rps.toFixed(0)} | ${r.load} |`);
  }
  const non304 = rows.flatMap((r) => [...r.tandem, ...r.bare, ...r.withCode, ...r.withAls]).filter((x) => Object.keys(x.statuses).some((k) => k !== '304'));
  for (const r of rows) {
    const ratio = median(r.ratios);
    recordSummary({ goal: `Polls: 304/s, ETag cache in ${r.mode}`, tandem: `${median(r.tandem.map((x) => x.rps)).toFixed(0)}/s`, floor: `${median(r.bare.map((x) => x.rps)).toFixed(0)}/s`, ratio: `${ratio.toFixed(2)}x (median of per-round ratios)`, target: '>= 0.9x', met: ratio >= 0.9 });
  }
  writeSection(
    'p3',
    `### P3: polls per second, \`GET {issue}/realtime_changes\` answered 304, beside a bare ETag server\n\n` +
      `2 load processes x 32 keep-alive connections, ${DURATION / 1000} s per round, ${ROUNDS} rounds alternated (Tandem, floor, floor with Tandem's 304 code, that with an AsyncLocalStorage, Tandem ...), authenticated with a bearer token (which the 304 path never looks up). ` +
      `The floor (\`tools/bench/etag-floor-server.mjs\`): a bare Node HTTP server comparing If-None-Match with the ETag it holds, from memory or with one Redis GET per poll (Tandem on Redis answers a repeated poll from its mirror, without a GET). "Floor process with Tandem's 304 code": the same bare server answering through Tandem's built EtagPollMiddleware and EtagCacheService (\`--tandem-code\`), alternated with the two; and that process with an AsyncLocalStorage entered (\`ETAG_FLOOR_ALS=1\`), as Tandem's has them (nestjs-pino's request logger): Node 20 runs their async hook for every async resource of every request. Goal: Tandem >= 0.9x the floor. ` +
      `Every answer counted was a 304${non304.length ? ` except: ${JSON.stringify(non304.map((x) => x.statuses))}` : ''}.\n\n${lines.join('\n')}`,
  );
}

async function p4() {
  const SOCKETS = QUICK ? 2000 : 10_000;
  const db = await createDb('p4');
  const rows = [];
  try {
    for (const kind of ['tandem', 'bare']) {
      const node = kind === 'tandem' ? await startNode({ port: PORT(3605), db, name: 'p4' }) : await startBareProc(PORT(3691));
      try {
        const tok = kind === 'tandem' ? await token(node.url) : null;
        await sleep(3000);
        const before = node.rssKb();
        const workers = new Workers(4);
        await workers.ready();
        const subs = Array.from({ length: 22 }, (_, i) => ({ project_path: PROJECT, iid: i + 1 })).filter((s) => s.iid !== 4);
        const opened = await workers.open(node.url, tok, subs, SOCKETS);
        await sleep(10_000);
        const after = node.rssKb();
        rows.push({ kind, before, after, sockets: opened.acked, perSocketKb: (after - before) / opened.acked });
        console.log(rows.at(-1));
        await workers.close();
      } finally {
        await node.stop();
      }
    }
  } finally {
    await db.drop();
  }
  {
    const t = rows.find((r) => r.kind === 'tandem');
    const b = rows.find((r) => r.kind === 'bare');
    if (t && b) recordSummary({ goal: 'Memory per idle authenticated socket', tandem: `${t.perSocketKb.toFixed(1)} KB`, floor: `${b.perSocketKb.toFixed(1)} KB`, ratio: `${(t.perSocketKb / b.perSocketKb).toFixed(2)}x`, target: '<= 0.75x', met: t.perSocketKb / b.perSocketKb <= 0.75 });
  }
  const lines = ['| server | sockets | RSS before | RSS with sockets | per socket |', '|---|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.kind} | ${r.sockets} | ${(r.before / 1024).toFixed(0)} MiB | ${(r.after / 1024).toFixed(0)} MiB | ${r.perSocketKb.toFixed(1)} KB |`);
  writeSection(
    'p4',
    `### P4: server memory per idle authenticated socket\n\n` +
      `Sockets each authenticated with an OAuth token (Tandem) and subscribed to one issue, then idle for 10 s (heartbeats only). Server RSS from /proc, ` +
      `so it includes garbage not yet collected and V8 heap headroom. "bare" = the same sockets on the bare Socket.IO server (no auth, joins a room).\n\n${lines.join('\n')}`,
  );
}

/** The bare server as a process whose RSS can be read. */
async function startBareProc(port, redisUrl = null, env = {}) {
  const extra = (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const p = spawn(process.execPath, [...extra, path.join(ROOT, 'tools/bench/bare-server.mjs'), String(port), ...(redisUrl ? ['--redis', redisUrl] : [])], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  children.add(p);
  await sleep(500);
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => cpuMsOf(p.pid),
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p.pid}/status`, 'utf8'))?.[1] ?? 0),
    stop: async () => {
      p.kill('SIGTERM');
      await once(p, 'exit');
    },
  };
}

/** Sum and count of node B's bus-lag histogram (publish on A to the message at B's subscriber). */
async function busLagOf(url) {
  const text = await fetch(`${url}/-/metrics`).then((r) => r.text(), () => '');
  const v = (n) => Number(new RegExp(`^tandem_realtime_bus_lag_seconds_${n} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { sum: v('sum'), count: v('count') };
}

async function p5() {
  // N subscribers of one issue, half on node A and half on node B, receiving the SAME mutations
  // (made through A) at the same time: the difference between the two halves is what the Redis
  // hop adds, measured under identical load (run-to-run noise cancels out). Repeated --runs
  // times in a row on the same nodes (the goal holds only if every run meets it).
  const N = QUICK ? 300 : 1000;
  const mutations = QUICK ? 20 : 60;
  const RUNS = num('--runs', 5);
  // --hops: a timestamp at each hop of every mutation (tools/bench/hops-hook.cjs), summarised after the runs
  const hopsDir = args.includes('--hops') ? fs.mkdtempSync('/tmp/tandem-bench-hops-') : null;
  const hooked = hopsDir ? { env: { TANDEM_HOPS_DIR: hopsDir }, nodeArgs: ['-r', path.join(ROOT, 'tools/bench/hops-hook.cjs')] } : {};
  const db = await createDb('p5');
  const redis = await startRedis(PORT(3698));
  const a = await startNode({ port: PORT(3606), db, name: 'p5-a', redis, ...hooked });
  const b = await startNode({ port: PORT(3607), db, name: 'p5-b', redis, ...hooked });
  const runs = [];
  const floorRuns = [];
  try {
    const tok = await token(a.url);
    const pid = await projectIdOf(a.url, tok);
    const onA = new Workers(2);
    const onB = new Workers(2);
    await Promise.all([onA.ready(), onB.ready()]);
    const half = N / 2;
    const [openedA, openedB] = await Promise.all([
      onA.open(a.url, tok, [{ project_path: PROJECT, iid: 1 }], half),
      onB.open(b.url, tok, [{ project_path: PROJECT, iid: 1 }], half),
    ]);
    for (let w = 0; w < 3; w++) await put(a.url, tok, pid, 1, { title: `warmup ${w}` });
    await sleep(300);
    runs.push(...(await crossNodeRuns({ label: 'tandem', RUNS, mutations, onA, onB, openedA, openedB, trigger: (title) => put(a.url, tok, pid, 1, { title }), busLag: () => busLagOf(b.url), cpu: [a.cpuMs, b.cpuMs] })));
    await Promise.all([onA.close(), onB.close()]);

    // The floor, same run: two bare Socket.IO nodes relaying through the same Redis (bare-server.mjs
    // --redis), the same packets broadcast through node A', the same clients half on each
    if (!capturedEvents) await captureEvents(a, tok, pid);
    const bareA = await startBareProc(PORT(3694), redis.url, hopsDir ? { TANDEM_HOPS_DIR: hopsDir, HOPS_NODE: 'bare-a' } : {});
    const bareB = await startBareProc(PORT(3695), redis.url, hopsDir ? { TANDEM_HOPS_DIR: hopsDir, HOPS_NODE: 'bare-b' } : {});
    try {
      const fA = new Workers(2);
      const fB = new Workers(2);
      await Promise.all([fA.ready(), fB.ready()]);
      const [fOpenedA, fOpenedB] = await Promise.all([fA.open(bareA.url, tok, [{ project_path: PROJECT, iid: 1 }], half), fB.open(bareB.url, tok, [{ project_path: PROJECT, iid: 1 }], half)]);
      bareSeq = 0;
      const trigger = bareTrigger(bareA, `Issue:${PROJECT}#1`);
      for (let w = 0; w < 3; w++) await trigger(`warmup ${w}`);
      await sleep(300);
      floorRuns.push(...(await crossNodeRuns({ label: 'floor', RUNS, mutations, onA: fA, onB: fB, openedA: fOpenedA, openedB: fOpenedB, trigger, busLag: null, cpu: [bareA.cpuMs, bareB.cpuMs] })));
      await Promise.all([fA.close(), fB.close()]);
    } finally {
      await Promise.all([bareA.stop(), bareB.stop()]);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
    await db.drop();
  }
  const hops = hopsDir ? `${hopTable(hopsDir, 'p5')}\n\n${hopTable(hopsDir, 'bare')}` : '';
  // KEEP_HOPS=1: the raw hop files stay (their folder is printed) for a closer look
  if (hopsDir && process.env.KEEP_HOPS) console.log(`hop files kept in ${hopsDir}`);
  else if (hopsDir) fs.rmSync(hopsDir, { recursive: true, force: true });
  const met = runs.filter((r) => r.addedP50 <= 2 && r.addedP99 <= 5 && r.delivered === r.expected && !r.gaps && !r.dups).length;
  recordSummary({
    goal: `Cross-node: added p50 / p99 over one node, ${runs.length} runs in a row`,
    tandem: runs.map((r) => `${r.addedP50.toFixed(1)} / ${r.addedP99.toFixed(1)} ms`).join('; '),
    floor: `two bare Socket.IO nodes on the same Redis: ${floorRuns.map((r) => `${r.addedP50.toFixed(1)} / ${r.addedP99.toFixed(1)} ms`).join('; ')}`,
    ratio: `worst ${Math.max(...runs.map((r) => r.addedP50)).toFixed(1)} / ${Math.max(...runs.map((r) => r.addedP99)).toFixed(1)} ms`,
    target: '<= +2 / +5 ms, every run',
    met: met === runs.length && runs.length > 0,
  });
  const row = (who) => (r, i) =>
    `| ${who} ${i + 1} | ${f(r.allA.p50)} / ${f(r.allA.p99)} | ${f(r.allB.p50)} / ${f(r.allB.p99)} | **${r.addedP50.toFixed(2)}** | **${r.addedP99.toFixed(2)}** | ${f(r.paired.p50)} | ${Number.isNaN(r.busLagMs) ? '-' : r.busLagMs.toFixed(2)} | ${r.cpuPerMutation.map((x) => x.toFixed(1)).join(' / ')} | ${r.delivered}/${r.expected} | ${r.gaps}/${r.dups} | ${r.load} |`;
  const rows = [...runs.map(row('Tandem')), ...floorRuns.map(row('floor'))];
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const floorLine = floorRuns.length
    ? `The floor's added p50 / p99 (median of its ${floorRuns.length} runs): ${median(floorRuns.map((r) => r.addedP50)).toFixed(2)} / ${median(floorRuns.map((r) => r.addedP99)).toFixed(2)} ms; Tandem's: ${median(runs.map((r) => r.addedP50)).toFixed(2)} / ${median(runs.map((r) => r.addedP99)).toFixed(2)} ms.`
    : '';
  writeSection(
    'p5',
    `### P5: P1 at N=${N} with the subscribers on two nodes (Redis), ${RUNS} runs in a row\n\n` +
      `Two nodes sharing Postgres and Redis; ${N / 2} subscribers of one issue on node A and ${N / 2} on node B, all at once; ${mutations} title changes through node A per run, one at a time. ` +
      `Both halves receive the same mutations under the same load, so the difference between them is the cost of the Redis hop (pub/sub publish, delivery to B, B's ordering and emit). ` +
      `The floor, in the same run after Tandem's: two bare Socket.IO servers (\`tools/bench/bare-server.mjs --redis\`) on the same Redis, the same packets broadcast through A' (PUBLISHed first, written at once, then emitted locally; B' emits what its subscription receives), the same clients half on each. ` +
      `"publish -> B" is the mean of node B's \`tandem_realtime_bus_lag_seconds\` over the run (from the moment A published to B's subscriber callback). Goal: added p50 <= 2 ms and p99 <= 5 ms in every run.\n\n` +
      `| server, run | on A (same node) p50 / p99 ms | on B (via Redis) p50 / p99 ms | added p50 ms | added p99 ms | per mutation, last on B minus last on A, p50 ms | publish -> B callback, mean ms | server CPU per mutation, A / B ms | delivered/expected | gaps/dups | load average |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n` +
      `${rows.join('\n')}\n\n**${met} of ${runs.length} runs met the goal.** ${floorLine}${hops ? `\n\n${hops}` : ''}`,
  );
}

/**
 * P5's measurement, for Tandem's two nodes and for the floor's: `RUNS` runs of `mutations`
 * mutations one at a time through `trigger`, the receipts of the subscribers on A (`onA`) and on B
 * (`onB`) compared; `busLag` reads node B's publish -> callback mean (Tandem only).
 */
async function crossNodeRuns({ label, RUNS, mutations, onA, onB, openedA, openedB, trigger, busLag, cpu }) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    await Promise.all([onA.all({ cmd: 'reset', collectAll: true }, 'reset'), onB.all({ cmd: 'reset', collectAll: true }, 'reset')]);
    const lag0 = busLag ? await busLag() : null;
    const cpu0 = cpu.map((c) => c());
    const lastA = [], lastB = [], paired = [];
    let delivered = 0;
    for (let k = 0; k < mutations; k++) {
      const id = `p5-${run}-${k}`;
      const t0 = now();
      await trigger(`bench ${id} ${t0.toFixed(3)}`);
      const deadline = Date.now() + 10_000;
      let ga, gb;
      for (;;) {
        await sleep(10);
        [ga, gb] = await Promise.all([onA.stats(), onB.stats()]).then(([x, y]) => [x.per.get(id), y.per.get(id)]);
        if (((ga?.n ?? 0) >= openedA.acked && (gb?.n ?? 0) >= openedB.acked) || Date.now() > deadline) break;
      }
      delivered += (ga?.n ?? 0) + (gb?.n ?? 0);
      if (ga && gb) {
        lastA.push(ga.max);
        lastB.push(gb.max);
        paired.push(gb.max - ga.max);
      }
      await sleep(60);
    }
    const lag1 = busLag ? await busLag() : null;
    const [sa, sb] = await Promise.all([onA.stats(true), onB.stats(true)]);
    const r = {
      allA: summary(sa.lat),
      allB: summary(sb.lat),
      lastA: summary(lastA),
      lastB: summary(lastB),
      paired: summary(paired),
      busLagMs: lag0 && lag1 && lag1.count > lag0.count ? ((lag1.sum - lag0.sum) * 1000) / (lag1.count - lag0.count) : NaN,
      // each node's CPU per mutation (user + system, 10 ms ticks over the run, the waits between mutations included)
      cpuPerMutation: cpu.map((c, i) => (c() - cpu0[i]) / mutations),
      delivered,
      expected: (openedA.acked + openedB.acked) * mutations,
      gaps: sa.gaps + sb.gaps,
      dups: sa.dups + sb.dups,
      load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    };
    r.addedP50 = r.allB.p50 - r.allA.p50;
    r.addedP99 = r.allB.p99 - r.allA.p99;
    runs.push(r);
    console.log(`${label} run ${run + 1}: added p50 ${r.addedP50.toFixed(2)} ms, p99 ${r.addedP99.toFixed(2)} ms; A p50/p99 ${f(r.allA.p50)}/${f(r.allA.p99)}, B ${f(r.allB.p50)}/${f(r.allB.p99)}; publish->B callback mean ${r.busLagMs.toFixed(2)} ms; delivered ${r.delivered}/${r.expected}, gaps/dups ${r.gaps}/${r.dups}; load ${r.load}`);
  }
  return runs;
}

/**
 * Where a cross-node delivery's time goes (--hops): per mutation, the gap between hops recorded by
 * tools/bench/hops-hook.cjs on both nodes (same machine, one clock), as p50 / p90 over every
 * mutation of every run (warm-up included). `nodes`: Tandem's ('p5': p5-a and p5-b) or the floor's
 * ('bare': bare-a and bare-b, recorded by bare-server.mjs itself).
 */
function hopTable(dir, nodes) {
  const at = new Map();
  for (const f of fs.readdirSync(dir)) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line) continue;
      const h = JSON.parse(line);
      if (!Number.isFinite(h.seq) || !String(h.node).startsWith(`${nodes}-`)) continue;
      const o = at.get(h.seq) ?? {};
      const k = `${h.node === `${nodes}-a` ? 'A' : 'B'}.${h.stage}`;
      // the first of each hop (a run of events: its first emit starts, its last ends)
      if (!(k in o) || h.stage === 'emitEnd') o[k] = h.t;
      at.set(h.seq, o);
    }
  }
  const gaps = [
    ['publish called on A -> PUBLISH handed to A\'s socket (RedisPublisher writes in the call; node-redis queued it to a setImmediate)', 'A.publish', 'A.wire'],
    ['PUBLISH on A\'s socket -> message in B\'s subscriber (Redis hop, scheduling)', 'A.wire', 'B.message'],
    ['message in B -> B starts its emit', 'B.message', 'B.emitStart'],
    ['A starts its emit -> B starts its emit (the head start)', 'A.emitStart', 'B.emitStart'],
    ['publish called on A -> A starts its own emit', 'A.publish', 'A.emitStart'],
    ['A\'s emit to its sockets, start -> end', 'A.emitStart', 'A.emitEnd'],
    ['B\'s emit to its sockets, start -> end', 'B.emitStart', 'B.emitEnd'],
  ];
  const q = (xs, p) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * (xs.length - 1)))];
  // The share over 1 ms: a hop's p50 can hide that it is slow for a third of the mutations
  const lines = ['| hop | mutations | p50 ms | p90 ms | over 1 ms |', '|---|---:|---:|---:|---:|'];
  for (const [label, from, to] of gaps) {
    const xs = [...at.values()].filter((o) => o['A.publish'] !== undefined && o[from] !== undefined && o[to] !== undefined).map((o) => o[to] - o[from]);
    const over = xs.filter((x) => x > 1).length;
    if (xs.length) lines.push(`| ${label} | ${xs.length} | ${q(xs, 0.5).toFixed(2)} | ${q(xs, 0.9).toFixed(2)} | ${Math.round((100 * over) / xs.length)} % |`);
  }
  const title =
    nodes === 'bare'
      ? "The floor's hops (bare-server.mjs records the same stages; it writes its PUBLISH in the call, so its first row is the message's JSON.stringify):"
      : 'Hop timestamps (`--hops`, tools/bench/hops-hook.cjs; both nodes on one clock):';
  console.log(`${title}\n${lines.join('\n')}`);
  return `${title}\n\n${lines.join('\n')}`;
}

/** Waits until every socket is caught up (or 60 s); returns the progress. */
async function waitCaughtUp(workers, expected) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await sleep(100);
    const res = await workers.all({ cmd: 'progress' }, 'progress');
    const prog = res.reduce((acc, x) => ({ caughtUp: acc.caughtUp + x.caughtUp, connected: acc.connected + x.connected }), { caughtUp: 0, connected: 0 });
    if (prog.caughtUp >= expected || Date.now() > deadline) return prog;
  }
}

/**
 * Where a restart's catch-up time goes (P6): the sockets' timelines (client-worker.mjs), as
 * percentiles of ms after the node answered its readiness probe, and the reasons seen.
 */
async function restartTimeline(workers, tStart, tReady) {
  const res = await workers.all({ cmd: 'timeline' }, 'timeline');
  const rows = res.flatMap((r) => r.rows);
  const rel = (k) => rows.filter((x) => x[k] > 0).map((x) => x[k] - tReady);
  const gap = (a, b) => rows.filter((x) => x[a] > 0 && x[b] > 0).map((x) => x[b] - x[a]);
  const q = (v) => (v.length ? `p0 ${pct(v, 0).toFixed(0)} / p50 ${pct(v, 50).toFixed(0)} / p90 ${pct(v, 90).toFixed(0)} / p99 ${pct(v, 99).toFixed(0)} / max ${pct(v, 100).toFixed(0)} ms (n ${v.length})` : 'none');
  const count = (f) => {
    const m = new Map();
    for (const x of rows) for (const [k, n] of f(x)) m.set(k, (m.get(k) ?? 0) + n);
    return [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
  };
  const attempts = rows.map((x) => x.attempts);
  // The first socket connected again = the node accepting: the storm's start, whatever the probe saw
  const firstConnected = Math.min(...rows.filter((x) => x.connected > 0).map((x) => x.connected));
  const lastCaughtUp = Math.max(...rows.filter((x) => x.caughtUp > 0).map((x) => x.caughtUp));
  const t = {
    bootMs: tReady - tStart,
    firstConnectedAfterReady: Math.round(firstConnected - tReady),
    firstConnectedToAllCaughtUpMs: Math.round(lastCaughtUp - firstConnected),
    disconnectReasons: count((x) => (x.discReason ? [[x.discReason, 1]] : [])),
    connectErrors: count((x) => x.errors),
    attemptsPerSocket: `p50 ${pct(attempts, 50)} / p90 ${pct(attempts, 90)} / max ${pct(attempts, 100)}; manual retries after a refusal ${rows.reduce((a, x) => a + x.manualRetries, 0)}`,
    lastAttemptAfterReady: q(rel('lastAttempt')),
    connectedAfterReady: q(rel('connected')),
    lastAttemptToConnected: q(gap('lastAttempt', 'connected')),
    subscribeSentToAck: q(gap('subSent', 'acked')),
    ackedAfterReady: q(rel('acked')),
    caughtUpAfterReady: q(rel('caughtUp')),
    acksRefused: rows.filter((x) => x.acked > 0 && !x.ackOk).length,
  };
  for (const [k, v] of Object.entries(t)) console.log(`  ${k}: ${v}`);
  return t;
}

/** Transactions committed or rolled back in the database so far (each autocommit statement is one). */
async function xacts(db) {
  const [row] = await db.query('SELECT (xact_commit + xact_rollback)::int AS n FROM pg_stat_database WHERE datname = current_database()');
  return row.n;
}

async function p6() {
  const SOCKETS = num('--sockets', QUICK ? 2000 : 10_000);
  const ISSUES = num('--issues', QUICK ? 200 : 1000);
  const CHANGES = 200;
  const db = await createDb('p6');
  const redis = await startRedis(PORT(3697));
  let a = await startNode({ port: PORT(3608), db, name: 'p6-a', redis });
  const b = await startNode({ port: PORT(3609), db, name: 'p6-b', redis });
  const subs = Array.from({ length: ISSUES }, (_, i) => ({ project_path: PROJECT, iid: i + 1 }));
  let r;
  let bareR;
  try {
    const tok = await token(a.url, 'alice');
    const pid = await projectIdOf(a.url, tok);
    await ensureIssues(a.url, tok, pid, ISSUES);
    const workers = new Workers(4);
    await workers.ready();
    const opened = await workers.open(a.url, await token(a.url, 'bob'), subs, SOCKETS, true);
    console.log('opened', opened);
    await workers.all({ cmd: 'timelineStart' }, 'timelineStart');
    const tStop = Date.now();
    await a.stop('SIGTERM');
    // changes while the node is down, through the other node
    for (let i = 0; i < CHANGES; i++) await put(b.url, tok, pid, 1 + ((i * 7) % ISSUES), { title: `while down ${i}` });
    const heads = await db.query(`SELECT i.iid, i.event_seq FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1`, [PROJECT]);
    await workers.all({ cmd: 'catchUp', targets: heads.map((h) => [`${PROJECT}#${h.iid}`, h.event_seq]) }, 'catchUp');
    const tStart = Date.now();
    a = await startNode({ port: PORT(3608), db, name: 'p6-a', redis });
    const tReady = Date.now();
    const cpu0 = a.cpuMs();
    const xacts0 = await xacts(db);
    const prog = await waitCaughtUp(workers, opened.acked);
    const tDone = Date.now();
    const serverCpuMs = a.cpuMs() - cpu0;
    console.log('tandem timeline (ms after ready):');
    const timeline = await restartTimeline(workers, tStart, tReady);
    // Postgres publishes a busy backend's counters at most every 10 s (PG 15): wait for them.
    // Between the two readings only node A runs SQL (node B has no rooms to sweep, the bench
    // reads nothing); the count includes A's 2 s sweep during the wait (about 6 statements).
    await sleep(11_000);
    const statements = (await xacts(db)) - xacts0 - 1;
    // What the clients saw across the restart: a seq skipped (gap) or received twice (dup)
    const seen = await workers.stats();
    r = { serverCpuMs, statements, sockets: opened.acked, downMs: tStart - tStop, bootMs: tReady - tStart, fromReadyMs: tDone - tReady, caughtUp: prog.caughtUp, connected: prog.connected, gaps: seen.gaps, dups: seen.dups, timeline };
    console.log(r);
    await workers.close();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
    await db.drop();
  }

  // The floor: the bare server restarted under the same sockets, down for as long as node A
  // was (down + boot), so the clients' backoff is in the same state when it comes back.
  // "Caught up" there = reconnected and the subscribe acknowledged (it has no log to replay).
  await sleep(2000);
  let bare = await startBare(PORT(3690));
  try {
    const workers = new Workers(4);
    await workers.ready();
    const opened = await workers.open(bare.url, null, subs, SOCKETS, true);
    await workers.all({ cmd: 'timelineStart' }, 'timelineStart');
    await bare.stop();
    await sleep(r.downMs + r.bootMs);
    await workers.all({ cmd: 'catchUp', targets: subs.map((x) => [`${x.project_path}#${x.iid}`, 0]) }, 'catchUp');
    bare = await startBare(PORT(3690));
    const tReady = Date.now();
    const cpu0 = bare.cpuMs();
    const prog = await waitCaughtUp(workers, opened.acked);
    const fromReadyMs = Date.now() - tReady;
    const serverCpuMs = bare.cpuMs() - cpu0;
    console.log('bare timeline (ms after ready):');
    const timeline = await restartTimeline(workers, tReady, tReady);
    bareR = { sockets: opened.acked, fromReadyMs, caughtUp: prog.caughtUp, serverCpuMs, timeline };
    console.log('bare', bareR);
    await workers.close();
  } finally {
    await bare.stop();
  }
  recordSummary({
    goal: `Restart: ${r.sockets} sockets caught up after a node restart`,
    tandem: `${(r.fromReadyMs / 1000).toFixed(1)} s, ${(r.statements / r.sockets).toFixed(2)} SQL per socket, ${r.caughtUp}/${r.sockets} caught up, gaps/dups ${r.gaps}/${r.dups}; server CPU ${(r.serverCpuMs / Math.max(1, r.caughtUp)).toFixed(2)} ms per socket caught up`,
    floor: `${(bareR.fromReadyMs / 1000).toFixed(1)} s, ${bareR.caughtUp}/${bareR.sockets} caught up; server CPU ${(bareR.serverCpuMs / Math.max(1, bareR.caughtUp)).toFixed(2)} ms per socket caught up`,
    // Wall time is the goal; server CPU per socket is the figure a loaded machine moves least
    ratio: `${(r.fromReadyMs / bareR.fromReadyMs).toFixed(2)}x wall, ${(r.serverCpuMs / Math.max(1, r.caughtUp) / (bareR.serverCpuMs / Math.max(1, bareR.caughtUp))).toFixed(2)}x CPU per socket caught up`,
    target: '<= 1.2x, <= 1 SQL per socket',
    met: r.fromReadyMs / bareR.fromReadyMs <= 1.2 && r.statements / r.sockets <= 1 && r.caughtUp === r.sockets && !r.gaps && !r.dups,
  });
  writeSection(
    'p6',
    `### P6: ${r.sockets} sockets reconnecting at once after a node restart\n\n` +
      `${r.sockets} sockets on node A over ${ISSUES} issues (two nodes, Redis). Node A is stopped (SIGTERM); ${CHANGES} changes are made through node B while it is down; node A is started again. ` +
      `Clients use socket.io-client's reconnection (200 ms doubling to 2 s, 0.9 jitter) and resubscribe with \`after\`. "Caught up" = reconnected, resubscribed and holding the issue's final seq. ` +
      `"bare" = the same sockets on the bare Socket.IO server (the same listen backlog), restarted after the same time down: reconnected and the subscribe acknowledged (no auth, no replay): the floor.\n\n` +
      `| server | node boot | ready -> all caught up | caught up | server CPU used meanwhile | SQL transactions meanwhile |\n|---|---:|---:|---:|---:|---:|\n` +
      `| tandem | ${(r.bootMs / 1000).toFixed(1)} s | **${(r.fromReadyMs / 1000).toFixed(1)} s** | ${r.caughtUp}/${r.sockets} | ${(r.serverCpuMs / 1000).toFixed(1)} s (${(r.serverCpuMs / r.sockets).toFixed(2)} ms per socket) | ${r.statements} (${(r.statements / r.sockets).toFixed(2)} per socket; pg_stat_database) |\n` +
      `| bare | - | ${(bareR.fromReadyMs / 1000).toFixed(1)} s | ${bareR.caughtUp}/${bareR.sockets} | ${(bareR.serverCpuMs / 1000).toFixed(1)} s (${(bareR.serverCpuMs / bareR.sockets).toFixed(2)} ms per socket) | - |`,
  );
}

const scenarios = { p1, p2, p3, p4, p5, p6 };
const list = which === 'all' ? Object.keys(scenarios) : which.split(',');
const CALIBRATION = await calibrate();
console.log(machineLine(CALIBRATION));
for (const s of list) {
  if (!scenarios[s]) throw new Error(`unknown scenario ${s}`);
  console.log(`=== ${s} ===`);
  await scenarios[s]();
}
process.exit(0);
