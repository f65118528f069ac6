import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QUICK_ACTION_DESCRIPTIONS, QUICK_ACTION_NAMES, QUICK_ACTION_PARAMS, type QuickActionSource } from '@tandem/shared-types';
import type { Actor } from '../../core/policy/policy';
import { PromoteToEpicAction } from '../epic/actions/promote-to-epic';
import { canOnIssue } from '../issue/issue-context';
import { IssueLoader } from '../issue/issue.loader';
import { availableQuickActions } from '../issue/quick-actions/quick-action-availability';
import { SubscriptionStore } from '../issue/subscription.store';
import { AVAILABLE_ITERATIONS_SQL } from '../iteration/iteration.queries';
import type { Project } from '../project/project.entity';

/**
 * The comment form's command autocomplete (GitLab's autocomplete_sources/commands): the quick
 * actions the actor may run on the issue now, by the same abilities and conditions the planner
 * applies (quick-action-availability.ts), so the list never offers a command that would answer
 * "Could not apply". Signed out: none.
 */
@Injectable()
export class CommandSources {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly subscriptions: SubscriptionStore,
    private readonly promote: PromoteToEpicAction,
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
    return availableQuickActions(ctx.issue, facts, labels!.length > 0, (ability) => canOnIssue(actor, ability, ctx)).map((name) => ({
      name,
      aliases: [...QUICK_ACTION_NAMES[name]],
      description: QUICK_ACTION_DESCRIPTIONS[name],
      params: QUICK_ACTION_PARAMS[name] ? [QUICK_ACTION_PARAMS[name]] : [],
      warning: '',
      icon: '',
    }));
  }
}
