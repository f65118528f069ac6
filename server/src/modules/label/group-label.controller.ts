import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { canGroup, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { escapeLike } from '../project/project.service';
import { LabelAdminService, toApiLabel, type LabelRecord } from './label-admin.service';

/** GET/POST/PUT/DELETE /api/v4/groups/:id/labels (GitLab's group labels API). */
@Controller('api/v4/groups/:id/labels')
export class GroupLabelController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly groups: GroupService,
    private readonly markdown: MarkdownService,
    private readonly admin: LabelAdminService,
  ) {}

  /** Policy: read_group. The group's labels, and its ancestors' with include_ancestor_groups (default true). */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    const { group } = await this.groups.findReadable(actor, id);
    const includeAncestors = q.include_ancestor_groups !== 'false';
    const search = typeof q.search === 'string' && q.search ? `%${escapeLike(q.search)}%` : null;
    const rows: LabelRecord[] = await this.ds.query(
      `WITH RECURSIVE anc(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT l.id, l.title, l.color, l.description, l.priority, l.project_id, l.group_id FROM labels l
       WHERE (l.group_id = $1 OR ($2 AND l.group_id IN (SELECT id FROM anc)))
         AND ($3::text IS NULL OR l.title ILIKE $3)
       ORDER BY lower(l.title)`,
      [group.id, includeAncestors, search],
    );
    return rows.map((l) => toApiLabel(l, this.markdown, q.with_counts === 'true' ? { open: 0, closed: 0 } : undefined));
  }

  /** Policy: admin_group_label (reporters and up). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    const groupId = await this.authorized(actor, id);
    return toApiLabel(await this.admin.create({ groupId }, body), this.markdown);
  }

  /** Policy: admin_group_label. */
  @Put(':label_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string, @Body() body: Record<string, unknown>) {
    const groupId = await this.authorized(actor, id);
    return toApiLabel(await this.admin.update({ groupId }, labelId, body), this.markdown);
  }

  /** Policy: admin_group_label. */
  @Delete(':label_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string): Promise<void> {
    const groupId = await this.authorized(actor, id);
    await this.admin.destroy({ groupId }, labelId);
  }

  private async authorized(actor: Actor | null, id: string): Promise<number> {
    const { group, facts } = await this.groups.findReadable(actor, id);
    if (!canGroup(actor, 'admin_group_label', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return group.id;
  }
}
