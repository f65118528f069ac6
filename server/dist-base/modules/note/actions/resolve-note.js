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
exports.ResolveNoteAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const note_writer_1 = require("../note-writer");
const discussion_mapper_1 = require("../discussion.mapper");
const note_statement_1 = require("../note-statement");
const note_finder_1 = require("../note.finder");
const note_mapper_1 = require("../note.mapper");
const note_target_1 = require("../note-target");
const update_note_1 = require("./update-note");
/**
 * Resolves or unresolves (GitLab's Discussions::ResolveService): one note (can_resolve) or a
 * whole discussion (can_resolve_discussion: the thread's author, the issue's author, reporters
 * and up). Every note that changes gets resolved_at/resolved_by and a note.updated event, all
 * in one statement; notes already in the wanted state are left alone (no event). Answers the
 * discussion as it stands after.
 */
let ResolveNoteAction = class ResolveNoteAction {
    config;
    events;
    notes;
    constructor(config, events, notes) {
        this.config = config;
        this.events = events;
        this.notes = notes;
    }
    async execute(actor, ctx, target, resolve, surface = 'api') {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const key = { type: 'Issue', id: ctx.issue.id };
        const thread = await this.notes.thread(key, target, actor.id);
        const discussion = thread.notes;
        let targets;
        if ('noteId' in target) {
            const note = discussion.find((n) => n.id === target.noteId);
            if (!note)
                throw (0, update_note_1.missingNote)(surface);
            targets = [note];
        }
        else {
            if (!discussion.length)
                throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
            targets = discussion.filter((n) => n.resolvable);
        }
        const can = (0, note_target_1.abilitiesIn)(actor, ctx, discussion);
        if (!can(discussion[0]).readNote)
            throw 'noteId' in target ? (0, update_note_1.missingNote)(surface) : new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        if (!targets.length || !targets.every((n) => n.resolvable))
            throw 'noteId' in target ? new app_error_1.AppError('NOTE_NOT_FOUND') : new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        const allowed = 'noteId' in target ? can(targets[0]).resolveNote : can(discussion[0]).resolveDiscussion || targets.every((n) => can(n).resolveNote);
        if (!allowed)
            throw new app_error_1.AppError('FORBIDDEN');
        const users = thread.users;
        const map = (0, note_target_1.issueNoteMap)(this.config, ctx, users);
        const changing = targets.filter((n) => (n.resolvedAt === null) === resolve);
        const planned = (n) => resolve ? { ...n, resolvedAt: note_target_1.EPOCH, resolvedById: actor.id, updatedAt: note_target_1.EPOCH } : { ...n, resolvedAt: null, resolvedById: null, updatedAt: note_target_1.EPOCH };
        const timePaths = resolve ? [note_writer_1.NOTE_EVENT_PATHS.updatedAt, '{payload,note,resolved_at}'] : [note_writer_1.NOTE_EVENT_PATHS.updatedAt];
        const result = await this.events.autocommit((tx) => (0, note_statement_1.runNoteStatement)(tx, resolve ? 'note.resolve' : 'note.unresolve', (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project), users.get(actor.id), `${map.noteableUrl}#note_`, (p) => `changed AS (UPDATE notes SET resolved_at = ${resolve ? 'now()' : 'NULL'}, resolved_by_id = ${p(resolve ? actor.id : null)}::int, updated_at = now()
            WHERE id = ANY(${p(changing.map((n) => n.id))}::int[]) AND noteable_type = 'Issue' AND noteable_id = ${p(ctx.issue.id)}::int AND resolvable
              AND resolved_at IS ${resolve ? '' : 'NOT '}NULL
            RETURNING id::text AS key, id)`, changing.map((n) => ({ key: String(n.id), type: 'note.updated', payload: { note: (0, note_mapper_1.toApiNote)(planned(n), map) }, timePaths }))));
        const at = new Date(result.at);
        const after = discussion.map((n) => {
            if (!result.changed.has(String(n.id)))
                return n;
            const p = planned(n);
            return { ...p, updatedAt: at, resolvedAt: resolve ? at : null };
        });
        return (0, discussion_mapper_1.toApiDiscussion)((0, note_target_1.viewerNotes)(actor, ctx, after, map), (0, note_target_1.discussionPlace)(ctx));
    }
};
exports.ResolveNoteAction = ResolveNoteAction;
exports.ResolveNoteAction = ResolveNoteAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, event_log_service_1.EventLogService,
        note_finder_1.NoteFinder])
], ResolveNoteAction);
//# sourceMappingURL=resolve-note.js.map