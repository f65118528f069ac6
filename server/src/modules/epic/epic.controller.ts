import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { ApiEpicIssueLink } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { UpdateIssueAction } from '../issue/actions/update-issue';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { toApiIssue } from '../issue/issue.mapper';
import { GroupService } from '../group/group.service';
import { toApiEpic } from './epic.mapper';
import { EpicService, type GroupEpic } from './epic.service';
import { epicLinkOfIssue, issueLinksOfEpic } from './epic.store';
import { parseEpicCreate, parseEpicList, parseEpicUpdate, parseIid } from './epic.validation';

/** GitLab REST v4 group epics (lib/api/epics.rb, epic_issues.rb). */
@Controller('api/v4/groups/:id/epics')
export class EpicController {
  constructor(
    private readonly epics: EpicService,
    private readonly groups: GroupService,
    private readonly loader: IssueLoader,
    private readonly updateIssue: UpdateIssueAction,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  private get base() {
    return this.epics.config.publicUrl;
  }

  /** Policy: read_epic (each epic; confidential ones for reporters and up). search, state, include_ancestor_groups, include_descendant_groups. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const f = parseEpicList(query);
    const page = pageParams(query);
    const { group } = await this.groups.findReadable(actor, id);
    const rows = await this.epics.list(actor, group, f);
    setPaginationHeaders(req, res, this.base, page, rows.length);
    return rows.slice((page.page - 1) * page.perPage, page.page * page.perPage).map((e) => toApiEpic(e, this.base));
  }

  /** Policy: create_epic (reporters and up in the group). 201 Epic. */
  @Post()
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return toApiEpic(await this.epics.create(actor, id, parseEpicCreate(body)), this.base);
  }

  /** Policy: read_epic. */
  @Get(':epicIid')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string) {
    const { epic } = await this.epics.findReadable(actor, id, parseIid(epicIid));
    return toApiEpic(epic, this.base);
  }

  /** Policy: admin_epic. */
  @Put(':epicIid')
  async update(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Body() body: unknown) {
    const input = parseEpicUpdate(body);
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    return toApiEpic(await this.epics.update(actor, ge, input), this.base);
  }

  /** Policy: destroy_epic (owners). 204. */
  @Delete(':epicIid')
  @HttpCode(204)
  async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string) {
    await this.epics.destroy(actor, await this.epics.findReadable(actor, id, parseIid(epicIid)));
  }

  /** Policy: read_epic; the epic's issues the actor may read, in link order. */
  @Get(':epicIid/issues')
  async issues(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string) {
    const { epic } = await this.epics.findReadable(actor, id, parseIid(epicIid));
    const out = [];
    for (const link of await issueLinksOfEpic(this.ds, epic.id)) {
      const issue = await this.readableIssue(actor, link.issueId);
      if (issue) out.push({ ...toApiIssue(issue.hydrated!, this.base), epic_issue_id: link.linkId });
    }
    return out;
  }

  /** Policy: admin_epic on the epic, admin_issue on the issue (the issue's epic field). 201 EpicIssueLink. */
  @Post(':epicIid/issues/:issueId')
  async assign(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('issueId') issueId: string): Promise<ApiEpicIssueLink> {
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    this.epics.authorize(actor, 'admin_epic', ge.epic);
    const issue = await this.readableIssue(actor, parseIid(issueId));
    if (!issue) throw new AppError('ISSUE_NOT_FOUND');
    const { hydrated } = await this.updateIssue.execute(actor, issue, { epicId: ge.epic.id });
    const link = await epicLinkOfIssue(this.ds, issue.issue.id);
    return { id: link!.linkId, epic: toApiEpic(ge.epic, this.base), issue: toApiIssue(hydrated, this.base) };
  }

  /** Policy: admin_epic on the epic, admin_issue on the issue. GitLab names the link by its epic_issue_id. */
  @Delete(':epicIid/issues/:epicIssueId')
  async unassign(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('epicIssueId') epicIssueId: string): Promise<ApiEpicIssueLink> {
    const ge: GroupEpic = await this.epics.findReadable(actor, id, parseIid(epicIid));
    this.epics.authorize(actor, 'admin_epic', ge.epic);
    const linkId = parseIid(epicIssueId);
    const link = (await issueLinksOfEpic(this.ds, ge.epic.id)).find((l) => l.linkId === linkId);
    const issue = link ? await this.readableIssue(actor, link.issueId) : null;
    if (!link || !issue) throw new AppError('EPIC_ISSUE_NOT_FOUND');
    const { hydrated } = await this.updateIssue.execute(actor, issue, { epicId: null });
    return { id: link.linkId, epic: toApiEpic(ge.epic, this.base), issue: toApiIssue(hydrated, this.base) };
  }

  /** An issue by its global id, if the actor may read it (with its hydration). */
  private async readableIssue(actor: Actor | null, issueId: number | null): Promise<LoadedIssue | null> {
    if (issueId === null) return null;
    const [row] = (await this.ds.query('SELECT project_id, iid FROM issues WHERE id = $1', [issueId])) as Array<{ project_id: number; iid: number }>;
    if (!row) return null;
    try {
      return await this.loader.findReadable(actor, Number(row.project_id), Number(row.iid), { hydrate: true });
    } catch (e) {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    }
  }
}
