import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canGroup, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { MilestoneService, type MilestoneOwner } from './milestone.service';

/** /api/v4/projects/:id/milestones (GitLab's project milestones API). */
@Controller('api/v4/projects/:id/milestones')
export class ProjectMilestoneController {
  constructor(
    private readonly projects: ProjectService,
    private readonly milestones: MilestoneService,
  ) {}

  /** Policy: read_project. state (active, closed), search, title, include_parent_milestones. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.milestones.list(await this.owner(actor, id, false), q);
  }

  /** Policy: read_project. */
  @Get(':milestone_id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string) {
    return this.milestones.get(await this.owner(actor, id, false), mid);
  }

  /** Policy: admin_milestone (reporters and up). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    return this.milestones.create(await this.owner(actor, id, true), body);
  }

  /** Policy: admin_milestone. */
  @Put(':milestone_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string, @Body() body: Record<string, unknown>) {
    return this.milestones.update(await this.owner(actor, id, true), mid, body);
  }

  /** Policy: admin_milestone. */
  @Delete(':milestone_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string): Promise<void> {
    await this.milestones.destroy(await this.owner(actor, id, true), mid);
  }

  private async owner(actor: Actor | null, id: string, admin: boolean): Promise<MilestoneOwner> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    if (admin && !this.projects.can(actor, 'admin_milestone', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return { projectId: project.id, namespaceId: project.namespaceId, path: project.fullPath };
  }
}

/** /api/v4/groups/:id/milestones (GitLab's group milestones API). */
@Controller('api/v4/groups/:id/milestones')
export class GroupMilestoneController {
  constructor(
    private readonly groups: GroupService,
    private readonly milestones: MilestoneService,
  ) {}

  /** Policy: read_group. state (active, closed), search, title. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    return this.milestones.list(await this.owner(actor, id, false), q);
  }

  /** Policy: read_group. */
  @Get(':milestone_id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string) {
    return this.milestones.get(await this.owner(actor, id, false), mid);
  }

  /** Policy: admin_group_milestone (reporters and up). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    return this.milestones.create(await this.owner(actor, id, true), body);
  }

  /** Policy: admin_group_milestone. */
  @Put(':milestone_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string, @Body() body: Record<string, unknown>) {
    return this.milestones.update(await this.owner(actor, id, true), mid, body);
  }

  /** Policy: admin_group_milestone. */
  @Delete(':milestone_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string): Promise<void> {
    await this.milestones.destroy(await this.owner(actor, id, true), mid);
  }

  private async owner(actor: Actor | null, id: string, admin: boolean): Promise<MilestoneOwner> {
    const { group, facts } = await this.groups.findReadable(actor, id);
    if (admin && !canGroup(actor, 'admin_group_milestone', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return { groupId: group.id, path: group.fullPath };
  }
}
