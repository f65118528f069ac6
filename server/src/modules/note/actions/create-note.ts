import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NOTE_ERRORS, type ApiNote } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { issuePermissions } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { ThrottleService } from '../../../core/throttle/throttle.service';
import { issueNoteable } from '../../issue/issue-context';
import { User } from '../../user/user.entity';
import { newDiscussionId, NOTE_EVENT_PATHS } from '../note-writer';
import { validateNoteBody } from '../note-body';
import { runNoteStatement } from '../note-statement';
import { NoteFinder } from '../note.finder';
import { toApiNote, userIdsOf, type NoteRecord } from '../note.mapper';
import { actorBasic, EPOCH, issueNoteMap, viewerNotes, type NoteIssue } from '../note-target';

export interface CreateNoteInput {
  body: unknown;
  internal?: boolean;
  /** 'DiscussionNote' starts a thread; null (default) is a comment. Ignored for replies. */
  type?: 'DiscussionNote' | null;
  /** Reply: the note joins this discussion. */
  discussionId?: string | null;
  /** The author's Idempotency-Key: a retry with the same key returns the first note. */
  idempotencyKey?: string | null;
}

export interface CreateNoteResult {
  /** The note as the actor sees it (current_user included). */
  note: ApiNote;
  /** Every note of its discussion after the write, as the actor sees them (return_discussion). */
  discussion: ApiNote[];
  /** False when an earlier submit with the same Idempotency-Key made the note. */
  created: boolean;
}

