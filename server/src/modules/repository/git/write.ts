import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGit, gitText } from './run-git';
import { RepositoryError } from './errors';
import { readRef, updateRef } from './refs';
import { cleanRepoPath, ZERO_OID } from './validate';
import type { CommitIdentity } from './types';

/** Author and committer for commit-tree (both the user Tandem acts for). */
export function identityEnv(who: CommitIdentity, date?: Date, committer: CommitIdentity = who): Record<string, string> {
  const env: Record<string, string> = {
    GIT_AUTHOR_NAME: who.name,
    GIT_AUTHOR_EMAIL: who.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
  if (date) env.GIT_AUTHOR_DATE = env.GIT_COMMITTER_DATE = `${Math.floor(date.getTime() / 1000)} +0000`;
  return env;
}

/** `git commit-tree`: a commit object with these parents; returns its sha. Moves no ref. */
export async function commitTree(gitDir: string, tree: string, parents: string[], message: string, who: CommitIdentity, date?: Date, committer?: CommitIdentity): Promise<string> {
  const args = ['commit-tree', tree];
  for (const p of parents) args.push('-p', p);
  return gitText(gitDir, args, { input: message.endsWith('\n') ? message : message + '\n', env: identityEnv(who, date, committer) });
}

export type FileAction =
  | { action: 'create' | 'update'; path: string; content: Buffer; executable?: boolean }
  | { action: 'delete'; path: string }
  | { action: 'move'; path: string; previousPath: string; content?: Buffer };

export interface WriteCommitInput {
  branch: string;
  /** Where a branch that does not exist yet starts; ignored when it exists. */
  startSha?: string | null;
  /** The branch head the caller saw: the ref moves only if it is still there (stale_ref otherwise). */
  expectedOldSha?: string | null;
  message: string;
  author: CommitIdentity;
  /** Who committed, when not the author (the files API's author_name/author_email): the acting user. */
  committer?: CommitIdentity;
  actions: FileAction[];
  date?: Date;
}

/**
 * Writes a commit of changed file contents on a branch without a worktree: the parent's
 * tree is read into a temporary index (GIT_INDEX_FILE), the actions applied with
 * hash-object/update-index, then write-tree, commit-tree and update-ref with the old value.
 */
export async function writeCommit(gitDir: string, input: WriteCommitInput): Promise<{ sha: string; oldSha: string | null }> {
  const ref = `refs/heads/${input.branch}`;
  const current = await readRef(gitDir, ref);
  if (input.expectedOldSha !== undefined && input.expectedOldSha !== null && current !== input.expectedOldSha) {
    throw new RepositoryError('stale_ref', `${ref} changed meanwhile`);
  }
  const parent = current ?? input.startSha ?? null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-index-'));
  const env = { GIT_INDEX_FILE: path.join(tmp, 'index') };
  try {
    if (parent) await runGit(gitDir, ['read-tree', `${parent}^{tree}`], { env });
    const present = async (p: string) => (await runGit(gitDir, ['ls-files', '--cached', '--', p], { env })).stdout.length > 0;
    for (const a of input.actions) {
      const p = cleanRepoPath(a.path);
      if (!p) throw new RepositoryError('invalid_path', 'path is invalid');
      if (a.action === 'delete' || a.action === 'move') {
        const from = a.action === 'move' ? cleanRepoPath(a.previousPath) : p;
        if (!(await present(from))) throw new RepositoryError('not_found', `A file with this name doesn't exist`);
        let content: Buffer | undefined = a.action === 'move' ? a.content : undefined;
        if (a.action === 'move' && content === undefined) {
          const oid = (await gitText(gitDir, ['ls-files', '--cached', '-s', '--', from], { env })).split(/\s+/)[1]!;
          content = (await runGit(gitDir, ['cat-file', 'blob', oid])).stdout;
        }
        await runGit(gitDir, ['update-index', '--index-info'], { env, input: `0 ${ZERO_OID}\t${from}\n` });
        if (a.action === 'delete') continue;
        await addFile(gitDir, env, p, content!, false);
        continue;
      }
      const exists = await present(p);
      if (a.action === 'create' && exists) throw new RepositoryError('ref_exists', 'A file with this name already exists');
      if (a.action === 'update' && !exists) throw new RepositoryError('not_found', `A file with this name doesn't exist`);
      await addFile(gitDir, env, p, a.content, a.executable ?? false);
    }
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const sha = await commitTree(gitDir, tree, parent ? [parent] : [], input.message, input.author, input.date, input.committer);
    await updateRef(gitDir, ref, sha, current ?? ZERO_OID, `tandem: ${input.message.split('\n', 1)[0]}`);
    return { sha, oldSha: current };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function addFile(gitDir: string, env: Record<string, string>, p: string, content: Buffer, executable: boolean): Promise<void> {
  const oid = await gitText(gitDir, ['hash-object', '-w', '--stdin'], { input: content });
  await runGit(gitDir, ['update-index', '--index-info'], { env, input: `${executable ? '100755' : '100644'} ${oid}\t${p}\n` });
}
