import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApiSharedWithGroup, GroupShareInput } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canShareGroupWithGroup, type Actor, type GroupFacts } from '../../../core/policy/policy';
import { GroupService } from '../../group/group.service';
import type { Namespace } from '../../group/namespace.entity';

/**
 * POST /groups/:id/share: the invited group's members get `group_access` in the group and
 * everything below it, capped at their role (core/policy/membership-sql.ts `groupShareLevelSql`).
 * Answers the groups it is now shared with. Raising access needs no re-check of live rooms; the new readers subscribe when they open a page.
 */
@Injectable()
export class ShareGroupAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly groups: GroupService,
  ) {}

  async execute(actor: Actor, group: Namespace, facts: GroupFacts, input: GroupShareInput): Promise<ApiSharedWithGroup[]> {
    // A group the actor cannot see is "not found", as an unknown one
    const { group: invited, facts: invitedFacts } = await this.groups.findReadable(actor, input.group_id);
    if (!canShareGroupWithGroup(actor, facts, invitedFacts, input.group_access)) throw new AppError('FORBIDDEN');
    if (invited.id === group.id) throw new ValidationError({ group_id: ['cannot be the group itself'] });
    const rows = (await this.ds.query(
      `INSERT INTO group_group_links (shared_group_id, shared_with_group_id, group_access, expires_at) VALUES ($1, $2, $3, $4::date)
       ON CONFLICT (shared_group_id, shared_with_group_id) DO NOTHING RETURNING id`,
      [group.id, invited.id, input.group_access, input.expires_at],
    )) as Array<{ id: number }>;
    if (!rows[0]) throw new AppError('GROUP_SHARE_EXISTS');
    return this.groups.sharedWithGroups(actor, group.id);
  }
}
