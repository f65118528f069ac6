import { GitCommandError, runGit, gitText } from './run-git';
import { RepositoryError } from './errors';
import { cleanRev, isOid, ZERO_OID } from './validate';

/** The branch HEAD names ('main' in a new repository, even before its first commit). */
export async function defaultBranch(gitDir: string): Promise<string> {
  const ref = await gitText(gitDir, ['symbolic-ref', '--quiet', 'HEAD']);
  return ref.replace(/^refs\/heads\//, '');
}

export async function setDefaultBranch(gitDir: string, name: string): Promise<void> {
  await checkBranchName(name);
  await runGit(gitDir, ['symbolic-ref', 'HEAD', `refs/heads/${name}`]);
}

/** git's own rules for a new branch name (`git check-ref-format --branch`); throws invalid_branch_name. */
export async function checkBranchName(name: string): Promise<string> {
  if (!name || name.startsWith('-') || name.length > 255 || name === 'HEAD' || /[\0\n]/.test(name)) {
    throw new RepositoryError('invalid_branch_name', 'Branch name is invalid');
  }
  // `@{-1}` style names expand against a worktree; a plain name must come back unchanged
  const r = await runGit(null, ['check-ref-format', '--branch', name], { okCodes: [1, 128] });
  if (r.code !== 0 || r.stdout.toString('utf8').trim() !== name) throw new RepositoryError('invalid_branch_name', 'Branch name is invalid');
  return name;
}

/** A tag name checked the same way (`git check-ref-format refs/tags/<name>`). */
export async function checkTagName(name: string): Promise<string> {
  if (!name || name.startsWith('-') || name.length > 255) throw new RepositoryError('invalid_ref', 'Tag name is invalid');
  const r = await runGit(null, ['check-ref-format', `refs/tags/${name}`], { okCodes: [1, 128] });
  if (r.code !== 0) throw new RepositoryError('invalid_ref', 'Tag name is invalid');
  return name;
}

/** The commit a revision names, or null (unknown ref, empty repository, not a commit). */
export async function resolveCommit(gitDir: string, rev: string): Promise<string | null> {
  const r = cleanRev(rev);
  const res = await runGit(gitDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${r}^{commit}`], { okCodes: [1, 128] });
  const sha = res.stdout.toString('utf8').trim();
  return res.code === 0 && isOid(sha) ? sha : null;
}

/** The object a full ref points at, or null. */
export async function readRef(gitDir: string, fullRef: string): Promise<string | null> {
  const res = await runGit(gitDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', fullRef], { okCodes: [1, 128] });
  const sha = res.stdout.toString('utf8').trim();
  return res.code === 0 && isOid(sha) ? sha : null;
}

export interface RefRow {
  name: string;
  /** What the ref points at (a tag object for annotated tags). */
  oid: string;
  /** The commit behind an annotated tag; '' otherwise. */
  peeled: string;
  /** Annotated tag message ('' for light tags and branches). */
  contents: string;
}

/** Refs under refs/heads/ or refs/tags/, sorted by name. */
export async function listRefs(gitDir: string, prefix: 'refs/heads/' | 'refs/tags/'): Promise<RefRow[]> {
  const fmt = '%(refname)%1f%(objectname)%1f%(*objectname)%1f%(contents)%1e';
  const { stdout } = await runGit(gitDir, ['for-each-ref', '--sort=refname', `--format=${fmt}`, prefix]);
  const rows: RefRow[] = [];
  for (const rec of stdout.toString('utf8').split('\x1e')) {
    const r = rec.replace(/^\n/, '');
    if (!r) continue;
    const [name, oid, peeled, contents] = r.split('\x1f');
    rows.push({ name: name!.slice(prefix.length), oid: oid!, peeled: peeled ?? '', contents: prefix === 'refs/tags/' && peeled ? (contents ?? '').trim() : '' });
  }
  return rows;
}

/**
 * Moves one ref with git's own compare-and-swap: `oldSha` ZERO_OID means "must not exist",
 * newSha ZERO_OID deletes. A ref that moved meanwhile is `stale_ref` (nothing changed).
 */
export async function updateRef(gitDir: string, fullRef: string, newSha: string, oldSha: string, reason = 'tandem'): Promise<void> {
  const args = newSha === ZERO_OID ? ['update-ref', '-m', reason, '-d', fullRef, oldSha] : ['update-ref', '-m', reason, fullRef, newSha, oldSha];
  try {
    await runGit(gitDir, args);
  } catch (e) {
    if (e instanceof GitCommandError) {
      if (oldSha === ZERO_OID && /exists|already/.test(e.stderr)) throw new RepositoryError('ref_exists', `${fullRef} already exists`);
      if (/is at|but expected|cannot lock ref|unable to resolve/.test(e.stderr)) throw new RepositoryError('stale_ref', `${fullRef} changed meanwhile`);
    }
    throw e;
  }
}

/** GitLab's branch/tag `search`: substring, `^prefix`, `suffix$`, both (exact); case-insensitive. */
export function matchesRefSearch(name: string, search: string | undefined): boolean {
  if (!search) return true;
  const n = name.toLowerCase();
  let s = search.toLowerCase();
  const start = s.startsWith('^');
  const end = s.endsWith('$');
  s = s.replace(/^\^/, '').replace(/\$$/, '');
  if (start && end) return n === s;
  if (start) return n.startsWith(s);
  if (end) return n.endsWith(s);
  return n.includes(s);
}
