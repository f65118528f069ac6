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
exports.NoteController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const zod_1 = require("zod");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const zod_input_1 = require("../../core/http/zod-input");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const issue_loader_1 = require("../issue/issue.loader");
const create_note_1 = require("./actions/create-note");
const destroy_note_1 = require("./actions/destroy-note");
const update_note_1 = require("./actions/update-note");
const note_body_1 = require("./note-body");
const note_target_1 = require("./note-target");
const note_finder_1 = require("./note.finder");
const note_mapper_1 = require("./note.mapper");
const note_validation_1 = require("./note.validation");
const rest_note_mapper_1 = require("./rest-note.mapper");
const listQuery = zod_1.z.object({ sort: zod_1.z.enum(['asc', 'desc']).optional(), order_by: zod_1.z.enum(['created_at', 'updated_at']).optional() }).passthrough();
/** GitLab REST v4 issue notes (lib/api/notes.rb): errors {"message"}, offset pagination headers. */
let NoteController = class NoteController {
    config;
    loader;
    notes;
    createNote;
    updateNote;
    destroyNote;
    constructor(config, loader, notes, createNote, updateNote, destroyNote) {
        this.config = config;
        this.loader = loader;
        this.notes = notes;
        this.createNote = createNote;
        this.updateNote = updateNote;
        this.destroyNote = destroyNote;
    }
    /** Policy: read_issue; internal notes for readers of internal notes. */
    async list(actor, id, iid, q, req, res) {
        const { sort = 'desc', order_by: orderBy = 'created_at' } = (0, zod_input_1.parseInput)(listQuery, q);
        const page = (0, pagination_1.pageParams)(q);
        const ctx = await this.loader.findReadable(actor, id, iid);
        const can = (0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts);
        const { notes: slice, total } = await this.notes.page({ type: 'Issue', id: ctx.issue.id }, can.readInternalNote, {
            sort,
            orderBy,
            offset: (page.page - 1) * page.perPage,
            limit: page.perPage,
        });
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, page, total);
        const map = (0, note_target_1.issueNoteMap)(this.config, ctx, await this.notes.users((0, note_mapper_1.userIdsOf)(slice)));
        return slice.map((n) => (0, rest_note_mapper_1.toRestNote)((0, note_mapper_1.toApiNote)(n, map)));
    }
    /** Policy: read_issue + read the note. */
    async show(actor, id, iid, noteId) {
        const ctx = await this.loader.findReadable(actor, id, iid);
        const n = (0, note_validation_1.parseNoteId)(noteId);
        const note = n === null ? null : await this.notes.byId({ type: 'Issue', id: ctx.issue.id }, n);
        if (!note || (note.internal && !(0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts).readInternalNote))
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        return (0, rest_note_mapper_1.toRestNote)((0, note_mapper_1.toApiNote)(note, (0, note_target_1.issueNoteMap)(this.config, ctx, await this.notes.users((0, note_mapper_1.userIdsOf)([note])))));
    }
    /** Policy: create_note (+ internal notes for reporters and up). Idempotency-Key: a retry answers the first note. */
    async create(actor, id, iid, body, idempotency, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, note_validation_1.parseRestCreate)(body);
        const idempotencyKey = (0, note_body_1.parseIdempotencyKey)(idempotency);
        const ctx = await this.loader.findReadable(actor, id, iid);
        const r = await this.createNote.execute(actor, ctx, { ...input, idempotencyKey });
        if (!r.note) {
            res.status(202);
            return (0, create_note_1.restCommandsAnswer)(r);
        }
        return (0, rest_note_mapper_1.toRestNote)(r.note);
    }
    /** Policy: create_note and own note (its author only). */
    async update(actor, id, iid, noteId, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, id, iid);
        const n = (0, note_validation_1.parseNoteId)(noteId);
        if (n === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        return (0, rest_note_mapper_1.toRestNote)((await this.updateNote.execute(actor, ctx, n, body?.body, 'api')).note);
    }
    /** Policy: create_note and own note, or admin_project (maintainers and up). */
    async destroy(actor, id, iid, noteId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, id, iid);
        const n = (0, note_validation_1.parseNoteId)(noteId);
        if (n === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        await this.destroyNote.execute(actor, ctx, n, 'api');
    }
};
exports.NoteController = NoteController;
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
], NoteController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':noteId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], NoteController.prototype, "show", null);
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
], NoteController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':noteId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __param(4, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String, Object]),
    __metadata("design:returntype", Promise)
], NoteController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':noteId'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('noteId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], NoteController.prototype, "destroy", null);
exports.NoteController = NoteController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid/notes'),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, issue_loader_1.IssueLoader,
        note_finder_1.NoteFinder,
        create_note_1.CreateNoteAction,
        update_note_1.UpdateNoteAction,
        destroy_note_1.DestroyNoteAction])
], NoteController);
//# sourceMappingURL=note.controller.js.map