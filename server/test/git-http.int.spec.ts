import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '@tandem/shared-types';
import { RepositoryService, type RefsChangedEvent } from '../src/modules/repository';
import { bootApp, insertPat, addMember, projectId, type TestApp } from './harness';

const run = promisify(execFile);

/**
 * The real `git` client against a started Tandem (smart HTTP): clone with a token and with a
 * password, push a branch, refusals below developer and on the protected default branch,
 * anonymous clone of a public project and the 401 challenge of a private one, the push size
 * limit, and the refs-changed hook after a push.
 */
describe('git over smart HTTP', () => {
  let app: TestApp;
  let work: string;
  const tokens: Record<string, string> = {};
  const events: RefsChangedEvent[] = [];

  const url = (fullPath: string, who?: string) => {
    const u = new URL(`${app.url}/${fullPath}.git`);
    if (who) {
      u.username = who;
      u.password = tokens[who]!;
    }
    return u.toString();
  };
  /** git, never prompting; resolves with its exit code and output (a failure is an answer here). */
  const git = async (cwd: string, ...args: string[]) => {
    try {
      const r = await run('/usr/bin/git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], {
        cwd,
        env: { PATH: process.env.PATH, HOME: work, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LANG: 'C' },
        maxBuffer: 64 << 20,
      });
      return { code: 0, out: r.stdout + r.stderr };
    } catch (e) {
      const err = e as { code?: number; stdout?: string; stderr?: string };
      return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
    }
  };
  const commitFile = async (dir: string, name: string, content: string | Buffer) => {
    fs.writeFileSync(path.join(dir, name), content);
    await git(dir, 'add', name);
    return git(dir, 'commit', '-qm', `add ${name}`);
  };

  beforeAll(async () => {
    app = await bootApp('postgres', { GIT_MAX_PUSH_SIZE_MB: '1' });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-git-client-'));
    await addMember(app, 'mallory', 40);
    for (const u of ['bob', 'carol', 'mallory', 'erin']) tokens[u] = await insertPat(app, u);
    app.running.app.get(RepositoryService).onRefsChanged((e) => void events.push(e));
  });
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('clones a public project anonymously and a private one only with credentials (401 challenge otherwise)', async () => {
    const anon = await git(work, 'clone', '-q', url('acme/tandem'), 'pub-anon');
    expect(anon.code, anon.out).toBe(0);
    expect(fs.existsSync(path.join(work, 'pub-anon', '.git'))).toBe(true);

    const res = await fetch(`${app.url}/acme/platform/secret-plans.git/info/refs?service=git-upload-pack`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Tandem"');
    const refused = await git(work, 'clone', '-q', url('acme/platform/secret-plans'), 'priv-anon');
    expect(refused.code).not.toBe(0);
    expect(fs.existsSync(path.join(work, 'priv-anon', '.git'))).toBe(false);

    // a signed-in non-member is told "not found", not challenged again
    const erin = await git(work, 'clone', '-q', url('acme/platform/secret-plans', 'erin'), 'priv-erin');
    expect(erin.out).toContain('could not be found');
    // a wrong token is a 401
    const bad = await fetch(`${app.url}/acme/tandem.git/info/refs?service=git-upload-pack`, { headers: { authorization: `Basic ${Buffer.from('bob:tdpat-nope').toString('base64')}` } });
    expect(bad.status).toBe(401);
  });

  it('clones with a token, pushes a new branch as a developer, and tells the refs-changed hook', async () => {
    const c = await git(work, 'clone', '-q', url('acme/platform/secret-plans', 'bob'), 'bob');
    expect(c.code, c.out).toBe(0);
    const dir = path.join(work, 'bob');
    await git(dir, 'checkout', '-qb', 'feature-x');
    await commitFile(dir, 'feature.txt', 'feature\n');
    const sha = (await git(dir, 'rev-parse', 'HEAD')).out.trim();
    events.length = 0;
    const p = await git(dir, 'push', '-q', 'origin', 'feature-x');
    expect(p.code, p.out).toBe(0);
    const remote = await git(work, 'ls-remote', url('acme/platform/secret-plans', 'bob'));
    expect(remote.out).toContain(`${sha}\trefs/heads/feature-x`);
    const pid = await projectId(app, 'acme/platform/secret-plans');
    // The hook runs once git's answer is complete (its refs read again, the push recorded): the client may be done first
    await vi.waitFor(() => expect(events).toEqual([expect.objectContaining({ projectId: pid, source: 'push', updates: [{ ref: 'refs/heads/feature-x', oldSha: '0'.repeat(40), newSha: sha }] })]), { timeout: 5000 });
  });

  it('refuses a push below developer and keeps the refs', async () => {
    const c = await git(work, 'clone', '-q', url('acme/platform/secret-plans', 'carol'), 'carol');
    expect(c.code, c.out).toBe(0);
    const dir = path.join(work, 'carol');
    await git(dir, 'checkout', '-qb', 'carol-branch');
    await commitFile(dir, 'carol.txt', 'c\n');
    const p = await git(dir, 'push', 'origin', 'carol-branch');
    expect(p.code).not.toBe(0);
    expect(p.out).toContain('You are not allowed to push code to this project.');
    expect((await git(work, 'ls-remote', url('acme/platform/secret-plans', 'bob'))).out).not.toContain('carol-branch');
  });

  it('keeps the default branch for maintainers: a developer is refused, a maintainer pushes', async () => {
    const dir = path.join(work, 'bob');
    await git(dir, 'checkout', '-qb', 'main');
    await commitFile(dir, 'on-main.txt', 'main\n');
    const refused = await git(dir, 'push', 'origin', 'main');
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('You are not allowed to push code to protected branches on this project.');
    expect((await git(work, 'ls-remote', url('acme/platform/secret-plans', 'bob'))).out).not.toContain('refs/heads/main');

    await git(dir, 'remote', 'set-url', 'origin', url('acme/platform/secret-plans', 'mallory'));
    const ok = await git(dir, 'push', '-q', 'origin', 'main');
    expect(ok.code, ok.out).toBe(0);
    const del = await git(dir, 'push', 'origin', ':main');
    expect(del.out).toContain('The default branch of a project cannot be deleted.');
  });

  it('a push of an issue\'s branch reaches the issue\'s open pages live (issue.related_branches), creation and deletion', async () => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: tokens.carol }, reconnection: false });
    const live: Array<{ issue: { iid: number }; payload: { created: string[]; updated: string[]; deleted: string[] }; actor: { username: string } | null }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('issue.related_branches', (e: (typeof live)[number]) => live.push(e));
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: 'acme/tandem', iid: 2 })).toMatchObject({ ok: true });
      const c = await git(work, 'clone', '-q', url('acme/tandem', 'bob'), 'tandem-bob');
      expect(c.code, c.out).toBe(0);
      const dir = path.join(work, 'tandem-bob');
      await git(dir, 'checkout', '-qb', '2-sidebar-drawer');
      await commitFile(dir, 'drawer.css', '.sidebar { position: fixed; }\n');
      expect((await git(dir, 'push', '-q', 'origin', '2-sidebar-drawer')).code).toBe(0);
      const until = async (n: number) => {
        const deadline = Date.now() + 5000;
        while (live.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      };
      await until(1);
      expect(live[0]).toMatchObject({ issue: { iid: 2 }, payload: { created: ['2-sidebar-drawer'], updated: [], deleted: [] }, actor: { username: 'bob' } });
      expect((await git(dir, 'push', '-q', 'origin', ':2-sidebar-drawer')).code).toBe(0);
      await until(2);
      expect(live[1]).toMatchObject({ payload: { created: [], deleted: ['2-sidebar-drawer'] } });
      // a branch for no issue records nothing
      await git(dir, 'checkout', '-qb', 'no-issue');
      expect((await git(dir, 'push', '-q', 'origin', 'no-issue')).code).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(live).toHaveLength(2);
    } finally {
      socket.close();
    }
  });

  it('takes a gzip request body (git sends large ones compressed) and answers with a pack', async () => {
    const head = (await git(work, 'ls-remote', url('acme/tandem'), 'refs/heads/main')).out.split('\t')[0]!;
    const pkt = (s: string) => (s.length + 4).toString(16).padStart(4, '0') + s;
    const body = gzipSync(Buffer.from(`${pkt(`want ${head} no-progress\n`)}0000${pkt('done\n')}`));
    const res = await fetch(`${app.url}/acme/tandem.git/git-upload-pack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip', accept: 'application/x-git-upload-pack-result' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    expect(Buffer.from(await res.arrayBuffer()).includes('PACK')).toBe(true);
  });

  it('takes the account password as Basic credentials', async () => {
    const u = new URL(url('acme/platform/secret-plans'));
    u.username = 'alice';
    u.password = DEMO_PASSWORD;
    const r = await git(work, 'ls-remote', u.toString());
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('refs/heads/feature-x');
  });

  it('refuses a push over the size limit with git\'s message, moving nothing', async () => {
    const dir = path.join(work, 'bob');
    await git(dir, 'remote', 'set-url', 'origin', url('acme/platform/secret-plans', 'bob'));
    await git(dir, 'checkout', '-qb', 'huge');
    const random = Buffer.alloc(3 << 20);
    for (let i = 0; i < random.length; i += 4) random.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    await commitFile(dir, 'huge.bin', random);
    const p = await git(dir, 'push', 'origin', 'huge');
    expect(p.code).not.toBe(0);
    expect(p.out).toMatch(/pack exceeds maximum allowed size/);
    expect((await git(work, 'ls-remote', url('acme/platform/secret-plans', 'bob'))).out).not.toContain('refs/heads/huge');
  });
});
