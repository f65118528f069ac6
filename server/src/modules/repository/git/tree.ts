import { runGit } from './run-git';
import { RepositoryError } from './errors';
import type { BlobInfo, TreeEntry } from './types';

function parseLsTree(out: Buffer, long: boolean): Array<TreeEntry & { size: number | null }> {
  const entries: Array<TreeEntry & { size: number | null }> = [];
  for (const rec of out.toString('utf8').split('\0')) {
    if (!rec) continue;
    const tab = rec.indexOf('\t');
    const meta = rec.slice(0, tab).split(/\s+/);
    const p = rec.slice(tab + 1);
    const [mode, type, id, size] = meta;
    entries.push({
      id: id!,
      name: p.slice(p.lastIndexOf('/') + 1),
      type: type as TreeEntry['type'],
      path: p,
      mode: mode!,
      size: long && size && size !== '-' ? Number(size) : null,
    });
  }
  return entries;
}

/** The entry at `path` in commit `sha` (null when absent); '' is the root tree. */
export async function entryAt(gitDir: string, sha: string, path: string): Promise<(TreeEntry & { size: number | null }) | null> {
  if (path === '') {
    const tree = (await runGit(gitDir, ['rev-parse', `${sha}^{tree}`])).stdout.toString('utf8').trim();
    return { id: tree, name: '', type: 'tree', path: '', mode: '040000', size: null };
  }
  const { stdout } = await runGit(gitDir, ['ls-tree', '-z', '--long', '--full-tree', sha, '--', path]);
  const found = parseLsTree(stdout, true).find((e) => e.path === path);
  return found ?? null;
}

/**
 * The entries of directory `path` at commit `sha` (GitLab's repository/tree), trees first
 * then by name; `recursive` walks the whole subtree (trees included, as GitLab lists them).
 */
export async function listTree(gitDir: string, sha: string, path: string, recursive: boolean): Promise<TreeEntry[]> {
  const dir = await entryAt(gitDir, sha, path);
  if (!dir || dir.type !== 'tree') throw new RepositoryError('not_found', 'Tree Not Found');
  const args = ['ls-tree', '-z', '--full-tree'];
  if (recursive) args.push('-r', '-t');
  args.push(sha, '--');
  if (path) args.push(`${path}/`);
  const { stdout } = await runGit(gitDir, args);
  const entries = parseLsTree(stdout, false).map(({ size: _s, ...e }) => e);
  if (recursive) return entries;
  const rank = (t: string) => (t === 'tree' ? 0 : t === 'commit' ? 2 : 1);
  return entries.sort((a, b) => rank(a.type) - rank(b.type) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A file's bytes at commit `sha`; `maxBytes` caps what is read (the rest is not loaded). */
export async function readBlob(gitDir: string, sha: string, path: string, maxBytes?: number): Promise<BlobInfo> {
  if (path === '') throw new RepositoryError('not_found', 'File Not Found');
  const e = await entryAt(gitDir, sha, path);
  if (!e || e.type !== 'blob') throw new RepositoryError('not_found', 'File Not Found');
  const { stdout } = await runGit(gitDir, ['cat-file', 'blob', e.id], maxBytes !== undefined ? { maxBytes } : {});
  const size = e.size ?? stdout.length;
  return { id: e.id, path, name: e.name, mode: e.mode, size, content: stdout, truncated: stdout.length < size, commitId: sha };
}

/** The last commit that touched `path` up to `sha` (GitLab's last_commit_id). */
export async function lastCommitFor(gitDir: string, sha: string, path: string): Promise<string | null> {
  const args = ['log', '-1', '--format=%H', '--end-of-options', sha, '--'];
  if (path) args.push(path);
  const out = (await runGit(gitDir, args)).stdout.toString('utf8').trim();
  return out || null;
}

/**
 * Lines in each blob (`git cat-file --batch`, one process for all): newlines, plus one for a
 * last line without its newline. Blobs git does not have are left out.
 */
export async function blobLineCounts(gitDir: string, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const { stdout } = await runGit(gitDir, ['cat-file', '--batch'], { input: ids.join('\n') + '\n' });
  let at = 0;
  while (at < stdout.length) {
    const eol = stdout.indexOf(10, at);
    if (eol < 0) break;
    const [id, type, size] = stdout.subarray(at, eol).toString('utf8').split(' ');
    at = eol + 1;
    if (type === 'missing' || size === undefined) continue;
    const n = Number(size);
    let lines = 0;
    for (let i = at; i < at + n; i++) if (stdout[i] === 10) lines++;
    if (n > 0 && stdout[at + n - 1] !== 10) lines++;
    out.set(id!, lines);
    at += n + 1;
  }
  return out;
}
