#!/usr/bin/env node
// The issue list of a project with 10,000 issues: the first page filtered by two labels and an
// assignee and sorted by due date, beside the unfiltered first page (newest first) and a floor
// (GET /-/readiness, the server's cheapest route), alternated in one run; then the filtered
// statement's plan (EXPLAIN ANALYZE of the SQL the finder sends, captured in-process).
// Usage: node tools/bench/issue-list-bench.mjs [--issues 10000] [--n 40] [--save]
// Needs: the server built (npm run build -w server), Postgres on 127.0.0.1:5432 with trust auth
// (TANDEM_BENCH_PG_URL to override). Every loop is bounded.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'server/package.json'));
const pg = require('pg');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const ISSUES = opt('--issues', 10_000);
const N = opt('--n', 40);
const SAVE = args.includes('--save');
const PORT = 3417;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const LIST = `${URL_BASE}/api/v4/projects/acme%2Ftandem/issues`;
const FILTERED = 'labels=bug,ui&assignee_username[]=bob&order_by=due_date&sort=asc&per_page=20';
const UNFILTERED = 'per_page=20';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const cal = await calibrate();
const dbName = `tandem_list_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
let server;
try {
  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: dbUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: URL_BASE },
  });
  for (let i = 0; ; i++) {
    if (await fetch(`${URL_BASE}/-/readiness`).then((r) => r.ok, () => false)) break;
    if (i > 240) throw new Error('the server did not become ready in 120 s');
    await sleep(500);
  }
  // 10,000 issues: each with 0-3 of 8 labels, 0-2 assignees of 5 users, a due date on two in three
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const [{ id: projectId, last }] = (await db.query(`SELECT id, last_issue_iid AS last FROM projects WHERE full_path = 'acme/tandem'`)).rows;
  await db.query(
    `INSERT INTO issues (project_id, iid, issue_type, title, description, description_html, state, confidential, discussion_locked, lock_version, author_id, due_date, severity, time_estimate, total_time_spent, event_seq, created_at, updated_at)
     SELECT $1, $2 + g, 'issue', 'Bench issue ' || g, 'Body ' || g, '<p>Body ' || g || '</p>', CASE WHEN g % 4 = 0 THEN 'closed' ELSE 'opened' END, false, false, 0,
            (SELECT id FROM users WHERE username = 'alice'), CASE WHEN g % 3 = 0 THEN NULL ELSE CURRENT_DATE + (g % 400) END, 'UNKNOWN', 0, 0, 0,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       FROM generate_series(1, $3) g`,
    [projectId, last, ISSUES],
  );
  await db.query(`UPDATE projects SET last_issue_iid = last_issue_iid + $2 WHERE id = $1`, [projectId, ISSUES]);
  await db.query(
    `INSERT INTO label_links (label_id, target_type, target_id)
     SELECT DISTINCT l.id, 'Issue', i.id FROM issues i
       JOIN LATERAL (SELECT id FROM labels WHERE project_id = $1 ORDER BY id LIMIT 8) l ON (hashtext(i.id::text || '-' || l.id::text) % 4) = 0
      WHERE i.project_id = $1 AND i.title LIKE 'Bench issue %' ON CONFLICT DO NOTHING`,
    [projectId],
  );
  await db.query(
    `INSERT INTO issue_assignees (issue_id, user_id, position)
     SELECT i.id, u.id, 0 FROM issues i JOIN users u ON u.username IN ('alice', 'bob', 'carol', 'dave', 'erin') AND (hashtext(i.id::text || u.username) % 5) = 0
      WHERE i.project_id = $1 AND i.title LIKE 'Bench issue %' ON CONFLICT DO NOTHING`,
    [projectId],
  );
  await db.query('ANALYZE');
  const token = (
    await (
      await fetch(`${URL_BASE}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username: 'bob', password: 'tandem-demo' }) })
    ).json()
  ).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const time = async (url) => {
    const t0 = performance.now();
    const r = await fetch(url, { headers });
    const body = await r.json().catch(() => null);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return { ms: performance.now() - t0, rows: Array.isArray(body) ? body.length : 0, total: Number(r.headers.get('x-total') ?? 0) };
  };
  const runs = { floor: [], unfiltered: [], filtered: [] };
  let shape = {};
  for (let i = 0; i < 5 + N; i++) {
    const f = await time(`${URL_BASE}/-/readiness`);
    const u = await time(`${LIST}?${UNFILTERED}`);
    const x = await time(`${LIST}?${FILTERED}`);
    if (i >= 5) {
      runs.floor.push(f.ms);
      runs.unfiltered.push(u.ms);
      runs.filtered.push(x.ms);
    }
    shape = { unfilteredTotal: u.total, filteredTotal: x.total, filteredRows: x.rows };
  }
  // The statement the finder sends for the filtered page, captured in-process, and its plan
  const sent = [];
  const origQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (text, values, ...rest) {
    if (typeof text === 'string' && /FROM "issues"/.test(text) && /ORDER BY/.test(text)) sent.push({ text, values });
    return origQuery.call(this, text, values, ...rest);
  };
  const { ENTITIES } = require(path.join(ROOT, 'server/dist/modules/entities.js'));
  const { openDatabase } = require(path.join(ROOT, 'server/dist/core/database/data-source.js'));
  const { IssueFinder } = require(path.join(ROOT, 'server/dist/modules/issue/issue.finder.js'));
  const opened = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 2 }, ENTITIES);
  const [{ id: bobId }] = (await db.query(`SELECT id FROM users WHERE username = 'bob'`)).rows;
  const actor = { id: bobId, username: 'bob', isAdmin: false, scopes: null };
  const facts = { visibility: 'public', archived: false, accessLevel: 30 };
  await new IssueFinder(opened.dataSource).list(
    actor,
    { labels: ['bug', 'ui'], assigneeUsernames: ['bob'], orderBy: 'due_date', sort: 'asc', page: 1, perPage: 20, scope: 'all' },
    { project: { id: projectId }, facts },
  );
  pg.Client.prototype.query = origQuery;
  await opened.close();
  const stmt = sent[0];
  const plan = stmt ? (await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${stmt.text}`, stmt.values)).rows.map((r) => r['QUERY PLAN']).join('\n') : '(statement not captured)';
  await db.end();

  const ratio = median(runs.filtered) / median(runs.unfiltered);
  const row = (name, xs) => `| ${name} | ${median(xs).toFixed(1)} | ${p90(xs).toFixed(1)} |`;
  const markdown = `### Issue list, ${ISSUES.toLocaleString('en')} issues: filtered and sorted vs unfiltered

First page (20 rows) of \`GET /api/v4/projects/acme%2Ftandem/issues\` as bob (token), ${N} alternated rounds after 5 warm-up rounds, on Postgres.
Filtered: \`${FILTERED}\` (${shape.filteredTotal} matches); unfiltered: \`${UNFILTERED}\` (${shape.unfilteredTotal} issues, newest first).

| request | median ms | p90 ms |
|---|---|---|
${row('floor: GET /-/readiness', runs.floor)}
${row('unfiltered first page', runs.unfiltered)}
${row('two labels + assignee, by due date', runs.filtered)}

Filtered / unfiltered (medians): **${ratio.toFixed(2)}x** (target: within 1.5x). The machine is shared (2 cores, 8 helpers): figures are noisy.

Plan of the filtered page's statement (EXPLAIN ANALYZE, costs and timing off):

\`\`\`
${plan}
\`\`\``;
  if (SAVE) writeSection('issue-list', markdown, `node tools/bench/issue-list-bench.mjs --issues ${ISSUES} --n ${N} --save`, cal);
  else console.log(`${markdown}\n\n${machineLine(cal)}`);
} finally {
  server?.kill('SIGTERM');
  await sleep(500);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
