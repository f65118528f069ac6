import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiDiffFile, MergeRequestDiffsResponse } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { RepositoryError, RepositoryService } from '../../repository';
import type { RouteParams } from '../../note/noteable-kind';
import { MergeRequestLoader } from '../merge-request.loader';
import { parseMergeRequestIid } from '../merge-request.validation';
import { isImagePath } from './diff-presenter';
import { MergeRequestDiffs } from './merge-request-diffs.service';

const truthy = (v: unknown) => v === '1' || v === 'true';
const SHA = /^[0-9a-f]{40}$/;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', ico: 'image/x-icon', svg: 'image/svg+xml' };

/** The Changes tab's calls under the merge request page, and raw files of the project's repository. */
@Controller()
export class MergeRequestDiffsController {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly diffs: MergeRequestDiffs,
    private readonly repos: RepositoryService,
  ) {}

  private load(actor: Actor | null, params: RouteParams) {
    const project = Array.isArray(params.project) ? params.project.join('/') : String(params.project ?? '');
    return this.loader.findReadable(actor, project, parseMergeRequestIid(String(params.iid ?? '')));
  }

  /** Policy: read_merge_request. Every file of the diff (`w=1` hides whitespace changes); files over the limit come collapsed. */
  @Get('*project/-/merge_requests/:iid/diffs.json')
  async list(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query('w') w: unknown): Promise<MergeRequestDiffsResponse> {
    return this.diffs.present(await this.load(actor, params), { ignoreWhitespace: truthy(w) });
  }

  /** Policy: read_merge_request. One file with all its lines ("Show file contents"); 404 when the diff has no such file. */
  @Get('*project/-/merge_requests/:iid/diff_for_path.json')
  async one(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query('file_hash') fileHash: unknown, @Query('w') w: unknown): Promise<ApiDiffFile> {
    if (typeof fileHash !== 'string' || !/^[0-9a-f]{40}$/.test(fileHash)) throw new AppError('BAD_REQUEST', 'file_hash is invalid');
    const res = await this.diffs.present(await this.load(actor, params), { ignoreWhitespace: truthy(w), expand: new Set([fileHash]) });
    const file = res.diff_files.find((f) => f.file_hash === fileHash);
    if (!file) throw new AppError('NOT_FOUND', '404 File Not Found');
    return file;
  }

  /**
   * Policy: read_merge_request on the project (who reads its merge requests reads their code).
   * GitLab's raw file at a commit: images inline (the diff's image viewers), anything else as
   * a download; sandboxed and never sniffed, so no file can run script on the page's origin.
   */
  @Get('*project/-/raw/:sha/*path')
  async raw(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Res() res: Response): Promise<void> {
    const projectPath = Array.isArray(params.project) ? params.project.join('/') : String(params.project ?? '');
    const sha = String(params.sha ?? '');
    const filePath = Array.isArray(params.path) ? params.path.join('/') : String(params.path ?? '');
    if (!SHA.test(sha)) throw new AppError('BAD_REQUEST', 'sha is invalid');
    const { project } = await this.loader.project(actor, projectPath);
    const repo = await this.repos.open(project.id);
    const blob = await repo.blob(sha, filePath, 20 * 1024 * 1024).catch((e: unknown) => {
      if (e instanceof RepositoryError) throw new AppError('NOT_FOUND', '404 File Not Found');
      throw e;
    });
    const ext = filePath.slice(filePath.lastIndexOf('.') + 1).toLowerCase();
    const type = isImagePath(filePath) ? IMAGE_TYPES[ext]! : 'application/octet-stream';
    res.setHeader('Content-Type', type);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader('Cache-Control', 'private, max-age=3600');
    if (!isImagePath(filePath)) res.setHeader('Content-Disposition', `attachment; filename="${blob.name.replace(/["\\\r\n]/g, '_')}"`);
    res.send(blob.content);
  }
}
