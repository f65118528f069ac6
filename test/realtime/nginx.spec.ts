import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_LIMITS, UPLOAD_TEXTS } from '@tandem/shared-types';
import { createDatabase, freePort, privateRedis, projectId, ROOT, sleep, startNode, tokenFor, updateIssue, waitFor, type NodeProc, type PrivateRedis } from './support/harness';
import { startDnsServer, type DnsServer } from './support/dns-server';
import { RtClient } from './support/rt-client';

/**
 * deploy/nginx.conf, the load balancer of docker-compose.yml, run by Debian's nginx (1.22) in
 * front of two real nodes on Postgres and a private Redis that share one DATA_DIR (as the
 * compose file's volume). The file is used as it is, with only what a machine without Docker
 * needs changed (asserted one by one below): the resolver becomes a DNS server of this test's
 * own (support/dns-server.ts) that answers the node names as Docker's DNS does (`tandem-1`,
 * `tandem-2`, and the alias `tandem` with every node's address), the nodes' port, the listen
 * address, log and temp paths. The nodes listen on loopback addresses of their own
 * (127.0.0.2, 127.0.0.3, ...), all on one port, as containers on one network do.
 */
const NGINX = '/usr/sbin/nginx';
const PROJECT = 'acme/tandem';

/** Replaces `from` (which must be in the text) by `to`, everywhere. */
function must(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}": update this test's templating`);
  return text.split(from).join(to);
}

function templatedConfig(nodePort: number, dnsPort: number, listen: number, dir: string): string {
  let conf = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  conf = must(conf, ':3000', `:${nodePort}`);
  conf = must(conf, 'listen 80;', `listen 127.0.0.1:${listen};`);
  conf = must(conf, 'resolver 127.0.0.11 ', `resolver 127.0.0.1:${dnsPort} `);
  conf = must(conf, 'access_log /dev/stdout;', `access_log ${dir}/access.log;`);
  conf = must(conf, 'error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  conf = must(conf, 'worker_processes auto;', `worker_processes 1;\npid ${dir}/nginx.pid;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
  conf = must(conf, '\nhttp {\n', `\nhttp {\n${temp}\n`);
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
  let nodePort = 0;
  let dns: DnsServer;
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
    dns = await startDnsServer({ 'tandem-1': ['127.0.0.2'], 'tandem-2': ['127.0.0.3'], tandem: ['127.0.0.2', '127.0.0.3'] });
    nodePort = await freePort();
    a = await startNode({ name: 'tandem-1', host: '127.0.0.2', port: nodePort, databaseUrl: db.url, redisUrl: redis.url, env: nodeEnv() });
    b = await startNode({ name: 'tandem-2', host: '127.0.0.3', port: nodePort, databaseUrl: db.url, redisUrl: redis.url, env: { ...nodeEnv(), SEED_DEMO: 'false' } });
    const listen = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), templatedConfig(nodePort, dns.port, listen, dir));
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
    await dns?.close();
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

  it('a node recreated on a new address serves again without reloading nginx (nginx resolves the names again)', async () => {
    const ok = async () => (await fetch(`${lb}/api/v4/projects/${pid}`, { headers: { authorization: `Bearer ${alice}` } })).status;
    // The sockets of the tests before are done: they would only try to follow the nodes stopped below
    for (const c of clients.splice(0)) c.close();
    // tandem-1 is recreated on another address (a new container), as Docker's DNS then tells
    await a.stop();
    // tandem-2 carries everything meanwhile (nginx skips the address that refuses)
    for (let i = 0; i < 4; i++) expect(await ok()).toBe(200);
    a = await startNode({ name: 'tandem-1', host: '127.0.0.4', port: nodePort, databaseUrl: db.url, redisUrl: redis.url, env: nodeEnv() });
    const asked = dns.queries('tandem');
    dns.set('tandem-1', ['127.0.0.4']);
    dns.set('tandem', ['127.0.0.4', '127.0.0.3']);
    // Only the recreated node is left: nginx reaches it at its new address once its DNS answer expires
    await b.stop();
    await waitFor('the recreated node through nginx', async () => (await ok()) === 200, 30_000, 250);
    for (let i = 0; i < 4; i++) expect(await ok()).toBe(200);
    expect(dns.queries('tandem')).toBeGreaterThan(asked);
    // A socket (long polling: its sticky name, now the new address) connects through nginx too
    const c = new RtClient([lb], await tokenFor(lb, 'bob'), { transports: ['polling'] });
    clients.push(c);
    await c.connect();
    expect(await c.subscribe(PROJECT, 3)).toMatchObject({ ok: true });
  });
});
