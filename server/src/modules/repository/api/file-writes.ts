import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FILE_EDIT_TEXTS } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { User } from '../../user/user.entity';
import { RepositoryError } from '../git/errors';
import type { CommitIdentity } from '../git/types';
import { cleanRepoPath, ZERO_OID } from '../git/validate';
import type { FileAction } from '../git/write';
import { RepositoryPushEvents } from '../http/push-events';
import { answerRepo, RepositoryAccess } from './repository-access';

export type FileWriteKind = 'create' | 'update' | 'delete';

/** GitLab's files API parameters, checked (lib/api/files.rb's declared params). */
export interface FileWriteInput {
  filePath: string;
  branch: string;
  startBranch: string | null;
  commitMessage: string;
  content: Buffer | null;
  lastCommitId: string | null;
  authorName: string | null;
  authorEmail: string | null;
  executeFilemode: boolean | null;
}

const bad = (text: string): never => {
  throw new AppError('BAD_REQUEST', text);
};
const missing = (name: string): never => bad(`400 Bad request - ${name} is missing`);
const invalid = (name: string): never => bad(`400 Bad request - ${name} is invalid`);

/** Text params (body first, then query, as Grape merges them); a non-string is invalid. */
function text(src: Record<string, unknown>, name: string): string | undefined {
  const v = src[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return invalid(name);
  return v;
}

/**
 * Reads and checks the files API's parameters: branch, commit_message and (create, update)
 * content are required; encoding is text or base64 (content decoded from base64 then);
 * last_commit_id a sha; author_name/author_email one line each. Any problem: 400 naming it.
 */
export function parseFileWrite(kind: FileWriteKind, rawPath: string, body: Record<string, unknown> | undefined, query: Record<string, unknown>): FileWriteInput {
  const src = { ...query, ...(body ?? {}) };
  let filePath = '';
  try {
    filePath = cleanRepoPath(rawPath);
  } catch {
    throw new AppError('REPOSITORY_PATH_INVALID');
  }
  if (!filePath) throw new AppError('REPOSITORY_PATH_INVALID');
  const branch = text(src, 'branch');
  if (!branch) missing('branch');
  const commitMessage = text(src, 'commit_message');
  if (commitMessage === undefined || commitMessage.trim() === '') missing('commit_message');
  if (commitMessage!.includes('\u0000')) invalid('commit_message');
  const encoding = text(src, 'encoding') ?? 'text';
  if (encoding !== 'text' && encoding !== 'base64') bad('400 Bad request - encoding does not have a valid value');
  let content: Buffer | null = null;
  if (kind !== 'delete') {
    const raw = text(src, 'content');
    if (raw === undefined) missing('content');
    if (encoding === 'base64') {
      const compact = raw!.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) invalid('content');
      content = Buffer.from(compact, 'base64');
    } else {
      content = Buffer.from(raw!, 'utf8');
    }
  }
  const lastCommitId = text(src, 'last_commit_id') || null;
  if (lastCommitId !== null && !/^[0-9a-f]{40}$/i.test(lastCommitId)) invalid('last_commit_id');
  const oneLine = (name: string) => {
    const v = text(src, name) || null;
    // One line without git's own delimiters: a newline or <> would forge another header of the commit
    if (v !== null && (v.length > 255 || [...v].some((c) => c < ' ' || c === '<' || c === '>'))) invalid(name);
    return v;
  };
  const fm = src.execute_filemode;
  const executeFilemode = fm === undefined || fm === null ? null : fm === true || fm === 'true' ? true : fm === false || fm === 'false' ? false : invalid('execute_filemode');
  return {
    filePath,
    branch: branch!,
    startBranch: text(src, 'start_branch') || null,
    commitMessage: commitMessage!,
    content,
    lastCommitId: lastCommitId?.toLowerCase() ?? null,
    authorName: oneLine('author_name'),
    authorEmail: oneLine('author_email'),
    executeFilemode,
  };
}

/**
 * GitLab's Files::CreateService / UpdateService / DeleteService through the repository port:
 * push_code on the project (403 below), the protected default branch only for
 * push_protected_branch ("You are not allowed to push into this branch"), a missing branch
 * only from start_branch, a stale last_commit_id refused with GitLab's text. The commit is
 * written with the branch head read as the expected old value (a push meanwhile: 409, nothing
 * written), then recorded as a push is: related-branch events for issues, then the refs-changed
 * hook (merge requests follow their branch: new diff, "added 1 commit", mails, live pages).
 */
