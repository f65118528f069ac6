import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '../../../core/database/returned-rows';
import { AppError } from '../../../core/errors/app-error';
import { canShareGroupWithGroup, type Actor, type GroupFacts } from '../../../core/policy/policy';
import { AccessChanges } from '../../../core/realtime/access-changes';
import { GroupService } from '../../group/group.service';
import type { Namespace } from '../../group/namespace.entity';

/**
 * DELETE /groups/:id/share/:group_id: ends the share. After the commit every node re-checks the
 * sockets of the invited group's members (its own and its ancestors'), so those who read the
 * group's epics or projects only through the share stop getting their events at once.
 */
@Injectable()
export class UnshareGroupAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly groups: GroupService,
    private readonly access: AccessChanges,
  ) {}

  async execute(actor: Actor, group: Namespace, facts: GroupFacts, invitedId: number): Promise<void> {
    const { group: invited, facts: invitedFacts } = await this.groups.findReadable(actor, invitedId);
    if (!canShareGroupWithGroup(actor, facts, invitedFacts, null)) throw new AppError('FORBIDDEN');
    const rows = returnedRows<{ id: number }>(await this.ds.query(`DELETE FROM group_group_links WHERE shared_group_id = $1 AND shared_with_group_id = $2 RETURNING id`, [group.id, invited.id]));
    if (!rows.length) throw new AppError('GROUP_LINK_NOT_FOUND');
    const users = (await this.ds.query(
      `WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $1 UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN up ON n.id = up.parent_id)
       SELECT DISTINCT m.user_id FROM members m JOIN up ON m.source_type = 'Namespace' AND m.source_id = up.id`,
      [invited.id],
    )) as Array<{ user_id: number }>;
    for (const u of users) this.access.notify({ kind: 'user', userId: Number(u.user_id) });
  }
}
