#!/usr/bin/env node
// Memory per idle socket from the server's heap, not its RSS: the server runs in this process
// (started with --expose-gc), N sockets connect from a client process and subscribe to one
// issue each, and the heap (V8 heap used + external + array buffers) is read after full GCs
// before and after. Garbage and V8 headroom do not count, so the figure hardly moves with the
// machine's load (P4's RSS figure includes both). Tandem (server/dist, authenticated with a
// token) and a bare Socket.IO server (same options as Tandem's gateway; joins a room on
// subscribe) in the same run, one after the other in separate processes.
// Usage: node tools/bench/socket-heap.mjs [sockets=2000] [--snapshot]
//   --snapshot: also writes a heap snapshot before and after and prints what grew per socket,
//   summed by constructor (the top 25), for each server: where a socket's bytes are.
// Needs: the server built, Postgres on 127.0.0.1:5432 (trust; TANDEM_BENCH_PG_URL).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const req = createRequire(path.join(ROOT, 'server/package.json'));
const args = process.argv.slice(2).filter((a) => a !== '--snapshot');
const SNAPSHOT = process.argv.includes('--snapshot');
const PG_ADMIN = process.env.TANDEM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHIFT = Number(process.env.TANDEM_BENCH_PORT_SHIFT ?? 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function heapNow() {
  for (let i = 0; i < 4; i++) {
    global.gc();
    await sleep(50);
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

/** Self sizes and counts by (node type, constructor name) of a heap snapshot file. */
function sizesByConstructor(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file, { force: true });
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((n) => f.indexOf(n));
  const out = new Map();
  for (let i = 0; i < snap.nodes.length; i += f.length) {
    const type = types[snap.nodes[i + iType]];
    const isString = type === 'string' || type === 'concatenated string' || type === 'sliced string';
    // Strings by their text (which strings a socket adds says whose they are); objects by constructor
    const name = type === 'object' || type === 'closure' || type === 'native' ? snap.strings[snap.nodes[i + iName]] : isString ? JSON.stringify(snap.strings[snap.nodes[i + iName]].slice(0, 50)) : `(${type})`;
    const key = `${type}:${name}`;
    const cur = out.get(key) ?? { n: 0, bytes: 0 };
    cur.n++;
    cur.bytes += snap.nodes[i + iSize];
    out.set(key, cur);
  }
  return out;
}

/** Writes a heap snapshot to a file (parsed only after the last one: parsing fills the heap). */
function snapshotNow() {
  return v8.writeHeapSnapshot(path.join(os.tmpdir(), `tandem-socket-heap-${process.pid}-${Date.now()}.heapsnapshot`));
}

function printGrowth(kind, before, after, sockets) {
  const rows = [];
  for (const [k, a] of after) {
    const b = before.get(k) ?? { n: 0, bytes: 0 };
    if (a.bytes - b.bytes > 0) rows.push({ k, perSocketBytes: (a.bytes - b.bytes) / sockets, perSocketCount: (a.n - b.n) / sockets });
  }
  rows.sort((x, y) => y.perSocketBytes - x.perSocketBytes);
  console.log(`${kind}: heap growth per socket by constructor or string text (top 40)`);
  for (const r of rows.slice(0, 40)) console.log(`  ${r.perSocketBytes.toFixed(0).padStart(6)} B  ${r.perSocketCount.toFixed(2).padStart(6)} objects  ${r.k}`);
}

async function openClients(url, token, count) {
  const w = fork(path.join(ROOT, 'tools/bench/client-worker.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await once(w, 'message');
  const ask = (msg, reply) =>
    new Promise((resolve, reject) => {
      const on = (m) => {
        if (m.cmd === 'error') reject(new Error(m.message));
        else if (m.cmd === reply) {
          w.off('message', on);
          resolve(m);
        }
      };
      w.on('message', on);
      w.send(msg);
    });
  const subs = Array.from({ length: 22 }, (_, i) => ({ project_path: 'acme/tandem', iid: i + 1 })).filter((s) => s.iid !== 4);
  const opened = await ask({ cmd: 'open', url, token, subs, count, offset: 0, reconnect: false, floor: false, batch: 100 }, 'opened');
  return { opened, close: () => ask({ cmd: 'close' }, 'closed') };
}

async function measure(kind, count) {
  let url, token, stop;
  if (kind === 'bare') {
    const { Server } = req('socket.io');
    const server = http.createServer((_q, s) => s.writeHead(404).end());
    const io = new Server(server, { path: '/socket.io/', serveClient: false, maxHttpBufferSize: 64 * 1024, perMessageDeflate: false, httpCompression: false, connectTimeout: 10_000 });
    io.on('connection', (s) => s.on('subscribe', (m, ack) => {
      void s.join(`${m.project_path}#${m.iid}`);
      if (typeof ack === 'function') ack({ ok: true, seq: 0 });
    }));
    await new Promise((r) => server.listen(4780 + SHIFT - 1100, '127.0.0.1', r));
    url = `http://127.0.0.1:${server.address().port}`;
    stop = () => new Promise((r) => io.close(() => r()));
  } else {
    const pg = req('pg');
    const name = `tandem_heap_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const { startApp } = req(path.join(ROOT, 'server/dist/app.js'));
    const { loadConfig } = req(path.join(ROOT, 'server/dist/core/config/config.js'));
    const app = await startApp(loadConfig({ DATABASE_URL: PG_ADMIN.replace(/\/[^/]*$/, `/${name}`), PORT: String(4781 + SHIFT - 1100), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'production', THROTTLE_API_WRITES_PER_USER: '0' }));
    url = app.url;
    const r = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', username: 'bob', password: 'tandem-demo' }) });
    token = (await r.json()).access_token;
    stop = async () => {
      await app.close();
      const d = new pg.Client({ connectionString: PG_ADMIN });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  }
  // one socket first, so code paths and caches that exist once are not counted per socket
  const warm = await openClients(url, token, 20);
  await sleep(500);
  const before = await heapNow();
  const snapBefore = SNAPSHOT ? snapshotNow() : null;
  const clients = await openClients(url, token, count);
  await sleep(3000);
  const after = await heapNow();
  if (snapBefore) {
    const snapAfter = snapshotNow();
    printGrowth(kind, sizesByConstructor(snapBefore), sizesByConstructor(snapAfter), clients.opened.acked);
  }
  const perSocket = (after - before) / clients.opened.acked;
  await clients.close();
  await warm.close();
  await stop();
  return { kind, sockets: clients.opened.acked, failed: clients.opened.failed, perSocketBytes: perSocket };
}

if (args[0] === '--child') {
  const r = await measure(args[1], Number(args[2]));
  process.send(r);
  process.exit(0);
} else {
  const count = Number(args[0] ?? 2000);
  const out = [];
  for (const kind of ['tandem', 'bare']) {
    const p = fork(new URL(import.meta.url).pathname, ['--child', kind, String(count), ...(SNAPSHOT ? ['--snapshot'] : [])], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const [r] = await once(p, 'message');
    await once(p, 'exit');
    out.push(r);
    console.log(`${kind}: ${r.sockets} sockets (${r.failed} refused), heap per socket ${(r.perSocketBytes / 1024).toFixed(2)} KB`);
  }
  console.log(`tandem vs bare: ${(out[0].perSocketBytes / out[1].perSocketBytes).toFixed(2)}x`);
}
