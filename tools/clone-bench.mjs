#!/usr/bin/env node
// Clone over HTTP (issue #20): `git clone --bare` of acme/tandem (the demo's small history) and
// of a generated 10,000-commit repository (made with `git fast-import`, pushed to Tandem over
// HTTP), from Tandem against the floor: the same bare repositories served by `git
// http-backend` behind a minimal Node CGI server (no auth, no policy), same machine, same run.
// Clones alternate (floor, Tandem, floor, ...); medians are printed with the ratio Tandem/floor.
// Usage: node tools/clone-bench.mjs [--rounds 7] [--commits 10000] [--save]
//   --save writes the section clone of docs/benchmarks.md.
// Needs: the built server (npm run build), git 2.38+, Postgres on 127.0.0.1:5432 with trust
// auth (TANDEM_BENCH_PG_URL to override).
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { intOption, median, ROOT, sleep, token, withDatabase } from './bench/browser-bench.mjs';
import { calibrate, writeSection } from './bench/machine.mjs';

const run = promisify(execFile);
const GIT = process.env.GIT_BINARY ?? '/usr/bin/git';
const PORT = 3619;
const FLOOR_PORT = 3620;
const ROUNDS = intOption('clone-bench', '--rounds', 7);
const COMMITS = intOption('clone-bench', '--commits', 10_000);
const SAVE = process.argv.includes('--save');
const gitEnv = { PATH: process.env.PATH, HOME: os.tmpdir(), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

/** A fast-import stream of `n` commits on main, each changing one of 100 files. */
function fastImportStream(n) {
  const parts = [];
  for (let i = 1; i <= n; i++) {
    const body = `line ${i}\n`.repeat(1 + (i % 7));
    const msg = `Commit ${i}\n`;
    parts.push(
      `commit refs/heads/main\nmark :${i}\ncommitter Bench <bench@example.com> ${1_700_000_000 + i * 60} +0000\ndata ${Buffer.byteLength(msg)}\n${msg}`,
      i > 1 ? `from :${i - 1}\n` : '',
      `M 100644 inline files/f${i % 100}.txt\ndata ${Buffer.byteLength(body)}\n${body}\n`,
    );
  }
  return parts.join('');
}

async function makeBigRepo(dir) {
  await run(GIT, ['init', '-q', '--bare', '--initial-branch=main', dir], { env: gitEnv });
  const child = spawn(GIT, ['--git-dir', dir, 'fast-import', '--quiet'], { env: gitEnv, stdio: ['pipe', 'ignore', 'inherit'] });
  child.stdin.end(fastImportStream(COMMITS));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`fast-import exited ${code}`);
}

