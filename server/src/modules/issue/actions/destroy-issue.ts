import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { authorizeOnIssue, issueNoteable, type IssueContext } from '../issue-context';

/** Deletes an issue (owners), its notes and label links; watchers get `issue.deleted` first. */
@Injectable()
export class DestroyIssueAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, ctx: IssueContext): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    authorizeOnIssue(actor, 'destroy_issue', ctx);
    await this.events.transaction(async (tx) => {
      const author = await tx.manager.getRepository(User).findOneByOrFail({ id: actor.id });
      // The event is recorded before the row goes, so live watchers learn of the deletion
      await tx.record(issueNoteable(ctx.issue, ctx.project), 'issue.deleted', {}, toUserBasic(author, this.config.publicUrl));
      await tx.manager.query(`DELETE FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1`, [ctx.issue.id]);
      await tx.manager.query(`DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1`, [ctx.issue.id]);
      await tx.manager.query('DELETE FROM issues WHERE id = $1', [ctx.issue.id]);
    });
  }
}
