import { Body, Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MERGE_REQUEST_TEXTS, suggestedBranchName, type CanCreateBranchResponse, type RefsResponse } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { pgPool } from '../../core/database/pg-pool';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader } from '../issue/issue.loader';
import type { Project } from '../project/project.entity';
import { RepositoryError, RepositoryService } from '../repository';
import { CreateMergeRequestAction } from './actions/create-merge-request';
import { RELATED_MR_IDS_SQL } from './merge-request-links';
import { MergeRequestLoader } from './merge-request.loader';
import { mergeRequestWebPath, toApiMergeRequest } from './merge-request.mapper';
import { MR_SELECT, toMergeRequestRow } from './merge-request.store';

const text = (v: unknown, name: string, max = 255): string => {
  if (typeof v !== 'string' || v.trim() === '') throw new ValidationError({ [name]: ["can't be blank"] });
  if (v.length > max || v.includes('\u0000')) throw new ValidationError({ [name]: ['is invalid'] });
  return v.trim();
};

/**
 * The code side of an issue: GitLab's related_merge_requests and closed_by (REST v4), and the
 * issue page's create-merge-request dropdown calls (can_create_branch, refs, create branch,
 * create merge request, related branches). Branches are made through the repository port.
 */
const CLOSING_SQL = `${MR_SELECT} WHERE m.id IN (SELECT merge_request_id FROM merge_requests_closing_issues WHERE issue_id = $1::int) ORDER BY m.created_at, m.id`;
const RELATED_SQL = `${MR_SELECT} WHERE m.id IN (${RELATED_MR_IDS_SQL}) ORDER BY m.created_at, m.id`;

