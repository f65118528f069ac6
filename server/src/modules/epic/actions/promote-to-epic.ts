import { Injectable } from '@nestjs/common';
import { EPIC_TEXTS } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canEpic, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { GroupService } from '../../group/group.service';
import { UpdateIssueAction } from '../../issue/actions/update-issue';
import { canOnIssue, type IssueContext } from '../../issue/issue-context';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { writeSystemNotes } from '../../note/note-writer';
import { systemNotes } from '../../note/system-notes';
import { toUserBasic } from '../../user/user.mapper';
import { epicNoteable, epicReference } from '../epic.mapper';
import { EpicService } from '../epic.service';
import type { EpicRow } from '../epic.store';

/**
 * GitLab's Epics::IssuePromoteService: a new epic in the project's group with the issue's
 * title, description and confidentiality (the actor its author), and on the issue, in the same
 * transaction, the 'promoted to epic &N' note and the close (its 'closed' note and events).
 * Needs admin_issue on the issue and create_epic in the group; a project outside a group cannot.
 */
@Injectable()
export class PromoteToEpicAction {
  constructor(
    private readonly events: EventLogService,
    private readonly groups: GroupService,
    private readonly epics: EpicService,
    private readonly updateIssue: UpdateIssueAction,
    private readonly markdown: MarkdownService,
  ) {}

  /** May the actor promote this issue (the page's canPromoteToEpic)? One query for the group level. */
  async allowed(actor: Actor | null, ctx: IssueContext): Promise<boolean> {
    const ns = ctx.project.namespace;
    if (!actor || !ns || ns.type !== 'Group' || !canOnIssue(actor, 'admin_issue', ctx)) return false;
    return canEpic(actor, 'create_epic', await this.groups.facts(actor, ns), null);
  }

  async execute(actor: Actor, ctx: IssueContext): Promise<EpicRow> {
    const group = ctx.project.namespace;
    if (!group || group.type !== 'Group') throw new ValidationError({ base: [EPIC_TEXTS.promoteNeedsGroup] });
    if (!(await this.allowed(actor, ctx))) throw new AppError('FORBIDDEN');
    return this.events.transaction(async (tx) => {
      const epic = await this.epics.insert(actor, group, { title: ctx.issue.title, description: ctx.issue.description, confidential: ctx.issue.confidential }, tx);
      // The epic's own activity starts with where it came from
      const author = toUserBasic(await this.epics.actorUser(actor, tx.manager), this.epics.config.publicUrl);
      await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.epics.config.publicUrl }, epicNoteable(epic), null, author, [systemNotes.epicPromotedFrom(`${ctx.project.fullPath}#${ctx.issue.iid}`)], `groups/${epic.groupPath}`);
      await this.updateIssue.executeInTx(tx, actor, ctx, {
        promotedToEpic: epicReference(epic, ctx.project.namespaceId),
        ...(ctx.issue.state === 'opened' ? { stateEvent: 'close' as const } : {}),
      });
      return epic;
    });
  }
}
