import { commitsByOid, logCommits } from './git/commits';
import { diffBetween, type DiffOptions } from './git/diff';
import { RepositoryError } from './git/errors';
import { countBetween, isAncestor, merge, mergeBase, type MergeInput, type MergeResult } from './git/merge';
import { checkBranchName, checkTagName, defaultBranch, listRefs, matchesRefSearch, readRef, resolveCommit, setDefaultBranch, updateRef } from './git/refs';
import { gitText } from './git/run-git';
import { blobLineCounts, entryAt, lastCommitFor, listTree, readBlob } from './git/tree';
import type { BlobInfo, BranchInfo, CommitInfo, DiffFile, TagInfo, TreeEntry } from './git/types';
import { cleanRepoPath, cleanRev, EMPTY_TREE, isPlausibleRefName, ZERO_OID } from './git/validate';
import { writeCommit, type WriteCommitInput } from './git/write';
import { importHistory, type ImportStep } from './git/import';
import { fetchRef } from './git/fetch';

export interface CommitListQuery {
  /** A revision, or a range `from..to` given as {from, to}. Default: the default branch. */
  ref?: string;
  from?: string;
  path?: string;
  page?: number;
  perPage?: number;
  since?: string;
  until?: string;
  firstParent?: boolean;
}

export interface CompareResult {
  commits: CommitInfo[];
  diffs: DiffFile[];
  /** The head of `to` (GitLab's `commit`), null when the two are the same. */
  commit: CommitInfo | null;
  compareSameRef: boolean;
  mergeBase: string | null;
}

/**
 * One project's bare repository (what Gitaly's Repository service is to GitLab). Every
 * method validates its paths and revisions (RepositoryError `invalid_path`/`invalid_ref`
 * before git runs); writes move refs only with their old value (`stale_ref` if moved).
 */
export class GitRepository {
  constructor(
    readonly projectId: number,
    readonly gitDir: string,
  ) {}

  defaultBranch(): Promise<string> {
    return defaultBranch(this.gitDir);
  }

  setDefaultBranch(name: string): Promise<void> {
    return setDefaultBranch(this.gitDir, name);
  }

  /** True until the first ref is written. */
  async isEmpty(): Promise<boolean> {
    return (await gitText(this.gitDir, ['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads/', 'refs/tags/'])) === '';
  }

  resolve(rev: string): Promise<string | null> {
    return resolveCommit(this.gitDir, rev);
  }

  /** Like resolve, but an unknown revision is RepositoryError not_found. */
  async mustResolve(rev: string, what = 'Commit'): Promise<string> {
    const sha = await this.resolve(rev);
    if (!sha) throw new RepositoryError('not_found', `${what} Not Found`);
    return sha;
  }

  checkBranchName(name: string): Promise<string> {
    return checkBranchName(name);
  }

  // ---------- branches and tags ----------

  async branches(search?: string): Promise<BranchInfo[]> {
    const rows = (await listRefs(this.gitDir, 'refs/heads/')).filter((r) => matchesRefSearch(r.name, search));
    const [commits, def] = await Promise.all([commitsByOid(this.gitDir, rows.map((r) => r.oid)), this.defaultBranch()]);
    return rows.flatMap((r) => {
      const commit = commits.get(r.oid);
      return commit ? [{ name: r.name, commit, isDefault: r.name === def }] : [];
    });
  }

  /** Only names (cheap: no commit read), for refs search and related branches. */
  async branchNames(search?: string): Promise<string[]> {
    return (await listRefs(this.gitDir, 'refs/heads/')).map((r) => r.name).filter((n) => matchesRefSearch(n, search));
  }

  /** The branch's head commit, or null when there is no such branch (one git process; `branch` also reads the commit). */
  async branchHead(name: string): Promise<string | null> {
    return isPlausibleRefName(name) ? readRef(this.gitDir, `refs/heads/${name}`) : null;
  }

  async branch(name: string): Promise<BranchInfo | null> {
    if (!isPlausibleRefName(name)) return null;
    const oid = await readRef(this.gitDir, `refs/heads/${name}`);
    if (!oid) return null;
    const [commits, def] = await Promise.all([commitsByOid(this.gitDir, [oid]), this.defaultBranch()]);
    return { name, commit: commits.get(oid)!, isDefault: name === def };
  }

