import { Body, Controller, Get, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { ApiCommit, ApiDiff } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { RepositoryService, type CommitInfo, type DiffFile } from '../repository';
import { CreateMergeRequestAction } from './actions/create-merge-request';
import { MergeMergeRequestAction } from './actions/merge-merge-request';
import { MergeRequestDiffs } from './diffs/merge-request-diffs.service';
import { UpdateMergeRequestAction } from './actions/update-merge-request';
import { toUserBasic } from '../user/user.mapper';
import { userFromRow } from '../user/user.row';
import { MergeRequestPeople } from './merge-request-people';
import { MergeRequestSubscriptions } from './merge-request-subscriptions';
import { MergeRequestLoader, type LoadedMergeRequest } from './merge-request.loader';
import { toApiMergeRequest } from './merge-request.mapper';
import { listMergeRequests } from './merge-request.store';
import { parseMerge, parseMergeRequestCreate, parseMergeRequestIid, parseMergeRequestList, parseMergeRequestUpdate } from './merge-request.validation';

export const toApiCommit = (c: CommitInfo, webBase: string): ApiCommit => ({
  id: c.id,
  short_id: c.shortId,
  title: c.title,
  message: c.message,
  author_name: c.author.name,
  author_email: c.author.email,
  authored_date: c.author.date,
  committer_name: c.committer.name,
  committer_email: c.committer.email,
  committed_date: c.committer.date,
  created_at: c.committer.date,
  parent_ids: c.parentIds,
  web_url: `${webBase}/-/commit/${c.id}`,
});

export const toApiDiff = (d: DiffFile): ApiDiff => ({
  old_path: d.oldPath,
  new_path: d.newPath,
  a_mode: d.aMode,
  b_mode: d.bMode,
  new_file: d.newFile,
  renamed_file: d.renamedFile,
  deleted_file: d.deletedFile,
  diff: d.diff,
});

/** GitLab REST v4 merge requests of a project (lib/api/merge_requests.rb). */
@Controller('api/v4/projects/:id/merge_requests')
export class MergeRequestController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
    private readonly create: CreateMergeRequestAction,
    private readonly update: UpdateMergeRequestAction,
    private readonly mergeAction: MergeMergeRequestAction,
    private readonly mrDiffs: MergeRequestDiffs,
    private readonly people: MergeRequestPeople,
    private readonly subscriptions: MergeRequestSubscriptions,
  ) {}

  private get base(): string {
    return this.config.publicUrl;
  }

  private api(l: Pick<LoadedMergeRequest, 'mr' | 'project'>) {
    return toApiMergeRequest(l.mr, l.project.fullPath, this.base);
  }

  private load(actor: Actor | null, id: string, iid: string) {
    return this.loader.findReadable(actor, id, parseMergeRequestIid(iid));
  }

  /** Policy: read_merge_request. state, labels, author_id/username, assignee_id/username, source/target_branch, search, iids, order_by, sort. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { project } = await this.loader.project(actor, id);
    const page = pageParams(query);
    const { rows, total } = await listMergeRequests(this.ds, parseMergeRequestList(query, project.id), page);
    setPaginationHeaders(req, res, this.base, page, total);
    return rows.map((mr) => this.api({ mr, project }));
  }

  /** Policy: create_merge_request (developers) in this project; with target_project_id (an upstream) also canCreateMergeRequestIn there. 201 MergeRequest; 409 when one is open for the branches already. */
  @Post()
  async open(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    // From a fork, it belongs to the target project
    const { mr, project } = await this.create.execute(actor, id, parseMergeRequestCreate(body));
    return this.api({ mr, project });
  }

  /** Policy: read_merge_request. With the viewer's `subscribed` (GitLab's single merge request entity; false signed out). */
  @Get(':iid')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    return { ...this.api(l), subscribed: actor ? await this.subscriptions.isSubscribed(l.mr.id, actor.id) : false };
  }

  /** Policy: update_merge_request (developers, the author). title, description, target_branch, assignees, labels, milestone, state_event, lock_version. */
  @Put(':iid')
  async edit(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown) {
    const input = parseMergeRequestUpdate(body);
    return this.api(await this.update.execute(actor, await this.load(actor, id, iid), input));
  }

  /** Policy: merge_merge_request (developers, an open merge request). 405 not open, 406 conflicts, 409 sha mismatch. */
  @Put(':iid/merge')
  async merge(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown) {
    const input = parseMerge(body);
    return this.api(await this.mergeAction.execute(actor, await this.load(actor, id, iid), input));
  }

  /** Policy: read_merge_request. The source branch's commits not on the target (newest first); after the merge, the merged ones. */
  @Get(':iid/commits')
  async commits(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    const { base, head } = await this.range(l);
    if (!head) return [];
    const repo = await this.repos.open(l.project.id);
    const commits = await repo.commits({ ref: head, from: base ?? undefined, perPage: 100 });
    return commits.map((c) => toApiCommit(c, `${this.base}/${l.project.fullPath}`));
  }

  /** Policy: read_merge_request. GitLab's changes: the merge request with `changes` (diff from the merge base). */
  @Get(':iid/changes')
  async changes(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    return { ...this.api(l), changes: (await this.diffs(l)).map(toApiDiff), overflow: false };
  }

  /** Policy: read_merge_request. GitLab's diffs: the files of the merge request's diff. */
  @Get(':iid/diffs')
  async diffList(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    return (await this.diffs(await this.load(actor, id, iid))).map(toApiDiff);
  }

  /** Policy: read_merge_request. One version (the current diff): GitLab's merge_request_diffs shape. */
  @Get(':iid/versions')
  async versions(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    const { base, head } = await this.range(l);
    if (!head) return [];
    return [{ id: l.mr.id, head_commit_sha: head, base_commit_sha: base, start_commit_sha: base, created_at: l.mr.updatedAt.toISOString(), merge_request_id: l.mr.id, state: 'collected', real_size: String((await this.diffs(l)).length) }];
  }

  /** Policy: read_merge_request (internal notes' authors need read_internal_note). The author, assignees, reviewers and whoever commented, as GitLab's. */
  @Get(':iid/participants')
  async participants(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    return (await this.people.participants(actor, l)).map((r) => toUserBasic(userFromRow(r), this.base));
  }

  /** Policy: read_merge_request (and read_issue of each issue, by the issue's own project). The issues it closes on merge. */
  @Get(':iid/closes_issues')
  async closesIssues(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const l = await this.load(actor, id, iid);
    const rows = (await this.ds.query(
      `SELECT i.id, i.iid, i.title, i.state, i.confidential, p.full_path, p.id AS project_id FROM merge_requests_closing_issues c JOIN issues i ON i.id = c.issue_id JOIN projects p ON p.id = i.project_id WHERE c.merge_request_id = $1 ORDER BY i.id`,
      [l.mr.id],
    )) as Array<{ id: number; iid: number; title: string; state: string; confidential: boolean; full_path: string; project_id: number }>;
    // Only what the actor could see: public issues of this project; others need the issue's own read check
    return rows
      .filter((r) => !r.confidential || MergeRequestLoader.can(actor, 'admin_merge_request', l))
      .map((r) => ({ id: Number(r.id), iid: Number(r.iid), project_id: Number(r.project_id), title: r.title, state: r.state, web_url: `${this.base}/${r.full_path}/-/issues/${r.iid}`, references: { short: `#${r.iid}`, full: `${r.full_path}#${r.iid}` } }));
  }

  private range(l: LoadedMergeRequest) {
    return this.mrDiffs.range(l);
  }

  private diffs(l: LoadedMergeRequest): Promise<DiffFile[]> {
    return this.mrDiffs.diffs(l);
  }
}
