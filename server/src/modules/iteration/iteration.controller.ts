import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canGroup, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { IterationService } from './iteration.service';

/** /api/v4/groups/:id/iterations. */
@Controller('api/v4/groups/:id/iterations')
export class IterationController {
  constructor(
    private readonly groups: GroupService,
    private readonly iterations: IterationService,
  ) {}

  /** Policy: read_group. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    const { group } = await this.groups.findReadable(actor, id);
    return this.iterations.list(group.id, q);
  }

  /** Policy: admin_iteration (reporters and up). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    const { group, facts } = await this.groups.findReadable(actor, id);
    if (!canGroup(actor, 'admin_iteration', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return this.iterations.create(group.id, body);
  }
}
