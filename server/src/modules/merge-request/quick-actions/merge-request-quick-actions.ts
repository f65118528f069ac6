import { Inject, Injectable, Logger } from '@nestjs/common';
import { QUICK_ACTION_TEXTS, MERGE_REQUEST_QUICK_ACTION_TEXTS } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import type { Tx } from '../../../core/realtime/event-log.service';
import type { QuickActionCommand } from '../../issue/quick-actions/parse-quick-actions';
import { userRefs, labelRefs } from '../../issue/fields/quick-action';
import { AVAILABLE_LABELS_SQL } from '../../label/label.service';
import { AVAILABLE_MILESTONES_SQL } from '../../milestone/milestone.queries';
import { writeSystemNotes } from '../../note/note-writer';
import type { QuickActionsOutcome } from '../../note/quick-actions/quick-actions.service';
import { RepositoryService } from '../../repository';
import { TodoService } from '../../todo/todo.service';
import { MergeMergeRequestAction } from '../actions/merge-merge-request';
import { setReviewState } from '../actions/rereview-merge-request';
import { actorBasic, UpdateMergeRequestAction } from '../actions/update-merge-request';
import { mergeRequestNotes } from '../merge-request-links';
import { MergeRequestLoader, type LoadedMergeRequest } from '../merge-request.loader';
import { mergeRequestNoteable } from '../merge-request.mapper';
import { MergeRequestSubscriptions } from '../merge-request-subscriptions';
import { planMergeRequestCommands, type MergeRequestCommandLookups, type MergeRequestCommandSubject } from './plan-merge-request-commands';

/** The merge request as its commands see it. */
export function commandSubject(l: LoadedMergeRequest, labels: ReadonlyArray<{ id: number; title: string }>): MergeRequestCommandSubject {
  const { mr } = l;
  return {
    state: mr.state,
    title: mr.title,
    discussionLocked: mr.discussionLocked,
    targetBranch: mr.targetBranch,
    sourceBranch: mr.sourceBranch,
    assignees: mr.assignees.map((u) => ({ id: Number(u.id), username: u.username })),
    reviewers: mr.reviewers.map((u) => ({ id: Number(u.id), username: u.username, review_state: u.review_state })),
    labels: [...labels],
    milestone: mr.milestone ? { id: Number(mr.milestone.id), title: mr.milestone.title } : null,
  };
}

/**
 * A merge request's quick actions (in a comment, or in a review's drafts when it is published):
 * planned by plan-merge-request-commands.ts, then applied through the actions the sidebar and
 * REST use, in the note's transaction: UpdateMergeRequestAction.executeInTx for the fields (its
 * policy check, system notes, `merge_request.updated` event and lock_version), setReviewState for
 * /approve and /unapprove (with GitLab's approval note), the to-do store and the subscriptions for
 * /todo, /done, /subscribe and /unsubscribe (the actor's own; a subscription change reaches the
 * actor's other tabs after the commit). /merge moves a git ref, so it runs after the commit
 * through MergeMergeRequestAction (the Merge button's path), and its message is replaced by
 * "Could not apply" when the merge is refused.
 */
