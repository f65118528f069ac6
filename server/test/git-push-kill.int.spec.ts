import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, insertPat, projectId, type TestApp } from './harness';

const run = promisify(execFile);

/** Every process below `pid` (from /proc), deepest last: the push's http-backend, receive-pack, index-pack. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/**
 * kill -9 in the middle of a push (the server's git http-backend and everything under it,
 * at several moments of the transfer): git's quarantine and lock files leave the repository
 * consistent, `git fsck` is clean, and the branch is either where it was or where the push
 * put it, never anything else.
 */
describe('a push killed mid-way', () => {
  let app: TestApp;
  let work: string;
  let gitDir: string;
  let token: string;

  beforeAll(async () => {
    app = await bootApp('postgres');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-push-kill-'));
    token = await insertPat(app, 'alice');
    gitDir = app.running.app.get(RepositoryService).pathFor(await projectId(app, 'acme/tandem'));
  });
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('leaves the repository consistent and the ref old or new, at any moment', async () => {
    const url = new URL(`${app.url}/acme/tandem.git`);
    url.username = 'alice';
    url.password = token;
    const env = { PATH: process.env.PATH, HOME: work, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
    const git = (cwd: string, ...args: string[]) => run('/usr/bin/git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd, env, maxBuffer: 1 << 26 });
    await git(work, 'clone', '-q', url.toString(), 'c');
    const dir = path.join(work, 'c');
    const outcomes: string[] = [];
    // the kill comes this long after receive-pack started taking the pack (index-pack or unpack-objects)
    for (const [round, delayMs] of [0, 60, 250].entries()) {
      const branch = `big-${round}`;
      await git(dir, 'checkout', '-qb', branch, 'main');
      for (let f = 0; f < 4; f++) fs.writeFileSync(path.join(dir, `blob-${f}.bin`), randomBytes(4 << 20));
      await git(dir, 'add', '-A');
      await git(dir, 'commit', '-qm', `big ${round}`);
      const newSha = (await git(dir, 'rev-parse', 'HEAD')).stdout.trim();
      const push = git(dir, 'push', '-q', 'origin', branch).then(
        () => 'pushed',
        () => 'failed',
      );
      // kill -9 the push's git processes (they are this process's children) after the delay
      let settled = false;
      void push.then(() => (settled = true));
      const receiving = () => descendants(process.pid).some((p) => /index-pack|unpack-objects/.test(cmdline(p)));
      while (!settled && !receiving()) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, delayMs));
      const victims = descendants(process.pid).filter((p) => /http-backend|receive-pack|index-pack|unpack-objects/.test(cmdline(p)));
      for (const p of victims) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* exited already */
        }
      }
      const result = await push;
      const ref = (await run('/usr/bin/git', ['--git-dir', gitDir, 'for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`])).stdout.trim();
      // the ref is absent (the push did not land) or exactly the pushed commit
      expect([ '', newSha ]).toContain(ref);
      if (result === 'pushed') expect(ref).toBe(newSha);
      const fsck = await run('/usr/bin/git', ['--git-dir', gitDir, 'fsck', '--no-progress', '--no-dangling'], { env });
      expect(fsck.stderr).not.toMatch(/error|fatal|corrupt|missing/i);
      outcomes.push(`${delayMs}ms: killed ${victims.length}, push ${result}, ref ${ref ? 'new' : 'old'}`);
    }
    // at least one push was really cut off mid-way (otherwise the test proved nothing)
    expect(outcomes.some((o) => /killed [1-9].*push failed, ref old/.test(o)), outcomes.join('\n')).toBe(true);
    // and the repository still takes a normal push afterwards
    await git(dir, 'checkout', '-qb', 'after', 'main');
    fs.writeFileSync(path.join(dir, 'after.txt'), 'after\n');
    await git(dir, 'add', 'after.txt');
    await git(dir, 'commit', '-qm', 'after');
    await git(dir, 'push', '-q', 'origin', 'after');
    expect((await run('/usr/bin/git', ['--git-dir', gitDir, 'rev-parse', 'refs/heads/after'])).stdout.trim()).toBe((await git(dir, 'rev-parse', 'HEAD')).stdout.trim());
  });
});
