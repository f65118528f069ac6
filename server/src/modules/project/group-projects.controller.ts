import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { toApiProject } from './project.mapper';
import { ProjectService } from './project.service';

const flag = (v: unknown) => v === true || v === 'true' || v === '1';

/**
 * GET /api/v4/groups/:id/projects (GitLab): the group's projects the actor may read, with
 * `include_subgroups`, `search`, `archived=false`, and `with_issues_enabled` (issues are always
 * on here). The "new item in project" picker lists them.
 */
@Controller('api/v4/groups/:id/projects')
export class GroupProjectsController {
  constructor(
    private readonly projects: ProjectService,
    private readonly groups: GroupService,
  ) {}

  /** Policy: read_group, then read_project per project (only readable ones are listed). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { group } = await this.groups.findReadable(actor, id);
    const p = pageParams(q);
    const search = typeof q.search === 'string' ? q.search.trim() : '';
    const { projects, total } = await this.projects.listReadable(actor, {
      ...p,
      search: search || undefined,
      groupId: group.id,
      includeSubgroups: flag(q.include_subgroups),
      activeOnly: q.archived === 'false' || q.archived === false,
    });
    const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
    const branches = await this.projects.defaultBranches(projects.map((x) => x.id));
    setPaginationHeaders(req, res, this.projects.config.publicUrl, p, total);
    return projects.map((x) => toApiProject(x, this.projects.config.publicUrl, counts.get(x.id) ?? 0, undefined, undefined, undefined, branches.get(x.id)));
  }
}