@Injectable()
export class MergeRequestQuickActions {
  private readonly log = new Logger('MergeRequestQuickActions');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly update: UpdateMergeRequestAction,
    private readonly mergeAction: MergeMergeRequestAction,
    private readonly loader: MergeRequestLoader,
    private readonly markdown: MarkdownService,
    private readonly repos: RepositoryService,
    private readonly todos: TodoService,
    private readonly subscriptions: MergeRequestSubscriptions,
  ) {}

  async apply(tx: Tx, actor: Actor, l: LoadedMergeRequest, commands: ReadonlyArray<QuickActionCommand<string>>, canAward: boolean): Promise<QuickActionsOutcome> {
    const m = tx.manager;
    const lookups = await this.lookups(tx, l, commands);
    const me = (await m.query('SELECT id, username FROM users WHERE id = $1', [actor.id])) as Array<{ id: number; username: string }>;
    const names = new Set(commands.map((c) => c.name));
    const subject = commandSubject(l, lookups.current);
    if (names.has('todo') || names.has('done')) subject.hasTodo = await this.todos.pendingOnMergeRequest(actor.id, l.mr.id, m);
    if (names.has('subscribe') || names.has('unsubscribe')) subject.subscribed = await this.subscriptions.isSubscribed(l.mr.id, actor.id, m);
    const plan = planMergeRequestCommands(commands, subject, lookups, {
      actor: { id: actor.id, username: me[0]?.username ?? String(actor.id) },
      can: (ability) => MergeRequestLoader.can(actor, ability, l),
      canAward,
    });
    if (Object.keys(plan.input).length) await this.update.executeInTx(tx, actor, l, plan.input);
    if (plan.review) {
      const author = await actorBasic(m, actor, this.config.publicUrl);
      if (await setReviewState(tx, this.config.publicUrl, l, actor.id, plan.review, author)) {
        const note = plan.review === 'approved' ? mergeRequestNotes.approved() : mergeRequestNotes.unapproved();
        await writeSystemNotes(tx, { markdown: this.markdown, publicUrl: this.config.publicUrl }, mergeRequestNoteable(l.mr, l.project.fullPath), l.project.id, author, [note], l.project.fullPath);
      }
    }
    // The planner saw the to-do and the subscription as they are: each write changes a row
    const todo = plan.changes.todo_event;
    if (todo === 'add' || todo === 'done') await this.todos.setOnMergeRequest(tx, actor.id, l.project.id, l.mr.id, todo === 'add');
    const subscription = plan.changes.subscription_event;
    if (subscription === 'subscribe' || subscription === 'unsubscribe') await this.subscriptions.set(l.mr.id, actor.id, subscription === 'subscribe', m);
    return { messages: plan.messages, errorMessages: plan.errorMessages, changes: plan.changes };
  }

  /** After the commit: the subscription change to the actor's other tabs; /merge, through the Merge button's action and policy, on the merge request as it now is. */
  async afterCommit(actor: Actor, l: LoadedMergeRequest, changes: Record<string, unknown>, status: { messages: string[]; error_messages: string[] }): Promise<void> {
    const subscription = changes.subscription_event;
    if (subscription === 'subscribe' || subscription === 'unsubscribe') this.subscriptions.announce(actor.id, { projectPath: l.project.fullPath, iid: l.mr.iid }, subscription === 'subscribe');
    if (changes.merge !== true) return;
    try {
      await this.mergeAction.execute(actor, await this.loader.reload(l), {});
    } catch (e) {
      if (!(e instanceof AppError)) this.log.warn(`/merge of !${l.mr.iid} failed: ${(e as Error).message}`);
      delete changes.merge;
      const k = status.messages.indexOf(MERGE_REQUEST_QUICK_ACTION_TEXTS.merged);
      if (k >= 0) status.messages.splice(k, 1);
      status.error_messages.push(QUICK_ACTION_TEXTS.couldNotApply('merge'));
    }
  }

  /** Users, labels, milestones and branches the commands name: one read each, only for the commands present. */
  private async lookups(tx: Tx, l: LoadedMergeRequest, commands: ReadonlyArray<QuickActionCommand<string>>): Promise<MergeRequestCommandLookups & { current: Array<{ id: number; title: string }> }> {
    const m = tx.manager;
    const { project, mr } = l;
    const has = (...names: string[]) => commands.some((c) => names.includes(c.name));
    const users = new Map<string, { id: number; username: string }>();
    const labels = new Map<string, { id: number; title: string }>();
    const milestones = new Map<string, { id: number; title: string }>();
    const branches = new Set<string>();
    const current: Array<{ id: number; title: string }> = [];
    const usernames = commands.filter((c) => /assign/.test(c.name)).flatMap((c) => userRefs(c.arg).map((u) => u.toLowerCase()));
    if (usernames.length) {
      const rows = (await m.query('SELECT id, username FROM users WHERE lower(username) = ANY($1::text[])', [usernames])) as Array<{ id: number; username: string }>;
      for (const r of rows) users.set(r.username.toLowerCase(), { id: Number(r.id), username: r.username });
    }
    const titles = commands.filter((c) => /label/.test(c.name)).flatMap((c) => labelRefs(c.arg).map((t) => t.toLowerCase()));
    if (has('label', 'unlabel', 'relabel')) {
      // A project label wins over a group label of the same title (as REST titles resolve)
      const wanted = [...titles, ...mr.labels.map((t) => t.toLowerCase())];
      const rows = (await m.query(`${AVAILABLE_LABELS_SQL} AND lower(l.title) = ANY($3::text[]) ORDER BY l.project_id NULLS LAST`, [project.id, project.namespaceId, wanted])) as Array<{ id: number; title: string }>;
      for (const r of rows) if (!labels.has(r.title.toLowerCase())) labels.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
      for (const t of mr.labels) {
        const found = labels.get(t.toLowerCase());
        if (found) current.push(found);
      }
    }
    if (has('milestone')) {
      const rows = (await m.query(`${AVAILABLE_MILESTONES_SQL} ORDER BY m.project_id NULLS LAST, m.id`, [project.id, project.namespaceId])) as Array<{ id: number; title: string }>;
      for (const r of rows) if (!milestones.has(r.title.toLowerCase())) milestones.set(r.title.toLowerCase(), { id: Number(r.id), title: r.title });
    }
    for (const c of commands.filter((x) => x.name === 'target_branch' && x.arg.trim())) {
      if (await (await this.repos.open(project.id)).branch(c.arg.trim())) branches.add(c.arg.trim());
    }
    return { users, labels, milestones, branches, current };
  }
}
