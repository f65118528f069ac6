import { Inject, Injectable } from '@nestjs/common';
import type { ApiMetricImage } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { authorizeOnIssue } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { issuePathOf, recordMetricImages } from '../metric-image-event';
import { metricImageRow, returned, toApiMetricImage } from '../metric-image.store';
import type { MetricImageLinkInput } from '../metric-image.validation';

/** Changes an image's link or its text (update_issue). */
@Injectable()
export class UpdateMetricImageAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, ctx: LoadedIssue, id: number, link: MetricImageLinkInput): Promise<ApiMetricImage> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'update_issue', ctx);
    return this.events.transaction(async (tx) => {
      const rows = returned(
        await tx.manager.query(
          `UPDATE issue_metric_images SET url = CASE WHEN $3 THEN $4 ELSE url END, url_text = CASE WHEN $5 THEN $6 ELSE url_text END, updated_at = now()
           WHERE issue_id = $1 AND id = $2 RETURNING *`,
          [ctx.issue.id, id, link.url !== undefined, link.url ?? null, link.urlText !== undefined, link.urlText ?? null],
        ),
      );
      if (!rows[0]) throw new AppError('METRIC_IMAGE_NOT_FOUND');
      const user = await tx.manager.getRepository(User).findOneByOrFail({ id: actor.id });
      await recordMetricImages(tx, ctx, toUserBasic(user, this.config.publicUrl));
      return toApiMetricImage(metricImageRow(rows[0]), issuePathOf(ctx));
    });
  }
}
