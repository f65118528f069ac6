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
exports.DestroyNoteAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const note_statement_1 = require("../note-statement");
const note_finder_1 = require("../note.finder");
const note_target_1 = require("../note-target");
const update_note_1 = require("./update-note");
/**
 * Deletes a note (GitLab's Notes::DestroyService): its author, or maintainers and up
 * (admin_note); never a system note. The DELETE, the seq and note.deleted {note_id,
 * discussion_id} are one statement. A thread left with its root alone stays a thread.
 */
let DestroyNoteAction = class DestroyNoteAction {
    config;
    events;
    notes;
    constructor(config, events, notes) {
        this.config = config;
        this.events = events;
        this.notes = notes;
    }
    async execute(actor, ctx, noteId, surface) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const key = { type: 'Issue', id: ctx.issue.id };
        const found = await this.notes.withDiscussion(key, noteId);
        if (!found)
            throw (0, update_note_1.missingNote)(surface);
        const can = (0, note_target_1.abilitiesIn)(actor, ctx, found.discussion)(found.note);
        if (!can.readNote)
            throw (0, update_note_1.missingNote)(surface);
        if (!can.adminNote)
            throw new app_error_1.AppError('FORBIDDEN');
        const actorUser = ctx.actorUser ? (0, note_target_1.actorBasic)(this.config, ctx.actorUser) : (await this.notes.users([actor.id])).get(actor.id);
        if (!actorUser)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const map = (0, note_target_1.issueNoteMap)(this.config, ctx, new Map());
        const payload = { note_id: String(noteId), discussion_id: found.note.discussionId };
        const result = await this.events.autocommit((tx) => (0, note_statement_1.runNoteStatement)(tx, 'note.destroy', (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project), actorUser, `${map.noteableUrl}#note_`, (p) => `changed AS (DELETE FROM notes WHERE id = ${p(noteId)}::int AND noteable_type = 'Issue' AND noteable_id = ${p(ctx.issue.id)}::int AND NOT system RETURNING 'note'::text AS key, id)`, [{ key: 'note', type: 'note.deleted', payload, timePaths: [] }]));
        if (!result.changed.has('note'))
            throw (0, update_note_1.missingNote)(surface);
        return { noteId: payload.note_id, discussionId: payload.discussion_id };
    }
};
exports.DestroyNoteAction = DestroyNoteAction;
exports.DestroyNoteAction = DestroyNoteAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, event_log_service_1.EventLogService,
        note_finder_1.NoteFinder])
], DestroyNoteAction);
//# sourceMappingURL=destroy-note.js.map