/** The floor: git http-backend as CGI behind a plain Node HTTP server (what `git instaweb`-style serving costs). */
function floorServer(root) {
  const server = http.createServer((req, res) => {
    const [p, q = ''] = (req.url ?? '').split('?');
    const child = spawn(GIT, ['http-backend'], {
      env: {
        ...gitEnv,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: p,
        QUERY_STRING: q,
        REQUEST_METHOD: req.method,
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: req.headers['git-protocol'], HTTP_GIT_PROTOCOL: req.headers['git-protocol'] } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let head = Buffer.alloc(0);
    let done = false;
    child.stdout.on('data', (chunk) => {
      if (done) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const at = head.indexOf('\r\n\r\n');
      if (at < 0) return;
      done = true;
      let status = 200;
      for (const line of head.subarray(0, at).toString('latin1').split('\r\n')) {
        const i = line.indexOf(':');
        if (line.slice(0, i).toLowerCase() === 'status') status = parseInt(line.slice(i + 1), 10);
        else res.setHeader(line.slice(0, i), line.slice(i + 1).trim());
      }
      res.writeHead(status);
      res.write(head.subarray(at + 4));
    });
    child.on('close', () => res.end());
    req.pipe(child.stdin);
  });
  return new Promise((resolve) => server.listen(FLOOR_PORT, '127.0.0.1', () => resolve(server)));
}

async function timeClone(url) {
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'clone-bench-'));
  const t0 = process.hrtime.bigint();
  await run(GIT, ['clone', '-q', '--bare', url, path.join(dest, 'r.git')], { env: gitEnv, maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  fs.rmSync(dest, { recursive: true, force: true });
  return ms;
}

const hashedPath = (id) => {
  const h = createHash('sha256').update(String(id)).digest('hex');
  return `@hashed/${h.slice(0, 2)}/${h.slice(2, 4)}/${h}.git`;
};

const cal = await calibrate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clone-bench-data-'));
const reposDir = path.join(dataDir, 'repositories');
try {
  await withDatabase('tandem_clone_bench', async (databaseUrl) => {
    const base = `http://127.0.0.1:${PORT}`;
    const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: base },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const floor = await floorServer(reposDir);
    try {
      const deadline = Date.now() + 90_000;
      while (!(await fetch(`${base}/-/readiness`).then((r) => r.ok, () => false))) {
        if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not become ready');
        await sleep(200);
      }
      const oauth = await token(base, 'alice');
      const ids = {};
      for (const p of ['acme/tandem', 'acme/platform/secret-plans']) {
        const r = await fetch(`${base}/api/v4/projects/${encodeURIComponent(p)}`, { headers: { authorization: `Bearer ${oauth}` } });
        ids[p] = (await r.json()).id;
      }
      // The big history goes into the (empty) private project by a real push through Tandem
      const big = path.join(dataDir, 'big.git');
      const t0 = Date.now();
      await makeBigRepo(big);
      const authed = new URL(`${base}/acme/platform/secret-plans.git`);
      authed.username = 'oauth2';
      authed.password = oauth;
      await run(GIT, ['--git-dir', big, 'push', '-q', authed.toString(), 'main'], { env: gitEnv, maxBuffer: 1 << 26 });
      console.log(`generated and pushed ${COMMITS} commits in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

      const cases = [
        { name: 'acme/tandem (demo history)', tandem: `${base}/acme/tandem.git`, floor: `http://127.0.0.1:${FLOOR_PORT}/${hashedPath(ids['acme/tandem'])}` },
        { name: `${COMMITS.toLocaleString('en')} commits (private, OAuth token)`, tandem: authed.toString(), floor: `http://127.0.0.1:${FLOOR_PORT}/${hashedPath(ids['acme/platform/secret-plans'])}` },
      ];
      const rows = [];
      for (const c of cases) {
        await timeClone(c.floor);
        await timeClone(c.tandem); // warm both once
        const f = [];
        const t = [];
        for (let i = 0; i < ROUNDS; i++) {
          f.push(await timeClone(c.floor));
          t.push(await timeClone(c.tandem));
        }
        const row = { name: c.name, floor: median(f), tandem: median(t) };
        console.log(`${row.name}: floor ${row.floor.toFixed(1)} ms, Tandem ${row.tandem.toFixed(1)} ms, ${(row.tandem / row.floor).toFixed(2)}x`);
        rows.push(row);
      }
      const worst = Math.max(...rows.map((r) => r.tandem / r.floor));
      const markdown = [
        `### git clone over HTTP: Tandem against bare \`git http-backend\` (medians of ${ROUNDS} alternated \`git clone --bare\`)`,
        '',
        '| repository | bare http-backend (ms) | Tandem (ms) | ratio |',
        '|---|---|---|---|',
        ...rows.map((r) => `| ${r.name} | ${r.floor.toFixed(1)} | ${r.tandem.toFixed(1)} | ${(r.tandem / r.floor).toFixed(2)}x |`),
        '',
        `Goal (issue #20): at most 1.5x. ${worst <= 1.5 ? 'Met' : 'Not met'} in this run (worst ${worst.toFixed(2)}x). The machine was shared with other work: figures are noisy (load average below).`,
      ].join('\n');
      if (SAVE) writeSection('clone', markdown, `node tools/clone-bench.mjs --rounds ${ROUNDS} --commits ${COMMITS} --save`, cal);
      else console.log(`\n${markdown}\n\n(not saved: add --save to write the section clone of docs/benchmarks.md)`);
    } finally {
      floor.close();
      server.kill('SIGTERM');
      await Promise.race([once(server, 'exit'), sleep(10_000)]);
    }
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
