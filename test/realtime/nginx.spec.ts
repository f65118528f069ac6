import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_LIMITS, UPLOAD_TEXTS } from '@tandem/shared-types';
import { createDatabase, freePort, privateRedis, projectId, ROOT, sleep, startNode, tokenFor, updateIssue, waitFor, type NodeProc, type PrivateRedis } from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * deploy/nginx.conf, the load balancer of docker-compose.yml, run by Debian's nginx in front of
 * two real nodes on Postgres and a private Redis that share one DATA_DIR (as the compose
 * file's volume). The file is used as it is, with only what a machine without Docker needs
 * changed (asserted one by one below): the node names become 127.0.0.1 ports, the listen
 * address, log and temp paths. Debian's nginx (1.22) predates the upstream `resolve` parameter
 * (1.27.3); there the parameter is dropped, which changes nothing for addresses given as IPs.
 */
const NGINX = '/usr/sbin/nginx';
const PROJECT = 'acme/tandem';

/** [major, minor, patch] of the nginx binary (`nginx -v` writes to stderr). */
function nginxVersion(): number[] {
  const m = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(execFileSync('sh', ['-c', `${NGINX} -v 2>&1`], { encoding: 'utf8' }));
  if (!m) throw new Error('cannot read the nginx version');
  return m.slice(1).map(Number);
}

/** Replaces `from` (which must be in the text) by `to`, everywhere. */
function must(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}": update this test's templating`);
  return text.split(from).join(to);
}

function templatedConfig(nodePorts: [number, number], listen: number, dir: string, version: number[]): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  conf = must(conf, 'tandem-1:3000', `127.0.0.1:${nodePorts[0]}`);
  conf = must(conf, 'tandem-2:3000', `127.0.0.1:${nodePorts[1]}`);
  conf = must(conf, 'listen 80;', `listen 127.0.0.1:${listen};`);
  conf = must(conf, 'resolver 127.0.0.11 ', 'resolver 127.0.0.1 ');
  conf = must(conf, 'access_log /dev/stdout;', `access_log ${dir}/access.log;`);
  conf = must(conf, 'error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  conf = must(conf, 'worker_processes auto;', `worker_processes 1;\npid ${dir}/nginx.pid;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
  conf = must(conf, '\nhttp {\n', `\nhttp {\n${temp}\n`);
  const [major, minor, patch] = version as [number, number, number];
  const hasResolve = major > 1 || minor > 27 || (minor === 27 && patch >= 3);
  if (!hasResolve) conf = must(conf, ' resolve;', ';');
  return conf;
}

describe('deploy/nginx.conf in front of two nodes', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let redis: PrivateRedis;
  let a: NodeProc;
  let b: NodeProc;
  let nginx: ChildProcess;
  let lb = '';
  let dir = '';
  let dataDir = '';
  let alice = '';
  let pid = 0;
  const clients: RtClient[] = [];

  const nodeEnv = () => ({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  const upload = async (base: string, name: string, data: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${base}/api/v4/projects/${pid}/uploads`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: form });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as { url: string; message?: unknown } };
  };

  beforeAll(async () => {
    if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (tools/ensure-services.sh does it)`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-nginx-'));
    dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    // nginx's workers run as nobody when started by root: they write request bodies under dir
    fs.chmodSync(dir, 0o777);
    db = await createDatabase('nginx');
    redis = privateRedis();
    await redis.start();
    a = await startNode({ name: 'tandem-1', databaseUrl: db.url, redisUrl: redis.url, env: nodeEnv() });
    b = await startNode({ name: 'tandem-2', databaseUrl: db.url, redisUrl: redis.url, env: { ...nodeEnv(), SEED_DEMO: 'false' } });
    const listen = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), templatedConfig([a.port, b.port], listen, dir, nginxVersion()));
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    nginx.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    lb = `http://127.0.0.1:${listen}`;
    await waitFor('nginx to answer', async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${err}${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
      return (await fetch(`${lb}/-/lb-health`).catch(() => null))?.ok ?? false;
    });
    alice = await tokenFor(lb, 'alice');
    pid = await projectId(lb, alice, PROJECT);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await Promise.race([once(nginx, 'exit'), sleep(5000)]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await redis?.stop();
    await db?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file uploaded through one node is served by the other and through the balancer', async () => {
    const res = await upload(a.url, 'notes.txt', new TextEncoder().encode('shared between nodes'));
    expect(res.status).toBe(201);
    expect(await (await fetch(`${b.url}${res.body.url}`)).text()).toBe('shared between nodes');
    for (let i = 0; i < 4; i++) expect((await fetch(`${lb}${res.body.url}`)).status).toBe(200);
  });

  it('takes a 9 MiB upload; a too-large one gets the API\'s JSON message, not nginx\'s page', async () => {
    const ok = await upload(lb, 'big.bin', new Uint8Array(9 * 1024 * 1024));
    expect(ok.status).toBe(201);
    const tooLarge = await upload(lb, 'bigger.bin', new Uint8Array(DISCUSSION_LIMITS.uploadMaxBytes + 1024));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.type).toContain('application/json');
    expect(tooLarge.body.message).toBe(UPLOAD_TEXTS.tooLarge(DISCUSSION_LIMITS.uploadMaxBytes));
    // past nginx's own cap the answer is still JSON
    const huge = await upload(lb, 'huge.bin', new Uint8Array(40 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.type).toContain('application/json');
  });

  it.each([['websocket'], ['polling']] as const)('a socket (%s) connected through nginx receives events written through either node', async (transport) => {
    const c = new RtClient([lb], await tokenFor(lb, 'bob'), { transports: [transport] });
    clients.push(c);
    await c.connect();
    const ack = await c.subscribe(PROJECT, 3);
    expect(ack).toMatchObject({ ok: true });
    await updateIssue(a.url, alice, pid, 3, { title: `written on tandem-1 (${transport})` });
    await updateIssue(b.url, alice, pid, 3, { title: `written on tandem-2 (${transport})` });
    const titles = () => c.eventsFor(PROJECT, 3).flatMap((e) => ((e.payload as { fields?: { title?: string } }).fields?.title ? [(e.payload as { fields: { title: string } }).fields.title] : []));
    await waitFor('both titles through nginx', () => (titles().length >= 2 ? true : null), 15_000);
    expect(titles()).toEqual([`written on tandem-1 (${transport})`, `written on tandem-2 (${transport})`]);
  });

  it('a node restarted on the same address serves again without reloading nginx', async () => {
    const port = a.port;
    await a.stop();
    // tandem-2 carries everything meanwhile
    for (let i = 0; i < 4; i++) expect((await fetch(`${lb}/api/v4/projects/${pid}`, { headers: { authorization: `Bearer ${alice}` } })).status).toBe(200);
    a = await startNode({ name: 'tandem-1', port, databaseUrl: db.url, redisUrl: redis.url, env: nodeEnv() });
    await b.stop();
    // only the restarted tandem-1 is left: nginx reaches it again once its failure window passes
    await waitFor(
      'the restarted node through nginx',
      async () => (await fetch(`${lb}/api/v4/projects/${pid}`, { headers: { authorization: `Bearer ${alice}` } })).status === 200,
      30_000,
      250,
    );
    for (let i = 0; i < 4; i++) expect((await fetch(`${lb}/-/readiness`)).status).toBe(200);
  });
});
