import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StatusPageSettings } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader } from '../issue/issue.loader';
import { ProjectService } from '../project/project.service';
import { PublishIncidentAction, type PublishedIncident } from './actions/publish-incident';
import { UnpublishIncidentAction } from './actions/unpublish-incident';
import { UpdateStatusPageSettingsAction } from './actions/update-status-page-settings';
import { publishedAtOf, publishedIncidentUrlOf, statusPageSettingsOf, toStatusPageSettings } from './status-page.store';
import { parseStatusPageSettings } from './status-page.validation';

/**
 * The project's status page setting and the publishing of its incidents (docs/decisions.md,
 * "Status page"). GitLab keeps these on a settings page and a quick action; Tandem adds REST.
 */
@Controller()
export class StatusPageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly loader: IssueLoader,
    private readonly publish: PublishIncidentAction,
    private readonly unpublish: UnpublishIncidentAction,
    private readonly updateSettings: UpdateStatusPageSettingsAction,
  ) {}

  /** Policy: admin_project (maintainers). */
  @Get('api/v4/projects/:id/status_page_settings')
  async settings(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<StatusPageSettings> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    this.projects.authorize(actor, 'admin_project', facts);
    return toStatusPageSettings(await statusPageSettingsOf(this.ds, project.id), this.config.publicUrl, project);
  }

  /** Policy: admin_project (UpdateStatusPageSettingsAction). {enabled?, status_page_url?}. */
  @Put('api/v4/projects/:id/status_page_settings')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<StatusPageSettings> {
    const { project, facts } = await this.projects.findReadable(actor, id);
    this.projects.authorize(actor, 'admin_project', facts);
    return this.updateSettings.execute(actor, project, facts, parseStatusPageSettings(body));
  }

  /** Policy: read_issue. Whether the incident is published, and its link. */
  @Get('api/v4/projects/:id/issues/:iid/status_page')
  async state(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string): Promise<PublishedIncident> {
    const ctx = await this.loader.findReadable(actor, id, iid);
    const [url, at] = await Promise.all([publishedIncidentUrlOf(this.ds, this.config.publicUrl, ctx.project, ctx.issue), publishedAtOf(this.ds, ctx.issue.id)]);
    return { published_incident_url: url, published_at: at };
  }

  /** Policy: publish_status_page (PublishIncidentAction). */
  @Post('api/v4/projects/:id/issues/:iid/status_page')
  @HttpCode(201)
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string): Promise<PublishedIncident> {
    return this.publish.execute(actor, await this.loader.findReadable(actor, id, iid));
  }

  /** Policy: publish_status_page (UnpublishIncidentAction). */
  @Delete('api/v4/projects/:id/issues/:iid/status_page')
  @HttpCode(204)
  async remove(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string): Promise<void> {
    await this.unpublish.execute(actor, await this.loader.findReadable(actor, id, iid));
  }
}
