import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { systemNotes } from '../../note/system-notes';
import { referenceFrom, type LinkView } from '../issue-link.mapper';
import { LinkNotes, type LinkSide } from '../link-notes';
import { linkAdmin } from './link-context';

/**
 * Removes a link the actor sees from `issue` (GitLab's IssueLinks::DestroyService). Policy:
 * admin_issue on the issue (the other one is readable, or the link would not be seen). One
 * transaction: the delete, "removed the relation with ..." and `issue.links` on both issues.
 */
@Injectable()
export class DestroyIssueLinkAction {
  constructor(
    private readonly events: EventLogService,
    private readonly linkNotes: LinkNotes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: Actor | null, issue: LoadedIssue, link: LinkView): Promise<void> {
    const user = linkAdmin(actor, issue, this.config.publicUrl);
    const other = link.other;
    await this.events.transaction(async (tx) => {
      const rows = await tx.query('issue-link.delete', 'DELETE FROM issue_links WHERE id = $1::int RETURNING id', [link.linkId]);
      if (!rows.length) throw new AppError('ISSUE_LINK_NOT_FOUND');
      const sides: LinkSide[] = [
        {
          noteable: issueNoteable(issue.issue, issue.project),
          projectId: issue.project.id,
          notes: [systemNotes.unrelatedIssue(referenceFrom(issue.project.fullPath, other.project.fullPath, other.issue.iid))],
          links: { link_type: null },
        },
        {
          noteable: issueNoteable(other.issue, other.project),
          projectId: other.project.id,
          notes: [systemNotes.unrelatedIssue(referenceFrom(other.project.fullPath, issue.project.fullPath, issue.issue.iid))],
          links: { link_type: null },
        },
      ];
      for (const side of sides.sort((a, b) => a.noteable.id - b.noteable.id)) await this.linkNotes.write(tx, side, user);
    });
  }
}
