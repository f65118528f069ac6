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
exports.NotePageController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
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
/**
 * The issue page's discussion endpoints at the paths of `noteablePaths()` (GitLab's
 * NotesController, DiscussionsController and IssuableActions#discussions): spec shapes, and
 * validation errors as 422 {errors: {base: [...]}} (the page builds its alert from base[0]).
 */
let NotePageController = class NotePageController {
    ds;
    loader;
    discussions;
    createNote;
    updateNote;
    destroyNote;
    resolveNote;
    constructor(ds, loader, discussions, createNote, updateNote, destroyNote, resolveNote) {
        this.ds = ds;
        this.loader = loader;
        this.discussions = discussions;
        this.createNote = createNote;
        this.updateNote = updateNote;
        this.destroyNote = destroyNote;
        this.resolveNote = resolveNote;
    }
    /** Policy: read_issue; internal notes for readers of internal notes. Persists the filter for a signed-in user. */
    async list(actor, project, iid, q, res) {
        const query = (0, note_validation_1.parseDiscussionsQuery)(q);
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
        let filter = query.filter;
        if (filter === null)
            filter = await this.discussions.savedFilter(actor?.id ?? null);
        else if (actor && query.persist)
            await this.discussions.saveFilter(actor.id, filter);
        const page = await this.discussions.page(actor, ctx, { filter, perPage: query.perPage, cursor: query.cursor });
        if (page.nextCursor)
            res.setHeader(shared_types_1.DISCUSSION_LIMITS.nextPageCursorHeader, page.nextCursor);
        res.setHeader('Cache-Control', 'no-cache');
        return page.discussions;
    }
    /** Policy: read_issue (+ internal notes). */
    async one(actor, project, iid, discussionId) {
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
        const page = await this.discussions.page(actor, ctx, { filter: 0, discussionId });
        if (!page.discussions[0])
            throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        return page.discussions[0];
    }
    /** Policy: create_note, and the thread's or issue's author (own) or admin_issue (reporters and up) resolve the thread. */
    async resolveDiscussion(actor, project, iid, discussionId) {
        return this.toggleDiscussion(actor, project, iid, discussionId, true);
    }
    /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. */
    async unresolveDiscussion(actor, project, iid, discussionId) {
        return this.toggleDiscussion(actor, project, iid, discussionId, false);
    }
    /**
     * Policy: create_note (+ create internal note for `internal`). Answers the note entity, or
     * {discussion} with return_discussion. An Idempotency-Key retry answers the first note.
     */
    async create(actor, project, q, body, idempotency, res) {
        return this.pageErrors(res, async () => {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const input = (0, note_validation_1.parsePageCreate)(body);
            const idempotencyKey = (0, note_body_1.parseIdempotencyKey)(idempotency);
            if (q.target_type !== undefined && q.target_type !== 'issue')
                throw new app_error_1.AppError('NOT_FOUND');
            const targetId = q.target_id ?? body?.target_id ?? body?.note?.noteable_id;
            const ctx = await this.issueOf(actor, project, null, targetId);
            const result = await this.createNote.execute(actor, ctx, { ...input, idempotencyKey });
            const qa = result.quickActions;
            const extra = { commands_changes: qa?.changes ?? {}, ...(qa ? { quick_actions_status: qa.status } : {}) };
            if (!result.note) {
                // Only commands: nothing stored; what they did is the answer (GitLab's errors.commands_only)
                if (qa && !qa.status.messages.length && qa.status.error_messages.length) {
                    res.status(422);
                    return { errors: { commands_only: qa.status.error_messages }, valid: false, ...extra };
                }
                return { errors: { commands_only: qa?.status.messages ?? [] }, valid: false, ...extra };
            }
            if (input.returnDiscussion)
                return { discussion: (0, discussion_mapper_1.toApiDiscussion)(result.discussion, (0, note_target_1.discussionPlace)(ctx)), valid: true, ...extra };
            return { ...result.note, valid: true, ...extra };
        });
    }
    /** Policy: create_note and own note (its author only); 410 Gone when the note is no longer there. */
    async update(actor, project, noteId, q, body, res) {
        return this.pageErrors(res, async () => {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const id = (0, note_validation_1.parseNoteId)(noteId);
            const ctx = await this.issueOf(actor, project, id, q.target_id ?? body?.target_id, true);
            if (id === null)
                throw new app_error_1.AppError('NOTE_GONE');
            return (await this.updateNote.execute(actor, ctx, id, (0, note_validation_1.parsePageUpdate)(body), 'page')).note;
        });
    }
    /** Policy: create_note and own note, or admin_project (maintainers and up). */
    async destroy(actor, project, noteId, q) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const id = (0, note_validation_1.parseNoteId)(noteId);
        const ctx = await this.issueOf(actor, project, id, q.target_id, true);
        if (id === null)
            throw new app_error_1.AppError('NOTE_GONE');
        await this.destroyNote.execute(actor, ctx, id, 'page');
        return {};
    }
    /** Policy: create_note, and the note's or issue's author (own) or admin_issue. Answers the note's discussion. */
    async resolve(actor, project, noteId, q) {
        return this.toggleNote(actor, project, noteId, q.target_id, true);
    }
    /** Policy: create_note, and the note's or issue's author (own) or admin_issue. */
    async unresolve(actor, project, noteId, q) {
        return this.toggleNote(actor, project, noteId, q.target_id, false);
    }
    async toggleNote(actor, project, noteId, targetId, resolve) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const id = (0, note_validation_1.parseNoteId)(noteId);
        const ctx = await this.issueOf(actor, project, id, targetId);
        if (id === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        return this.resolveNote.execute(actor, ctx, { noteId: id }, resolve, 'page');
    }
    async toggleDiscussion(actor, project, iid, discussionId, resolve) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
        return this.resolveNote.execute(actor, ctx, { discussionId }, resolve, 'page');
    }
    /**
     * The issue a page note call is about: the note's noteable, else `target_id` (the issue's
     * database id; a note deleted meanwhile still finds its issue, for the 410), checked readable.
     */
    async issueOf(actor, project, noteId, targetId, gone = false) {
        const target = typeof targetId === 'string' || typeof targetId === 'number' ? String(targetId) : '';
        const issueId = /^\d{1,10}$/.test(target) && Number(target) <= 2_147_483_647 ? Number(target) : null;
        const path = project.join('/');
        if (project[0] === 'api')
            throw new app_error_1.AppError('NOT_FOUND');
        const rows = (await this.ds.query(`SELECT i.iid FROM issues i JOIN projects p ON p.id = i.project_id
       WHERE lower(p.full_path) = lower($1::text)
         AND i.id = COALESCE((SELECT n.noteable_id FROM notes n WHERE n.id = $2::int AND n.noteable_type = 'Issue'), $3::int)`, [path, noteId ?? 0, issueId]));
        if (!rows[0]) {
            // Still answer a missing project as one (and a missing note on the page as gone)
            await this.loader.findReadable(actor, path, 0).catch((e) => {
                if (e.code === 'PROJECT_NOT_FOUND')
                    throw e;
            });
            throw new app_error_1.AppError(gone && noteId !== null ? 'NOTE_GONE' : 'NOTE_NOT_FOUND');
        }
        return this.loader.findReadable(actor, path, rows[0].iid);
    }
    /** GitLab's page answers: a validation failure is 422 {errors: {base: ["Note can't be blank"]}}. */
    async pageErrors(res, fn) {
        try {
            return await fn();
        }
        catch (e) {
            if (!(e instanceof app_error_1.ValidationError))
                throw e;
            res.status(422);
            return { errors: { base: Object.entries(e.fields).map(([f, m]) => `${humanize(f)} ${m.join(', ')}`) } };
        }
    }
};
exports.NotePageController = NotePageController;
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/discussions.json'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "list", null);
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/discussions/:discussionId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "one", null);
__decorate([
    (0, common_1.Put)('*project/-/issues/:iid/discussions/:discussionId/resolve'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "resolveDiscussion", null);
__decorate([
    (0, common_1.Delete)('*project/-/issues/:iid/discussions/:discussionId/resolve'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('discussionId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "unresolveDiscussion", null);
__decorate([
    (0, common_1.Post)('*project/notes'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Query)()),
    __param(3, (0, common_1.Body)()),
    __param(4, (0, common_1.Headers)(shared_types_1.IDEMPOTENCY_HEADER)),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "create", null);
__decorate([
    (0, common_1.Put)('*project/notes/:noteId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('noteId')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Body)()),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)('*project/notes/:noteId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('noteId')),
    __param(3, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "destroy", null);
__decorate([
    (0, common_1.Post)('*project/notes/:noteId/resolve'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('noteId')),
    __param(3, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "resolve", null);
__decorate([
    (0, common_1.Delete)('*project/notes/:noteId/resolve'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('noteId')),
    __param(3, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], NotePageController.prototype, "unresolve", null);
exports.NotePageController = NotePageController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader,
        discussion_finder_1.DiscussionFinder,
        create_note_1.CreateNoteAction,
        update_note_1.UpdateNoteAction,
        destroy_note_1.DestroyNoteAction,
        resolve_note_1.ResolveNoteAction])
], NotePageController);
const humanize = (f) => {
    const s = f.replace(/_/g, ' ').replace(/^note\./, '');
    return s.charAt(0).toUpperCase() + s.slice(1);
};
//# sourceMappingURL=note-page.controller.js.map