import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { runNoteStatement } from '../note-statement';
import { NoteFinder } from '../note.finder';
import { abilitiesIn, actorBasic, targetNoteMap, toTarget, type NoteIssue, type NoteTarget } from '../note-target';
import { missingNote, type NoteSurface } from './update-note';

/**
 * Deletes a note (GitLab's Notes::DestroyService): its author, or maintainers and up
 * (admin_note); never a system note. The DELETE, the seq and note.deleted {note_id,
 * discussion_id} are one statement. A thread left with its root alone stays a thread.
 */
@Injectable()
export class DestroyNoteAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly notes: NoteFinder,
  ) {}

  async execute(actor: Actor | null, source: NoteIssue | NoteTarget, noteId: number, surface: NoteSurface): Promise<{ noteId: string; discussionId: string }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = toTarget(actor, source);
    const key = { type: ctx.noteable.type, id: ctx.noteable.id };
    const found = await this.notes.withDiscussion(key, noteId);
    if (!found) throw missingNote(surface);
    const can = abilitiesIn(actor, ctx, found.discussion)(found.note);
    if (!can.readNote) throw missingNote(surface);
    if (!can.adminNote) throw new AppError('FORBIDDEN');
    const actorUser = ctx.actorUser ? actorBasic(this.config, ctx.actorUser) : (await this.notes.users([actor.id])).get(actor.id);
    if (!actorUser) throw new AppError('UNAUTHORIZED');
    const map = targetNoteMap(this.config, ctx, new Map());
    // An internal note's deletion goes to readers of internal notes only (realtime isRestricted)
    const payload = { note_id: String(noteId), discussion_id: found.note.discussionId, ...(found.note.internal ? { internal: true as const } : {}) };
    const result = await this.events.autocommit((tx) =>
      runNoteStatement(
        tx,
        'note.destroy',
        ctx.noteable,
        actorUser,
        `${map.noteableUrl}#note_`,
        (p) => `changed AS (DELETE FROM notes WHERE id = ${p(noteId)}::int AND noteable_type = ${p(ctx.noteable.type)}::varchar AND noteable_id = ${p(ctx.noteable.id)}::int AND NOT system RETURNING 'note'::text AS key, id)`,
        [{ key: 'note', type: 'note.deleted', payload, timePaths: [] }],
      ),
    );
    if (!result.changed.has('note')) throw missingNote(surface);
    return { noteId: payload.note_id, discussionId: payload.discussion_id };
  }
}