/** What the body leaves after quick actions are taken out (see `prepareBody`). */
export interface PreparedBody {
  body: unknown;
  /** Quick actions found in the body; none until modules/note/quick-actions/ plugs in. */
  commands: readonly unknown[];
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
  ) {}

  async execute(actor: Actor | null, ctx: NoteIssue, input: CreateNoteInput): Promise<CreateNoteResult> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const can = issuePermissions(actor, ctx.projectFacts, ctx.facts);
    if (!can.createNote) throw new AppError('FORBIDDEN');
    if (input.internal && !can.createInternalNote) throw new AppError('FORBIDDEN');

    // QUICK-ACTIONS SEAM: `prepareBody` is where commands are taken out of the body; applying
    // them joins the write below (same transaction), and a commands-only body stores no note.
    const prepared = this.prepareBody(input.body);
    const body = validateNoteBody(prepared.body);
    await this.throttle.consumeNoteCreation(actor.id);

    const key = { type: 'Issue' as const, id: ctx.issue.id };
    const found = input.discussionId ? await this.notes.thread(key, { discussionId: input.discussionId }, null) : null;
    const thread = found?.notes ?? null;
    if (thread && (!thread.length || thread[0]!.system || (thread[0]!.internal && !can.readInternalNote))) throw new AppError('DISCUSSION_NOT_FOUND');

    const user = ctx.actorUser ?? (await this.ds.getRepository(User).findOneBy({ id: actor.id }));
    if (!user) throw new AppError('UNAUTHORIZED');
    const author = actorBasic(this.config, user);
    const labelExists = await loadLabelLookup(this.ds, ctx.project.id, body);
    const noteHtml = this.markdown.render(body, { projectPath: ctx.project.fullPath, labelExists });

    const root = thread?.[0] ?? null;
    // A reply to an individual note turns that note into the root of a thread
    const converts = root !== null && thread!.length === 1 && root.type === null;
    const type = thread || input.type === 'DiscussionNote' ? 'DiscussionNote' : null;
    const record: NoteRecord = {
      id: 0,
      noteableType: 'Issue',
      noteableId: ctx.issue.id,
      projectId: ctx.project.id,
      authorId: actor.id,
      note: body,
      noteHtml,
      type,
      discussionId: root?.discussionId ?? newDiscussionId(),
      system: false,
      systemNoteIconName: null,
      // Replies share their thread's visibility
      internal: root ? root.internal : input.internal === true,
      resolvable: type === 'DiscussionNote',
      resolvedAt: null,
      resolvedById: null,
      lastEditedAt: null,
      updatedById: null,
      createdAt: EPOCH,
      updatedAt: EPOCH,
    };
    const map = issueNoteMap(this.config, ctx, new Map([...(found?.users ?? []), [author.id, author]]));
    const convertedRoot: NoteRecord | null = converts ? { ...root!, type: 'DiscussionNote', resolvable: true, updatedAt: EPOCH } : null;
    const noteable = issueNoteable(ctx.issue, ctx.project);
    const urlPrefix = `${map.noteableUrl}#note_`;

    const result = await this.events.autocommit((tx) =>
      runNoteStatement(
        tx,
        'note.create',
        noteable,
        author,
        urlPrefix,
        (p) => `ins AS (INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, type, discussion_id, system, internal, resolvable, idempotency_key, created_at, updated_at)
            VALUES ('Issue', ${p(ctx.issue.id)}::int, ${p(ctx.project.id)}::int, ${p(actor.id)}::int, ${p(body)}::text, ${p(noteHtml)}::text, ${p(type)}::varchar,
              ${p(record.discussionId)}::varchar, false, ${p(record.internal)}::boolean, ${p(record.resolvable)}::boolean, ${p(input.idempotencyKey ?? null)}::varchar, now(), now())
            ON CONFLICT (author_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id),
          conv AS (UPDATE notes SET type = 'DiscussionNote', resolvable = true, updated_at = now()
            WHERE id = ${p(converts ? root!.id : 0)}::int AND type IS NULL AND EXISTS (SELECT 1 FROM ins) RETURNING id),
          changed AS (SELECT 'conv'::text AS key, id FROM conv UNION ALL SELECT 'new'::text, id FROM ins)`,
        [
          ...(convertedRoot
            ? [{ key: 'conv', type: 'note.updated' as const, payload: { note: toApiNote(convertedRoot, map) }, timePaths: [NOTE_EVENT_PATHS.updatedAt] }]
            : []),
          { key: 'new', type: 'note.created' as const, payload: { note: toApiNote(record, map) }, timePaths: [NOTE_EVENT_PATHS.createdAt, NOTE_EVENT_PATHS.updatedAt], fillId: true },
        ],
      ),
    );

    const newId = result.changed.get('new');
    if (newId === undefined) return this.replay(actor, ctx, input.idempotencyKey ?? null);
    const at = new Date(result.at);
    const stored: NoteRecord = { ...record, id: newId, createdAt: at, updatedAt: at };
    const discussion: NoteRecord[] = thread
      ? [...thread.map((n) => (convertedRoot && n.id === root!.id && result.changed.has('conv') ? { ...convertedRoot, updatedAt: at } : n)), stored]
      : [stored];
    const seen = viewerNotes(actor, ctx, discussion, map);
    return { note: seen[seen.length - 1]!, discussion: seen, created: true };
  }

  /**
   * Quick actions (`/close`, `/label ~x`) are taken out of a note's body here; the remaining
   * text is stored. Until the quick-actions module plugs in, the body stays as it is.
   */
  private prepareBody(body: unknown): PreparedBody {
    return { body, commands: [] };
  }

  /** The note an earlier submit with this key created, as its discussion stands now. */
  private async replay(actor: Actor, ctx: NoteIssue, idempotencyKey: string | null): Promise<CreateNoteResult> {
    const first = idempotencyKey ? await this.notes.byIdempotencyKey(actor.id, idempotencyKey) : null;
    if (!first) throw new AppError('ISSUE_NOT_FOUND');
    // A key names one submit: reusing it for a comment elsewhere is a client error, not a replay
    if (first.noteableType !== 'Issue' || first.noteableId !== ctx.issue.id) throw new ValidationError({ 'Idempotency-Key': [NOTE_ERRORS.idempotencyKeyReused] });
    const found = await this.notes.withDiscussion({ type: first.noteableType as 'Issue', id: first.noteableId }, first.id);
    const discussion = found?.discussion ?? [first];
    const users = await this.notes.users(userIdsOf(discussion));
    const map = issueNoteMap(this.config, ctx, users);
    const seen = viewerNotes(actor, ctx, discussion, map);
    return { note: seen.find((n) => n.id === String(first.id))!, discussion: seen, created: false };
  }
}
