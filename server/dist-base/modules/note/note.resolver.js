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
exports.DISCUSSION_GID_PREFIX = exports.NoteResolver = void 0;
exports.parseDiscussionGid = parseDiscussionGid;
const graphql_1 = require("@nestjs/graphql");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_resolver_1 = require("../issue/issue.resolver");
const issue_loader_1 = require("../issue/issue.loader");
const create_note_1 = require("./actions/create-note");
const destroy_note_1 = require("./actions/destroy-note");
const resolve_note_1 = require("./actions/resolve-note");
const update_note_1 = require("./actions/update-note");
const note_graphql_types_1 = require("./note.graphql-types");
/** `gid://tandem/Discussion/<40 hex>` (or gitlab's prefix), else null. */
function parseDiscussionGid(gid) {
    const m = /^gid:\/\/(?:tandem|gitlab)\/Discussion\/([0-9a-f]{40})$/.exec(gid);
    return m ? m[1] : null;
}
/**
 * GitLab's note mutations (Relay classic: one `input`, business errors in `errors`, access
 * problems as RESOURCE_ACCESS_ERROR), over the same actions as REST and the page.
 */
let NoteResolver = class NoteResolver {
    ds;
    loader;
    createAction;
    updateAction;
    destroyAction;
    resolveAction;
    constructor(ds, loader, createAction, updateAction, destroyAction, resolveAction) {
        this.ds = ds;
        this.loader = loader;
        this.createAction = createAction;
        this.updateAction = updateAction;
        this.destroyAction = destroyAction;
        this.resolveAction = resolveAction;
    }
    /** Policy: read_issue (checked when the discussion was loaded). */
    notes(d, args) {
        return (0, connection_1.connectionOf)(d.noteNodes, args);
    }
    /** Policy: create_note (+ internal notes for reporters and up). */
    async createNote(actor, input) {
        const issueId = (0, global_id_1.parseGlobalId)(input.noteableId, ['Issue']);
        const ctx = await this.issueById(actor, issueId);
        let discussionId = null;
        if (input.discussionId) {
            discussionId = parseDiscussionGid(input.discussionId);
            if (!discussionId)
                throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        }
        try {
            const r = await this.createAction.execute(actor, ctx, { body: input.body, internal: input.internal ?? false, discussionId });
            const qa = r.quickActions ? { messages: r.quickActions.status.messages, errorMessages: r.quickActions.status.error_messages } : null;
            return { clientMutationId: input.clientMutationId ?? null, note: r.note ? (0, note_graphql_types_1.toNoteType)(r.note) : null, quickActionsStatus: qa, errors: [] };
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return { clientMutationId: input.clientMutationId ?? null, note: null, quickActionsStatus: null, errors: (0, issue_resolver_1.messagesOf)(e) };
            throw e;
        }
    }
    /** Policy: create_note and own note (its author only). */
    async updateNote(actor, input) {
        const noteId = (0, global_id_1.parseGlobalId)(input.id, ['Note']);
        const ctx = await this.issueOfNote(actor, noteId);
        try {
            const r = await this.updateAction.execute(actor, ctx, noteId, input.body, 'api');
            return { clientMutationId: input.clientMutationId ?? null, note: (0, note_graphql_types_1.toNoteType)(r.note), quickActionsStatus: null, errors: [] };
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return { clientMutationId: input.clientMutationId ?? null, note: null, quickActionsStatus: null, errors: (0, issue_resolver_1.messagesOf)(e) };
            throw e;
        }
    }
    /** Policy: create_note and own note, or admin_project (maintainers and up). */
    async destroyNote(actor, input) {
        const noteId = (0, global_id_1.parseGlobalId)(input.id, ['Note']);
        const ctx = await this.issueOfNote(actor, noteId);
        await this.destroyAction.execute(actor, ctx, noteId, 'api');
        return { clientMutationId: input.clientMutationId ?? null, note: null, errors: [] };
    }
    /** Policy: create_note, and the thread's or issue's author (own) or admin_issue. */
    async discussionToggleResolve(actor, input) {
        const discussionId = parseDiscussionGid(input.id);
        if (!discussionId)
            throw new app_error_1.AppError('DISCUSSION_NOT_FOUND');
        const rows = (await this.ds.query(`SELECT noteable_id FROM notes WHERE discussion_id = $1 AND noteable_type = 'Issue' LIMIT 1`, [discussionId]));
        const ctx = await this.issueById(actor, rows[0]?.noteable_id ?? null);
        try {
            const d = await this.resolveAction.execute(actor, ctx, { discussionId }, input.resolve);
            return { clientMutationId: input.clientMutationId ?? null, discussion: (0, note_graphql_types_1.toDiscussionType)(d), errors: [] };
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError) {
                return { clientMutationId: input.clientMutationId ?? null, discussion: null, errors: [input.resolve ? shared_types_1.DISCUSSION_TEXTS.resolveFailedServer : shared_types_1.DISCUSSION_TEXTS.unresolveFailedServer] };
            }
            throw e;
        }
    }
    /** The readable issue with this database id (not found otherwise). */
    async issueById(actor, issueId) {
        if (issueId === null)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const rows = (await this.ds.query('SELECT p.id AS project_id, i.iid FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId]));
        if (!rows[0])
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        return this.loader.findReadable(actor, rows[0].project_id, rows[0].iid);
    }
    async issueOfNote(actor, noteId) {
        if (noteId === null)
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        const rows = (await this.ds.query(`SELECT noteable_id FROM notes WHERE id = $1 AND noteable_type = 'Issue'`, [noteId]));
        if (!rows[0])
            throw new app_error_1.AppError('NOTE_NOT_FOUND');
        return this.issueById(actor, rows[0].noteable_id);
    }
};
exports.NoteResolver = NoteResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => note_graphql_types_1.NoteConnection),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [note_graphql_types_1.DiscussionType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", void 0)
], NoteResolver.prototype, "notes", null);
__decorate([
    (0, graphql_1.Mutation)(() => note_graphql_types_1.CreateNotePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, note_graphql_types_1.CreateNoteInput]),
    __metadata("design:returntype", Promise)
], NoteResolver.prototype, "createNote", null);
__decorate([
    (0, graphql_1.Mutation)(() => note_graphql_types_1.UpdateNotePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, note_graphql_types_1.UpdateNoteInput]),
    __metadata("design:returntype", Promise)
], NoteResolver.prototype, "updateNote", null);
__decorate([
    (0, graphql_1.Mutation)(() => note_graphql_types_1.DestroyNotePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, note_graphql_types_1.DestroyNoteInput]),
    __metadata("design:returntype", Promise)
], NoteResolver.prototype, "destroyNote", null);
__decorate([
    (0, graphql_1.Mutation)(() => note_graphql_types_1.DiscussionToggleResolvePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, note_graphql_types_1.DiscussionToggleResolveInput]),
    __metadata("design:returntype", Promise)
], NoteResolver.prototype, "discussionToggleResolve", null);
exports.NoteResolver = NoteResolver = __decorate([
    (0, graphql_1.Resolver)(() => note_graphql_types_1.DiscussionType),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader,
        create_note_1.CreateNoteAction,
        update_note_1.UpdateNoteAction,
        destroy_note_1.DestroyNoteAction,
        resolve_note_1.ResolveNoteAction])
], NoteResolver);
exports.DISCUSSION_GID_PREFIX = `${global_id_1.GID_PREFIX}Discussion/`;
//# sourceMappingURL=note.resolver.js.map