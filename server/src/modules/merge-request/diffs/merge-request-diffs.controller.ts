import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ApiDiffFile, DiscussionDiffLinesResponse, MergeRequestDiffsResponse } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import type { RouteParams } from '../../note/noteable-kind';
import { MergeRequestLoader } from '../merge-request.loader';
import { parseMergeRequestIid } from '../merge-request.validation';
import { MergeRequestDiffs } from './merge-request-diffs.service';

const truthy = (v: unknown) => v === '1' || v === 'true';

/** The Changes tab's calls under the merge request page (its images and downloads use the repository's -/raw/ route). */
@Controller()
export class MergeRequestDiffsController {
  constructor(
    private readonly loader: MergeRequestLoader,
    private readonly diffs: MergeRequestDiffs,
  ) {}

  private load(actor: Actor | null, params: RouteParams) {
    const project = Array.isArray(params.project) ? params.project.join('/') : String(params.project ?? '');
    return this.loader.findReadable(actor, project, parseMergeRequestIid(String(params.iid ?? '')));
  }

  /** Policy: read_merge_request (internal threads on lines: read_internal_note). Every file of the diff (`w=1` hides whitespace changes); files over the limit come collapsed. */
  @Get('*project/-/merge_requests/:iid/diffs.json')
  async list(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query('w') w: unknown): Promise<MergeRequestDiffsResponse> {
    const l = await this.load(actor, params);
    const res = await this.diffs.present(l, { ignoreWhitespace: truthy(w) });
    return { ...res, diff_files: await this.diffs.withLineDiscussions(actor, l, res.diff_files, res.diff_refs) };
  }

  /** Policy: read_merge_request. One file with all its lines ("Show file contents"); 404 when the diff has no such file. */
  @Get('*project/-/merge_requests/:iid/diff_for_path.json')
  async one(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query('file_hash') fileHash: unknown, @Query('w') w: unknown): Promise<ApiDiffFile> {
    if (typeof fileHash !== 'string' || !/^[0-9a-f]{40}$/.test(fileHash)) throw new AppError('BAD_REQUEST', 'file_hash is invalid');
    const l = await this.load(actor, params);
    const res = await this.diffs.present(l, { ignoreWhitespace: truthy(w), expand: new Set([fileHash]) });
    const file = res.diff_files.find((f) => f.file_hash === fileHash);
    if (!file) throw new AppError('NOT_FOUND', '404 File Not Found');
    return (await this.diffs.withLineDiscussions(actor, l, [file], res.diff_refs))[0]!;
  }

  /**
   * Policy: read_merge_request (and read_internal_note for an internal thread). A diff thread's
   * lines (GitLab's truncated_diff_lines), read at the thread's own position: an outdated thread
   * shows the code it was written on. 404 when there is no such diff thread.
   */
  @Get('*project/-/merge_requests/:iid/discussions/:discussionId/diff_lines.json')
  async discussionLines(@CurrentActor() actor: Actor | null, @Param() params: RouteParams): Promise<DiscussionDiffLinesResponse> {
    const id = String(params.discussionId ?? '');
    if (!/^[0-9a-f]{40}$/.test(id)) throw new AppError('BAD_REQUEST', 'discussion_id is invalid');
    return { truncated_diff_lines: await this.diffs.discussionLines(actor, await this.load(actor, params), id) };
  }
}
