#!/usr/bin/env node
// A comment's response time on an issue with 200 subscribers against one with none (issue #23:
// at most 1.2x; the notification mail is written by a background job, not by the request).
// Usage: node tools/bench/notify-bench.mjs [--rounds 40] [--subscribers 200] [--save]
//   Starts the built server (server/dist/main.js, NODE_ENV=production) on a fresh Postgres
//   database, adds the subscribers (users subscribed to issue A by SQL), then posts comments
//   alternately on A and on B (no subscribers), as alice. Two figures per issue:
//   - idle: before each comment the job queue is empty (the mail of the last one is written),
//     so the figure is the request alone;
//   - back to back: the next comment follows at once, while the previous one's mail is still
//     being written on the same 2 cores.
//   Also: how long after the response the subscribers' mails are all in the outbox.
//   --save writes the section notify of docs/benchmarks.md with the machine and this command.
// Needs: the server built (cd server && npx tsc -p tsconfig.build.json), Postgres on
// 127.0.0.1:5432 with trust auth (TANDEM_BENCH_PG_URL to override). Every loop is bounded.
import os from 'node:os';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECT = 'acme/tandem';
const args = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  const v = i < 0 ? dflt : Number(args[i + 1]);
  if (!Number.isInteger(v) || v <= 0) {
    console.error(`notify-bench: ${name} must be a positive integer`);
    process.exit(2);
  }
  return v;
};
const ROUNDS = opt('--rounds', 40);
const SUBSCRIBERS = opt('--subscribers', 200);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let server = null;
process.on('exit', () => server?.exitCode === null && server.kill('SIGKILL'));
process.on('SIGINT', () => process.exit(130));

const cal = await calibrate();
const dbName = `tandem_notify_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const db = new pg.Client({ connectionString: dbUrl });
try {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, THROTTLE_API_WRITES_PER_USER: '0', THROTTLE_NOTES_PER_USER: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; !(await fetch(`${url}/-/readiness`).then((r) => r.ok, () => false)); i++) {
    if (server.exitCode !== null || i > 300) throw new Error('the server did not become ready');
    await sleep(200);
  }
  const tok = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username: 'alice', password: 'tandem-demo' }) });
  const token = (await tok.json()).access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = `${url}/api/v4/projects/${encodeURIComponent(PROJECT)}`;
  const newIssue = async (title) => (await (await fetch(`${api}/issues`, { method: 'POST', headers, body: JSON.stringify({ title }) })).json()).iid;
  const [a, b] = [await newIssue('Busy issue (subscribers)'), await newIssue('Quiet issue')];
  await db.connect();
  await db.query(
    `WITH u AS (INSERT INTO users (username, name, email) SELECT 'sub' || g, 'Subscriber ' || g, 'sub' || g || '@example.com' FROM generate_series(1, $1) g RETURNING id)
     INSERT INTO issue_subscriptions (issue_id, user_id, subscribed, updated_at)
     SELECT i.id, u.id, true, now() FROM u, issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $2 AND i.iid = $3`,
    [SUBSCRIBERS, PROJECT, a],
  );
  const pending = async () => Number((await db.query(`SELECT count(*)::int AS n FROM background_jobs WHERE state = 'pending'`)).rows[0].n);
  const idle = async () => {
    for (let i = 0; (await pending()) > 0; i++) {
      if (i > 600) throw new Error('the job queue did not empty');
      await sleep(20);
    }
  };
  const outboxCount = async () => Number((await db.query(`SELECT count(*)::int AS n FROM outbox_emails`)).rows[0].n);
  const comment = async (iid, n) => {
    const t0 = performance.now();
    const r = await fetch(`${api}/issues/${iid}/notes`, { method: 'POST', headers, body: JSON.stringify({ body: `Comment ${n} on #${iid}` }) });
    await r.arrayBuffer();
    if (r.status !== 201) throw new Error(`comment: HTTP ${r.status}`);
    return performance.now() - t0;
  };
  // warm-up: both paths, mail included
  for (let i = 0; i < 5; i++) {
    await comment(a, -i);
    await comment(b, -i);
  }
  await idle();
  const t = { idleA: [], idleB: [], b2bA: [], b2bB: [], mailMs: [] };
  for (let i = 0; i < ROUNDS; i++) {
    await idle();
    const before = await outboxCount();
    const t0 = performance.now();
    t.idleA.push(await comment(a, i));
    for (let k = 0; (await outboxCount()) < before + SUBSCRIBERS; k++) {
      if (k > 3000) throw new Error('the mails were not written');
      await sleep(5);
    }
    t.mailMs.push(performance.now() - t0);
    await idle();
    t.idleB.push(await comment(b, i));
  }
  await idle();
  for (let i = 0; i < ROUNDS; i++) {
    t.b2bA.push(await comment(a, 1000 + i));
    t.b2bB.push(await comment(b, 1000 + i));
  }
  await idle();
  const sent = Number((await db.query(`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address LIKE 'sub%'`)).rows[0].n);
  const expected = (10 / 2 + 2 * ROUNDS) * SUBSCRIBERS;
  if (sent !== expected) throw new Error(`expected ${expected} subscriber mails, found ${sent}`);
  const row = (label, xa, xb) => `| ${label} | ${median(xb).toFixed(1)} | ${median(xa).toFixed(1)} | ${(median(xa) / median(xb)).toFixed(2)}x |`;
  const ratio = median(t.idleA) / median(t.idleB);
  const md = `### A comment on an issue with ${SUBSCRIBERS} subscribers against one with none (REST POST .../notes, medians of ${ROUNDS} alternated comments)

| figure, ms | no subscribers | ${SUBSCRIBERS} subscribers | ratio |
|---|---|---|---|
${row('response, job queue idle before each', t.idleA, t.idleB)}
${row('response, back to back (the previous mail still being written)', t.b2bA, t.b2bB)}
| all ${SUBSCRIBERS} mails in the outbox, from the request's start | | ${median(t.mailMs).toFixed(1)} | |

Goal (issue #23): at most 1.2x with the queue idle. ${ratio <= 1.2 ? 'Met' : 'Not met'} in this run (${ratio.toFixed(2)}x). All ${sent} subscriber mails were written (checked).${os.loadavg()[0] > 2.5 ? ` Load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores: other work ran beside it, figures are noisy.` : ''}`;
  if (args.includes('--save')) writeSection('notify', md, `node tools/bench/notify-bench.mjs --rounds ${ROUNDS} --subscribers ${SUBSCRIBERS} --save`, cal);
  else console.log(md);
} finally {
  await db.end().catch(() => undefined);
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await Promise.race([once(server, 'exit'), sleep(10_000)]);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
