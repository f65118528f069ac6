import { Injectable } from '@nestjs/common';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import type { Actor } from '../../../core/policy/policy';
import type { Tx } from '../../../core/realtime/event-log.service';
import { UpdateIssueAction } from '../../issue/actions/update-issue';
import type { IssueContext } from '../../issue/issue-context';
import type { NoteTarget } from '../note-target';
import { parseQuickActions, type QuickActionCommand } from '../../issue/quick-actions/parse-quick-actions';
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
    private readonly interpreter: QuickActionInterpreter,
    private readonly updateIssue: UpdateIssueAction,
  ) {}

  /** Applies commands; inside `tx` (the note's transaction) when given, else in their own. */
  async apply(actor: Actor, ctx: IssueContext, commands: readonly QuickActionCommand[], tx?: Tx): Promise<QuickActionsOutcome> {
    const plan = await this.interpreter.plan(actor, ctx, commands, tx?.manager);
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
    return this.runWith(rawBody, (commands) =>
      target.commands ? target.commands(tx, actor, commands) : Promise.resolve({ messages: [], errorMessages: commands.map((c) => `/${c.name} is not available here.`), changes: {} }),
    );
  }

  private async runWith(rawBody: string, apply: (commands: readonly QuickActionCommand[]) => Promise<QuickActionsOutcome>): Promise<QuickActionsRun> {
    const { body, commands } = parseQuickActions(rawBody);
    if (!commands.length) return { body: rawBody, commandsOnly: false, status: { messages: [], error_messages: [] }, changes: {} };
    const out = await apply(commands);
    const commandsOnly = body.trim() === '';
    const messages = commandsOnly && !out.messages.length && !out.errorMessages.length ? [DISCUSSION_TEXTS.commandsApplied] : out.messages;
    return { body, commandsOnly, status: { messages, error_messages: out.errorMessages }, changes: out.changes };
  }
}
