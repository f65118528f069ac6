import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MERGE_REQUEST_QUICK_ACTION_DESCRIPTIONS,
  MERGE_REQUEST_QUICK_ACTION_NAMES,
  MERGE_REQUEST_QUICK_ACTION_PARAMS,
  QUICK_ACTION_DESCRIPTIONS,
  QUICK_ACTION_NAMES,
  QUICK_ACTION_PARAMS,
  type MergeRequestQuickActionName,
  type QuickActionSource,
} from '@tandem/shared-types';
import { mergeRequestNoteableAbilities } from '../../core/policy/merge-request-permissions';
import type { Actor } from '../../core/policy/policy';
import { PromoteToEpicAction } from '../epic/actions/promote-to-epic';
import { canOnIssue } from '../issue/issue-context';
import { IssueLoader } from '../issue/issue.loader';
import { availableQuickActions } from '../issue/quick-actions/quick-action-availability';
import { SubscriptionStore } from '../issue/subscription.store';
import { AVAILABLE_ITERATIONS_SQL } from '../iteration/iteration.queries';
import { MergeRequestLoader, mergeRequestFacts } from '../merge-request/merge-request.loader';
import { MergeRequestSubscriptions } from '../merge-request/merge-request-subscriptions';
import { commandSubject } from '../merge-request/quick-actions/merge-request-quick-actions';
import { availableMergeRequestCommands } from '../merge-request/quick-actions/plan-merge-request-commands';
import { TodoService } from '../todo/todo.service';
import type { Project } from '../project/project.entity';

/**
 * The comment form's command autocomplete (GitLab's autocomplete_sources/commands): the quick
 * actions the actor may run on the issue or merge request now, by the same abilities and
 * conditions its planner applies (quick-action-availability.ts; a merge request's
 * plan-merge-request-commands.ts), so the list never offers a command that would answer "Could
 * not apply". Signed out: none.
 */
@Injectable()
export class CommandSources {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly subscriptions: SubscriptionStore,
    private readonly promote: PromoteToEpicAction,
    private readonly mergeRequests: MergeRequestLoader,
    private readonly todos: TodoService,
    private readonly mergeRequestSubscriptions: MergeRequestSubscriptions,
  ) {}

  async list(actor: Actor | null, project: Project, iid: number): Promise<QuickActionSource[]> {
    if (!actor) return [];
    const ctx = await this.loader.findReadable(actor, project.fullPath, iid);
    const [todo, labels, iterations] = (await Promise.all([
      this.ds.query(`SELECT 1 FROM todos WHERE user_id = $1 AND target_type = 'Issue' AND target_id = $2 AND state = 'pending' LIMIT 1`, [actor.id, ctx.issue.id]),
      this.ds.query(`SELECT 1 FROM label_links WHERE target_type = 'Issue' AND target_id = $1 LIMIT 1`, [ctx.issue.id]),
      this.ds.query(`${AVAILABLE_ITERATIONS_SQL} AND it.state = 'opened' LIMIT 1`, [project.namespaceId]),
    ])) as unknown[][];
    const facts = {
      hasTodo: todo!.length > 0,
      subscribed: await this.subscriptions.isSubscribed(ctx.issue.id, actor.id),
      canPromote: await this.promote.allowed(actor, ctx),
      hasIterations: iterations!.length > 0,
    };
    return availableQuickActions(ctx.issue, facts, labels!.length > 0, (ability) => canOnIssue(actor, ability, ctx)).map((name) =>
      commandSource(name, QUICK_ACTION_NAMES, QUICK_ACTION_DESCRIPTIONS, QUICK_ACTION_PARAMS),
    );
  }

  /** A merge request's commands (`type=MergeRequest`): the planner's subject, with the actor's to-do and subscription. */
  async listForMergeRequest(actor: Actor | null, project: Project, iid: number): Promise<Array<QuickActionSource<MergeRequestQuickActionName>>> {
    if (!actor) return [];
    const l = await this.mergeRequests.findReadable(actor, project.id, iid);
    const [me] = (await this.ds.query('SELECT username FROM users WHERE id = $1', [actor.id])) as Array<{ username: string }>;
    // Only whether it has labels matters here (unlabel, relabel): their ids are not read
    const subject = commandSubject(l, l.mr.labels.map((title) => ({ id: 0, title })));
    subject.hasTodo = await this.todos.pendingOnMergeRequest(actor.id, l.mr.id);
    subject.subscribed = await this.mergeRequestSubscriptions.isSubscribed(l.mr.id, actor.id);
    const names = availableMergeRequestCommands(subject, {
      actor: { id: actor.id, username: me?.username ?? String(actor.id) },
      can: (ability) => MergeRequestLoader.can(actor, ability, l),
      canAward: mergeRequestNoteableAbilities(actor, l.facts, mergeRequestFacts(l.mr)).awardEmoji,
    });
    return names.map((name) => commandSource(name, MERGE_REQUEST_QUICK_ACTION_NAMES, MERGE_REQUEST_QUICK_ACTION_DESCRIPTIONS, MERGE_REQUEST_QUICK_ACTION_PARAMS));
  }
}

/** One entry of GitLab's command sources, from a noteable's command tables. */
function commandSource<N extends string>(name: N, names: Record<N, readonly string[]>, descriptions: Record<N, string>, params: Partial<Record<N, string>>): QuickActionSource<N> {
  const param = params[name];
  return { name, aliases: [...names[name]], description: descriptions[name], params: param ? [param] : [], warning: '', icon: '' };
}
