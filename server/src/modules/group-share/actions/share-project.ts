import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApiProjectGroupLink, ProjectShareInput } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { canShareProjectWithGroup, type Actor, type ProjectFacts } from '../../../core/policy/policy';
import { GroupService } from '../../group/group.service';
import type { Project } from '../../project/project.entity';
import { toApiGroupLink, type GroupLinkRow } from '../group-share.mapper';

/**
 * POST /projects/:id/share: the group's members get `group_access` on the project (capped at
 * their role in the group, core/policy/group-share.ts). Raising access needs no re-check of
 * live rooms; the new readers subscribe when they open an issue.
 */
@Injectable()
export class ShareProjectAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly groups: GroupService,
  ) {}

  async execute(actor: Actor, project: Project, facts: ProjectFacts, input: ProjectShareInput): Promise<ApiProjectGroupLink> {
    // A group the actor cannot see is "not found", as an unknown one
    const { group, facts: groupFacts } = await this.groups.findReadable(actor, input.group_id);
    if (!canShareProjectWithGroup(actor, facts, groupFacts, input.group_access)) throw new AppError('FORBIDDEN');
    const rows = (await this.ds.query(
      `INSERT INTO project_group_links (project_id, group_id, group_access, expires_at) VALUES ($1, $2, $3, $4::date)
       ON CONFLICT (project_id, group_id) DO NOTHING
       RETURNING id, project_id, group_id, group_access, expires_at::text AS expires_at`,
      [project.id, group.id, input.group_access, input.expires_at],
    )) as GroupLinkRow[];
    if (!rows[0]) throw new AppError('GROUP_LINK_EXISTS');
    return toApiGroupLink(rows[0]);
  }
}