  /** A new branch at `rev`; refused if the name is invalid (git's rules) or taken. */
  async createBranch(name: string, rev: string): Promise<{ name: string; sha: string }> {
    await checkBranchName(name);
    const sha = await this.mustResolve(rev, 'Reference');
    await updateRef(this.gitDir, `refs/heads/${name}`, sha, ZERO_OID, `tandem: create branch from ${rev}`);
    return { name, sha };
  }

  /** Deletes a branch if it still points at `expectedSha` (when given); returns the sha it had. */
  async deleteBranch(name: string, expectedSha?: string): Promise<string> {
    const oid = isPlausibleRefName(name) ? await readRef(this.gitDir, `refs/heads/${name}`) : null;
    if (!oid) throw new RepositoryError('not_found', 'Branch Not Found');
    await updateRef(this.gitDir, `refs/heads/${name}`, ZERO_OID, expectedSha ?? oid, 'tandem: delete branch');
    return oid;
  }

  async tags(search?: string): Promise<TagInfo[]> {
    const rows = (await listRefs(this.gitDir, 'refs/tags/')).filter((r) => matchesRefSearch(r.name, search));
    const commits = await commitsByOid(this.gitDir, rows.map((r) => r.peeled || r.oid));
    return rows.flatMap((r) => {
      const commit = commits.get(r.peeled || r.oid);
      return commit ? [{ name: r.name, target: r.oid, message: r.peeled ? r.contents : null, commit }] : [];
    });
  }

  async tag(name: string): Promise<TagInfo | null> {
    return (await this.tags(`^${name}$`)).find((t) => t.name === name) ?? null;
  }

  /** A lightweight tag at `rev`. */
  async createTag(name: string, rev: string): Promise<string> {
    await checkTagName(name);
    const sha = await this.mustResolve(rev, 'Reference');
    await updateRef(this.gitDir, `refs/tags/${name}`, sha, ZERO_OID, 'tandem: create tag');
    return sha;
  }

  async deleteTag(name: string): Promise<void> {
    const oid = isPlausibleRefName(name) ? await readRef(this.gitDir, `refs/tags/${name}`) : null;
    if (!oid) throw new RepositoryError('not_found', 'Tag Not Found');
    await updateRef(this.gitDir, `refs/tags/${name}`, ZERO_OID, oid, 'tandem: delete tag');
  }

