#!/usr/bin/env node
// `npm start`: brings a fresh clone to a running Tandem with only Node 20 + npm on the machine.
// Installs dependencies when missing or stale, builds what is out of date, then runs the
// server (embedded PGlite under ./data unless DATABASE_URL is set) and forwards signals to it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const stampDir = path.join(root, '.tandem', 'build-stamps');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function log(msg) {
  console.log(`[tandem start] ${msg}`);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file under the given paths (files or folders). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      const base = path.basename(p);
      if (base === 'node_modules' || base === 'dist') return;
      for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    } else if (st.mtimeMs > max) {
      max = st.mtimeMs;
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return max;
}

function run(cmd, args) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    log(`FAILED: ${cmd} ${args.join(' ')} (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  return ((Date.now() - started) / 1000).toFixed(1);
}

function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  // npm writes node_modules/.package-lock.json after every install: older than the lock = stale.
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  let reason = null;
  if (!fs.existsSync(path.join(root, 'node_modules'))) reason = 'node_modules is missing';
  else if (!installed) reason = 'node_modules was not installed by npm';
  else if (fs.existsSync(lock) && installed < mtime(lock)) reason = 'package-lock.json is newer than node_modules';
  if (!reason) return log('dependencies up to date');
  const args = fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`${reason}: running npm ${args[0]}`);
  log(`dependencies installed in ${run(npm, args)} s`);
}

// Each workspace is rebuilt when any of its inputs is newer than its last successful build.
const BUILDS = [
  {
    name: 'shared-types',
    output: 'shared-types/dist/index.js',
    inputs: ['shared-types/src', 'shared-types/tsconfig.json', 'shared-types/package.json', 'tsconfig.base.json'],
  },
  {
    name: 'server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'server/tsconfig.json', 'server/tsconfig.build.json', 'server/package.json', 'shared-types/src', 'tsconfig.base.json'],
  },
  {
    name: 'client',
    output: 'client/dist/index.html',
    inputs: [
      'client/src', 'client/public', 'client/index.html', 'client/package.json', 'client/tsconfig.json',
      'client/vite.config.ts', 'client/vite.config.mts', 'shared-types/src', 'tsconfig.base.json',
    ],
  },
];

function ensureBuilt() {
  fs.mkdirSync(stampDir, { recursive: true });
  for (const b of BUILDS) {
    const stamp = path.join(stampDir, b.name);
    let reason = null;
    if (!fs.existsSync(path.join(root, b.output))) reason = `${b.output} is missing`;
    else if (!fs.existsSync(stamp)) reason = 'no record of a successful build';
    else if (newest(b.inputs) > mtime(stamp)) reason = 'sources changed since the last build';
    if (!reason) {
      log(`${b.name}: up to date`);
      continue;
    }
    log(`${b.name}: building (${reason})`);
    const took = run(npm, ['run', 'build', '-w', b.name]);
    fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
    log(`${b.name}: built in ${took} s`);
  }
}

function startServer() {
  const env = { ...process.env };
  env.PORT ??= '3000';
  env.DATA_DIR ??= './data';
  const db = env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`;
  log(`starting server on port ${env.PORT}, database: ${db}`);
  const child = spawn(process.execPath, ['server/dist/main.js'], { stdio: 'inherit', env });
  // The server shuts down gracefully on SIGINT/SIGTERM; forward them and exit with its code.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (child.exitCode === null) child.kill(sig);
    });
  }
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
  });
}

/**
 * Repositories are real git (server/src/modules/repository): Debian's git 2.38 or newer
 * (`git merge-tree --write-tree`) must be installed. Stops with what to install if not.
 */
function ensureGit() {
  const git = process.env.GIT_BINARY ?? '/usr/bin/git';
  const r = spawnSync(git, ['--version'], { encoding: 'utf8' });
  const m = /git version (\d+)\.(\d+)/.exec(r.stdout ?? '');
  if (r.status !== 0 || !m) {
    log(`git is not installed (looked for ${git}); Tandem keeps every project's repository in git.`);
    log('Install it: sudo apt-get install git   (or set GIT_BINARY to its path), then run npm start again.');
    process.exit(1);
  }
  if (Number(m[1]) < 2 || (Number(m[1]) === 2 && Number(m[2]) < 38)) {
    log(`git ${m[1]}.${m[2]} is too old: Tandem needs git 2.38 or newer (merge-tree --write-tree). Install a newer git.`);
    process.exit(1);
  }
  log(`git ${m[0].replace('git version ', '')}: ok`);
}

const t0 = Date.now();
ensureGit();
ensureDependencies();
ensureBuilt();
log(`prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
startServer();
