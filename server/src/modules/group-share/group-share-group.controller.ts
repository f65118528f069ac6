import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { groupShareSchema, type ApiGroup, type ApiSharedWithGroup } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { toApiGroup } from '../group/group.mapper';
import { GroupService } from '../group/group.service';
import { ShareGroupAction } from './actions/share-group';
import { UnshareGroupAction } from './actions/unshare-group';

/** GitLab's group sharing with groups (REST v4 /groups/:id/share). */
@Controller('api/v4/groups/:id/share')
export class GroupShareGroupController {
  constructor(
    private readonly groups: GroupService,
    private readonly share: ShareGroupAction,
    private readonly unshare: UnshareGroupAction,
  ) {}

  /** Policy: admin_group_member on the group and read_group on the invited group (owner level only by owners). 201 with the group and its `shared_with_groups`. */
  @Post()
  @HttpCode(201)
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown): Promise<ApiGroup & { shared_with_groups: ApiSharedWithGroup[] }> {
    const { group, facts } = await this.groups.findReadable(actor, id);
    const input = parseInput(groupShareSchema, body);
    const shared = await this.share.execute(actor, group, facts, input);
    return { ...toApiGroup(group, this.groups.config.publicUrl, await this.groups.fullName(group)), shared_with_groups: shared };
  }

  /** Policy: admin_group_member on the group and read_group on the invited group. 204, or 404 when not shared. */
  @Delete(':group_id')
  @HttpCode(204)
  async remove(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('group_id') groupId: string): Promise<void> {
    const { group, facts } = await this.groups.findReadable(actor, id);
    if (!/^\d{1,10}$/.test(groupId)) throw new AppError('GROUP_NOT_FOUND');
    await this.unshare.execute(actor, group, facts, Number(groupId));
  }
}
