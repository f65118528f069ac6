import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { canEpic, type Actor } from '../../../core/policy/policy';
import { GroupService } from '../../group/group.service';
import type { QuickActionFacts } from '../../issue/fields/quick-action';
import { SubscriptionStore } from '../../issue/subscription.store';
import { canOnIssue } from '../../issue/issue-context';
import type { Tx } from '../../../core/realtime/event-log.service';
import { UpdateIssueAction } from '../../issue/actions/update-issue';
import type { IssueContext } from '../../issue/issue-context';
import type { NoteTarget } from '../note-target';
import { parseQuickActions, type QuickActionCommand, type QuickActionNames } from '../../issue/quick-actions/parse-quick-actions';
import { QuickActionInterpreter } from '../../issue/quick-actions/quick-action-interpreter';

export interface QuickActionsOutcome {
  messages: string[];
  errorMessages: string[];
  /** GitLab's commands_changes (emoji_award is left for the award module to apply). */
  changes: Record<string, unknown>;
}

/** What a comment's quick actions did, for create-note (CreateNoteResponse's fields). */
export interface QuickActionsRun {
  /** The comment without its command lines (store this; empty for a command-only comment). */
  body: string;
  /** Only commands: store no note, answer with the status (GitLab's commands_only). */
  commandsOnly: boolean;
  status: { messages: string[]; error_messages: string[] };
  changes: Record<string, unknown>;
}

/**
 * Quick actions of a comment (spec discussions §5): each command checked against the actor's
 * abilities and applied through UpdateIssueAction, so its system notes and events are exactly a
 * sidebar change's.
 */
@Injectable()
export class QuickActionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly interpreter: QuickActionInterpreter,
    private readonly updateIssue: UpdateIssueAction,
    private readonly subscriptions: SubscriptionStore,
    private readonly groups: GroupService,
  ) {}

  /**
   * What the commands of other modules depend on (the actor's to-do and subscription, whether
   * they may open an epic in the group), read on the transaction's connection, and only for
   * the commands present.
   */
  async facts(actor: Actor, ctx: IssueContext, names: ReadonlySet<string>, m: EntityManager): Promise<QuickActionFacts> {
    const facts: QuickActionFacts = {};
    if (names.has('todo') || names.has('done')) {
      const rows = (await m.query(`SELECT 1 FROM todos WHERE user_id = $1 AND target_type = 'Issue' AND target_id = $2 AND state = 'pending' LIMIT 1`, [actor.id, ctx.issue.id])) as unknown[];
      facts.hasTodo = rows.length > 0;
    }
    if (names.has('subscribe') || names.has('unsubscribe')) facts.subscribed = await this.subscriptions.isSubscribed(ctx.issue.id, actor.id, m);
    if (names.has('promote')) {
      const ns = ctx.project.namespace;
      facts.canPromote = !!ns && ns.type === 'Group' && canOnIssue(actor, 'admin_issue', ctx) && canEpic(actor, 'create_epic', await this.groups.facts(actor, ns, m), null);
    }
    return facts;
  }

  /** Applies commands; inside `tx` (the note's transaction) when given, else in their own. */
  async apply(actor: Actor, ctx: IssueContext, commands: readonly QuickActionCommand[], tx?: Tx): Promise<QuickActionsOutcome> {
    const m = tx?.manager ?? this.ds.manager;
    const facts = await this.facts(actor, ctx, new Set(commands.map((c) => c.name)), m);
    const plan = await this.interpreter.plan(actor, ctx, commands, m, facts);
    if (Object.keys(plan.input).length) {
      if (tx) await this.updateIssue.executeInTx(tx, actor, ctx, plan.input);
      else await this.updateIssue.execute(actor, ctx, plan.input);
    }
    return { messages: plan.messages, errorMessages: plan.errorMessages, changes: plan.changes };
  }

  /**
   * The one entry point create-note calls, inside its transaction before it inserts the note:
   * strips the command lines, applies what the actor may do, and says what happened. A body
   * without commands comes back unchanged at no cost.
   */
  async run(tx: Tx, actor: Actor, ctx: IssueContext, rawBody: string): Promise<QuickActionsRun> {
    return this.runWith(rawBody, (commands) => this.apply(actor, ctx, commands, tx));
  }

  /**
   * `run` for any noteable: an issue's commands as above, another noteable's through the
   * commands port its module gives the target (epics: epic-quick-actions.ts).
   */
  async runOn(tx: Tx, actor: Actor, target: NoteTarget, rawBody: string): Promise<QuickActionsRun> {
    if (target.issue) return this.run(tx, actor, target.issue, rawBody);
    return this.runWith(
      rawBody,
      (commands) => (target.commands ? target.commands(tx, actor, commands) : Promise.resolve({ messages: [], errorMessages: commands.map((c) => `/${c.name} is not available here.`), changes: {} })),
      target.commandNames,
    );
  }

  private async runWith(rawBody: string, apply: (commands: readonly QuickActionCommand[]) => Promise<QuickActionsOutcome>, names?: QuickActionNames): Promise<QuickActionsRun> {
    const { body, commands } = parseQuickActions(rawBody, { names }) as { body: string; commands: QuickActionCommand[] };
    if (!commands.length) return { body: rawBody, commandsOnly: false, status: { messages: [], error_messages: [] }, changes: {} };
    const out = await apply(commands);
    const commandsOnly = body.trim() === '';
    const messages = commandsOnly && !out.messages.length && !out.errorMessages.length ? [DISCUSSION_TEXTS.commandsApplied] : out.messages;
    return { body, commandsOnly, status: { messages, error_messages: out.errorMessages }, changes: out.changes };
  }
}
