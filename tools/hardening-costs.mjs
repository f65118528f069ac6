#!/usr/bin/env node
// What two hardening measures cost per request (docs/hardening.md): the HTTP metrics
// middleware, and refusing an over-limit GraphQL document (2,000 aliases) in a booted app.
// Usage: node tools/hardening-costs.mjs [--calls 20000] [--docs 50]
// Needs: the server built (npm run build -w shared-types && npm run build -w server). The app
// boots on PGlite in memory (the refusal reads no database); every loop is bounded.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const require = createRequire(path.join(ROOT, 'server/package.json'));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 20_000);
const DOCS = arg('docs', 50);

const { observeHttpRequest } = require(path.join(ROOT, 'server/dist/core/metrics/metrics.js'));
const { HttpMetricsMiddleware } = require(path.join(ROOT, 'server/dist/core/metrics/http-metrics.middleware.js'));

/** ns per call of fn over n calls, after a warm-up of the same size. */
function perCall(n, fn) {
  for (let i = 0; i < n; i++) fn(i);
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  return Number(process.hrtime.bigint() - t) / n;
}

const routes = ['/api/v4/projects/:id', '/api/v4/projects/:id/issues/:issue_iid', '/api/graphql', '/:namespace/:project/-/issues/:iid/realtime_changes'];
const statuses = [200, 200, 200, 304, 404];
const observeNs = perCall(CALLS, (i) => observeHttpRequest('GET', routes[i & 3], statuses[i % 5], 0.0012));

// The whole middleware: the hrtime read, the 'finish' listener and the observation
const mw = new HttpMetricsMiddleware();
const req = { method: 'GET', route: { path: routes[0] } };
const middlewareNs = perCall(CALLS, () => {
  const res = new EventEmitter();
  res.statusCode = 200;
  mw.use(req, res, () => undefined);
  res.emit('finish');
});
// The same fake response without the middleware, to subtract the harness itself
const harnessNs = perCall(CALLS, () => {
  const res = new EventEmitter();
  res.statusCode = 200;
  res.once('finish', () => undefined);
  res.emit('finish');
});

console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}`);
console.log(`observeHttpRequest: ${observeNs.toFixed(0)} ns/call (${CALLS} calls)`);
console.log(`HttpMetricsMiddleware.use + finish: ${middlewareNs.toFixed(0)} ns/request, of which the fake response ${harnessNs.toFixed(0)} ns`);

// ---------- GraphQL refusal in a booted app ----------
const { PGlite } = require('@electric-sql/pglite');
const { startApp } = require(path.join(ROOT, 'server/dist/app.js'));
const { loadConfig } = require(path.join(ROOT, 'server/dist/core/config/config.js'));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-hardening-'));
const pglite = await PGlite.create('memory://');
const running = await startApp(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', NODE_ENV: 'production' }),
  { pglite, quiet: true },
);
try {
  const post = async (query) => {
    const r = await fetch(`${running.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return r.json();
  };
  const doc = (prefix) => `{ ${Array.from({ length: 2000 }, (_, i) => `${prefix}${i}: currentUser { id }`).join(' ')} }`;
  const timed = async (n, make) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const body = await make(i);
      if (!body.errors?.[0]?.message?.includes('exceeds max')) throw new Error(`not refused: ${JSON.stringify(body).slice(0, 200)}`);
    }
    return Number(process.hrtime.bigint() - t) / 1e6 / n;
  };
  const small = async (n) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await post('{ __typename }');
    return Number(process.hrtime.bigint() - t) / 1e6 / n;
  };
  await small(50);
  await timed(5, (i) => post(doc(`w${i}_`)));
  const baseline = await small(DOCS * 4);
  // A new text each time: parsed and counted every request (an attacker varying the document)
  const distinct = await timed(DOCS, (i) => post(doc(`d${i}_`)));
  // The same text: its cost is remembered, the parse is skipped
  const same = doc('s');
  const repeated = await timed(DOCS * 4, () => post(same));
  console.log(`GraphQL over HTTP, sequential, anonymous: { __typename } answered ${baseline.toFixed(2)} ms/request`);
  console.log(`  2,000-alias document (${(same.length / 1024).toFixed(0)} KiB) refused: ${distinct.toFixed(2)} ms/request distinct (${DOCS}), ${repeated.toFixed(2)} ms/request repeated (${DOCS * 4})`);
} finally {
  await running.close();
  await pglite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
