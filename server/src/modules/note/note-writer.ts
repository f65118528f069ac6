import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiNote, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { Noteable, Prelude } from '../../core/realtime/event-log.service';
import { noteablePageUrl, toApiNote, type NoteRecord } from './note.mapper';
import { renderSystemNoteHtml } from './system-note-html';
import type { SystemNoteText } from './system-notes';

/** A new 40-hex discussion id (GitLab's shape). */
export const newDiscussionId = () => createHash('sha1').update(randomBytes(20)).digest('hex');

/** Writes notes inside the caller's transaction. */
@Injectable()
export class NoteWriter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly markdown: MarkdownService,
  ) {}

  /**
   * System notes ("closed", "assigned to @bob") as one CTE of the write's event statement, so
   * the notes and the events that announce them are one round trip (Tx.appendReserved), with
   * ids the caller reserved from notes_id_seq. Returns them as the API shows them, for the
   * `note.created` events. `at` is the transaction's now() as the caller read it.
   */
  systemNotesPrelude(ids: readonly number[], noteable: Noteable, projectId: number, author: UserBasic, texts: readonly SystemNoteText[], at: Date): { prelude: Prelude; notes: ApiNote[] } {
    const projectPath = noteable.ref.project_path;
    const records: NoteRecord[] = texts.map((t, k) => ({
      id: ids[k]!,
      noteableType: noteable.type,
      noteableId: noteable.id,
      projectId,
      authorId: author.id,
      note: t.body,
      noteHtml: renderSystemNoteHtml(t.body, this.markdown, projectPath),
      type: null,
      discussionId: newDiscussionId(),
      system: true,
      systemNoteIconName: t.icon,
      internal: false,
      resolvable: false,
      resolvedAt: null,
      resolvedById: null,
      lastEditedAt: null,
      updatedById: null,
      createdAt: at,
      updatedAt: at,
    }));
    const ctx = { noteableIid: noteable.ref.iid, noteableUrl: noteablePageUrl(this.config.publicUrl, noteable), users: new Map([[author.id, author]]) };
    return {
      notes: records.map((r) => toApiNote(r, ctx)),
      prelude: {
        name: 'system-notes',
        ctes: `system_notes AS (INSERT INTO notes (id, noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, created_at, updated_at)
          SELECT n.id, $2, $3, $4, $5, n.body, n.html, n.discussion_id, true, n.icon, now(), now()
          FROM unnest($1::int[], $6::text[], $7::text[], $8::text[], $9::text[]) AS n(id, body, html, discussion_id, icon))`,
        values: [
          records.map((r) => r.id),
          noteable.type,
          noteable.id,
          projectId,
          author.id,
          records.map((r) => r.note),
          records.map((r) => r.noteHtml),
          records.map((r) => r.discussionId),
          records.map((r) => r.systemNoteIconName),
        ],
      },
    };
  }
}