@Injectable()
export class RepositoryFileWrites {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly pushEvents: RepositoryPushEvents,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async write(actor: Actor, projectId: string, kind: FileWriteKind, input: FileWriteInput): Promise<{ file_path: string; branch: string }> {
    const { project, facts, repo } = await this.access.open(actor, projectId, 'push_code');
    const defaultBranch = await repo.defaultBranch();
    const existing = await answerRepo(repo.branch(input.branch), 'BRANCH_NOT_FOUND');
    // Tandem protects the default branch (docs/decisions.md "Code hosting"); pushing there needs push_protected_branch
    const protectedBranch = input.branch === defaultBranch || (existing?.isDefault ?? false);
    if (protectedBranch && !this.access.can(actor, 'push_protected_branch', facts)) throw new AppError('BAD_REQUEST', FILE_EDIT_TEXTS.notAllowedToPush);

    const startBranch = input.startBranch ?? input.branch;
    const different = startBranch !== input.branch;
    const repoEmpty = defaultBranch === null;
    let head: string | null = existing?.commit.id ?? null;
    let startSha: string | null = null;
    if (different) {
      if (existing && !repoEmpty) bad(FILE_EDIT_TEXTS.branchExists(input.branch));
      await answerRepo(repo.checkBranchName(input.branch));
      const start = await repo.branch(startBranch).catch(() => null);
      if (!start && !repoEmpty) bad(FILE_EDIT_TEXTS.notOnBranch);
      startSha = start?.commit.id ?? null;
      head = null;
    } else if (!existing && !repoEmpty) {
      bad(FILE_EDIT_TEXTS.notOnBranch);
    } else if (!existing) {
      await answerRepo(repo.checkBranchName(input.branch));
    }
    const base = head ?? startSha;

    // What is there now decides create/update/delete's refusals before anything is written
    const present = base ? await repo.blob(base, input.filePath).then(() => true, () => false) : false;
    if (kind === 'create' && present) bad(FILE_EDIT_TEXTS.fileExists);
    if (kind !== 'create' && !present) bad(FILE_EDIT_TEXTS.fileMissing);
    if (kind !== 'create' && input.lastCommitId && base) {
      const last = await repo.lastCommitFor(base, input.filePath);
      if (last && last !== input.lastCommitId) bad(FILE_EDIT_TEXTS.fileChanged);
    }

    const user = await this.ds.getRepository(User).findOneBy({ id: actor.id });
    if (!user) throw new AppError('UNAUTHORIZED');
    const committer: CommitIdentity = { name: user.name, email: `${user.username}@users.noreply.tandem` };
    const author: CommitIdentity = input.authorName || input.authorEmail ? { name: input.authorName ?? committer.name, email: input.authorEmail ?? committer.email } : committer;
    const action: FileAction =
      kind === 'delete'
        ? { action: 'delete', path: input.filePath }
        : { action: kind, path: input.filePath, content: input.content!, executable: input.executeFilemode ?? (kind === 'update' ? await this.isExecutable(repo, base!, input.filePath) : false) };
    let written: { sha: string; oldSha: string | null };
    try {
      written = await repo.writeCommit({ branch: input.branch, startSha, expectedOldSha: head, message: input.commitMessage, author, committer, actions: [action] });
    } catch (e) {
      // A file where a folder is says so; a file there or above it, that a file exists
      if (e instanceof RepositoryError && e.kind === 'ref_exists') bad(e.message === FILE_EDIT_TEXTS.directoryExists ? FILE_EDIT_TEXTS.directoryExists : FILE_EDIT_TEXTS.fileExists);
      if (e instanceof RepositoryError && e.kind === 'not_found') bad(FILE_EDIT_TEXTS.fileMissing);
      // A branch created by someone else between our read and the write is a moved ref too
      if (e instanceof RepositoryError && e.kind === 'stale_ref') throw new AppError('REF_CHANGED');
      throw e;
    }
    const updates = [{ ref: `refs/heads/${input.branch}`, oldSha: written.oldSha ?? ZERO_OID, newSha: written.sha }];
    await this.pushEvents.record(project, actor, updates);
    await this.access.repos.refsChanged({ projectId: project.id, actorId: actor.id, updates, source: 'commit' });
    return { file_path: input.filePath, branch: input.branch };
  }

  private async isExecutable(repo: Awaited<ReturnType<RepositoryAccess['open']>>['repo'], rev: string, path: string): Promise<boolean> {
    const blob = await repo.blob(rev, path).catch(() => null);
    return blob?.mode === '100755';
  }
}
