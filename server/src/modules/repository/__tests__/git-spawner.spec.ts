import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnGit } from '../git/git-spawner';
import { GitCommandError, runGit } from '../git/run-git';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

describe('git through the helper process', () => {
  it('runs the command in another process than the server, with stdin, stdout, stderr and the exit code', async () => {
    const r = await spawnGit({ bin: '/bin/sh', args: ['-c', 'echo $PPID; cat; echo oops >&2; exit 3'], env, input: Buffer.from([0, 1, 2, 255]) });
    const [ppid] = r.stdout.toString('latin1').split('\n', 1);
    // git's parent is the helper, a child of this process, not this process
    expect(Number(ppid)).not.toBe(process.pid);
    expect(Number(ppid)).toBeGreaterThan(0);
    expect([...r.stdout.subarray(ppid!.length + 1)]).toEqual([0, 1, 2, 255]);
    expect(r).toMatchObject({ stderr: 'oops\n', code: 3, truncated: false });
  });

  it('runGit keeps its answers: bytes out, okCodes, GitCommandError with stderr, maxBytes', async () => {
    const oid = (await runGit(null, ['hash-object', '--stdin'], { input: 'hello\n' })).stdout.toString().trim();
    expect(oid).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    const notARepo = fs.mkdtempSync(path.join(os.tmpdir(), 'not-a-repo-'));
    const failed = await runGit(notARepo, ['rev-parse', 'HEAD']).catch((e: unknown) => e);
    fs.rmSync(notARepo, { recursive: true, force: true });
    expect(failed).toBeInstanceOf(GitCommandError);
    expect(failed).toMatchObject({ code: 128, stderr: expect.stringContaining('not a git repository') });
    const big = await spawnGit({ bin: '/bin/sh', args: ['-c', 'yes x | head -c 10000000'], env, maxBytes: 1000 });
    expect(big.truncated).toBe(true);
  });

  it('a missing binary is an error, and many calls at once each get their own answer', async () => {
    await expect(spawnGit({ bin: '/nonexistent/git', args: [], env })).rejects.toMatchObject({ code: 'ENOENT' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => spawnGit({ bin: '/bin/echo', args: [String(i)], env })));
    expect(answers.map((a) => a.stdout.toString().trim())).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('a helper that died is started again on the next call', async () => {
    const first = await spawnGit({ bin: '/bin/sh', args: ['-c', 'echo $PPID'], env });
    process.kill(Number(first.stdout.toString().trim()), 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const second = await spawnGit({ bin: '/bin/sh', args: ['-c', 'echo $PPID'], env });
    expect(second.code).toBe(0);
    expect(second.stdout.toString().trim()).not.toBe(first.stdout.toString().trim());
  });
});
