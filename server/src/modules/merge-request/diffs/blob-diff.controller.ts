import { Controller, Get, Param, Query } from '@nestjs/common';
import { DIFF_CONSTANTS, type ApiDiffLine } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { answerRepo, cleanRepoPath, RepositoryAccess, splitRefAndPath } from '../../repository';
import { blobLines } from './diff-lines';

/** The most of a file read for its lines (ours): a longer file's lines past it are not served. */
const MAX_BLOB_BYTES = 10 * 1024 * 1024;

const bad = (message: string): never => {
  throw new AppError('BAD_REQUEST', `400 Bad request - ${message}`);
};

/** A whole number from the query, within bounds, or a 400 naming the parameter. */
function intParam(q: Record<string, unknown>, name: string, min: number, fallback?: number): number {
  const v = q[name];
  if ((v === undefined || v === '') && fallback !== undefined) return fallback;
  if (typeof v !== 'string' || !/^-?\d{1,9}$/.test(v)) return bad(`${name} is ${v === undefined || v === '' ? 'missing' : 'invalid'}`);
  const n = Number(v);
  if (n < min) return bad(`${name} must be at least ${min}`);
  return n;
}

/** Context expansion's lines: a file at a commit, read from the repository (GitLab's blob diff route). */
@Controller()
export class BlobDiffController {
  constructor(private readonly access: RepositoryAccess) {}

  /**
   * Policy: read_code (an unreadable project, an unknown commit or a missing file: 404). Lines
   * `since`..`to` of `<path>` at `<sha or ref>` as context diff lines, old side `new - offset`,
   * highlighted and escaped by the server; lines past the end of the file are left out.
   */
  @Get('*project/-/blob/*file/diff')
  async lines(@CurrentActor() actor: Actor | null, @Param('project') projectPath: string[], @Param('file') file: string[], @Query() q: Record<string, unknown>): Promise<ApiDiffLine[]> {
    const since = intParam(q, 'since', 1);
    const to = intParam(q, 'to', since);
    const offset = intParam(q, 'offset', -1_000_000_000, 0);
    if (to - since + 1 > DIFF_CONSTANTS.expandMaxLines) bad(`to may be at most ${DIFF_CONSTANTS.expandMaxLines - 1} lines after since`);
    if (since - offset < 1) bad('offset puts the old side before its first line');
    const { repo } = await this.access.open(actor, projectPath.join('/')).catch((e: unknown) => {
      throw e instanceof AppError ? new AppError('NOT_FOUND') : e;
    });
    if (file.some((s) => s === '..' || s === '.')) throw new AppError('REPOSITORY_PATH_INVALID');
    const found = await splitRefAndPath(repo, file);
    if (!found) throw new AppError('NOT_FOUND', '404 File Not Found');
    const path = await answerRepo(Promise.resolve().then(() => cleanRepoPath(found.path)));
    const blob = await answerRepo(repo.blob(found.sha, path, MAX_BLOB_BYTES), 'NOT_FOUND');
    // git's rule for binary: a NUL in the first 8,000 bytes
    if (blob.content.subarray(0, 8000).includes(0)) bad('the file is binary: it has no lines');
    return blobLines(blob.content.toString('utf8'), path, since, to, offset);
  }
}
