// Helpers shared by the page benchmarks (discussion-render-bench.mjs, sidebar-paint-bench.mjs):
// a throwaway Postgres database, the built server on it, the demo users' tokens and API calls,
// Debian's Chromium, signed-in page loads and medians.
/* global window -- addInitScript bodies run in the browser */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'test/package.json'));
const pg = require('pg');
const { chromium } = require('@playwright/test');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO_PASSWORD = 'tandem-demo';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A positive integer option (`--rounds 7`) of this process, or its default; exits on a bad value. */
export function intOption(bench, name, dflt, args = process.argv.slice(2)) {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v <= 0) {
    console.error(`${bench}: ${name} must be a positive integer`);
    process.exit(2);
  }
  return v;
}

/** Runs `fn(databaseUrl)` on a fresh database, dropped afterwards. */
export async function withDatabase(prefix, fn) {
  const name = `${prefix}_${Date.now().toString(36)}`;
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

/**
 * The built server (server/dist) on `databaseUrl` at `baseUrl`'s port, with the demo seeded and
 * write limits off, once it is ready; and Chromium (Debian's, headless). `fn({ browser })`, then
 * both stop. BENCH_SERVER_NODE_ARGS: node's own flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function withServerAndBrowser({ databaseUrl, port, env = {} }, fn) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl, THROTTLE_API_WRITES_PER_USER: '0', THROTTLE_NOTES_PER_USER: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'] });
  try {
    // TANDEM_BENCH_READY_MS: a loaded machine may need longer than a minute to migrate and seed
    const deadline = Date.now() + (Number(process.env.TANDEM_BENCH_READY_MS) || 60_000);
    while (!(await fetch(`${baseUrl}/-/readiness`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not become ready');
      await sleep(200);
    }
    return await fn({ browser, baseUrl, serverPid: server.pid });
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await Promise.race([once(server, 'exit'), sleep(10_000)]);
  }
}

/** A demo user's OAuth token (password grant). */
export async function token(baseUrl, username) {
  const r = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  if (!r.ok) throw new Error(`sign-in ${username}: HTTP ${r.status}`);
  return (await r.json()).access_token;
}

/** A REST v4 call with a token; the parsed answer, or an error naming the call. */
export async function api(baseUrl, tokenValue, method, p, body) {
  const r = await fetch(`${baseUrl}/api/v4${p}`, {
    method,
    headers: { authorization: `Bearer ${tokenValue}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${p}: HTTP ${r.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A fresh browser context signed in as `username` with a page that records the largest
 * contentful paint in window.__lcp; `fn(page)`, then the context closes.
 */
export async function withSignedInPage(browser, baseUrl, username, fn) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const res = await page.request.post(`${baseUrl}/users/sign_in`, { data: { login: username, password: DEMO_PASSWORD } });
    if (res.status() !== 200) throw new Error(`browser sign-in: ${res.status()}`);
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = Math.max(window.__lcp, e.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    return await fn(page);
  } finally {
    await context.close();
  }
}
