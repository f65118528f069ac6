import { Injectable } from '@nestjs/common';
import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';
import { PublishIncidentAction } from '../../status-page/actions/publish-incident';
import type { NoteIssue } from '../note-target';
import type { QuickActionsRun } from './quick-actions.service';

/**
 * `/publish` in a comment: the status-page module's own write (PublishIncidentAction: the row,
 * its system note and `issue.status_page`), run once the comment's other commands are in (so a
 * `/confidential` before it counts), as `/relate` is. A refusal (not an incident, confidential,
 * status page disabled) replaces the success message with the reason.
 */
@Injectable()
export class PublishCommand {
  constructor(
    private readonly loader: IssueLoader,
    private readonly publish: PublishIncidentAction,
  ) {}

  async apply(actor: Actor, ctx: NoteIssue, status: QuickActionsRun['status']): Promise<void> {
    try {
      const issue = await this.loader.findReadable(actor, ctx.project.fullPath, String(ctx.issue.iid));
      await this.publish.execute(actor, issue);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      status.messages = status.messages.filter((m) => m !== T.published);
      status.error_messages.push(e.message);
    }
  }
}
