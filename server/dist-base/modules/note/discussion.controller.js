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
exports.DiscussionController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const issue_loader_1 = require("../issue/issue.loader");
const create_note_1 = require("./actions/create-note");
const destroy_note_1 = require("./actions/destroy-note");
const resolve_note_1 = require("./actions/resolve-note");
const update_note_1 = require("./actions/update-note");
const discussion_finder_1 = require("./discussion.finder");
const discussion_mapper_1 = require("./discussion.mapper");
const note_body_1 = require("./note-body");
const note_target_1 = require("./note-target");
const note_validation_1 = require("./note.validation");
const rest_note_mapper_1 = require("./rest-note.mapper");
/** GitLab REST v4 issue discussions (lib/api/discussions.rb). */
let DiscussionController = class DiscussionController {
    config;
    loader;
    discussions;
    createNote;
    updateNote;
    destroyNote;
    resolveNote;
    constructor(config, loader, discussions, createNote, updateNote, destroyNote, resolveNote) {
        this.config = config;
        this.loader = loader;
        this.discussions = discussions;
        this.createNote = createNote;
        this.updateNote = updateNote;
        this.destroyNote = destroyNote;
        this.resolveNote = resolveNote;
    }
    /** Policy: read_issue (+ internal notes). */
    async list(actor, id, iid, q, req, res) {
        const page = (0, pagination_1.pageParams)(q);
        const ctx = await this.loader.findReadable(actor, id, iid);
        const all = (await this.discussions.page(actor, ctx, { filter: shared_types_1.NOTES_FILTER.all })).discussions;
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, page, all.length);
        return all.slice((page.page - 1) * page.perPage, page.page * page.perPage).map(rest_note_mapper_1.toRestDiscussion);
    }
    /** Policy: read_issue (+ internal notes). */
    async show(actor, id, iid, discussionId) {
        const ctx = await this.loader.findReadable(actor, id, iid);
        const d = (await this.discussions.page(actor, ctx, { filter: shared_types_1.NOTES_FILTER.all, discussionId })).discussions[0];
        if (!d)
            throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        return (0, rest_note_mapper_1.toRestDiscussion)(d);
    }
    /** Policy: create_note. Starts a thread. */
    async create(actor, id, iid, body, idempotency, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, note_validation_1.parseRestCreate)(body);
        const idempotencyKey = (0, note_body_1.parseIdempotencyKey)(idempotency);
        const ctx = await this.loader.findReadable(actor, id, iid);
        const r = await this.createNote.execute(actor, ctx, { ...input, type: 'DiscussionNote', idempotencyKey });
        if (!r.note) {
            res.status(202);
            return (0, create_note_1.restCommandsAnswer)(r);
        }
        return (0, rest_note_mapper_1.toRestDiscussion)((0, discussion_mapper_1.toApiDiscussion)(r.discussion, (0, note_target_1.discussionPlace)(ctx)));
    }
    /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. `resolved=true|false`. */
    async resolve(actor, id, iid, discussionId, qResolved, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const resolved = (0, note_validation_1.parseResolved)(qResolved ?? body?.resolved);
        const ctx = await this.loader.findReadable(actor, id, iid);
        return (0, rest_note_mapper_1.toRestDiscussion)(await this.resolveNote.execute(actor, ctx, { discussionId }, resolved));
    }
    /** Policy: create_note. Replies in the thread (an individual note becomes a thread). */
    async reply(actor, id, iid, discussionId, body, idempotency, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, note_validation_1.parseRestCreate)(body);
        const idempotencyKey = (0, note_body_1.parseIdempotencyKey)(idempotency);
        const ctx = await this.loader.findReadable(actor, id, iid);
        const r = await this.createNote.execute(actor, ctx, { body: input.body, discussionId, idempotencyKey });
        if (!r.note) {
            res.status(202);
            return (0, create_note_1.restCommandsAnswer)(r);
        }
        return (0, rest_note_mapper_1.toRestNote)(r.note);
    }
    /** Policy: create_note and own note for `body`; for `resolved` also the issue's author or admin_issue. */
    async updateNoteIn(actor, id, iid, discussionId, noteId, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, id, iid);
        const n = (0, note_validation_1.parseNoteId)(noteId);
        if (n === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        if (body?.body === undefined && body?.resolved !== undefined) {
            const d = await this.resolveNote.execute(actor, ctx, { noteId: n }, (0, note_validation_1.parseResolved)(body.resolved));
            const note = d.notes.find((x) => x.id === String(n));
            if (!note || d.id !== discussionId)
                throw new app_error_1.AppError('NOTE_NOT_FOUND');
            return (0, rest_note_mapper_1.toRestNote)(note);
        }
        const r = await this.updateNote.execute(actor, ctx, n, body?.body, 'api');
        return (0, rest_note_mapper_1.toRestNote)(r.note);
    }
    /** Policy: create_note and own note, or admin_project (maintainers and up). */
    async destroyNoteIn(actor, id, iid, noteId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, id, iid);
        const n = (0, note_validation_1.parseNoteId)(noteId);
        if (n === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        await this.destroyNote.execute(actor, ctx, n, 'api');
    }
};
exports.DiscussionController = DiscussionController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Req)()),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':discussionId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "show", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __param(4, (0, common_1.Headers)(shared_types_1.IDEMPOTENCY_HEADER)),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':discussionId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __param(4, (0, common_1.Query)('resolved')),
    __param(5, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, Object, Object]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "resolve", null);
__decorate([
    (0, common_1.Post)(':discussionId/notes'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __param(4, (0, common_1.Body)()),
    __param(5, (0, common_1.Headers)(shared_types_1.IDEMPOTENCY_HEADER)),
    __param(6, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "reply", null);
__decorate([
    (0, common_1.Put)(':discussionId/notes/:noteId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __param(4, (0, common_1.Param)('noteId')),
    __param(5, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, String, Object]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "updateNoteIn", null);
__decorate([
    (0, common_1.Delete)(':discussionId/notes/:noteId'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], DiscussionController.prototype, "destroyNoteIn", null);
exports.DiscussionController = DiscussionController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid/discussions'),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, issue_loader_1.IssueLoader,
        discussion_finder_1.DiscussionFinder,
        create_note_1.CreateNoteAction,
        update_note_1.UpdateNoteAction,
        destroy_note_1.DestroyNoteAction,
        resolve_note_1.ResolveNoteAction])
], DiscussionController);
//# sourceMappingURL=discussion.controller.js.map