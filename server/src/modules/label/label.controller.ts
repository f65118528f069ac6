import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { LabelAdminService, toApiLabel } from './label-admin.service';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Actor } from '../../core/policy/policy';
import { labelTextColor } from '@tandem/shared-types';
import { escapeLike, ProjectService } from '../project/project.service';

interface LabelRow {
  id: number;
  title: string;
  color: string;
  description: string | null;
  priority: number | null;
  project_id: number | null;
  open_issues_count?: number;
  closed_issues_count?: number;
}

/** GET /api/v4/projects/:id/labels (GitLab's Label entity), project and ancestor-group labels. */
@Controller('api/v4/projects/:id/labels')
export class LabelController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly markdown: MarkdownService,
    private readonly admin: LabelAdminService,
  ) {}

  /** Policy: admin_label (reporters and up). */
  @Post()
  async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
    const project = await this.authorized(actor, id);
    return toApiLabel(await this.admin.create({ projectId: project.id }, body), this.markdown);
  }

  /** Policy: admin_label. */
  @Put(':label_id')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string, @Body() body: Record<string, unknown>) {
    const project = await this.authorized(actor, id);
    return toApiLabel(await this.admin.update({ projectId: project.id }, labelId, body), this.markdown);
  }

  /** Policy: admin_label. */
  @Delete(':label_id')
  @HttpCode(204)
  async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string): Promise<void> {
    const project = await this.authorized(actor, id);
    await this.admin.destroy({ projectId: project.id }, labelId);
  }

  private async authorized(actor: Actor | null, id: string) {
    const { project, facts } = await this.projects.findReadable(actor, id);
    if (!this.projects.can(actor, 'admin_label', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return project;
  }

  /** Policy: read_project. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
    const { project, facts } = await this.projects.findReadable(actor, id);
    const withCounts = q.with_counts === 'true';
    const includeAncestors = q.include_ancestor_groups !== 'false';
    const search = typeof q.search === 'string' && q.search ? `%${escapeLike(q.search)}%` : null;
    const confidentialOk = this.projects.can(actor, 'read_confidential_issues', facts);
    const rows: LabelRow[] = await this.ds.query(
      `WITH RECURSIVE anc(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT l.id, l.title, l.color, l.description, l.priority, l.project_id
         ${withCounts ? `, (SELECT count(*)::int FROM label_links ll JOIN issues i ON i.id = ll.target_id AND ll.target_type = 'Issue'
                WHERE ll.label_id = l.id AND i.project_id = $1 AND i.state = 'opened' AND (${confidentialOk} OR NOT i.confidential)) AS open_issues_count,
              (SELECT count(*)::int FROM label_links ll JOIN issues i ON i.id = ll.target_id AND ll.target_type = 'Issue'
                WHERE ll.label_id = l.id AND i.project_id = $1 AND i.state = 'closed' AND (${confidentialOk} OR NOT i.confidential)) AS closed_issues_count` : ''}
       FROM labels l
       WHERE (l.project_id = $1 OR ($3 AND l.group_id IN (SELECT id FROM anc)))
         AND ($4::text IS NULL OR l.title ILIKE $4)
       ORDER BY lower(l.title)`,
      [project.id, project.namespaceId, includeAncestors, search],
    );
    return rows.map((l) => ({
      id: l.id,
      name: l.title,
      color: l.color,
      text_color: labelTextColor(l.color),
      description: l.description,
      description_html: this.markdown.render(l.description),
      priority: l.priority,
      is_project_label: l.project_id !== null,
      subscribed: false,
      ...(withCounts ? { open_issues_count: l.open_issues_count ?? 0, closed_issues_count: l.closed_issues_count ?? 0, open_merge_requests_count: 0 } : {}),
    }));
  }
}
