import { runGit, gitText } from './run-git';
import { MergeConflictError, RepositoryError } from './errors';
import { readRef, updateRef } from './refs';
import { commitTree } from './write';
import type { CommitIdentity } from './types';

export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  const r = await runGit(gitDir, ['merge-base', '--end-of-options', a, b], { okCodes: [1] });
  return r.code === 0 ? r.stdout.toString('utf8').trim() : null;
}

/** Is `ancestor` reachable from `descendant`? */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  const r = await runGit(gitDir, ['merge-base', '--is-ancestor', ancestor, descendant], { okCodes: [1] });
  return r.code === 0;
}

/**
 * The tree a merge of `ours` and `theirs` would have (`git merge-tree --write-tree`), or the
 * conflicted paths. Writes objects only; no ref moves.
 */
export async function mergeTree(gitDir: string, ours: string, theirs: string): Promise<{ tree: string } | { conflicts: string[] }> {
  const r = await runGit(gitDir, ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs], { okCodes: [1] });
  const parts = r.stdout.toString('utf8').split('\0').filter(Boolean);
  if (r.code === 0) return { tree: parts[0]!.trim() };
  return { conflicts: [...new Set(parts.slice(1))] };
}

export interface MergeInput {
  /** The branch that receives the merge. */
  targetBranch: string;
  /** The source head the caller saw (GitLab's `sha` on merge): the merge is of this commit. */
  sourceSha: string;
  /** The target head the caller saw; omitted = whatever it is now (still compare-and-swapped). */
  expectedTargetSha?: string;
  /** merge: always a merge commit; ff: fast-forward when possible, else a merge commit; ff_only: refuse otherwise. */
  method: 'merge' | 'ff' | 'ff_only';
  squash?: boolean;
  message: string;
  squashMessage?: string;
  author: CommitIdentity;
}

export interface MergeResult {
  /** The new head of the target branch. */
  sha: string;
  oldSha: string;
  mergeCommitSha: string | null;
  squashCommitSha: string | null;
  fastForward: boolean;
}

/**
 * A real merge without a worktree: merge-tree, commit-tree, then update-ref of the target
 * with its old value, so a target that moved meanwhile is refused (stale_ref) and a crash
 * at any point leaves the ref old or new. Conflicts throw MergeConflictError, refs untouched.
 */
export async function merge(gitDir: string, m: MergeInput): Promise<MergeResult> {
  const ref = `refs/heads/${m.targetBranch}`;
  const target = await readRef(gitDir, ref);
  if (!target) throw new RepositoryError('not_found', 'Target branch does not exist');
  if (m.expectedTargetSha && m.expectedTargetSha !== target) throw new RepositoryError('stale_ref', `${ref} changed meanwhile`);
  const canFf = await isAncestor(gitDir, target, m.sourceSha);
  if (canFf && target === m.sourceSha) throw new RepositoryError('conflict', 'Nothing to merge');
  if (!m.squash && canFf && m.method !== 'merge') {
    await updateRef(gitDir, ref, m.sourceSha, target, 'tandem: fast-forward');
    return { sha: m.sourceSha, oldSha: target, mergeCommitSha: null, squashCommitSha: null, fastForward: true };
  }
  if (m.method === 'ff_only' && !canFf) throw new RepositoryError('conflict', 'Fast-forward merge is not possible. Rebase the source branch onto the target branch.');
  const result = await mergeTree(gitDir, target, m.sourceSha);
  if ('conflicts' in result) throw new MergeConflictError(result.conflicts);
  let head: string;
  let squashSha: string | null = null;
  let mergeSha: string | null = null;
  if (m.squash) {
    squashSha = await commitTree(gitDir, result.tree, [target], m.squashMessage ?? m.message, m.author);
    head = squashSha;
    if (m.method === 'merge') head = mergeSha = await commitTree(gitDir, result.tree, [target, squashSha], m.message, m.author);
  } else {
    head = mergeSha = await commitTree(gitDir, result.tree, [target, m.sourceSha], m.message, m.author);
  }
  await updateRef(gitDir, ref, head, target, `tandem: merge ${m.sourceSha.slice(0, 8)}`);
  return { sha: head, oldSha: target, mergeCommitSha: mergeSha, squashCommitSha: squashSha, fastForward: false };
}

/** Commits in `to` not in `from` (oldest first would be reversed by the caller). */
export async function countBetween(gitDir: string, from: string, to: string): Promise<number> {
  return Number(await gitText(gitDir, ['rev-list', '--count', '--end-of-options', to, `^${from}`]));
}
