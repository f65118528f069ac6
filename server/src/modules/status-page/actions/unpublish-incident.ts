import { Inject, Injectable } from '@nestjs/common';
import { STATUS_PAGE_TEXTS as T } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { authorizeOnIssue, type IssueContext } from '../../issue/issue-context';
import { removePublishedIncident } from '../status-page-changes';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';

/**
 * Takes an incident off the status page (GitLab's StatusPage::UnpublishDetailsService): its
 * public JSON is gone at once. Policy: publish_status_page; an incident that is not published: 422.
 */
@Injectable()
export class UnpublishIncidentAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
  ) {}

  async execute(actor: Actor | null, ctx: IssueContext): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'publish_status_page', ctx);
    await this.events.transaction(async (tx) => {
      const m = tx.manager;
      await m.query('SELECT id FROM issues WHERE id = $1 FOR UPDATE', [ctx.issue.id]);
      const author = toUserBasic(await m.getRepository(User).findOneByOrFail({ id: actor.id }), this.config.publicUrl);
      const removed = await removePublishedIncident(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, ctx.issue, ctx.project, author);
      if (!removed) throw new ValidationError({ issue: [T.notPublished] });
    });
  }
}
