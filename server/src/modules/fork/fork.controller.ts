import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { toApiProject } from '../project/project.mapper';
import { ProjectService } from '../project/project.service';
import { ForkService } from './fork.service';
import { parseFork, parseForksQuery } from './fork.validation';

/** GitLab's forks API (lib/api/projects.rb: POST :id/fork, GET :id/forks). */
@Controller('api/v4/projects/:id')
export class ForkController {
  constructor(
    private readonly forks: ForkService,
    private readonly projects: ProjectService,
  ) {}

  /** Policy: fork_project on the upstream, create_projects in a group namespace (a personal namespace: its owner). 201 Project with forked_from_project. */
  @Post('fork')
  async fork(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseFork(body);
    const { fork, upstream } = await this.forks.fork(actor, id, input);
    const branches = await this.projects.defaultBranches([fork.id]);
    return toApiProject(fork, this.projects.config.publicUrl, 0, undefined, undefined, upstream, branches.get(fork.id));
  }

  /** Policy: read_project (the upstream, and each fork listed). GitLab's filters: search, owned, membership, min_access_level, visibility, with_merge_requests_enabled. */
  @Get('forks')
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { project: upstream } = await this.projects.findReadable(actor, id);
    const filters = parseForksQuery(q);
    const p = pageParams(q);
    const { projects, total } = await this.projects.listReadable(actor, { ...p, ...filters, forkedFrom: upstream.id });
    const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
    const branches = await this.projects.defaultBranches(projects.map((x) => x.id));
    setPaginationHeaders(req, res, this.projects.config.publicUrl, p, total);
    return projects.map((x) => toApiProject(x, this.projects.config.publicUrl, counts.get(x.id) ?? 0, undefined, undefined, upstream, branches.get(x.id)));
  }
}
