import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { projectShareSchema, type ApiProjectGroupLink } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { ShareProjectAction } from './actions/share-project';
import { UnshareProjectAction } from './actions/unshare-project';

/** GitLab's project sharing with groups (REST v4 /projects/:id/share). */
@Controller('api/v4/projects/:id/share')
export class GroupShareController {
  constructor(
    private readonly projects: ProjectService,
    private readonly share: ShareProjectAction,
    private readonly unshare: UnshareProjectAction,
  ) {}

  /** Policy: admin_project_member on the project and read_group on the group (owner level only by owners). 201 with the link. */
  @Post()
  @HttpCode(201)
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown): Promise<ApiProjectGroupLink> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    const input = parseInput(projectShareSchema, body);
    return this.share.execute(actor, project, facts, input);
  }

  /** Policy: admin_project_member on the project and read_group on the group. 204, or 404 when not shared. */
  @Delete(':group_id')
  @HttpCode(204)
  async remove(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('group_id') groupId: string): Promise<void> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    if (!/^\d{1,10}$/.test(groupId)) throw new AppError('GROUP_NOT_FOUND');
    await this.unshare.execute(actor, project, facts, Number(groupId));
  }
}
