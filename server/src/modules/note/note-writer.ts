import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiNote, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Noteable } from '../../core/realtime/event-log.service';
import { noteablePageUrl, toApiNote, type NoteRecord } from './note.mapper';
import { renderSystemNoteHtml } from './system-note-html';
import type { SystemNoteText } from './system-notes';

/** A new 40-hex discussion id (GitLab's shape). */
export const newDiscussionId = () => createHash('sha1').update(randomBytes(20)).digest('hex');

const SYSTEM_NOTE_COLUMNS = 9;

/** Writes notes inside the caller's transaction. */
@Injectable()
export class NoteWriter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly markdown: MarkdownService,
  ) {}

  /**
   * Inserts system notes ("closed", "assigned to @bob") in order, one statement for all, in the
   * transaction of `m`, and returns them as the API shows them, ready for `note.created` events.
   */
  async systemNotes(m: EntityManager, noteable: Noteable, projectId: number, author: UserBasic, texts: readonly SystemNoteText[]): Promise<ApiNote[]> {
    if (!texts.length) return [];
    const projectPath = noteable.ref.project_path;
    const params: unknown[] = [];
    const values = texts.map((t, k) => {
      params.push(noteable.type, noteable.id, projectId, author.id, t.body, renderSystemNoteHtml(t.body, this.markdown, projectPath), newDiscussionId(), t.icon, k);
      const b = k * SYSTEM_NOTE_COLUMNS;
      return `($${b + 1}, $${b + 2}::int, $${b + 3}::int, $${b + 4}::int, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}::int)`;
    });
    // ids follow the texts' order (one sequence, one statement); `ord` keeps it explicit
    const rows: Array<{ id: number; note: string; note_html: string; discussion_id: string; system_note_icon_name: string; created_at: Date; updated_at: Date }> = await m.query(
      `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system_note_icon_name, type, system, internal, resolvable)
       SELECT v.noteable_type, v.noteable_id, v.project_id, v.author_id, v.note, v.note_html, v.discussion_id, v.icon, NULL, true, false, false
       FROM (VALUES ${values.join(', ')}) AS v(noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, icon, ord)
       ORDER BY v.ord
       RETURNING id, note, note_html, discussion_id, system_note_icon_name, created_at, updated_at`,
      params,
    );
    rows.sort((a, b) => a.id - b.id);
    const ctx = { noteableIid: noteable.ref.iid, noteableUrl: noteablePageUrl(this.config.publicUrl, noteable), users: new Map([[author.id, author]]) };
    return rows.map((r) => {
      const record: NoteRecord = {
        id: r.id,
        noteableType: noteable.type,
        noteableId: noteable.id,
        projectId,
        authorId: author.id,
        note: r.note,
        noteHtml: r.note_html,
        type: null,
        discussionId: r.discussion_id,
        system: true,
        systemNoteIconName: r.system_note_icon_name,
        internal: false,
        resolvable: false,
        resolvedAt: null,
        resolvedById: null,
        lastEditedAt: null,
        updatedById: null,
        createdAt: new Date(r.created_at),
        updatedAt: new Date(r.updated_at),
      };
      return toApiNote(record, ctx);
    });
  }
}
