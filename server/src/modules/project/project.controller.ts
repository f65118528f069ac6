import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import { canProject } from '../../core/policy/policy';
import { serviceDeskAddress } from '../service-desk/service-desk-address';
import { toApiProject } from './project.mapper';
import type { Project } from './project.entity';
import { ProjectService } from './project.service';
import { parseProjectListQuery, parseProjectUpdate } from './project.validation';

@Controller('api/v4/projects')
export class ProjectController {
  constructor(private readonly projects: ProjectService) {}

  /** Policy: read_project (only readable projects are listed). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const p = pageParams(q);
    const { projects, total } = await this.projects.listReadable(actor, { ...p, ...parseProjectListQuery(q) });
    const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
    const upstreams = await this.projects.upstreamsOf(actor, projects);
    const branches = await this.projects.defaultBranches(projects.map((x) => x.id));
    setPaginationHeaders(req, res, this.projects.config.publicUrl, p, total);
    return projects.map((x) => toApiProject(x, this.projects.config.publicUrl, counts.get(x.id) ?? 0, undefined, undefined, upstreams.get(x.forkedFromProjectId ?? 0), branches.get(x.id)));
  }

  /** Policy: read_project. `id` is a number or a URL-encoded full path. */
  @Get(':id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    const { project, facts } = await this.projects.findReadable(actor, id);
    const counts = await this.projects.openIssuesCount([project.id]);
    const upstreams = await this.projects.upstreamsOf(actor, [project]);
    const branches = await this.projects.defaultBranches([project.id]);
    return toApiProject(project, this.projects.config.publicUrl, counts.get(project.id) ?? 0, actor ? facts.accessLevel : undefined, this.serviceDesk(actor, project, facts), upstreams.get(project.forkedFromProjectId ?? 0), branches.get(project.id));
  }

  /**
   * Policy: admin_project (name, description); change_visibility_level (visibility, owners);
   * admin_service_desk (service_desk_enabled, maintainers).
   * Other GitLab settings are ignored.
   */
  @Put(':id')
  async update(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    const found = await this.projects.findReadable(actor, id);
    this.projects.authorize(actor, 'admin_project', found.facts);
    const input = parseProjectUpdate(body ?? {});
    const { project, facts } = await this.projects.update(actor, found.project, input);
    const counts = await this.projects.openIssuesCount([project.id]);
    const upstreams = await this.projects.upstreamsOf(actor, [project]);
    const branches = await this.projects.defaultBranches([project.id]);
    return toApiProject(project, this.projects.config.publicUrl, counts.get(project.id) ?? 0, facts.accessLevel, this.serviceDesk(actor, project, facts), upstreams.get(project.forkedFromProjectId ?? 0), branches.get(project.id));
  }

  /** The service desk address, for those who may read the issues it makes (GitLab: reporters and up). */
  private serviceDesk(actor: Actor | null, project: Project, facts: Parameters<typeof canProject>[2]) {
    return canProject(actor, 'read_confidential_issues', facts) ? { address: serviceDeskAddress(this.projects.config.INCOMING_EMAIL_ADDRESS, project) } : undefined;
  }
}
