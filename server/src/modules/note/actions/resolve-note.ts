import { Inject, Injectable } from '@nestjs/common';
import type { ApiDiscussion } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService, type StatementTx } from '../../../core/realtime/event-log.service';
import { NOTE_EVENT_PATHS } from '../note-writer';
import { toApiDiscussion } from '../discussion.mapper';
import { runNoteStatement, type NoteStatementResult } from '../note-statement';
import { NoteFinder } from '../note.finder';
import { toApiNote, type NoteMapContext, type NoteRecord } from '../note.mapper';
import type { Note } from '../note.entity';
import { abilitiesIn, EPOCH, targetNoteMap, toTarget, viewerNotes, type NoteIssue, type NoteTarget } from '../note-target';
import { missingNote, type NoteSurface } from './update-note';

/** One note, or every resolvable note of a discussion. */
export type ResolveTarget = { noteId: number } | { discussionId: string };

/**
 * Resolves or unresolves (GitLab's Discussions::ResolveService): one note (can_resolve) or a
 * whole discussion (can_resolve_discussion: the thread's author, the issue's author, reporters
 * and up). Every note that changes gets resolved_at/resolved_by and a note.updated event, all
 * in one statement; notes already in the wanted state are left alone (no event). Answers the
 * discussion as it stands after.
 */
@Injectable()
export class ResolveNoteAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly notes: NoteFinder,
  ) {}

  async execute(actor: Actor | null, source: NoteIssue | NoteTarget, target: ResolveTarget, resolve: boolean, surface: NoteSurface = 'api'): Promise<ApiDiscussion> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const prepared = await this.prepare(actor, source, target, resolve, surface);
    return prepared.finish(await this.events.autocommit(prepared.run));
  }

  /**
   * The checks and reads now; the one statement is `run(tx)` (a review's publish runs it in its
   * transaction). `reopenedByReply`: a published review reply reopens its thread (GitLab's
   * set_discussion_resolve_status unresolves without a resolve right; the caller checked the
   * draft's publish ability in the policy), so unresolving then needs no resolve right.
   */
  async prepare(actor: Actor, source: NoteIssue | NoteTarget, target: ResolveTarget, resolve: boolean, surface: NoteSurface = 'api', reopenedByReply = false) {
    const ctx = toTarget(actor, source);
    const key = { type: ctx.noteable.type, id: ctx.noteable.id };
    const thread = await this.notes.thread(key, target, actor.id);
    const discussion: Note[] = thread.notes;
    let targets: Note[];
    if ('noteId' in target) {
      const note = discussion.find((n) => n.id === target.noteId);
      if (!note) throw missingNote(surface);
      targets = [note];
    } else {
      if (!discussion.length) throw new AppError('DISCUSSION_NOT_FOUND');
      targets = discussion.filter((n) => n.resolvable);
    }
    const can = abilitiesIn(actor, ctx, discussion);
    if (!can(discussion[0]!).readNote) throw 'noteId' in target ? missingNote(surface) : new AppError('DISCUSSION_NOT_FOUND');
    if (!targets.length || !targets.every((n) => n.resolvable)) throw 'noteId' in target ? new AppError('NOTE_NOT_FOUND') : new AppError('DISCUSSION_NOT_FOUND');
    const allowed = 'noteId' in target ? can(targets[0]!).resolveNote : can(discussion[0]!).resolveDiscussion || targets.every((n) => can(n).resolveNote);
    if (!allowed && !(reopenedByReply && !resolve)) throw new AppError('FORBIDDEN');

    const users = thread.users;
    const map = targetNoteMap(this.config, ctx, users);
    const changing = targets.filter((n) => (n.resolvedAt === null) === resolve);
    const planned = (n: NoteRecord): NoteRecord =>
      resolve ? { ...n, resolvedAt: EPOCH, resolvedById: actor.id, updatedAt: EPOCH } : { ...n, resolvedAt: null, resolvedById: null, updatedAt: EPOCH };
    const timePaths = resolve ? [NOTE_EVENT_PATHS.updatedAt, '{payload,note,resolved_at}'] : [NOTE_EVENT_PATHS.updatedAt];
    const run = (tx: StatementTx) =>
      runNoteStatement(
        tx,
        resolve ? 'note.resolve' : 'note.unresolve',
        ctx.noteable,
        users.get(actor.id)!,
        `${map.noteableUrl}#note_`,
        (p) => `changed AS (UPDATE notes SET resolved_at = ${resolve ? 'now()' : 'NULL'}, resolved_by_id = ${p(resolve ? actor.id : null)}::int, updated_at = now()
            WHERE id = ANY(${p(changing.map((n) => n.id))}::int[]) AND noteable_type = ${p(ctx.noteable.type)}::varchar AND noteable_id = ${p(ctx.noteable.id)}::int AND resolvable
              AND resolved_at IS ${resolve ? '' : 'NOT '}NULL
            RETURNING id::text AS key, id)`,
        changing.map((n) => ({ key: String(n.id), type: 'note.updated' as const, payload: { note: toApiNote(planned(n), map) }, timePaths })),
      );
    return { run, changes: changing.length, finish: (result: NoteStatementResult) => this.finish(actor, ctx, discussion, result, planned, resolve, map) };
  }

  private finish(actor: Actor, ctx: NoteTarget, discussion: Note[], result: NoteStatementResult, planned: (n: NoteRecord) => NoteRecord, resolve: boolean, map: NoteMapContext): ApiDiscussion {
    const at = new Date(result.at);
    const after = discussion.map((n) => {
      if (!result.changed.has(String(n.id))) return n;
      const p = planned(n);
      return { ...p, updatedAt: at, resolvedAt: resolve ? at : null };
    });
    return toApiDiscussion(viewerNotes(actor, ctx, after, map), ctx.place);
  }
}
