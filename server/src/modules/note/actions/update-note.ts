import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ApiNote } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { NOTE_EVENT_PATHS } from '../note-writer';
import { validateNoteBody } from '../note-body';
import { runNoteStatement } from '../note-statement';
import { NoteFinder } from '../note.finder';
import { toApiNote, type NoteRecord } from '../note.mapper';
import { abilitiesIn, EPOCH, targetNoteMap, toTarget, viewerNotes, type NoteIssue, type NoteTarget } from '../note-target';
import { contributorsAmong } from '../contributor';
import { suggestionRows } from '../note-suggestions';

/** Where the edit came from: the page answers a vanished note with 410 Gone (the client drops it), the API with 404. */
export type NoteSurface = 'page' | 'api';

export const missingNote = (surface: NoteSurface) => new AppError(surface === 'page' ? 'NOTE_GONE' : 'NOTE_NOT_FOUND');

/**
 * Edits a note's text (GitLab's Notes::UpdateService): its author only, never a system note.
 * The UPDATE, the seq and the note.updated event are one statement; a note deleted meanwhile
 * changes nothing and is answered as missing.
 */
@Injectable()
export class UpdateNoteAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
    private readonly markdown: MarkdownService,
    private readonly notes: NoteFinder,
  ) {}

  async execute(actor: Actor | null, source: NoteIssue | NoteTarget, noteId: number, rawBody: unknown, surface: NoteSurface): Promise<{ note: ApiNote; discussion: ApiNote[] }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const ctx = toTarget(actor, source);
    const key = { type: ctx.noteable.type, id: ctx.noteable.id };
    const thread = await this.notes.thread(key, { noteId }, actor.id);
    const note = thread.notes.find((n) => n.id === noteId);
    if (!note) throw missingNote(surface);
    const found = { note, discussion: thread.notes };
    const can = abilitiesIn(actor, ctx, found.discussion);
    const mine = can(found.note);
    if (!mine.readNote) throw missingNote(surface);
    if (!mine.adminNote || found.note.authorId !== actor.id) throw new AppError('FORBIDDEN');
    const body = validateNoteBody(rawBody);
    // A diff note's suggestions follow its text (GitLab's update_suggestions); an applied one may not change
    const position = found.note.position ?? null;
    const suggestions = position ? await suggestionRows(ctx, position, body, { body: found.note.note, rows: found.note.suggestions ?? null }) : null;

    const labelExists = ctx.labelProjectId === null ? undefined : await loadLabelLookup(this.ds, ctx.labelProjectId, body);
    const noteHtml = this.markdown.render(body, { ...ctx.markdown, labelExists });
    const users = thread.users;
    // The actor's own role badge is known (an edit by the note's author keeps it live)
    const map = { ...targetNoteMap(this.config, ctx, users), accessLevels: new Map([[actor.id, ctx.accessLevel]]), contributors: await contributorsAmong(this.ds, ctx.projectId, actor.id, ctx.accessLevel) };
    const edited: NoteRecord = { ...found.note, note: body, noteHtml, lastEditedAt: EPOCH, updatedById: actor.id, updatedAt: EPOCH, ...(position ? { suggestions } : {}) };
    const author = users.get(actor.id)!;

    const result = await this.events.autocommit((tx) =>
      runNoteStatement(
        tx,
        'note.update',
        ctx.noteable,
        author,
        `${map.noteableUrl}#note_`,
        (p) => `changed AS (UPDATE notes SET note = ${p(body)}::text, note_html = ${p(noteHtml)}::text, last_edited_at = now(), updated_by_id = ${p(actor.id)}::int, updated_at = now()${position ? `, suggestions = ${p(suggestions === null ? null : JSON.stringify(suggestions))}::jsonb` : ''}
            WHERE id = ${p(noteId)}::int AND noteable_type = ${p(ctx.noteable.type)}::varchar AND noteable_id = ${p(ctx.noteable.id)}::int RETURNING 'note'::text AS key, id)`,
        [{ key: 'note', type: 'note.updated', payload: { note: toApiNote(edited, map) }, timePaths: [NOTE_EVENT_PATHS.updatedAt, '{payload,note,last_edited_at}'] }],
      ),
    );
    if (!result.changed.has('note')) throw missingNote(surface);
    const at = new Date(result.at);
    const stored: NoteRecord = { ...edited, lastEditedAt: at, updatedAt: at };
    const seen = viewerNotes(actor, ctx, found.discussion.map((n) => (n.id === noteId ? stored : n)), map);
    return { note: seen.find((n) => n.id === String(noteId))!, discussion: seen };
  }
}
