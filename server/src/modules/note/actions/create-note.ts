import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NOTE_ERRORS, type ApiDiffPosition, type ApiNote, type EventBatch } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService, type StatementTx } from '../../../core/realtime/event-log.service';
import { ThrottleService } from '../../../core/throttle/throttle.service';
import { User } from '../../user/user.entity';
import { newDiscussionId, NOTE_EVENT_PATHS } from '../note-writer';
import { validateNoteBody } from '../note-body';
import { runNoteStatement, type NoteStatementResult, type PlannedNoteRow } from '../note-statement';
import { NoteFinder } from '../note.finder';
import { toApiNote, userIdsOf, type NoteRecord } from '../note.mapper';
import { actorBasic, EPOCH, targetNoteMap, toTarget, viewerNotes, type NoteIssue, type NoteTarget } from '../note-target';
import { AddAwardAction } from '../../award/actions/add-award';
import { AwardableLoader } from '../../award/awardable.loader';
import { hasQuickActions, parseQuickActions } from '../../issue/quick-actions/parse-quick-actions';
import { QuickActionsService, type QuickActionsRun } from '../quick-actions/quick-actions.service';
import { PublishCommand } from '../quick-actions/publish-command';
import { RelateCommand } from '../quick-actions/relate-command';
import { ModuleCommands } from '../quick-actions/module-commands';
import { SpamCheckService } from '../../spam/spam-check.service';
import { ServiceDeskNotifier } from '../../service-desk/service-desk-notifier';
import { contributorsAmong } from '../contributor';
import { suggestionRows } from '../note-suggestions';

export interface CreateNoteInput {
  body: unknown;
  internal?: boolean;
  /** 'DiscussionNote' starts a thread; null (default) is a comment. Ignored for replies. */
  type?: 'DiscussionNote' | null;
  /** A diff thread's position (merge requests; checked against the diff by the target). Ignored for replies. */
  position?: ApiDiffPosition | null;
  /** Reply: the note joins this discussion. */
  discussionId?: string | null;
  /** The author's Idempotency-Key: a retry with the same key returns the first note. */
  idempotencyKey?: string | null;
  /**
   * An external participant's reply by mail, posted by the Support Bot: its text is a plain
   * comment (an outsider may not run quick actions such as /confidential), and no spam captcha
   * is asked (nobody could solve it).
   */
  externalReply?: boolean;
  /** A review's note (bulk publish): its place among the notes published together, carried by its note.created event. */
  batch?: EventBatch;
  /** The note is written resolved (a review's reply that resolves its thread). */
  resolved?: boolean;
}

/** A note read, validated and rendered, to be written by `run` in the caller's transaction (a review's publish). */
export interface PreparedNote {
  run: (tx: StatementTx) => Promise<NoteStatementResult>;
  finish: (r: NoteStatementResult) => Promise<CreateNoteResult>;
  /** The same write as a row, for many notes of one noteable in one statement (runNoteRowsStatement). */
  row: PlannedNoteRow;
}

export interface CreateNoteResult {
  /** The note as the actor sees it (current_user included); null for a comment of only quick actions. */
  note: ApiNote | null;
  /** Every note of its discussion after the write, as the actor sees them (return_discussion). */
  discussion: ApiNote[];
  /** False when an earlier submit with the same Idempotency-Key made the note. */
  created: boolean;
  /** What the body's quick actions did (null when it had none). */
  quickActions: Pick<QuickActionsRun, 'status' | 'changes' | 'commandsOnly'> | null;
}

/** REST's answer to a comment of only quick actions (GitLab: 202 with the commands' outcome). */
export function restCommandsAnswer(r: CreateNoteResult): { commands_changes: Record<string, unknown>; summary: string[] } {
  return { commands_changes: r.quickActions?.changes ?? {}, summary: [...(r.quickActions?.status.messages ?? []), ...(r.quickActions?.status.error_messages ?? [])] };
}

/**
 * Creates a comment, a thread or a reply (GitLab's Notes::CreateService). The note, a reply's
 * conversion of an individual note into a thread, the issue's event seq and the events are
 * ONE statement (runNoteStatement); an Idempotency-Key makes a retried submit return the
 * first note (unique per author; a racing twin hits ON CONFLICT DO NOTHING and reads it).
 */