  /** Every branch and tag with what it points at (full ref names), to tell what a push moved. */
  async refSnapshot(): Promise<Map<string, string>> {
    const out = await gitText(this.gitDir, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/', 'refs/tags/']);
    return new Map(out ? out.split('\n').map((l) => l.split(' ') as [string, string]) : []);
  }

  /** Where a merge request's source head is kept when its source branch lives in a fork (GitLab's ref). */
  static mergeRequestHeadRef(iid: number): string {
    if (!Number.isSafeInteger(iid) || iid <= 0) throw new RepositoryError('invalid_ref', 'ref is invalid');
    return `refs/merge-requests/${iid}/head`;
  }

  /** The commit a merge request's head ref holds here, null before it was fetched. */
  mergeRequestHead(iid: number): Promise<string | null> {
    return readRef(this.gitDir, GitRepository.mergeRequestHeadRef(iid));
  }

  /**
   * Fetches `branch` of another project's repository (a fork) into this one's merge request
   * head ref (git/fetch.ts), at `sha` when given and present; the commit it holds, or null when
   * the branch is gone there.
   */
  async fetchMergeRequestHead(source: GitRepository, branch: string, iid: number, sha?: string): Promise<string | null> {
    if (!isPlausibleRefName(branch)) return null;
    return fetchRef(this.gitDir, source.gitDir, `refs/heads/${branch}`, GitRepository.mergeRequestHeadRef(iid), sha);
  }

  // ---------- commits ----------

  /** Newest first; `from` excludes what it reaches (GitLab's `ref_name=from..to`). */
  async commits(q: CommitListQuery = {}): Promise<CommitInfo[]> {
    const to = await this.resolve(q.ref ?? (await this.defaultBranch()));
    if (!to) return [];
    const revs = [to];
    if (q.from) revs.push(`^${await this.mustResolve(q.from)}`);
    const perPage = Math.min(Math.max(q.perPage ?? 20, 1), 100);
    const page = Math.max(q.page ?? 1, 1);
    return logCommits(this.gitDir, {
      revs,
      path: q.path ? cleanRepoPath(q.path) : undefined,
      skip: (page - 1) * perPage,
      limit: perPage,
      since: q.since,
      until: q.until,
      firstParent: q.firstParent,
    });
  }

  async commit(rev: string): Promise<CommitInfo | null> {
    const sha = await this.resolve(rev);
    if (!sha) return null;
    return (await commitsByOid(this.gitDir, [sha])).get(sha) ?? null;
  }

  /** A commit's changes against its first parent (the empty tree for a root commit). */
  async commitDiff(rev: string): Promise<DiffFile[]> {
    const c = await this.commit(rev);
    if (!c) throw new RepositoryError('not_found', 'Commit Not Found');
    return diffBetween(this.gitDir, c.parentIds[0] ?? EMPTY_TREE, c.id);
  }

  async diff(fromRev: string, toRev: string, opts: DiffOptions = {}): Promise<DiffFile[]> {
    const [from, to] = await Promise.all([this.mustResolve(fromRev), this.mustResolve(toRev)]);
    return diffBetween(this.gitDir, from, to, opts);
  }

  /** GitLab's compare: `straight` diffs from..to directly, otherwise from the merge base. */
  async compare(fromRev: string, toRev: string, straight = false): Promise<CompareResult> {
    const [from, to] = await Promise.all([this.mustResolve(fromRev), this.mustResolve(toRev)]);
    const base = await mergeBase(this.gitDir, from, to);
    if (from === to) return { commits: [], diffs: [], commit: null, compareSameRef: true, mergeBase: base };
    const commits = (await logCommits(this.gitDir, { revs: [to, `^${from}`], limit: 1000 })).reverse();
    const diffs = await diffBetween(this.gitDir, straight ? from : (base ?? EMPTY_TREE), to);
    const head = (await commitsByOid(this.gitDir, [to])).get(to) ?? null;
    return { commits, diffs, commit: head, compareSameRef: false, mergeBase: base };
  }

  async mergeBase(a: string, b: string): Promise<string | null> {
    const [x, y] = await Promise.all([this.mustResolve(a), this.mustResolve(b)]);
    return mergeBase(this.gitDir, x, y);
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    const [x, y] = await Promise.all([this.mustResolve(ancestor), this.mustResolve(descendant)]);
    return isAncestor(this.gitDir, x, y);
  }

  /** Commits reachable from `to` but not `from`. */
  async countBetween(fromRev: string, toRev: string): Promise<number> {
    const [from, to] = await Promise.all([this.mustResolve(fromRev), this.mustResolve(toRev)]);
    return countBetween(this.gitDir, from, to);
  }

  // ---------- tree and blobs ----------

  async tree(rev: string, path = '', recursive = false): Promise<TreeEntry[]> {
    const sha = await this.mustResolve(rev, 'Tree');
    return listTree(this.gitDir, sha, cleanRepoPath(path), recursive);
  }

  /** A file at a revision; `maxBytes` caps what is loaded. */
  async blob(rev: string, path: string, maxBytes?: number): Promise<BlobInfo> {
    const p = cleanRepoPath(path);
    const sha = await this.mustResolve(rev, 'File');
    return readBlob(this.gitDir, sha, p, maxBytes);
  }

  /** How many lines each blob has, by blob id (one git process). */
  blobLineCounts(ids: readonly string[]): Promise<Map<string, number>> {
    return blobLineCounts(this.gitDir, ids.filter((id) => /^[0-9a-f]{40,64}$/.test(id)));
  }

  /** Is there an entry at `path`? (tree, blob or submodule), null when not. */
  async entry(rev: string, path: string): Promise<TreeEntry | null> {
    const sha = await this.mustResolve(rev, 'File');
    return entryAt(this.gitDir, sha, cleanRepoPath(path));
  }

  lastCommitFor(sha: string, path: string): Promise<string | null> {
    return lastCommitFor(this.gitDir, cleanRev(sha), cleanRepoPath(path));
  }

  // ---------- writes (no worktree) ----------

  merge(input: MergeInput): Promise<MergeResult> {
    return merge(this.gitDir, input);
  }

  writeCommit(input: WriteCommitInput): Promise<{ sha: string; oldSha: string | null }> {
    return writeCommit(this.gitDir, input);
  }

  /** A whole history into this (empty) repository in one `git fast-import` (git/import.ts). */
  async importHistory(steps: ImportStep[]): Promise<void> {
    return importHistory(this.gitDir, steps, await this.isEmpty());
  }
}
