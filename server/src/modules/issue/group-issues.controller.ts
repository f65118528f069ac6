import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { IssueFinder } from './issue.finder';
import { toApiIssue } from './issue.mapper';
import { IssueLoader } from './issue.loader';
import { parseIssueListQuery } from './issue-query';

/** GET /api/v4/groups/:id/issues (GitLab): issues of the group's and its subgroups' projects the actor may read. */
@Controller('api/v4/groups/:id/issues')
export class GroupIssuesController {
  constructor(
    private readonly finder: IssueFinder,
    private readonly loader: IssueLoader,
    private readonly groups: GroupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_group, then read_issue per issue (unreadable projects and confidential issues filtered). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { group } = await this.groups.findReadable(actor, id);
    const filters = parseIssueListQuery(q);
    const { issues, total } = await this.finder.list(actor, { ...filters, scope: filters.scope ?? 'all', groupId: group.id });
    setPaginationHeaders(req, res, this.config.publicUrl, filters, total);
    return (await this.loader.hydrate(issues, undefined, actor)).map((h) => toApiIssue(h, this.config.publicUrl));
  }
}
