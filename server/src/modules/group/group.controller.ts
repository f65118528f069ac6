import { Controller, Get, Param } from '@nestjs/common';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { toApiGroup } from './group.mapper';
import { GroupService } from './group.service';

/** GET /api/v4/groups/:id: the minimal group shape (no projects or subgroups inlined). */
@Controller('api/v4/groups')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  /** Policy: read_group. `id` is a number or a URL-encoded full path. */
  @Get(':id')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    const { group } = await this.groups.findReadable(actor, id);
    return toApiGroup(group, this.groups.config.publicUrl, await this.groups.fullName(group));
  }
}
