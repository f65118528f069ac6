import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The real `git` client as tests drive it: never prompting, no system config, HOME in the test's
 * folder; resolves with its exit code and output (a refusal is an answer, not a throw).
 */
export function gitClient(home: () => string, identity = { name: 'Test', email: 'test@example.com' }) {
  return async (cwd: string, ...args: string[]): Promise<{ code: number; out: string }> => {
    try {
      const r = await run('/usr/bin/git', ['-c', `user.name=${identity.name}`, '-c', `user.email=${identity.email}`, '-c', 'init.defaultBranch=main', ...args], {
        cwd,
        env: { PATH: process.env.PATH, HOME: home(), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LANG: 'C' },
        maxBuffer: 64 << 20,
      });
      return { code: 0, out: r.stdout + r.stderr };
    } catch (e) {
      const err = e as { code?: number; stdout?: string; stderr?: string };
      return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
    }
  };
}
