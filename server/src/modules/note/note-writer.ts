import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiNote, UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { MarkdownService } from '../../core/markdown/markdown.service';
import type { PlannedEvent } from '../../core/realtime/event-append';
import type { Noteable, Tx } from '../../core/realtime/event-log.service';
import { noteablePlace, toApiNote, type NoteRecord } from './note.mapper';
import { renderSystemNoteHtml } from './system-note-html';
import type { SystemNoteText } from './system-notes';

/** A new 40-hex discussion id (GitLab's shape). */
/** Random bytes drawn 4 KiB at a time: a discussion id per system note would otherwise be a getrandom call each. */
const entropy = { buf: Buffer.alloc(0), at: 0 };
export const newDiscussionId = () => {
  if (entropy.at + 20 > entropy.buf.length) {
    entropy.buf = randomBytes(4096);
    entropy.at = 0;
  }
  entropy.at += 20;
  return entropy.buf.toString('hex', entropy.at - 20, entropy.at);
};

/** Writes notes inside the caller's transaction. */
@Injectable()
export class NoteWriter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly markdown: MarkdownService,
  ) {}

  /**
   * System notes ("closed", "assigned to @bob") for the caller's write statement: `ctes` draws
   * their ids (`note_ids`), inserts them (`system_notes`) and names each one's id in
   * `changed(key, id)`, so the notes and the `note.created` events that announce them
   * (`events`, for the statement's EventStatement) are one round trip; the append fills each
   * note's id, permalink and time into the stored and the live events.
   */
  systemNoteDrafts(noteable: Noteable, projectId: number, author: UserBasic, texts: readonly SystemNoteText[]): SystemNoteDrafts {
    const projectPath = noteable.ref.project_path;
    const ctx = { ...noteablePlace(this.config.publicUrl, noteable), users: new Map([[author.id, author]]) };
    const records: NoteRecord[] = texts.map((t) => ({
      id: 0,
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
      descriptionVersionId: t.descriptionVersionId ?? null,
      lastEditedAt: null,
      updatedById: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    }));
    return {
      events: records.map((r, k) => ({
        key: `sys${k + 1}`,
        type: 'note.created',
        payload: { note: toApiNote(r, ctx) },
        timePaths: [NOTE_EVENT_PATHS.createdAt, NOTE_EVENT_PATHS.updatedAt],
        newNote: true,
      })),
      urlPrefix: `${ctx.noteableUrl}#note_`,
      ctes: (param, from) =>
        // unnest of the ordinals, not generate_series: a generic plan then counts on a few rows, not 1000
        `note_ids AS (SELECT nextval('notes_id_seq')::int AS id, g AS ord FROM ${from ? `${from}, ` : ''}unnest(${param(records.map((_, i) => i + 1))}::int[]) g),
        system_notes AS (INSERT INTO notes (id, noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, description_version_id, created_at, updated_at)
          SELECT ni.id, ${param(noteable.type)}, ${param(noteable.id)}::int, ${param(projectId)}::int, ${param(author.id)}::int, n.body, n.html, n.discussion_id, true, n.icon, n.version_id, now(), now()
          FROM note_ids ni JOIN unnest(${param(records.map((r) => r.note))}::text[], ${param(records.map((r) => r.noteHtml))}::text[],
            ${param(records.map((r) => r.discussionId))}::text[], ${param(records.map((r) => r.systemNoteIconName))}::text[], ${param(records.map((r) => r.descriptionVersionId ?? null))}::int[])
            WITH ORDINALITY AS n(body, html, discussion_id, icon, version_id, ord) ON n.ord = ni.ord),
        changed AS (SELECT 'sys' || ord AS key, id FROM note_ids)`,
    };
  }
}

/**
 * System notes on any noteable (epics: epic changes and their issues) written with the caller's
 * transaction, each announced by a `note.created` event on the noteable's stream. Not the
 * issue write path's single statement: a handful of rows, one INSERT each.
 */
export async function writeSystemNotes(
  tx: Tx,
  env: { markdown: MarkdownService; publicUrl: string },
  noteable: Noteable,
  projectId: number | null,
  author: UserBasic,
  texts: readonly SystemNoteText[],
  renderPath: string,
): Promise<ApiNote[]> {
  const out: ApiNote[] = [];
  for (const t of texts) {
    const html = renderSystemNoteHtml(t.body, env.markdown, renderPath);
    const discussionId = newDiscussionId();
    const [row] = (await tx.manager.query(
      `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, system, system_note_icon_name, description_version_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, now(), now()) RETURNING id, created_at`,
      [noteable.type, noteable.id, projectId, author.id, t.body, html, discussionId, t.icon, t.descriptionVersionId ?? null],
    )) as Array<{ id: number; created_at: Date }>;
    const at = new Date(row!.created_at);
    const record: NoteRecord = {
      id: Number(row!.id), noteableType: noteable.type, noteableId: noteable.id, projectId, authorId: author.id, note: t.body, noteHtml: html, type: null,
      discussionId, system: true, systemNoteIconName: t.icon, internal: false, resolvable: false, resolvedAt: null, resolvedById: null,
      descriptionVersionId: t.descriptionVersionId ?? null, lastEditedAt: null, updatedById: null, createdAt: at, updatedAt: at,
    };
    const note = toApiNote(record, { ...noteablePlace(env.publicUrl, noteable), users: new Map([[author.id, author]]) });
    tx.recordLater(noteable, 'note.created', { note }, author);
    out.push(note);
  }
  return out;
}

export interface SystemNoteDrafts {
  /** The `note.created` events announcing the notes, in order, each keyed by its row in `changed`. */
  events: PlannedEvent[];
  /** A note's permalink is this plus its id (the statement's `urlPrefix`). */
  urlPrefix: string;
  /**
   * The CTEs `note_ids`, `system_notes` and `changed`; `param` registers a value and returns its
   * placeholder; `from` names the caller's CTE whose row must exist for any note to be written.
   */
  ctes(param: (value: unknown) => string, from?: string): string;
}

/** The paths of a note event's stored payload that its write statement fills with its time. */
export const NOTE_EVENT_PATHS = { createdAt: '{payload,note,created_at}', updatedAt: '{payload,note,updated_at}' } as const;
