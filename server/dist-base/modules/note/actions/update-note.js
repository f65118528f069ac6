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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UpdateNoteAction = exports.missingNote = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const label_lookup_1 = require("../../../core/markdown/label-lookup");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const note_writer_1 = require("../note-writer");
const note_body_1 = require("../note-body");
const note_statement_1 = require("../note-statement");
const note_finder_1 = require("../note.finder");
const note_mapper_1 = require("../note.mapper");
const note_target_1 = require("../note-target");
const missingNote = (surface) => new app_error_1.AppError(surface === 'page' ? 'NOTE_GONE' : 'NOTE_NOT_FOUND');
exports.missingNote = missingNote;
/**
 * Edits a note's text (GitLab's Notes::UpdateService): its author only, never a system note.
 * The UPDATE, the seq and the note.updated event are one statement; a note deleted meanwhile
 * changes nothing and is answered as missing.
 */
let UpdateNoteAction = class UpdateNoteAction {
    ds;
    config;
    events;
    markdown;
    notes;
    constructor(ds, config, events, markdown, notes) {
        this.ds = ds;
        this.config = config;
        this.events = events;
        this.markdown = markdown;
        this.notes = notes;
    }
    async execute(actor, ctx, noteId, rawBody, surface) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const key = { type: 'Issue', id: ctx.issue.id };
        const thread = await this.notes.thread(key, { noteId }, actor.id);
        const note = thread.notes.find((n) => n.id === noteId);
        if (!note)
            throw (0, exports.missingNote)(surface);
        const found = { note, discussion: thread.notes };
        const can = (0, note_target_1.abilitiesIn)(actor, ctx, found.discussion);
        const mine = can(found.note);
        if (!mine.readNote)
            throw (0, exports.missingNote)(surface);
        if (!mine.adminNote || found.note.authorId !== actor.id)
            throw new app_error_1.AppError('FORBIDDEN');
        const body = (0, note_body_1.validateNoteBody)(rawBody);
        const labelExists = await (0, label_lookup_1.loadLabelLookup)(this.ds, ctx.project.id, body);
        const noteHtml = this.markdown.render(body, { projectPath: ctx.project.fullPath, labelExists });
        const users = thread.users;
        // The actor's own role badge is known (an edit by the note's author keeps it live)
        const map = { ...(0, note_target_1.issueNoteMap)(this.config, ctx, users), accessLevels: new Map([[actor.id, ctx.projectFacts.accessLevel]]) };
        const edited = { ...found.note, note: body, noteHtml, lastEditedAt: note_target_1.EPOCH, updatedById: actor.id, updatedAt: note_target_1.EPOCH };
        const author = users.get(actor.id);
        const result = await this.events.autocommit((tx) => (0, note_statement_1.runNoteStatement)(tx, 'note.update', (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project), author, `${map.noteableUrl}#note_`, (p) => `changed AS (UPDATE notes SET note = ${p(body)}::text, note_html = ${p(noteHtml)}::text, last_edited_at = now(), updated_by_id = ${p(actor.id)}::int, updated_at = now()
            WHERE id = ${p(noteId)}::int AND noteable_type = 'Issue' AND noteable_id = ${p(ctx.issue.id)}::int RETURNING 'note'::text AS key, id)`, [{ key: 'note', type: 'note.updated', payload: { note: (0, note_mapper_1.toApiNote)(edited, map) }, timePaths: [note_writer_1.NOTE_EVENT_PATHS.updatedAt, '{payload,note,last_edited_at}'] }]));
        if (!result.changed.has('note'))
            throw (0, exports.missingNote)(surface);
        const at = new Date(result.at);
        const stored = { ...edited, lastEditedAt: at, updatedAt: at };
        const seen = (0, note_target_1.viewerNotes)(actor, ctx, found.discussion.map((n) => (n.id === noteId ? stored : n)), map);
        return { note: seen.find((n) => n.id === String(noteId)), discussion: seen };
    }
};
exports.UpdateNoteAction = UpdateNoteAction;
exports.UpdateNoteAction = UpdateNoteAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, event_log_service_1.EventLogService,
        markdown_service_1.MarkdownService,
        note_finder_1.NoteFinder])
], UpdateNoteAction);
//# sourceMappingURL=update-note.js.map