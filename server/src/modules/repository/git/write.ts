import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGit, gitText } from './run-git';
import { RepositoryError } from './errors';
import { readRef, updateRef } from './refs';
import { cleanRepoPath, ZERO_OID } from './validate';
import type { CommitIdentity } from './types';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';

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
 * Writes a commit of changed file contents on a branch without a worktree, in a fixed number of
 * git processes whatever the number of files (each spawn forks the whole server): the parent's
 * tree is read into a temporary index (GIT_INDEX_FILE) and listed once, the actions are checked
 * against that listing in order, every new content is written by one `hash-object`, every index
 * change by one `update-index --index-info`, then write-tree, commit-tree and update-ref with
 * the old value.
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
    const index = new IndexListing(parent ? await listTree(gitDir, parent) : []);
    // What the index gets, in the actions' order: a removal, or a path with its mode and either
    // new content (hashed below) or an object it already has (a move without new content)
    const changes: Change[] = [];
    for (const a of input.actions) {
      const p = cleanRepoPath(a.path);
      if (!p) throw new RepositoryError('invalid_path', 'path is invalid');
      if (a.action === 'delete' || a.action === 'move') {
        const from = a.action === 'move' ? cleanRepoPath(a.previousPath) : p;
        // Files only: a folder is neither deleted nor moved by its path
        const was = from ? index.file(from) : undefined;
        if (!was) throw new RepositoryError('not_found', FILE_EDIT_TEXTS.fileMissing);
        changes.push({ path: from, mode: '0', oid: ZERO_OID });
        index.remove(from);
        if (a.action === 'delete') continue;
        index.checkFree(p);
        // A move without new content keeps the file's object (or the content this commit gave it)
        const moved: Change = a.content !== undefined ? { path: p, mode: '100644', content: a.content } : { path: p, mode: '100644', oid: was.oid, content: was.content };
        changes.push(moved);
        index.add(p, moved);
        continue;
      }
      if (a.action === 'create') index.checkFree(p);
      else if (index.file(p) === undefined) throw new RepositoryError('not_found', FILE_EDIT_TEXTS.fileMissing);
      const added: Change = { path: p, mode: a.executable ? '100755' : '100644', content: a.content };
      changes.push(added);
      index.add(p, added);
    }
    const fresh = changes.filter((c) => c.oid === undefined);
    if (fresh.length) {
      // One hash-object for every blob: the contents as files of the temporary folder, their
      // paths on stdin (raw bytes: --no-filters), one object id a line back, in order
      const files = fresh.map((c, i) => {
        const f = path.join(tmp, `blob-${i}`);
        fs.writeFileSync(f, c.content!);
        return f;
      });
      const oids = (await gitText(gitDir, ['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: files.join('\n') + '\n' })).split('\n');
      fresh.forEach((c, i) => (c.oid = oids[i]));
    }
    if (parent) await runGit(gitDir, ['read-tree', `${parent}^{tree}`], { env });
    if (changes.length) await runGit(gitDir, ['update-index', '--index-info'], { env, input: changes.map((c) => `${c.mode} ${c.oid}\t${c.path}\n`).join('') });
    const tree = await gitText(gitDir, ['write-tree'], { env });
    const sha = await commitTree(gitDir, tree, parent ? [parent] : [], input.message, input.author, input.date, input.committer);
    await updateRef(gitDir, ref, sha, current ?? ZERO_OID, `tandem: ${input.message.split('\n', 1)[0]}`);
    return { sha, oldSha: current };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Every file of a commit's tree with its object id (ls-tree -r -z: NUL-separated, any path). */
async function listTree(gitDir: string, commit: string): Promise<Array<[string, IndexEntry]>> {
  const out = (await runGit(gitDir, ['ls-tree', '-r', '-z', '--full-tree', `${commit}^{tree}`])).stdout.toString('utf8');
  const entries: Array<[string, IndexEntry]> = [];
  for (const line of out.split('\0')) {
    if (!line) continue;
    // <mode> SP <type> SP <oid> TAB <path>
    const tab = line.indexOf('\t');
    entries.push([line.slice(tab + 1), { oid: line.slice(0, tab).split(' ')[2] }]);
  }
  return entries;
}

/**
 * The files of the index as the actions change it. A path is a file, a folder (some file is
 * under it) or free; writing a file where a folder is, or under a file, would make git replace
 * one with the other (the folder's files or the file silently gone), so both are refused.
 */
class IndexListing {
  private readonly files: Map<string, IndexEntry>;
  constructor(entries: Array<[string, IndexEntry]>) {
    this.files = new Map(entries);
  }
  /** The file at exactly this path. */
  file(p: string): IndexEntry | undefined {
    return this.files.get(p);
  }
  /** Refuses a new file at `p` unless nothing is there: no file, no folder, no file above it. */
  checkFree(p: string): void {
    if (this.files.has(p)) throw new RepositoryError('ref_exists', FILE_EDIT_TEXTS.fileExists);
    for (let cut = p.lastIndexOf('/'); cut > 0; cut = p.lastIndexOf('/', cut - 1)) {
      if (this.files.has(p.slice(0, cut))) throw new RepositoryError('ref_exists', FILE_EDIT_TEXTS.fileExists);
    }
    const under = p + '/';
    for (const f of this.files.keys()) if (f.startsWith(under)) throw new RepositoryError('ref_exists', FILE_EDIT_TEXTS.directoryExists);
  }
  remove(p: string): void {
    this.files.delete(p);
  }
  add(p: string, entry: IndexEntry): void {
    this.files.set(p, entry);
  }
}

/** A file of the index: its object, or the content this commit gives it (hashed later). */
interface IndexEntry {
  oid?: string;
  content?: Buffer;
}

/** One line of `update-index --index-info`: mode 0 removes the path. */
interface Change extends IndexEntry {
  path: string;
  mode: '0' | '100644' | '100755';
}
