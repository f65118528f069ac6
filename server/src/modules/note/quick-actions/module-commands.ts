import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { PromoteToEpicAction } from '../../epic/actions/promote-to-epic';
import { CloneIssueAction } from '../../issue/actions/clone-issue';
import { MoveIssueAction } from '../../issue/actions/move-issue';
import { UpdateIssueAction } from '../../issue/actions/update-issue';
import { IssueLoader, type LoadedIssue } from '../../issue/issue.loader';
import { SubscriptionStore } from '../../issue/subscription.store';
import { CreateIssueLinksAction } from '../../issue-link/actions/create-issue-links';
import { DestroyIssueLinkAction } from '../../issue-link/actions/destroy-issue-link';
import { IssueLinkFinder } from '../../issue-link/issue-link.finder';
import { referenceFrom } from '../../issue-link/issue-link.mapper';
import { ReferenceResolver } from '../../issue-link/reference-resolver';
import { TodoService } from '../../todo/todo.service';
import type { NoteIssue } from '../note-target';
import type { QuickActionsRun } from './quick-actions.service';

type Status = QuickActionsRun['status'];

/**
 * The commands of other modules in a comment (/todo, /done, /subscribe, /unsubscribe, /move,
 * /clone, /duplicate, /unrelate, /blocks, /blocked_by, /copy_metadata, /promote): each is that
 * module's own write (the sidebar's, the related-issues block's, the move dialog's, promote's),
 * run after the comment's transaction in the order GitLab applies them, on the issue as the
 * other commands left it. The planner checked each command's ability and condition; a refusal
 * here (an unknown reference, a project the actor may not create issues in) replaces the
 * command's success message with the reason, so the answer says what really happened.
 */
