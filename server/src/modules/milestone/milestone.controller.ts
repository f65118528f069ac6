import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, type Type } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canGroup, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { MilestoneService, type MilestoneOwner } from './milestone.service';

interface OwnerKind<S> {
  owners: Type<S>;
  /** The readable owner (404 otherwise); with `admin`, 403/401 unless the actor may manage its milestones. */
  resolve(owners: S, actor: Actor | null, id: string, admin: boolean): Promise<MilestoneOwner>;
}

const KINDS = {
  project: {
    owners: ProjectService,
    async resolve(projects, actor, id, admin) {
      const { project, facts } = await projects.findReadable(actor, id);
      if (admin && !projects.can(actor, 'admin_milestone', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
      return { projectId: project.id, namespaceId: project.namespaceId, path: project.fullPath };
    },
  } satisfies OwnerKind<ProjectService>,
  group: {
    owners: GroupService,
    async resolve(groups, actor, id, admin) {
      const { group, facts } = await groups.findReadable(actor, id);
      if (admin && !canGroup(actor, 'admin_group_milestone', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
      return { groupId: group.id, path: group.fullPath };
    },
  } satisfies OwnerKind<GroupService>,
};

/**
 * GitLab REST v4 project or group milestones at `route` (`:id` a number or URL-encoded full
 * path). Projects and groups differ only in how the owner is found and checked, so one class
 * serves both.
 */
export function milestoneControllerFor(opts: { ownerType: keyof typeof KINDS; route: string }): Type<unknown> {
  const kind = KINDS[opts.ownerType] as OwnerKind<unknown>;

  @Controller(opts.route)
  class MilestoneController {
    constructor(
      @Inject(MilestoneService) readonly milestones: MilestoneService,
      @Inject(kind.owners) readonly owners: unknown,
    ) {}

    private owner(actor: Actor | null, id: string, admin: boolean): Promise<MilestoneOwner> {
      return kind.resolve(this.owners, actor, id, admin);
    }

    /** Policy: read_project / read_group. state (active, closed), search, title, include_parent_milestones. */
    @Get()
    async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
      return this.milestones.list(await this.owner(actor, id, false), q);
    }

    /** Policy: read_project / read_group. */
    @Get(':milestone_id')
    async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string) {
      return this.milestones.get(await this.owner(actor, id, false), mid);
    }

    /** Policy: admin_milestone / admin_group_milestone (reporters and up). */
    @Post()
    async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
      return this.milestones.create(await this.owner(actor, id, true), body);
    }

    /** Policy: admin_milestone / admin_group_milestone. */
    @Put(':milestone_id')
    async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string, @Body() body: Record<string, unknown>) {
      return this.milestones.update(await this.owner(actor, id, true), mid, body);
    }

    /** Policy: admin_milestone / admin_group_milestone. */
    @Delete(':milestone_id')
    @HttpCode(204)
    async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('milestone_id') mid: string): Promise<void> {
      await this.milestones.destroy(await this.owner(actor, id, true), mid);
    }
  }

  // Nest names controllers in its route logs by class name
  Object.defineProperty(MilestoneController, 'name', { value: `${opts.ownerType[0]!.toUpperCase()}${opts.ownerType.slice(1)}MilestoneController` });
  return MilestoneController;
}
