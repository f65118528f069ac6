import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '../../../core/database/returned-rows';
import { AppError } from '../../../core/errors/app-error';
import { canShareProjectWithGroup, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { AccessChanges } from '../../../core/realtime/access-changes';
import { GroupService } from '../../group/group.service';
import type { Project } from '../../project/project.entity';

/**
 * DELETE /projects/:id/share/:group_id: ends the share. After the commit every node re-checks
 * the project's live rooms, so members who read it only through the group stop getting its
 * events at once (AccessChanges).
 */
@Injectable()
export class UnshareProjectAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly groups: GroupService,
    private readonly access: AccessChanges,
  ) {}

  async execute(actor: Actor, project: Project, facts: ProjectFacts, groupId: number): Promise<void> {
    const { group, facts: groupFacts } = await this.groups.findReadable(actor, groupId);
    if (!canShareProjectWithGroup(actor, facts, groupFacts, null)) throw new AppError('FORBIDDEN');
    const rows = returnedRows<{ id: number }>(await this.ds.query(`DELETE FROM project_group_links WHERE project_id = $1 AND group_id = $2 RETURNING id`, [project.id, group.id]));
    if (!rows.length) throw new AppError('GROUP_LINK_NOT_FOUND');
    this.access.notify({ kind: 'project', projectId: project.id });
  }
}
