import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_LEVEL, STATUS_PAGE_COMMENT_EMOJI, type StatusPageIncident } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Project } from '../project/project.entity';
import { ProjectService } from '../project/project.service';
import { User } from '../user/user.entity';
import { statusPageSettingsOf } from './status-page.store';

interface PublishedRow {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  created_at: string | Date;
  updated_at: string | Date;
  published_at: string | Date;
}

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * The public status page's data (GitLab's StatusPage::IncidentEntity), read WITHOUT a viewer:
 * only a project whose status page is enabled, only its published incidents that are not
 * confidential (or hidden), and of their comments only those that are neither internal nor
 * system notes and carry the :microphone: award of a developer or higher of the project (who
 * may speak for it). Computed from the incident as it is, so edits are republished at once.
 * Markdown is rendered again without the project's context: no references to other (possibly
 * confidential) issues or people become links, and the renderer's sanitiser applies.
 */
@Injectable()
export class StatusPageFinder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly markdown: MarkdownService,
  ) {}

  async list(projectPath: string): Promise<StatusPageIncident[]> {
    const project = await this.enabledProject(projectPath);
    return (await this.published(project, null)).map((r) => this.entity(r));
  }

  async incident(projectPath: string, iid: number): Promise<StatusPageIncident> {
    const project = await this.enabledProject(projectPath);
    const [row] = await this.published(project, iid);
    if (!row) throw new AppError('STATUS_PAGE_NOT_FOUND');
    return { ...this.entity(row), comments: await this.comments(project, row.id) };
  }

  private async enabledProject(projectPath: string): Promise<Project> {
    const project = /^\d+$/.test(projectPath) ? null : await this.projects.findByIdOrPath(projectPath);
    if (!project || project.archived || !(await statusPageSettingsOf(this.ds, project.id)).enabled) throw new AppError('STATUS_PAGE_NOT_FOUND');
    return project;
  }

  private async published(project: Project, iid: number | null): Promise<PublishedRow[]> {
    return (await this.ds.query(
      `SELECT i.id, i.iid, i.title, i.description, i.state, i.created_at, i.updated_at, p.published_at
       FROM status_page_published_incidents p JOIN issues i ON i.id = p.issue_id
       WHERE p.project_id = $1 AND i.project_id = $1 AND i.issue_type = 'incident' AND NOT i.confidential AND NOT i.hidden
         AND ($2::int IS NULL OR i.iid = $2::int)
       ORDER BY p.published_at DESC, i.id DESC`,
      [project.id, iid],
    )) as PublishedRow[];
  }

  private entity(r: PublishedRow): StatusPageIncident {
    return {
      id: Number(r.iid),
      title: r.title,
      description: this.markdown.render(r.description),
      status: r.state,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      published_at: iso(r.published_at),
      links: { details: `data/incident/${Number(r.iid)}.json` },
    };
  }

  private async comments(project: Project, issueId: number): Promise<Array<{ note: string; created_at: string }>> {
    const rows = (await this.ds.query(
      `SELECT n.id, n.note, n.created_at, ARRAY(SELECT a.user_id FROM award_emoji a WHERE a.awardable_type = 'Note' AND a.awardable_id = n.id AND a.name = $2) AS awarders
       FROM notes n
       WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND NOT n.system AND NOT n.internal
         AND EXISTS (SELECT 1 FROM award_emoji a WHERE a.awardable_type = 'Note' AND a.awardable_id = n.id AND a.name = $2)
       ORDER BY n.created_at, n.id`,
      [issueId, STATUS_PAGE_COMMENT_EMOJI],
    )) as Array<{ id: number; note: string; created_at: string | Date; awarders: Array<number | string> }>;
    const speakers = new Map<number, boolean>();
    for (const uid of new Set(rows.flatMap((r) => r.awarders.map(Number)))) speakers.set(uid, await this.speaksFor(uid, project));
    return rows.filter((r) => r.awarders.some((u) => speakers.get(Number(u)))).map((r) => ({ note: this.markdown.render(r.note), created_at: iso(r.created_at) }));
  }

  private async speaksFor(userId: number, project: Project): Promise<boolean> {
    const user = await this.ds.getRepository(User).findOneBy({ id: userId });
    if (!user) return false;
    return user.isAdmin || (await this.projects.accessLevel(userId, project)) >= ACCESS_LEVEL.DEVELOPER;
  }
}
