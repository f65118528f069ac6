import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import type { LinkView } from '../issue-link.mapper';
import { linkAdmin } from './link-context';

/** Gap between neighbours when a list is renumbered. */
const SPACING = 1000;

/**
 * Moves a link between two others in the issue's related list (spec: PUT relation path with
 * move_before_id = the link that ends up above, move_after_id = the one below; canReorder =
 * canAdmin). The issue's links are renumbered in one statement with an `issue.links` event.
 */
@Injectable()
export class ReorderIssueLinkAction {
  constructor(
    private readonly events: EventLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(actor: Actor | null, issue: LoadedIssue, link: LinkView, ordered: number[], moveBefore: number | null, moveAfter: number | null): Promise<void> {
    const user = linkAdmin(actor, issue, this.config.publicUrl);
    const rest = ordered.filter((id) => id !== link.linkId);
    if ((moveBefore !== null && !rest.includes(moveBefore)) || (moveAfter !== null && !rest.includes(moveAfter))) throw new AppError('ISSUE_LINK_NOT_FOUND');
    const at = moveBefore !== null ? rest.indexOf(moveBefore) + 1 : moveAfter !== null ? rest.indexOf(moveAfter) : rest.length;
    rest.splice(at, 0, link.linkId);
    await this.events.transaction(async (tx) => {
      await tx.query(
        'issue-link.reorder',
        `UPDATE issue_links l SET relative_position = x.pos, updated_at = now() FROM unnest($1::int[], $2::int[]) AS x(id, pos) WHERE l.id = x.id`,
        [rest, rest.map((_, k) => (k + 1) * SPACING)],
      );
      tx.recordLater(issueNoteable(issue.issue, issue.project), 'issue.links', { link_type: link.linkType }, user);
    });
  }
}
