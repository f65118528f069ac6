import type { Prelude } from '../../core/realtime/event-log.service';
import { newDiscussionId } from './note.service';
import { Note } from './note.entity';
import type { SystemNoteText } from './system-notes';

/** Where system notes go: the noteable, its project and who made the change. */
export interface SystemNoteTarget {
  noteableType: 'Issue';
  noteableId: number;
  projectId: number;
  authorId: number;
}

/**
 * System notes as one CTE of the write's event statement (so notes and the events that
 * announce them are one round trip), with ids the caller reserved from notes_id_seq.
 * Returns the notes as stored, for the events.
 */
export function systemNotesPrelude(
  ids: readonly number[],
  target: SystemNoteTarget,
  texts: readonly SystemNoteText[],
  renderHtml: (markdown: string) => string,
  at: Date,
): { prelude: Prelude; notes: Note[] } {
  const notes = texts.map((t, k) =>
    Object.assign(new Note(), {
      id: ids[k]!,
      noteableType: target.noteableType,
      noteableId: target.noteableId,
      projectId: target.projectId,
      authorId: target.authorId,
      note: t.body,
      noteHtml: renderHtml(t.body),
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
    }),
  );
  return {
    notes,
    prelude: {
      name: 'system-notes',
      ctes: `system_notes AS (INSERT INTO notes (id, noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, created_at, updated_at)
        SELECT n.id, $2, $3, $4, $5, n.body, n.html, n.discussion_id, true, n.icon, now(), now()
        FROM unnest($1::int[], $6::text[], $7::text[], $8::text[], $9::text[]) AS n(id, body, html, discussion_id, icon))`,
      values: [
        notes.map((n) => n.id),
        target.noteableType,
        target.noteableId,
        target.projectId,
        target.authorId,
        notes.map((n) => n.note),
        notes.map((n) => n.noteHtml),
        notes.map((n) => n.discussionId),
        notes.map((n) => n.systemNoteIconName),
      ],
    },
  };
}
