import { spawnGit } from './git-spawner';

/** Debian's git (2.39 has `merge-tree --write-tree`); GIT_BINARY overrides it for tests of the start check. */
export const GIT_BINARY = process.env.GIT_BINARY ?? '/usr/bin/git';

export interface GitRunOptions {
  /** Bytes or text written to git's stdin. */
  input?: Buffer | string;
  /** Extra environment (author/committer, GIT_INDEX_FILE). */
  env?: Record<string, string>;
  /** Exit codes that are answers, not failures (merge-tree's 1 = conflicts). */
  okCodes?: readonly number[];
  /** Stop reading after this many bytes of stdout (a blob larger than the caller will serve). */
  maxBytes?: number;
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/** git failed in a way the caller did not expect: its stderr and arguments, never shown to users as is. */
export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(`git ${args.slice(0, 3).join(' ')} exited ${code}: ${stderr.trim().slice(0, 500)}`);
  }
}

/**
 * The environment every git child gets: no system or global config, no prompts, pathspecs
 * taken literally (a path like `:(top)` or `*` is a file name, never pathspec magic).
 */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_AUTHOR_NAME: 'Tandem',
    GIT_AUTHOR_EMAIL: 'tandem@localhost',
    GIT_COMMITTER_NAME: 'Tandem',
    GIT_COMMITTER_EMAIL: 'tandem@localhost',
    // reflogs in bare repositories too (who moved a ref, when): config for every git Tandem runs
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'core.logAllRefUpdates',
    GIT_CONFIG_VALUE_0: 'true',
    ...extra,
  };
}

/**
 * Runs `git --git-dir=<gitDir> <args>` without a shell, started by the git helper process (see
 * git-spawner.ts: forking the server itself blocks its event loop); resolves with stdout as bytes.
 */
export async function runGit(gitDir: string | null, args: readonly string[], opts: GitRunOptions = {}): Promise<GitResult> {
  const full = gitDir ? [`--git-dir=${gitDir}`, ...args] : [...args];
  const r = await spawnGit({ bin: GIT_BINARY, args: full, env: gitEnv(opts.env), cwd: gitDir ?? undefined, input: opts.input, maxBytes: opts.maxBytes });
  const c = r.code ?? (r.signal ? 128 : 1);
  if (r.truncated) return { stdout: r.stdout.subarray(0, opts.maxBytes), stderr: r.stderr, code: 0 };
  if (c === 0 || opts.okCodes?.includes(c)) return { stdout: r.stdout, stderr: r.stderr, code: c };
  throw new GitCommandError(args, c, r.stderr);
}

/** stdout as trimmed text. */
export async function gitText(gitDir: string | null, args: readonly string[], opts?: GitRunOptions): Promise<string> {
  return (await runGit(gitDir, args, opts)).stdout.toString('utf8').trim();
}

/** Is git installed where Tandem runs it? (tools/start.mjs checks the same before booting). */
export async function gitVersion(): Promise<string | null> {
  try {
    return (await gitText(null, ['--version'])).replace(/^git version /, '');
  } catch {
    return null;
  }
}
