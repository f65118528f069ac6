import { Injectable } from '@nestjs/common';
import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';
import { CreateIssueLinksAction } from '../../issue-link/actions/create-issue-links';
import { ReferenceResolver } from '../../issue-link/reference-resolver';
import type { NoteIssue } from '../note-target';
import type { QuickActionsRun } from './quick-actions.service';

/**
 * `/relate #2 group/project#3` in a comment: the related-issues block's own write
 * (CreateIssueLinksAction: links, system notes and `issue.links` on both issues), run once the
 * comment's other commands are in, as `/award` is. A reference that names no readable issue,
 * a link that exists already or a refusal replaces the command's success message with the
 * related-issues block's message, so the comment's answer says what really happened.
 */
@Injectable()
export class RelateCommand {
  constructor(
    private readonly loader: IssueLoader,
    private readonly references: ReferenceResolver,
    private readonly createLinks: CreateIssueLinksAction,
  ) {}

  async apply(actor: Actor, ctx: NoteIssue, refs: readonly string[], status: QuickActionsRun['status']): Promise<void> {
    try {
      const source = await this.loader.findReadable(actor, ctx.project.fullPath, String(ctx.issue.iid));
      const targets = await this.references.resolve(actor, source, refs);
      await this.createLinks.execute(actor, source, targets, 'relates_to');
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const planned = T.related(refs);
      status.messages = status.messages.filter((m) => m !== planned);
      status.error_messages.push(e.message);
    }
  }
}