@Injectable()
export class CreateNoteAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
    private readonly throttle: ThrottleService,
    private readonly notes: NoteFinder,
    private readonly quickActions: QuickActionsService,
    private readonly awardables: AwardableLoader,
    private readonly addAward: AddAwardAction,
    private readonly relate: RelateCommand,
    private readonly publish: PublishCommand,
    private readonly moduleCommands: ModuleCommands,
    private readonly spam: SpamCheckService,
    private readonly serviceDesk: ServiceDeskNotifier,
  ) {}

  async execute(actor: Actor | null, source: NoteIssue | NoteTarget, input: CreateNoteInput): Promise<CreateNoteResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = toTarget(actor, source);
    const can = ctx.abilities;
    if (!can.createNote) throw new AppError('FORBIDDEN');
    if (input.internal && !(can.createNote && can.readInternalNote)) throw new AppError('FORBIDDEN');
    // A comment the spam check flags needs a captcha first (nothing is written)
    if (typeof input.body === 'string' && !input.externalReply) await this.spam.check(actor, { noteableType: 'Note', entity: 'comment', issueId: ctx.issue?.issue.id ?? null, title: '', description: input.body });

    // Quick actions (`/close`, `/label ~x`) apply in the note's transaction; without any, the
    // note is one statement on its own
    const result =
      typeof input.body === 'string' && !input.externalReply && hasQuickActions(input.body, ctx.commandNames)
        ? await this.withQuickActions(actor, ctx, input, input.body)
        : await this.plain(actor, ctx, input);
    // After the commit: a public comment on a service-desk issue is mailed to its external author
    if (result.created) await this.serviceDesk.noteCreated(ctx.issue, result.note);
    return result;
  }

  /**
   * A note for the caller's transaction (a review's bulk publish): every read is made now, the
   * write is `run(tx)`. No quick actions (the body is written as it is), no spam check or
   * throttle per note: the review was written draft by draft through checked calls.
   */
  async prepare(actor: Actor, target: NoteTarget, input: CreateNoteInput): Promise<PreparedNote> {
    if (!target.abilities.createNote) throw new AppError('FORBIDDEN');
    return this.plan(actor, target, input, validateNoteBody(input.body));
  }

  private async plain(actor: Actor, ctx: NoteTarget, input: CreateNoteInput): Promise<CreateNoteResult> {
    const planned = await this.plan(actor, ctx, input, validateNoteBody(input.body));
    await this.throttle.consumeNoteCreation(actor.id);
    return planned.finish(await this.events.autocommit(planned.run));
  }

  /**
   * The note and its commands in one transaction: the commands first (they lock the issue row),
   * then the note, unless only commands were sent. The note is planned before the transaction
   * opens: every read on the transaction's own connection (PGlite has only one).
   */
  private async withQuickActions(actor: Actor, ctx: NoteTarget, input: CreateNoteInput, raw: string): Promise<CreateNoteResult> {
    const rest = parseQuickActions(raw, { names: ctx.commandNames }).body;
    const planned = rest.trim() ? await this.plan(actor, ctx, input, validateNoteBody(rest)) : null;
    await this.throttle.consumeNoteCreation(actor.id);
    const out = await this.events.transaction(async (tx) => {
      const run = await this.quickActions.runOn(tx, actor, ctx, raw);
      return { run, written: planned && !run.commandsOnly ? await planned.run(tx) : null };
    });
    const quickActions = { status: out.run.status, changes: out.run.changes, commandsOnly: out.run.commandsOnly };
    // /award: the award module's own write, once the commands are in
    const emoji = out.run.changes.emoji_award;
    if (typeof emoji === 'string') await this.addAward.execute(actor, this.awardables.ofTarget(actor, ctx), emoji).catch(() => undefined);
    // /relate: the issue-link module's own write, likewise
    const relate = out.run.changes.relate;
    if (Array.isArray(relate) && ctx.issue) await this.relate.apply(actor, ctx.issue, relate as string[], out.run.status);
    // /publish: the status-page module's own write, likewise
    if (out.run.changes.publish === true && ctx.issue) await this.publish.apply(actor, ctx.issue, out.run.status);
    // /todo, /subscribe, /move, /clone, /duplicate, /blocks, /promote and the rest: their modules' own writes, likewise
    if (ctx.issue) await this.moduleCommands.apply(actor, ctx.issue, out.run.changes, out.run.status);
    // Another noteable's commands that wait for the commit (a merge request's /merge)
    if (ctx.afterCommands) await ctx.afterCommands(actor, out.run.changes, out.run.status);
    if (!planned || !out.written) return { note: null, discussion: [], created: true, quickActions };
    return { ...(await planned.finish(out.written)), quickActions };
  }

  /** Reads what the note needs and returns its one statement (`run`), the same write as a row (`row`) and what makes the answer of it (`finish`). */
  private async plan(actor: Actor, ctx: NoteTarget, input: CreateNoteInput, body: string): Promise<PreparedNote> {
    const can = { readInternalNote: ctx.abilities.readInternalNote };

    const key = { type: ctx.noteable.type, id: ctx.noteable.id };
    const found = input.discussionId ? await this.notes.thread(key, { discussionId: input.discussionId }, null) : null;
    const thread = found?.notes ?? null;
    if (thread && (!thread.length || thread[0]!.system || (thread[0]!.internal && !can.readInternalNote))) throw new AppError('DISCUSSION_NOT_FOUND');

    const user = ctx.actorUser ?? (await this.ds.getRepository(User).findOneBy({ id: actor.id }));
    if (!user) throw new AppError('UNAUTHORIZED');
    const author = actorBasic(this.config, user);
    const labelExists = ctx.labelProjectId === null ? undefined : await loadLabelLookup(this.ds, ctx.labelProjectId, body);
    const noteHtml = this.markdown.render(body, { ...ctx.markdown, labelExists });

    const root = thread?.[0] ?? null;
    // A reply to an individual note turns that note into the root of a thread
    const converts = root !== null && thread!.length === 1 && root.type === null;
    // A diff thread's replies keep its position (GitLab: every note of a diff discussion is a DiffNote)
    const position = root ? (root.position ?? null) : (input.position ?? null);
    const type = position ? 'DiffNote' : thread || input.type === 'DiscussionNote' ? 'DiscussionNote' : null;
    const suggestions = position ? await suggestionRows(ctx, position, body) : null;
    const record: NoteRecord = {
      id: 0,
      noteableType: ctx.noteable.type,
      noteableId: ctx.noteable.id,
      projectId: ctx.projectId,
      authorId: actor.id,
      note: body,
      noteHtml,
      type,
      discussionId: root?.discussionId ?? newDiscussionId(),
      system: false,
      systemNoteIconName: null,
      // Replies share their thread's visibility
      internal: root ? root.internal : input.internal === true,
      resolvable: type !== null,
      position,
      originalPosition: root ? (root.originalPosition ?? position) : position,
      positionOutdated: root?.positionOutdated ?? false,
      suggestions,
      resolvedAt: input.resolved && type !== null ? EPOCH : null,
      resolvedById: input.resolved && type !== null ? actor.id : null,
      lastEditedAt: null,
      updatedById: null,
      createdAt: EPOCH,
      updatedAt: EPOCH,
    };
    // The author is the actor: their role badge is known, and the live note carries it
    const map = { ...targetNoteMap(this.config, ctx, new Map([...(found?.users ?? []), [author.id, author]])), accessLevels: new Map([[author.id, ctx.accessLevel]]), contributors: await contributorsAmong(this.ds, ctx.projectId, author.id, ctx.accessLevel) };
    const convertedRoot: NoteRecord | null = converts ? { ...root!, type: 'DiscussionNote', resolvable: true, updatedAt: EPOCH } : null;
    const noteable = ctx.noteable;
    const urlPrefix = `${map.noteableUrl}#note_`;

    const row: PlannedNoteRow = {
      noteable,
      author,
      urlPrefix,
      projectId: ctx.projectId,
      idempotencyKey: input.idempotencyKey ?? null,
      record,
      convertsRootId: converts ? root!.id : null,
      converted: convertedRoot ? { type: 'note.updated', payload: { note: toApiNote(convertedRoot, map) }, timePaths: [NOTE_EVENT_PATHS.updatedAt] } : null,
      created: {
        type: 'note.created',
        payload: { note: toApiNote(record, map), ...(input.batch ? { batch: input.batch } : {}), ...(root ? {} : { starts_discussion: true as const }) },
        timePaths: [NOTE_EVENT_PATHS.createdAt, NOTE_EVENT_PATHS.updatedAt, ...(record.resolvedAt ? ['{payload,note,resolved_at}'] : [])],
        newNote: true,
        // The path before the note's id (abuseReportPath puts it last): the statement appends the id
        ...(map.reportAbuse ? { reportAbusePrefix: map.reportAbuse('') } : {}),
      },
    };
    const statement = (tx: StatementTx) =>
      runNoteStatement(
        tx,
        'note.create',
        noteable,
        author,
        urlPrefix,
        (p) => `ins AS (INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, type, discussion_id, system, internal, resolvable, idempotency_key, position, original_position, position_outdated, suggestions, resolved_at, resolved_by_id, created_at, updated_at)
            VALUES (${p(ctx.noteable.type)}::varchar, ${p(ctx.noteable.id)}::int, ${p(ctx.projectId)}::int, ${p(actor.id)}::int, ${p(body)}::text, ${p(noteHtml)}::text, ${p(type)}::varchar,
              ${p(record.discussionId)}::varchar, false, ${p(record.internal)}::boolean, ${p(record.resolvable)}::boolean, ${p(input.idempotencyKey ?? null)}::varchar, ${p(position === null ? null : JSON.stringify(position))}::jsonb,
              ${p(record.originalPosition ? JSON.stringify(record.originalPosition) : null)}::jsonb, ${p(record.positionOutdated ?? false)}::boolean, ${p(suggestions === null ? null : JSON.stringify(suggestions))}::jsonb,
              ${record.resolvedAt ? 'now()' : 'NULL'}, ${p(record.resolvedById)}::int, now(), now())
            ON CONFLICT (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id),
          conv AS (UPDATE notes SET type = 'DiscussionNote', resolvable = true, updated_at = now()
            WHERE id = ${p(converts ? root!.id : 0)}::int AND type IS NULL AND EXISTS (SELECT 1 FROM ins) RETURNING id),
          changed AS (SELECT 'conv'::text AS key, id FROM conv UNION ALL SELECT 'new'::text, id FROM ins)`,
        [...(row.converted ? [{ key: 'conv', ...row.converted }] : []), { key: 'new', ...row.created }],
      );
    return { run: statement, row, finish: (result) => this.finish(actor, ctx, input, result, { record, thread, convertedRoot, root, map }) };
  }

  private async finish(
    actor: Actor,
    ctx: NoteTarget,
    input: CreateNoteInput,
    result: NoteStatementResult,
    { record, thread, convertedRoot, root, map }: { record: NoteRecord; thread: NoteRecord[] | null; convertedRoot: NoteRecord | null; root: NoteRecord | null; map: ReturnType<typeof targetNoteMap> },
  ): Promise<CreateNoteResult> {

    const newId = result.changed.get('new');
    if (newId === undefined) return this.replay(actor, ctx, input.idempotencyKey ?? null);
    const at = new Date(result.at);
    const stored: NoteRecord = { ...record, id: newId, createdAt: at, updatedAt: at, resolvedAt: record.resolvedAt ? at : null };
    const discussion: NoteRecord[] = thread
      ? [...thread.map((n) => (convertedRoot && n.id === root!.id && result.changed.has('conv') ? { ...convertedRoot, updatedAt: at } : n)), stored]
      : [stored];
    const seen = viewerNotes(actor, ctx, discussion, map);
    return { note: seen[seen.length - 1]!, discussion: seen, created: true, quickActions: null };
  }

  /** The note an earlier submit with this key created, as its discussion stands now. */
  private async replay(actor: Actor, ctx: NoteTarget, idempotencyKey: string | null): Promise<CreateNoteResult> {
    const first = idempotencyKey ? await this.notes.byIdempotencyKey(actor.id, idempotencyKey) : null;
    if (!first) throw new AppError('ISSUE_NOT_FOUND');
    // A key names one submit: reusing it for a comment elsewhere is a client error, not a replay
    if (first.noteableType !== ctx.noteable.type || first.noteableId !== ctx.noteable.id) throw new ValidationError({ 'Idempotency-Key': [NOTE_ERRORS.idempotencyKeyReused] });
    const found = await this.notes.withDiscussion({ type: ctx.noteable.type, id: first.noteableId }, first.id);
    const discussion = found?.discussion ?? [first];
    const users = await this.notes.users(userIdsOf(discussion));
    const map = targetNoteMap(this.config, ctx, users);
    const seen = viewerNotes(actor, ctx, discussion, map);
    return { note: seen.find((n) => n.id === String(first.id))!, discussion: seen, created: false, quickActions: null };
  }
}
