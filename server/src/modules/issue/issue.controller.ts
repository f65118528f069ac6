import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { CreateIssueAction } from './actions/create-issue';
import { DestroyIssueAction } from './actions/destroy-issue';
import { UpdateIssueAction } from './actions/update-issue';
import { parseIssueListQuery } from './issue-query';
import { IssueFinder } from './issue.finder';
import { IssueLoader } from './issue.loader';
import { toApiIssue } from './issue.mapper';
import { parseIssueCreate, parseIssueUpdate } from './issue.validation';

/** GitLab REST v4 issues. Controllers parse, call the finder, loader or an action (which asks the policy), map. */
@Controller('api/v4')
export class IssueController {
  constructor(
    private readonly finder: IssueFinder,
    private readonly loader: IssueLoader,
    private readonly createIssue: CreateIssueAction,
    private readonly updateIssue: UpdateIssueAction,
    private readonly destroyIssue: DestroyIssueAction,
    private readonly projects: ProjectService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue per issue (confidential filtered), scope defaults to created_by_me. */
  @Get('issues')
  async listGlobal(@SignedInActor() actor: Actor, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const filters = parseIssueListQuery(q);
    const { issues, total } = await this.finder.list(actor, filters);
    setPaginationHeaders(req, res, this.config.publicUrl, filters, total);
    return (await this.loader.hydrate(issues, undefined, actor)).map((h) => toApiIssue(h, this.config.publicUrl));
  }

  /** Policy: read_project, then read_issue per issue. */
  @Get('projects/:id/issues')
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const filters = parseIssueListQuery(q);
    const { project, facts } = await this.projects.findReadable(actor, id);
    const { issues, total } = await this.finder.list(actor, { ...filters, scope: 'all' }, { project, facts });
    setPaginationHeaders(req, res, this.config.publicUrl, filters, total);
    return (await this.loader.hydrate(issues, new Map([[project.id, project]]), actor)).map((h) => toApiIssue(h, this.config.publicUrl));
  }

  /** Policy: read_issue. */
  @Get('projects/:id/issues/:iid')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const { hydrated } = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    return toApiIssue(hydrated!, this.config.publicUrl);
  }

  /** Policy: create_issue (+ admin fields need reporter). */
  @Post('projects/:id/issues')
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    const { project, facts } = await this.projects.findReadable(actor, id);
    const input = parseIssueCreate(body ?? {});
    const issue = await this.createIssue.execute(actor, project, facts, input);
    const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]), actor);
    return toApiIssue(h!, this.config.publicUrl);
  }

  /** Policy: update_issue / reopen_issue (+ admin_issue for metadata). */
  @Put('projects/:id/issues/:iid')
  async update(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Body() body: Record<string, unknown>) {
    const loaded = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    const input = parseIssueUpdate(body ?? {});
    const { hydrated } = await this.updateIssue.execute(actor, loaded, input);
    return toApiIssue(hydrated, this.config.publicUrl);
  }

  /** Policy: destroy_issue (owners). */
  @Delete('projects/:id/issues/:iid')
  @HttpCode(204)
  async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string) {
    const ctx = await this.loader.findReadable(actor, id, iid);
    await this.destroyIssue.execute(actor, ctx);
  }
}
