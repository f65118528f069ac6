#!/usr/bin/env node
// The hot reads, beside each other and across builds: 16 closed-loop readers with alice's token,
// each asking in turn for an issue's discussions (REST), a merge request, the project's labels and
// her to-dos (`GET /api/v4/...`), for --ms; reads per second, and the server's and its Postgres
// backends' CPU per read. Several builds alternate in the same run, each on a fresh database (the
// first server of a round changes each round). Not a goal of its own: the check that a change to
// the reads every page makes (the project read, the merge request read, discussions, to-dos) made
// them cheaper, not dearer.
// Usage: node tools/bench/read-path-bench.mjs [--server path/to/dist/main.js ...] [--rounds 2] [--ms 6000]
// Needs: the built server, Postgres on 127.0.0.1:5432 with trust auth.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, machineLine } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const pg = createRequire(path.join(ROOT, 'server/package.json'))('pg');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const servers = args.flatMap((a, i) => (a === '--server' ? [path.resolve(args[i + 1])] : []));
if (!servers.length) servers.push(path.join(ROOT, 'server/dist/main.js'));
const ROUNDS = opt('--rounds', 2);
const MS = opt('--ms', 6000);
const PORT = 3624;
const DB = 'tandem_read_path_bench';
const PROJECT = encodeURIComponent('acme/tandem');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
/** CPU of the benchmark database's Postgres backends (their command lines name the database). */
const backendsMs = () => {
  let t = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(DB)) t += cpuMs(d);
    } catch {
      // gone meanwhile
    }
  }
  return t;
};
async function admin(sql) {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function run(main) {
  await admin(`DROP DATABASE IF EXISTS ${DB}`);
  await admin(`CREATE DATABASE ${DB}`);
  const url = `http://127.0.0.1:${PORT}`;
  // BENCH_SERVER_NODE_ARGS: node's own flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
  const p = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DB}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, THROTTLE_API_WRITES_PER_USER: '0' },
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
    const headers = { authorization: `Bearer ${token}` };
    const mrs = await (await fetch(`${url}/api/v4/projects/${PROJECT}/merge_requests`, { headers })).json();
    if (!mrs[0]) throw new Error('the demo project has no merge request');
    const paths = [`/api/v4/projects/${PROJECT}/issues/1/discussions`, `/api/v4/projects/${PROJECT}/merge_requests/${mrs[0].iid}`, `/api/v4/projects/${PROJECT}/labels`, '/api/v4/todos'];
    const load = async (ms) => {
      let ok = 0;
      let bad = 0;
      const end = Date.now() + ms;
      await Promise.all(
        Array.from({ length: 16 }, async (_, w) => {
          for (let i = 0; Date.now() < end; i++) {
            const r = await fetch(`${url}${paths[(w + i) % paths.length]}`, { headers });
            await r.arrayBuffer();
            if (r.ok) ok++;
            else bad++;
          }
        }),
      );
      return { ok, bad };
    };
    await load(Math.min(4000, MS));
    const c0 = cpuMs(p.pid);
    const g0 = backendsMs();
    const t0 = Date.now();
    const { ok, bad } = await load(MS);
    const secs = (Date.now() - t0) / 1000;
    return { rate: ok / secs, bad, server: (cpuMs(p.pid) - c0) / ok, backends: (backendsMs() - g0) / ok };
  } finally {
    p.kill('SIGINT');
    await Promise.race([new Promise((r) => p.once('exit', r)), sleep(10_000)]);
  }
}

console.log(machineLine(await calibrate()));
for (let r = 1; r <= ROUNDS; r++) {
  for (const main of r % 2 ? servers : [...servers].reverse()) {
    const x = await run(main);
    console.log(`round ${r} ${path.relative(ROOT, main)}: ${x.rate.toFixed(0)} reads/s (${x.bad} refused), server CPU ${x.server.toFixed(2)} ms per read, Postgres backends ${x.backends.toFixed(2)} ms per read`);
  }
}
await admin(`DROP DATABASE IF EXISTS ${DB}`);