@Controller()
export class IssueMergeRequestsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly issues: IssueLoader,
    private readonly loader: MergeRequestLoader,
    private readonly repos: RepositoryService,
    private readonly create: CreateMergeRequestAction,
  ) {}

  /** The merge requests related to the issue that the actor may read, oldest first. */
  private async related(actor: Actor | null, id: string, iid: string, closingOnly: boolean) {
    const l = await this.issues.findReadable(actor, id, iid);
    // A named statement (the issue page asks on every load): unnamed, Postgres planned it each time
    const { rows } = await pgPool(this.ds).query({ name: closingOnly ? 'merge_request.closing' : 'merge_request.related', text: closingOnly ? CLOSING_SQL : RELATED_SQL, values: [l.issue.id] });
    const out = [];
    for (const mr of rows.map(toMergeRequestRow)) {
      const p = await this.loader.project(actor, mr.targetProjectId).catch(() => null);
      if (p) out.push(toApiMergeRequest(mr, p.project.fullPath, this.config.publicUrl));
    }
    return out;
  }

  /** Policy: read_issue, and read_merge_request of each merge request listed. */
  @Get('api/v4/projects/:id/issues/:iid/related_merge_requests')
  relatedMergeRequests(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    return this.related(actor, id, iid, false);
  }

  /** Policy: read_issue, and read_merge_request of each merge request listed. The merge requests that close the issue when merged. */
  @Get('api/v4/projects/:id/issues/:iid/closed_by')
  closedBy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    return this.related(actor, id, iid, true);
  }

  /**
   * Policy: read_issue; can_create_branch needs push_code (a confidential issue of a project that
   * is not private: a signed-in reader, whose branch goes to a private fork, checked on create).
   * GitLab's can_create_branch answer with the suggested branch name.
   */
  @Get('*project/-/issues/:iid/can_create_branch')
  async canCreateBranch(@CurrentActor() actor: Actor | null, @Param('project') project: string[] | string, @Param('iid') iid: string): Promise<CanCreateBranchResponse> {
    const l = await this.issues.findReadable(actor, [project].flat().join('/'), iid);
    const mrs = await this.loader.project(actor, l.project.id).catch(() => null);
    const can = !!mrs && (needsPrivateFork(l.issue.confidential, l.project) ? actor !== null : MergeRequestLoader.can(actor, 'push_code', { facts: mrs.facts, mr: null }));
    const suggested = suggestedBranchName(l.issue.iid, l.issue.title);
    // GitLab: only when the suggested branch is not taken yet and the repository has a branch to start from
    const repo = can ? await this.repos.open(l.project.id) : null;
    const free = repo ? !(await repo.isEmpty()) : false;
    return { can_create_branch: can && free, suggested_branch_name: suggested };
  }

  /** Policy: read_merge_request (the project's code). Branch and tag names matching the search (GitLab's refs). */
  @Get('*project/-/refs')
  async refs(@CurrentActor() actor: Actor | null, @Param('project') project: string[] | string, @Query('search') search?: string): Promise<RefsResponse> {
    const { project: p } = await this.loader.project(actor, [project].flat().join('/'));
    const repo = await this.repos.open(p.id);
    const q = typeof search === 'string' ? search.slice(0, 255) : undefined;
    return { Branches: (await repo.branchNames(q)).slice(0, 100), Tags: (await repo.tags(q)).map((t) => t.name).slice(0, 100) };
  }

  /** Policy: read_issue. Branches whose name starts with `<iid>-` (GitLab's related branches). */
  @Get('*project/-/issues/:iid/related_branches')
  async relatedBranches(@CurrentActor() actor: Actor | null, @Param('project') project: string[] | string, @Param('iid') iid: string): Promise<{ branches: Array<{ name: string; link: string }> }> {
    const l = await this.issues.findReadable(actor, [project].flat().join('/'), iid);
    const mrs = await this.loader.project(actor, l.project.id).catch(() => null);
    if (!mrs) return { branches: [] };
    const repo = await this.repos.open(l.project.id);
    const prefix = `${l.issue.iid}-`;
    const open = new Set(((await this.ds.query(`SELECT source_branch FROM merge_requests WHERE target_project_id = $1 AND state = 'opened'`, [l.project.id])) as Array<{ source_branch: string }>).map((r) => r.source_branch));
    const names = (await repo.branchNames()).filter((n) => n.startsWith(prefix) && !open.has(n));
    return { branches: names.map((name) => ({ name, link: `${this.config.publicUrl}/${l.project.fullPath}/-/tree/${encodeURIComponent(name)}` })) };
  }

  /**
   * Policy: push_code (developers) in the project the branch goes to: the issue's, or the fork
   * named by `target_project_id`, a private one for a confidential issue of a project that is not
   * private. Creates the branch for the issue (GitLab's branches#create with issue_iid).
   */
  @Post('*project/-/issues/:iid/branches')
  async createBranch(@SignedInActor() actor: Actor, @Param('project') project: string[] | string, @Param('iid') iid: string, @Body() body: Record<string, unknown>) {
    const l = await this.issues.findReadable(actor, [project].flat().join('/'), iid);
    const { project: into } = await this.workingProject(actor, l.project, l.issue.confidential, body?.target_project_id);
    const name = text(body?.branch_name, 'branch_name');
    const repo = await this.repos.open(into.id);
    const ref = body?.ref === undefined || body.ref === '' ? await repo.defaultBranch() : text(body.ref, 'ref');
    try {
      const made = await repo.createBranch(name, ref);
      await this.repos.refsChanged({ projectId: into.id, actorId: actor.id, updates: [{ ref: `refs/heads/${name}`, oldSha: '0'.repeat(40), newSha: made.sha }], source: 'api' });
    } catch (e) {
      if (e instanceof RepositoryError) throw new ValidationError({ branch_name: [e.message] });
      throw e;
    }
    return { branch: name, url: `${this.config.publicUrl}/${into.fullPath}/-/tree/${encodeURIComponent(name)}` };
  }

  /**
   * Policy: create_merge_request (developers) in the project the merge request goes to: the
   * issue's, or the fork named by `target_project_id` (a private one for a confidential issue of a
   * project that is not private). GitLab's issues#create_merge_request: the branch (from `ref`,
   * default the default branch) and a merge request "Resolve \"<title>\"" with `Closes #<iid>`
   * (`Closes <project>#<iid>` from a fork); answers the merge request's url.
   */
  @Post('*project/-/issues/:iid/create_merge_request')
  async createMergeRequest(@SignedInActor() actor: Actor, @Param('project') project: string[] | string, @Param('iid') iid: string, @Body() body: Record<string, unknown>) {
    const l = await this.issues.findReadable(actor, [project].flat().join('/'), iid);
    const { project: into, facts } = await this.workingProject(actor, l.project, l.issue.confidential, body?.target_project_id);
    MergeRequestLoader.authorize(actor, 'create_merge_request', { facts, mr: null });
    const name = body?.branch_name === undefined ? suggestedBranchName(l.issue.iid, l.issue.title) : text(body.branch_name, 'branch_name');
    const repo = await this.repos.open(into.id);
    const target = await repo.defaultBranch();
    const ref = body?.ref === undefined || body.ref === '' ? target : text(body.ref, 'ref');
    if (!(await repo.branch(name))) {
      try {
        const made = await repo.createBranch(name, ref);
        await this.repos.refsChanged({ projectId: into.id, actorId: actor.id, updates: [{ ref: `refs/heads/${name}`, oldSha: '0'.repeat(40), newSha: made.sha }], source: 'api' });
      } catch (e) {
        if (e instanceof RepositoryError) throw new ValidationError({ branch_name: [e.message] });
        throw e;
      }
    }
    if (name === target) throw new AppError('VALIDATION', { branch_name: ['must differ from the target branch'] });
    const closes = into.id === l.project.id ? `#${l.issue.iid}` : `${l.project.fullPath}#${l.issue.iid}`;
    const { mr } = await this.create.execute(actor, into.id, { title: `Resolve "${l.issue.title}"`, description: `Closes ${closes}`, sourceBranch: name, targetBranch: target, assigneeIds: [actor.id] });
    return { url: `${this.config.publicUrl}${mergeRequestWebPath(into.fullPath, mr.iid)}`, iid: mr.iid };
  }

  /**
   * Where the issue's branch and merge request go (GitLab's confidential merge requests): the
   * issue's project, or a fork of it named by `target_project_id` where the actor may push; a
   * confidential issue of a project that is not private needs a private fork with merge requests
   * enabled, so its branch never shows in public. 400 naming target_project_id otherwise.
   */
  private async workingProject(actor: Actor, upstream: Project, confidential: boolean, targetProjectId: unknown) {
    const privateFork = needsPrivateFork(confidential, upstream);
    if (targetProjectId === undefined || targetProjectId === null || targetProjectId === '' || Number(targetProjectId) === upstream.id) {
      if (privateFork) throw new ValidationError({ target_project_id: [MERGE_REQUEST_TEXTS.confidentialForkRequired] });
      const found = await this.loader.project(actor, upstream.id);
      MergeRequestLoader.authorize(actor, 'push_code', { facts: found.facts, mr: null });
      return found;
    }
    const id = typeof targetProjectId === 'number' || (typeof targetProjectId === 'string' && /^\d{1,9}$/.test(targetProjectId)) ? Number(targetProjectId) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError({ target_project_id: ['must be an integer'] });
    const found = await this.loader.project(actor, id);
    if (found.project.forkedFromProjectId !== upstream.id) throw new ValidationError({ target_project_id: ['must be a fork of this project'] });
    if (privateFork && (found.project.visibility !== 'private' || !found.project.mergeRequestsEnabled)) throw new ValidationError({ target_project_id: [MERGE_REQUEST_TEXTS.confidentialForkRequired] });
    MergeRequestLoader.authorize(actor, 'push_code', { facts: found.facts, mr: null });
    return found;
  }
}

/** GitLab's can_create_confidential_merge_request: a confidential issue in a project that is not private works in a private fork. */
const needsPrivateFork = (confidential: boolean, project: Pick<Project, 'visibility'>) => confidential && project.visibility !== 'private';
