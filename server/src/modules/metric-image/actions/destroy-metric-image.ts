import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { authorizeOnIssue } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { recordMetricImages } from '../metric-image-event';
import { returned } from '../metric-image.store';

/** Deletes an image (update_issue); its file stays on disk, unreachable, as uploads do. */
@Injectable()
export class DestroyMetricImageAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, ctx: LoadedIssue, id: number): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'update_issue', ctx);
    await this.events.transaction(async (tx) => {
      const rows = returned(await tx.manager.query('DELETE FROM issue_metric_images WHERE issue_id = $1 AND id = $2 RETURNING id', [ctx.issue.id, id]));
      if (!rows[0]) throw new AppError('METRIC_IMAGE_NOT_FOUND');
      const user = await tx.manager.getRepository(User).findOneByOrFail({ id: actor.id });
      await recordMetricImages(tx, ctx, toUserBasic(user, this.config.publicUrl));
    });
  }
}
