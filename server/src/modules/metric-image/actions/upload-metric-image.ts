import { Inject, Injectable } from '@nestjs/common';
import { METRIC_IMAGE_LIMITS, METRIC_IMAGE_TEXTS as T, type ApiMetricImage } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { authorizeOnIssue } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { preparedUpload } from '../../upload/upload-content';
import { servedAs } from '../../upload/upload-storage';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { issuePathOf, recordMetricImages } from '../metric-image-event';
import { MetricImageStorage } from '../metric-image-storage';
import { metricImageRow, returned, toApiMetricImage } from '../metric-image.store';
import type { MetricImageLinkInput } from '../metric-image.validation';

/** Adds an image (and its optional link) to an incident: update_issue; images only, 1 MB at most. */
@Injectable()
export class UploadMetricImageAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly storage: MetricImageStorage,
  ) {}

  async execute(actor: Actor | null, ctx: LoadedIssue, file: { name: string; data: Buffer } | null, link: MetricImageLinkInput): Promise<ApiMetricImage> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'update_issue', ctx);
    if (ctx.issue.issueType !== 'incident') throw new ValidationError({ issue: [T.onlyIncidents] });
    if (!file || !servedAs(file.name).inline) throw new ValidationError({ file: [T.fileMissing] });
    if (file.data.length > METRIC_IMAGE_LIMITS.maxBytes) throw new ValidationError({ file: [T.tooLarge(METRIC_IMAGE_LIMITS.maxBytes)] });
    const data = await preparedUpload(file.name, file.data);
    const { secret, filename } = await this.storage.save(ctx.project.id, file.name, data);
    return this.events.transaction(async (tx) => {
      const rows = returned(
        await tx.manager.query(`INSERT INTO issue_metric_images (issue_id, file_secret, file_name, url, url_text, author_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`, [
          ctx.issue.id,
          secret,
          filename,
          link.url ?? null,
          link.urlText ?? null,
          actor.id,
        ]),
      );
      const user = await tx.manager.getRepository(User).findOneByOrFail({ id: actor.id });
      await recordMetricImages(tx, ctx, toUserBasic(user, this.config.publicUrl));
      return toApiMetricImage(metricImageRow(rows[0]!), issuePathOf(ctx));
    });
  }
}
