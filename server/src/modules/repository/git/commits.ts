import { runGit } from './run-git';
import type { CommitInfo } from './types';

// Fields separated by \x1f, records ended by \x1e (neither appears in names, emails or dates)
const FORMAT = '%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%B%x1e';

export function parseCommits(out: string): CommitInfo[] {
  const commits: CommitInfo[] = [];
  for (const rec of out.split('\x1e')) {
    const r = rec.replace(/^\n/, '');
    if (!r.trim()) continue;
    const [id, parents, an, ae, ad, cn, ce, cd, ...rest] = r.split('\x1f');
    const message = rest.join('\x1f').replace(/\n+$/, '');
    commits.push({
      id: id!,
      shortId: id!.slice(0, 8),
      parentIds: parents ? parents.split(' ').filter(Boolean) : [],
      title: message.split('\n', 1)[0] ?? '',
      message,
      author: { name: an!, email: ae!, date: ad! },
      committer: { name: cn!, email: ce!, date: cd! },
    });
  }
  return commits;
}

export interface LogQuery {
  /** Revisions (already resolved or validated); a leading `^` excludes (ranges are built as [to, ^from]). */
  revs: string[];
  path?: string;
  skip?: number;
  limit?: number;
  since?: string;
  until?: string;
  firstParent?: boolean;
}

/** `git log` in the repository (newest first); paths literal (GIT_LITERAL_PATHSPECS). */
export async function logCommits(gitDir: string, q: LogQuery): Promise<CommitInfo[]> {
  const args = ['log', `--format=${FORMAT}`];
  if (q.skip) args.push(`--skip=${q.skip}`);
  if (q.limit !== undefined) args.push(`--max-count=${q.limit}`);
  if (q.since) args.push(`--since=${q.since}`);
  if (q.until) args.push(`--until=${q.until}`);
  if (q.firstParent) args.push('--first-parent');
  args.push('--end-of-options', ...q.revs, '--');
  if (q.path) args.push(q.path);
  const { stdout } = await runGit(gitDir, args);
  return parseCommits(stdout.toString('utf8'));
}

/** Several commits by sha, in the order given (one git process). */
export async function commitsByOid(gitDir: string, oids: string[]): Promise<Map<string, CommitInfo>> {
  const map = new Map<string, CommitInfo>();
  if (!oids.length) return map;
  const unique = [...new Set(oids)];
  const { stdout } = await runGit(gitDir, ['log', '--no-walk=unsorted', `--format=${FORMAT}`, '--stdin'], { input: unique.join('\n') + '\n' });
  for (const c of parseCommits(stdout.toString('utf8'))) map.set(c.id, c);
  return map;
}