@Injectable()
export class ModuleCommands {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly todos: TodoService,
    private readonly subscriptions: SubscriptionStore,
    private readonly references: ReferenceResolver,
    private readonly links: IssueLinkFinder,
    private readonly createLinks: CreateIssueLinksAction,
    private readonly destroyLink: DestroyIssueLinkAction,
    private readonly updateIssue: UpdateIssueAction,
    private readonly move: MoveIssueAction,
    private readonly clone: CloneIssueAction,
    private readonly promote: PromoteToEpicAction,
    private readonly events: EventLogService,
  ) {}

  async apply(actor: Actor, ctx: NoteIssue, changes: Record<string, unknown>, status: Status): Promise<void> {
    const fresh = () => this.loader.findReadable(actor, ctx.project.fullPath, String(ctx.issue.iid));
    const step = async (planned: string, run: () => Promise<unknown>, failure?: (e: AppError) => string) => {
      try {
        await run();
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        status.messages = status.messages.filter((m) => m !== planned);
        status.error_messages.push(failure?.(e) ?? e.message);
      }
    };
    const str = (k: string) => (typeof changes[k] === 'string' ? (changes[k] as string) : null);
    const list = (k: string) => (Array.isArray(changes[k]) ? (changes[k] as string[]) : null);

    if (changes.todo_event === 'add') await step(T.todoAdded, async () => this.todos.mark(actor.id, ctx.project.id, ctx.issue.id));
    if (changes.todo_event === 'done') await step(T.todoDone, async () => this.todos.markDone(actor.id, { issueId: ctx.issue.id }));
    if (changes.subscription_event === 'subscribe' || changes.subscription_event === 'unsubscribe') {
      const on = changes.subscription_event === 'subscribe';
      await step(on ? T.subscribed : T.unsubscribed, () => this.subscriptions.set(ctx.issue.id, actor.id, on, { projectPath: ctx.project.fullPath, iid: ctx.issue.iid }));
    }
    const copyFrom = str('copy_metadata_from');
    if (copyFrom) await step(T.metadataCopied(copyFrom), () => this.copyMetadata(actor, fresh, copyFrom), () => T.metadataNotFound);
    const unrelate = str('unrelate');
    if (unrelate) await step(T.unrelated(unrelate), () => this.unrelate(actor, fresh, unrelate), () => T.unrelateNotFound);
    for (const [key, type, text] of [['blocks', 'blocks', T.blocks], ['blocked_by', 'is_blocked_by', T.blockedBy]] as const) {
      const refs = list(key);
      if (refs) await step(text(refs), async () => {
        const source = await fresh();
        await this.createLinks.execute(actor, source, await this.references.resolve(actor, source, refs), type);
      });
    }
    const canonical = str('canonical_issue_ref');
    if (canonical) await step(T.duplicateOf(canonical), () => this.duplicate(actor, fresh, canonical), (e) => (e.status === 404 ? T.duplicateNotFound : e.status === 403 ? T.duplicateForbidden : e.message));
    const clonePath = str('target_clone_project_path');
    if (clonePath) await step(T.cloned(clonePath), async () => this.clone.execute(actor, await fresh(), clonePath), (e) => (e.status === 404 ? T.cloneNoTarget : e.status === 403 ? T.cloneForbidden : e.message));
    // A move or a promotion closes the issue: they come last
    const movePath = str('target_project_path');
    if (movePath) await step(T.moved(movePath), async () => this.move.execute(actor, await fresh(), movePath), (e) => (e.status === 404 ? T.moveNoTarget : e.status === 403 ? T.moveForbidden : e.message));
    if (changes.promote_to_epic === true) await step(T.promoted, async () => this.promote.execute(actor, await fresh()));
  }

  /** /copy_metadata: the labels and milestone of another issue of the same project, added through the issue's own update. */
  private async copyMetadata(actor: Actor, fresh: () => Promise<LoadedIssue>, ref: string): Promise<void> {
    const target = await fresh();
    const [source] = await this.references.resolve(actor, target, [ref]);
    if (!source || source.project.id !== target.project.id || source.issue.id === target.issue.id) throw new AppError('ISSUE_NOT_FOUND');
    const rows = (await this.ds.query(`SELECT label_id FROM label_links WHERE target_type = 'Issue' AND target_id = $1`, [source.issue.id])) as Array<{ label_id: number }>;
    const add = rows.map((r) => ({ id: Number(r.label_id) }));
    const milestoneId = source.issue.milestoneId;
    if (!add.length && milestoneId === null) return;
    await this.updateIssue.execute(actor, target, { ...(add.length ? { labels: { add } } : {}), ...(milestoneId !== null && milestoneId !== target.issue.milestoneId ? { milestone: { id: milestoneId } } : {}) });
  }

  /** /unrelate: the link to the named issue (whichever its type), removed by the related-issues block's action. */
  private async unrelate(actor: Actor, fresh: () => Promise<LoadedIssue>, ref: string): Promise<void> {
    const issue = await fresh();
    const [other] = await this.references.resolve(actor, issue, [ref]);
    const link = other ? (await this.links.forIssue(actor, issue.issue.id)).find((l) => l.other.issue.id === other.issue.id) : undefined;
    if (!link) throw new AppError('ISSUE_LINK_NOT_FOUND');
    await this.destroyLink.execute(actor, issue, link);
  }

  /**
   * /duplicate: on the duplicate "marked this issue as a duplicate of <ref>" and the close, on the
   * canonical issue "marked <ref> as a duplicate of this issue" (the actor must be able to comment
   * there), one transaction; then the two are related (an existing link is kept).
   */
  private async duplicate(actor: Actor, fresh: () => Promise<LoadedIssue>, ref: string): Promise<void> {
    const issue = await fresh();
    const [canonical] = await this.references.resolve(actor, issue, [ref]);
    if (!canonical) throw new AppError('ISSUE_NOT_FOUND');
    if (canonical.issue.id === issue.issue.id) throw new AppError('VALIDATION', T.duplicateSelf);
    await this.events.transaction(async (tx) => {
      const locked = await this.loader.contextFor(issue.project, issue.projectFacts, issue.issue.iid, tx.manager, { lock: true });
      const other = await this.loader.contextFor(canonical.project, canonical.projectFacts, canonical.issue.iid, tx.manager);
      if (!locked || !other) throw new AppError('ISSUE_NOT_FOUND');
      await this.updateIssue.executeInTx(tx, actor, locked, {
        duplicateOf: referenceFrom(issue.project.fullPath, canonical.project.fullPath, canonical.issue.iid),
        ...(locked.issue.state === 'opened' ? { stateEvent: 'close' as const } : {}),
      });
      await this.updateIssue.executeInTx(tx, actor, other, { duplicatedBy: referenceFrom(canonical.project.fullPath, issue.project.fullPath, issue.issue.iid) });
    });
    await this.createLinks.execute(actor, await fresh(), [canonical], 'relates_to').catch((e: unknown) => {
      if (!(e instanceof AppError) || e.code !== 'ISSUE_LINK_EXISTS') throw e;
    });
  }
}
