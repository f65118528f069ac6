import { Injectable } from '@nestjs/common';
import { AppError } from '../../../core/errors/app-error';
import { issueHeaderFlags } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { AccessChanges } from '../../../core/realtime/access-changes';
import { EventLogService } from '../../../core/realtime/event-log.service';
import type { IssueContext } from '../../issue/issue-context';

/**
 * Submit as spam (admins, spec §6): the issue is hidden from everyone but admins, and a
 * spam_logs row keeps what was reported. Watchers who may no longer read it leave its live room.
 */
@Injectable()
export class MarkIssueAsSpamAction {
  constructor(
    private readonly events: EventLogService,
    private readonly access: AccessChanges,
  ) {}

  async execute(actor: Actor | null, ctx: IssueContext): Promise<void> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (!issueHeaderFlags(actor, ctx.projectFacts, ctx.facts).canReportSpam) throw new AppError('FORBIDDEN');
    await this.events.transaction(async (tx) => {
      await tx.manager.query(`UPDATE issues SET hidden = true, updated_at = now() WHERE id = $1`, [ctx.issue.id]);
      await tx.manager.query(`INSERT INTO spam_logs (issue_id, reporter_id, user_id, title, description) VALUES ($1, $2, $3, $4, $5)`, [
        ctx.issue.id,
        actor.id,
        ctx.issue.authorId,
        ctx.issue.title,
        ctx.issue.description,
      ]);
    });
    this.access.notify({ kind: 'noteable', noteableType: 'Issue', noteableId: ctx.issue.id });
  }
}
