import { createHash } from 'node:crypto';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../../core/http/pagination';
import type { Actor } from '../../../core/policy/policy';
import { cleanRepoPath } from '../git/validate';
import { sendBlob } from './raw-content';
import { answerRepo, boolParam, optionalParam, requiredParam, RepositoryAccess } from './repository-access';
import { toApiTreeEntry } from './repository.mapper';

/** GitLab's /projects/:id/repository/tree and /files. */
@Controller('api/v4/projects/:id/repository')
export class FilesController {
  constructor(private readonly access: RepositoryAccess) {}

  /** Policy: read_code. `path`, `ref` (default: the default branch), `recursive`, paged. */
  @Get('tree')
  async tree(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { project, repo } = await this.access.open(actor, id);
    const p = pageParams(q);
    const dir = await answerRepo(Promise.resolve().then(() => cleanRepoPath(optionalParam(q, 'path'))));
    const ref = optionalParam(q, 'ref') ?? (await repo.defaultBranch());
    const entries = await answerRepo(repo.tree(ref, dir, boolParam(q.recursive)), 'TREE_NOT_FOUND');
    setPaginationHeaders(req, res, this.access.webUrl(project), p, entries.length);
    return entries.slice((p.page - 1) * p.perPage, p.page * p.perPage).map(toApiTreeEntry);
  }

  /** Policy: read_code. A file's metadata and base64 content at `ref` (required, as GitLab). */
  @Get('files/:file_path')
  async file(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('file_path') filePath: string, @Query() q: Record<string, unknown>) {
    const { repo } = await this.access.open(actor, id);
    const path = await answerRepo(Promise.resolve().then(() => cleanRepoPath(filePath)));
    const ref = requiredParam(q, 'ref');
    const blob = await answerRepo(repo.blob(ref, path), 'FILE_NOT_FOUND');
    const last = await repo.lastCommitFor(blob.commitId, path);
    return {
      file_name: blob.name,
      file_path: blob.path,
      size: blob.size,
      encoding: 'base64',
      content_sha256: createHash('sha256').update(blob.content).digest('hex'),
      ref,
      blob_id: blob.id,
      commit_id: blob.commitId,
      last_commit_id: last,
      execute_filemode: blob.mode === '100755',
      content: blob.content.toString('base64'),
    };
  }

  /** Policy: read_code. The file's bytes (`ref` default: the default branch), served as raw-content.ts says. */
  @Get('files/:file_path/raw')
  async raw(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('file_path') filePath: string, @Query() q: Record<string, unknown>, @Res() res: Response) {
    const { repo } = await this.access.open(actor, id);
    const path = await answerRepo(Promise.resolve().then(() => cleanRepoPath(filePath)));
    const ref = optionalParam(q, 'ref') ?? (await repo.defaultBranch());
    const blob = await answerRepo(repo.blob(ref, path), 'FILE_NOT_FOUND');
    if (boolParam(q.lfs)) throw new AppError('FILE_NOT_FOUND');
    sendBlob(res, blob.name, blob.content);
  }
}
