import { Inject, Injectable } from '@nestjs/common';
import { STATUS_PAGE_TEXTS as T } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { authorizeOnIssue, type IssueContext } from '../../issue/issue-context';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { recordStatusPageChange } from '../status-page-changes';
import { publishedAtOf, publishedIncidentUrlFrom, statusPageSettingsOf } from '../status-page.store';

export interface PublishedIncident {
  published_incident_url: string | null;
  published_at: string | null;
}

/**
 * Publishes an incident to the project's status page (GitLab's StatusPage::PublishService;
 * `/publish` and the incident page's button). Policy: publish_status_page. Only incidents, not
 * confidential ones, and only while the project's status page is enabled (422 otherwise). The
 * public JSON is computed from the incident as it is, so later edits are republished by
 * themselves. Publishing a published incident changes nothing.
 */
@Injectable()
export class PublishIncidentAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
  ) {}

  async execute(actor: Actor | null, ctx: IssueContext): Promise<PublishedIncident> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'publish_status_page', ctx);
    if (ctx.issue.issueType !== 'incident') throw new ValidationError({ issue: [T.notIncident] });
    if (ctx.issue.confidential) throw new ValidationError({ issue: [T.confidential] });
    return this.events.transaction(async (tx) => {
      const m = tx.manager;
      // The issue's row lock orders two publishers (and the settings read below)
      await m.query('SELECT id FROM issues WHERE id = $1 FOR UPDATE', [ctx.issue.id]);
      const settings = await statusPageSettingsOf(m, ctx.project.id);
      if (!settings.enabled) throw new ValidationError({ status_page: [T.disabled] });
      const inserted = (await m.query(
        'INSERT INTO status_page_published_incidents (issue_id, project_id) VALUES ($1, $2) ON CONFLICT (issue_id) DO NOTHING RETURNING published_at',
        [ctx.issue.id, ctx.project.id],
      )) as Array<{ published_at: string | Date }>;
      // Settings were read under the issue's lock above; published_at comes from the insert, or from the row already there
      const url = publishedIncidentUrlFrom(settings, this.config.publicUrl, ctx.project, ctx.issue.iid);
      const publishedAt = inserted.length ? new Date(inserted[0]!.published_at).toISOString() : await publishedAtOf(m, ctx.issue.id);
      if (inserted.length) {
        const author = toUserBasic(await m.getRepository(User).findOneByOrFail({ id: actor.id }), this.config.publicUrl);
        await recordStatusPageChange(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, ctx.issue, ctx.project, author, url);
      }
      return { published_incident_url: url, published_at: publishedAt };
    });
  }
}
