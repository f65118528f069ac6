"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LinkNotes = void 0;
const common_1 = require("@nestjs/common");
const note_writer_1 = require("../note/note-writer");
/**
 * Writes one issue's system notes and events of a link change in ONE statement inside the
 * caller's transaction: the issue's next seqs, the notes (ids drawn by the statement) and the
 * `note.created` + `issue.links` events, the statement's ids and time filled in the stored and
 * the live events alike. Callers write the sides in issue-id order, so two link changes over
 * the same pair take the row locks in one order.
 */
let LinkNotes = class LinkNotes {
    notes;
    constructor(notes) {
        this.notes = notes;
    }
    async write(tx, side, actor) {
        const drafts = this.notes.systemNoteDrafts(side.noteable, side.projectId, actor, side.notes);
        const events = [
            ...drafts.notes.map((note) => ({ type: 'note.created', payload: { note }, timePaths: [note_writer_1.NOTE_EVENT_PATHS.createdAt, note_writer_1.NOTE_EVENT_PATHS.updatedAt] })),
            { type: 'issue.links', payload: side.links, timePaths: [] },
        ];
        const values = [];
        const param = (v) => {
            values.push(v);
            return `$${values.length}`;
        };
        const text = `WITH seq AS (UPDATE issues SET event_seq = event_seq + ${param(events.length)}::int WHERE id = ${param(side.noteable.id)}::int
          RETURNING event_seq - ${param(events.length)}::int AS base),
        now_iso AS (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso),
        note_ids AS (SELECT nextval('notes_id_seq')::int AS id, g AS ord FROM seq, generate_series(1, ${param(side.notes.length)}::int) g),
        ${drafts.cte(param)},
        appended AS (INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
          SELECT 'Issue', ${param(side.noteable.id)}::int, seq.base + e.ord::int, e.type,
            CASE WHEN ni.id IS NULL THEN e.payload::jsonb
              ELSE jsonb_set(jsonb_set(tandem_jsonb_fill(e.payload::jsonb, string_to_array(e.time_paths, ';'), to_jsonb(now_iso.iso)),
                '${note_writer_1.NOTE_EVENT_PATHS.id}', to_jsonb(ni.id::text)), '${note_writer_1.NOTE_EVENT_PATHS.url}', to_jsonb(${param(drafts.urlPrefix)}::text || ni.id)) END,
            ${param(actor.id)}::int, now()
          FROM seq, now_iso, unnest(${param(events.map((e) => e.type))}::text[],
            ${param(events.map((e) => JSON.stringify({ payload: e.payload, actor, issue: side.noteable.ref })))}::text[],
            ${param(events.map((e) => e.timePaths.join(';')))}::text[]) WITH ORDINALITY AS e(type, payload, time_paths, ord)
          LEFT JOIN note_ids ni ON ni.ord = e.ord)
      SELECT seq.base, now_iso.iso, ARRAY(SELECT id FROM note_ids ORDER BY ord) AS note_ids FROM seq, now_iso`;
        const [row] = await tx.query('issue-link.side', text, values);
        if (!row)
            throw new Error(`issue ${side.noteable.id} is gone`);
        const at = row.iso;
        const ids = row.note_ids.map(Number);
        tx.recordAppended(side.noteable, events.map((e, k) => ({
            type: e.type,
            seq: Number(row.base) + k + 1,
            issue: side.noteable.ref,
            payload: k < ids.length ? { note: (0, note_writer_1.fillSystemNote)(drafts.notes[k], ids[k], drafts.urlPrefix, at) } : e.payload,
            actor,
            at,
        })));
    }
};
exports.LinkNotes = LinkNotes;
exports.LinkNotes = LinkNotes = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [note_writer_1.NoteWriter])
], LinkNotes);
//# sourceMappingURL=link-notes.js.map