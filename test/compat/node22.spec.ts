import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, oauthToken, releasePort, sleep, tokenAuth, waitFor } from '../../server/test/support/shared-harness';
import { freePort, ROOT, SERVER_ENTRY } from '../realtime/support/harness';

/**
 * The engines field says Node >= 20.19 and CI runs the machine's Node 20; this proves the other
 * supported line: the BUILT server on Node 22 from the npm registry's `node` package, on PGlite.
 */

const NODE22_DIR = path.join(ROOT, '.tandem/node22');
const NODE22_BIN = path.join(NODE22_DIR, 'node_modules/.bin/node');
const INSTALL_TIMEOUT_MS = 240_000;

function versionOf(bin: string): string | null {
  if (!fs.existsSync(bin)) return null;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Node 22 in .tandem/node22 (gitignored): installed once from the npm registry, then reused. */
function ensureNode22(): string {
  const have = versionOf(NODE22_BIN);
  if (have?.startsWith('v22.')) return have;
  fs.mkdirSync(NODE22_DIR, { recursive: true });
  // Its own package.json keeps npm from treating the repo's workspaces as the install root, and
  // approves the package's preinstall (it fetches the platform's binary package)
  fs.writeFileSync(
    path.join(NODE22_DIR, 'package.json'),
    `${JSON.stringify({ name: 'tandem-node22-check', private: true, allowScripts: { node: true } }, null, 2)}\n`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', NODE22_DIR, 'node@22', '--no-audit', '--no-fund', '--no-save'], {
    cwd: NODE22_DIR,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  const version = versionOf(NODE22_BIN);
  if (r.status !== 0 || !version?.startsWith('v22.')) {
    const why = r.error ? `${r.error.message}${r.signal ? ` (signal ${r.signal})` : ''}` : `npm exited with ${r.status}`;
    throw new Error(
      `Could not install Node 22 from the npm registry into ${NODE22_DIR}: ${why}; the binary reports ${version ?? 'nothing'}.\n` +
        `Try by hand: npm install --prefix ${NODE22_DIR} node@22 --no-audit --no-fund\n${(r.stderr ?? '').slice(-2000)}`,
    );
  }
  return version;
}

describe('the built server on Node 22 (npm registry `node@22`), PGlite', () => {
  let proc: ChildProcess | null = null;
  let port = 0;
  let url = '';
  let out = '';
  let nodeVersion = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-node22-'));

  beforeAll(async () => {
    nodeVersion = ensureNode22();
    console.log(`[node22] ${NODE22_BIN} --version: ${nodeVersion}`);
    if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build at the repository root first`);
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // No DATABASE_URL: the embedded PGlite in a fresh data folder
    proc = spawn(NODE22_BIN, ['-e', `console.log('[node22] child process.version ' + process.version); require(${JSON.stringify(SERVER_ENTRY)})`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(
      'the Node 22 server to be ready',
      async () => {
        if (proc!.exitCode !== null) throw new Error(`exited with ${proc!.exitCode}: ${out.slice(-2000)}`);
        return (await fetch(`${url}/-/readiness`).catch(() => null))?.ok ?? false;
      },
      90_000,
      200,
    ).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${out.slice(-3000)}`);
    });
  });

  afterAll(async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await Promise.race([once(proc, 'exit'), sleep(8000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
    releasePort(port);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs on v22, is ready, signs in by the password grant and serves the demo issue', async () => {
    expect(nodeVersion).toMatch(/^v22\./);
    // The version the server process itself reports, not only the binary's
    expect(out).toContain(`[node22] child process.version ${nodeVersion}`);
    expect((await fetch(`${url}/-/readiness`)).status).toBe(200);
    const token = await oauthToken(url, 'alice');
    const r = await call<{ iid: number; title: string; references: { full: string } }>(url, 'GET', '/api/v4/projects/acme%2Ftandem/issues/1', {
      auth: tokenAuth(token, 'bearer'),
    });
    expect(r.status).toBe(200);
    expect(r.body.iid).toBe(1);
    expect(r.body.references.full).toBe('acme/tandem#1');
    expect(r.body.title).toBe('Real-time updates for the issue page');
  });
});
