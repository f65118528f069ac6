#!/usr/bin/env node
// Long discussions stay fast (issue #10, item 10): the issue page of an issue with 500 notes
// against one with none, same server, same run, in Chromium. Per page load it takes the time to
// first byte (navigation responseStart), the largest contentful paint, and the time until the
// LAST comment is in the document (reachable); and discussions.json's answer time for each issue.
// Usage: node tools/bench/discussion-render-bench.mjs [--rounds 7] [--notes 500] [--save]
//   Loads alternate (empty, long, empty, long, ...) in fresh browser contexts; medians are printed
//   with the ratio long/empty. --save writes the section discussion-render of docs/benchmarks.md.
// Needs: the built server and client (npm run build), Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override) and Debian's chromium at /usr/bin/chromium.
/* global window, document -- page.evaluate and addInitScript bodies run in the browser */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createRequire } from 'node:module';
import { calibrate, machineLine, writeSection } from './machine.mjs';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const { chromium } = require('@playwright/test');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECT = 'acme/tandem';
const PORT = 3615;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function opt(name, dflt) {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v <= 0) {
    console.error(`discussion-render-bench: ${name} must be a positive integer`);
    process.exit(2);
  }
  return v;
}
const ROUNDS = opt('--rounds', 7);
const NOTES = opt('--notes', 500);
const SAVE = args.includes('--save');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function withDatabase(fn) {
  const name = `tandem_render_bench_${Date.now().toString(36)}`;
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

async function api(token, method, p, body) {
  const r = await fetch(`${URL_BASE}/api/v4${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${p}: HTTP ${r.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

async function token(username) {
  const r = await fetch(`${URL_BASE}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password: 'tandem-demo' }),
  });
  if (!r.ok) throw new Error(`sign-in ${username}: HTTP ${r.status}`);
  return (await r.json()).access_token;
}

/** Two issues: one without notes, one with NOTES notes (comments, and threads of five). */
async function seed() {
  const alice = await token('alice');
  const bob = await token('bob');
  const proj = `/projects/${encodeURIComponent(PROJECT)}`;
  const empty = await api(alice, 'POST', `${proj}/issues`, { title: 'Render bench: no comments', description: 'An issue with **no** discussion.' });
  const long = await api(alice, 'POST', `${proj}/issues`, { title: 'Render bench: long discussion', description: 'An issue with a **long** discussion.' });
  let n = 0;
  const body = (k) => `Comment ${k} with some \`code\`, a link to #1 and **emphasis**: ${'lorem ipsum dolor sit amet '.repeat(4)}`;
  while (n < NOTES) {
    if (n % 50 === 10 && NOTES - n >= 5) {
      const d = await api(n % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/discussions`, { body: body(++n) });
      for (let r = 0; r < 4; r++) await api(r % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/discussions/${d.id}/notes`, { body: body(++n) });
    } else {
      await api(n % 2 ? alice : bob, 'POST', `${proj}/issues/${long.iid}/notes`, { body: body(++n) });
    }
  }
  return { empty, long, lastText: `Comment ${n} with some`, bobToken: bob };
}

/** One page load in a fresh context: TTFB, LCP and when the marker text (if any) is in the document. */
async function load(browser, iid, marker) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const res = await page.request.post(`${URL_BASE}/users/sign_in`, { data: { login: 'bob', password: 'tandem-demo' } });
    if (res.status() !== 200) throw new Error(`browser sign-in: ${res.status()}`);
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = Math.max(window.__lcp, e.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${URL_BASE}/${PROJECT}/-/issues/${iid}`, { waitUntil: 'load' });
    const reachedMs = marker
      ? await page.waitForFunction((m) => (document.body.innerText.includes(m) ? performance.now() : 0), marker, { timeout: 60_000, polling: 20 }).then((h) => h.jsonValue())
      : null;
    // LCP settles after the last large paint; give the page a moment past its last render
    await sleep(800);
    return await page.evaluate((reached) => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ttfb: nav.responseStart, lcp: window.__lcp, reached };
    }, reachedMs);
  } finally {
    await context.close();
  }
}

async function discussionsJsonMs(bobToken, iid) {
  const times = [];
  for (let k = 0; k < 15; k++) {
    const t0 = performance.now();
    const r = await fetch(`${URL_BASE}/${PROJECT}/-/issues/${iid}/discussions.json`, { headers: { authorization: `Bearer ${bobToken}` } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`discussions.json: HTTP ${r.status}`);
    times.push(performance.now() - t0);
  }
  return median(times.slice(3));
}

const cal = await calibrate();
console.log(machineLine(cal));
await withDatabase(async (databaseUrl) => {
  const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: URL_BASE, THROTTLE_API_WRITES_PER_USER: '0', THROTTLE_NOTES_PER_USER: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
  try {
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${URL_BASE}/-/readiness`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not become ready');
      await sleep(200);
    }
    const t0 = Date.now();
    const { empty, long, lastText, bobToken } = await seed();
    console.log(`seeded ${NOTES} notes in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const json = { empty: await discussionsJsonMs(bobToken, empty.iid), long: await discussionsJsonMs(bobToken, long.iid) };
    await load(browser, empty.iid, null); // warm both paths once
    await load(browser, long.iid, lastText);
    const runs = { empty: [], long: [] };
    for (let r = 0; r < ROUNDS; r++) {
      runs.empty.push(await load(browser, empty.iid, null));
      runs.long.push(await load(browser, long.iid, lastText));
    }
    const m = (kind, k) => median(runs[kind].map((x) => x[k]));
    const row = (label, e, l) => `| ${label} | ${e.toFixed(1)} | ${l.toFixed(1)} | ${(l / e).toFixed(2)}x |`;
    const markdown = [
      `### Issue page with ${NOTES} notes against none (Chromium, medians of ${ROUNDS} alternated loads)`,
      '',
      '| figure | no notes (ms) | ' + NOTES + ' notes (ms) | ratio |',
      '|---|---|---|---|',
      row('time to first byte', m('empty', 'ttfb'), m('long', 'ttfb')),
      row('largest contentful paint', m('empty', 'lcp'), m('long', 'lcp')),
      row('discussions.json answer (all notes)', json.empty, json.long),
      `| last comment in the document | n/a | ${m('long', 'reached').toFixed(1)} | |`,
      '',
      `Goal (issue #10): first byte and largest paint within 1.5x of the empty issue. ${m('long', 'ttfb') / m('empty', 'ttfb') <= 1.5 && m('long', 'lcp') / m('empty', 'lcp') <= 1.5 ? 'Met' : 'Missed'} in this run.`,
    ].join('\n');
    if (SAVE) writeSection('discussion-render', markdown, `node tools/bench/discussion-render-bench.mjs --rounds ${ROUNDS} --notes ${NOTES} --save`, cal);
    else console.log(`\n${markdown}\n\n(not saved: add --save to write the section discussion-render of docs/benchmarks.md)`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await Promise.race([once(server, 'exit'), sleep(10_000)]);
  }
});
