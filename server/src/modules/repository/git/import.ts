import { runGit } from './run-git';
import { RepositoryError } from './errors';
import type { CommitIdentity } from './types';
import { cleanRepoPath } from './validate';

export type ImportChange = { path: string; content: Buffer } | { path: string; delete: true } | { path: string; renameFrom: string };

export type ImportStep =
  | {
      commit: {
        branch: string;
        /** A branch that does not exist yet starts at this branch's current head. */
        startFrom?: string;
        message: string;
        author: CommitIdentity;
        date: Date;
        changes: ImportChange[];
      };
    }
  | { tag: { name: string; at: string } };

/** git's quoting of a path in a fast-import command. */
const q = (p: string) => `"${cleanRepoPath(p).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Writes a whole history into an EMPTY repository in one `git fast-import` run (the demo seed,
 * imports): commits on branches, branches started from others, lightweight tags. One git
 * process instead of several per commit; refused on a repository that has refs.
 */
export async function importHistory(gitDir: string, steps: ImportStep[], isEmpty: boolean): Promise<void> {
  if (!isEmpty) throw new RepositoryError('ref_exists', 'importHistory needs an empty repository');
  const out: Buffer[] = [Buffer.from('feature done\n')];
  const heads = new Map<string, number>();
  let mark = 0;
  for (const step of steps) {
    if ('tag' in step) {
      const at = heads.get(step.tag.at);
      if (at === undefined) throw new RepositoryError('not_found', `no branch ${step.tag.at}`);
      out.push(Buffer.from(`reset refs/tags/${step.tag.name}\nfrom :${at}\n\n`));
      continue;
    }
    const c = step.commit;
    const who = `${c.author.name} <${c.author.email}> ${Math.floor(c.date.getTime() / 1000)} +0000`;
    const msg = Buffer.from(c.message.endsWith('\n') ? c.message : `${c.message}\n`);
    mark += 1;
    out.push(Buffer.from(`commit refs/heads/${c.branch}\nmark :${mark}\nauthor ${who}\ncommitter ${who}\ndata ${msg.length}\n`), msg);
    const parent = heads.get(c.branch) ?? (c.startFrom !== undefined ? heads.get(c.startFrom) : undefined);
    if (c.startFrom !== undefined && parent === undefined) throw new RepositoryError('not_found', `no branch ${c.startFrom}`);
    if (parent !== undefined) out.push(Buffer.from(`from :${parent}\n`));
    for (const ch of c.changes) {
      if ('content' in ch) out.push(Buffer.from(`M 100644 inline ${q(ch.path)}\ndata ${ch.content.length}\n`), ch.content, Buffer.from('\n'));
      else if ('delete' in ch) out.push(Buffer.from(`D ${q(ch.path)}\n`));
      else out.push(Buffer.from(`R ${q(ch.renameFrom)} ${q(ch.path)}\n`));
    }
    out.push(Buffer.from('\n'));
    heads.set(c.branch, mark);
  }
  out.push(Buffer.from('done\n'));
  await runGit(gitDir, ['fast-import', '--quiet'], { input: Buffer.concat(out) });
}
