#!/usr/bin/env node
// The write path on its own (no sockets): how many SQL statements an issue request costs, and
// how many title changes per second one node answers, sequentially and with closed-loop writers.
// Usage: node tools/bench/write-path-bench.mjs [--server path/to/dist/main.js ...] [--runs 3]
//   Several --server builds are measured alternately (A B A B ...), so machine drift hits them
//   alike; the figures go to docs/benchmarks.md (section write-path) with the machine.
// Needs: the server built (cd server && npx tsc -p tsconfig.build.json), Postgres on
// 127.0.0.1:5432 with trust auth (TANDEM_BENCH_PG_URL to override). Every loop is bounded.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const servers = args.flatMap((a, i) => (a === '--server' ? [path.resolve(args[i + 1])] : []));
if (!servers.length) servers.push(path.join(ROOT, 'server/dist/main.js'));
const RUNS = Number(args[args.indexOf('--runs') + 1] || 0) || 3;
const CALIBRATION = await calibrate();
console.log(machineLine(CALIBRATION));
const SEQUENTIAL = 300;
const WRITERS = 16;
const DURATION_MS = 10_000;
const PORT = 3611;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function withDatabase(fn) {
  const name = `tandem_wp_bench_${Date.now().toString(36)}`;
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

async function signIn(url) {
  const r = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'alice', password: 'tandem-demo' }),
  });
  return (await r.json()).access_token;
}

/** Statements per request, counted in-process by wrapping pg.Client#query (the server's own pg). */
async function countStatements(serverMain) {
  const dist = path.dirname(serverMain);
  const load = createRequire(serverMain);
  const spg = load('pg');
  const { startApp } = load(path.join(dist, 'app.js'));
  const { loadConfig } = load(path.join(dist, 'core/config/config.js'));
  let counted = null;
  const original = spg.Client.prototype.query;
  spg.Client.prototype.query = function (...a) {
    if (counted) counted.n++;
    return original.apply(this, a);
  };
  try {
    return await withDatabase(async (databaseUrl) => {
      const app = await startApp(loadConfig({ DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'production' }));
      try {
        const tok = await signIn(app.url);
        const h = { authorization: `Bearer ${tok}`, 'content-type': 'application/json' };
        const measure = async (fn) => {
          await fn(); // warm (first-use caches)
          counted = { n: 0 };
          const r = await fn();
          await r.arrayBuffer();
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          const n = counted.n;
          counted = null;
          return n;
        };
        let k = 0;
        return {
          putTitle: await measure(() => fetch(`${app.url}/api/v4/projects/acme%2Ftandem/issues/2`, { method: 'PUT', headers: h, body: JSON.stringify({ title: `count ${k++}` }) })),
          putPage: await measure(() => fetch(`${app.url}/acme/tandem/-/issues/2.json`, { method: 'PUT', headers: h, body: JSON.stringify({ issue: { title: `count ${k++}` } }) })),
          getIssue: await measure(() => fetch(`${app.url}/api/v4/projects/acme%2Ftandem/issues/2`, { headers: h })),
        };
      } finally {
        await app.close();
      }
    });
  } finally {
    spg.Client.prototype.query = original;
  }
}

/** Title PUTs against a server process: sequential, then WRITERS closed-loop writers. */
async function throughput(serverMain) {
  return withDatabase(async (databaseUrl) => {
    const url = `http://127.0.0.1:${PORT}`;
    const proc = spawn(process.execPath, [serverMain], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      for (let i = 0; ; i++) {
        if (i > 240) throw new Error('server did not become ready');
        if (await fetch(`${url}/-/readiness`).then((r) => r.ok, () => false)) break;
        await sleep(250);
      }
      const tok = await signIn(url);
      const cpuMs = () => {
        const f = fs.readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
      };
      let n = 0;
      const put = async (iid) => {
        const r = await fetch(`${url}/api/v4/projects/acme%2Ftandem/issues/${iid}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `write path ${n++}` }),
        });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
      };
      for (let i = 0; i < 50; i++) await put(1 + (i % 20));
      let c0 = cpuMs();
      let t0 = performance.now();
      for (let i = 0; i < SEQUENTIAL; i++) await put(1 + (i % 20));
      const seqWall = (performance.now() - t0) / SEQUENTIAL;
      const seqCpu = (cpuMs() - c0) / SEQUENTIAL;
      c0 = cpuMs();
      t0 = performance.now();
      let done = 0;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          while (performance.now() - t0 < DURATION_MS) {
            await put(1 + ((w + done) % 20));
            done++;
          }
        }),
      );
      const secs = (performance.now() - t0) / 1000;
      return { seqWall, seqCpu, perSecond: done / secs, cpuPerPut: (cpuMs() - c0) / done };
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
    }
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const label = (s) => path.relative(ROOT, s) || s;

// `--count <main.js>`: the child process that counts one build's statements (one build per
// process: two builds' GraphQL decorators must not meet in one @nestjs/graphql registry)
const countArg = args.indexOf('--count');
if (countArg >= 0) {
  const counts = await countStatements(path.resolve(args[countArg + 1]));
  process.stdout.write(`\n${JSON.stringify(counts)}\n`);
  process.exit(0);
}

async function countInChild(serverMain) {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--count', serverMain], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`counting statements for ${serverMain} failed (exit ${code})`);
  return JSON.parse(out.trim().split('\n').pop());
}

const results = new Map(servers.map((s) => [s, { runs: [], statements: null }]));
for (const s of servers) {
  results.get(s).statements = await countInChild(s);
  console.log(label(s), 'statements', results.get(s).statements);
}
for (let r = 0; r < RUNS; r++) {
  for (const s of servers) {
    const t = await throughput(s);
    results.get(s).runs.push(t);
    console.log(label(s), `run ${r + 1}:`, `sequential ${t.seqWall.toFixed(2)} ms wall, ${t.seqCpu.toFixed(2)} ms CPU;`, `${WRITERS} writers ${t.perSecond.toFixed(0)}/s, ${t.cpuPerPut.toFixed(2)} ms CPU per PUT`);
  }
}

const lines = [
  '| server build | SQL statements: PUT title / PUT page .json / GET issue | sequential PUT: wall / server CPU ms | 16 closed-loop writers: PUT/s | server CPU per PUT ms |',
  '|---|---:|---:|---:|---:|',
];
for (const [s, r] of results) {
  const st = r.statements;
  lines.push(
    `| \`${label(s)}\` | ${st.putTitle} / ${st.putPage} / ${st.getIssue} | ${median(r.runs.map((x) => x.seqWall)).toFixed(1)} / ${median(r.runs.map((x) => x.seqCpu)).toFixed(1)} | ${median(r.runs.map((x) => x.perSecond)).toFixed(0)} (${r.runs.map((x) => x.perSecond.toFixed(0)).join(', ')}) | ${median(r.runs.map((x) => x.cpuPerPut)).toFixed(2)} |`,
  );
}
const markdown =
  `### Write path: one node, no sockets\n\n` +
  `Title changes (\`PUT /api/v4/projects/:id/issues/:iid\`, OAuth token) against one node on Postgres with a fresh database: ${SEQUENTIAL} one at a time, then ${WRITERS} writers in a closed loop for ${DURATION_MS / 1000} s. ` +
  `Statements are counted by wrapping the server's \`pg.Client#query\` (in-process). ${RUNS} runs per build, builds alternated; medians (and every run).\n\n${lines.join('\n')}`;
writeSection('write-path', markdown, `node tools/bench/write-path-bench.mjs${args.length ? ' ' + args.join(' ') : ''}`, CALIBRATION);
process.exit(0);
