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
exports.DiscussionToggleResolvePayload = exports.DestroyNotePayload = exports.UpdateNotePayload = exports.CreateNotePayload = exports.QuickActionsStatusType = exports.DiscussionToggleResolveInput = exports.DestroyNoteInput = exports.UpdateNoteInput = exports.CreateNoteInput = exports.DiscussionConnection = exports.DiscussionType = exports.NoteConnection = exports.NoteType = exports.NotePermissionsType = void 0;
exports.toNoteType = toNoteType;
exports.toDiscussionType = toDiscussionType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const scalars_1 = require("../../core/graphql/scalars");
const user_graphql_types_1 = require("../user/user.graphql-types");
const note_gid_scalars_1 = require("./note-gid.scalars");
/** GitLab's NotePermissions. */
let NotePermissionsType = class NotePermissionsType {
    adminNote;
    awardEmoji;
    createNote;
    readNote;
    resolveNote;
};
exports.NotePermissionsType = NotePermissionsType;
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NotePermissionsType.prototype, "adminNote", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NotePermissionsType.prototype, "awardEmoji", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NotePermissionsType.prototype, "createNote", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NotePermissionsType.prototype, "readNote", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NotePermissionsType.prototype, "resolveNote", void 0);
exports.NotePermissionsType = NotePermissionsType = __decorate([
    (0, graphql_1.ObjectType)('NotePermissions')
], NotePermissionsType);
/** GitLab's Note (types/notes/note_type.rb), the fields an issue page reads. */
let NoteType = class NoteType {
    id;
    body;
    bodyHtml;
    system;
    systemNoteIconName;
    internal;
    confidential;
    author;
    createdAt;
    updatedAt;
    lastEditedAt;
    lastEditedBy;
    resolvable;
    resolved;
    resolvedAt;
    resolvedBy;
    url;
    /** The note's discussion, as a Discussion global id. */
    discussionId;
    userPermissions;
};
exports.NoteType = NoteType;
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.NoteIDScalar),
    __metadata("design:type", String)
], NoteType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], NoteType.prototype, "body", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], NoteType.prototype, "bodyHtml", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NoteType.prototype, "system", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "systemNoteIconName", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NoteType.prototype, "internal", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NoteType.prototype, "confidential", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "author", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], NoteType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], NoteType.prototype, "updatedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "lastEditedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "lastEditedBy", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NoteType.prototype, "resolvable", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], NoteType.prototype, "resolved", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "resolvedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "resolvedBy", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], NoteType.prototype, "url", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.DiscussionIDScalar),
    __metadata("design:type", String)
], NoteType.prototype, "discussionId", void 0);
__decorate([
    (0, graphql_1.Field)(() => NotePermissionsType),
    __metadata("design:type", NotePermissionsType)
], NoteType.prototype, "userPermissions", void 0);
exports.NoteType = NoteType = __decorate([
    (0, graphql_1.ObjectType)('Note')
], NoteType);
let NoteConnection = class NoteConnection extends (0, connection_1.Connection)(NoteType, 'Note') {
};
exports.NoteConnection = NoteConnection;
exports.NoteConnection = NoteConnection = __decorate([
    (0, graphql_1.ObjectType)('NoteConnection')
], NoteConnection);
/** GitLab's Discussion (types/notes/discussion_type.rb). */
let DiscussionType = class DiscussionType {
    id;
    replyId;
    createdAt;
    resolvable;
    resolved;
    resolvedAt;
    resolvedBy;
    /** Resolved as a NoteConnection (DiscussionResolver). */
    noteNodes;
};
exports.DiscussionType = DiscussionType;
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.DiscussionIDScalar),
    __metadata("design:type", String)
], DiscussionType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.DiscussionIDScalar),
    __metadata("design:type", String)
], DiscussionType.prototype, "replyId", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], DiscussionType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], DiscussionType.prototype, "resolvable", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], DiscussionType.prototype, "resolved", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], DiscussionType.prototype, "resolvedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], DiscussionType.prototype, "resolvedBy", void 0);
exports.DiscussionType = DiscussionType = __decorate([
    (0, graphql_1.ObjectType)('Discussion')
], DiscussionType);
let DiscussionConnection = class DiscussionConnection extends (0, connection_1.Connection)(DiscussionType, 'Discussion') {
};
exports.DiscussionConnection = DiscussionConnection;
exports.DiscussionConnection = DiscussionConnection = __decorate([
    (0, graphql_1.ObjectType)('DiscussionConnection')
], DiscussionConnection);
let CreateNoteInput = class CreateNoteInput {
    clientMutationId;
    noteableId;
    body;
    internal;
    discussionId;
    mergeRequestDiffHeadSha;
};
exports.CreateNoteInput = CreateNoteInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], CreateNoteInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.NoteableIDScalar, { description: 'Global ID of the resource to add a note to.' }),
    __metadata("design:type", String)
], CreateNoteInput.prototype, "noteableId", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], CreateNoteInput.prototype, "body", void 0);
__decorate([
    (0, graphql_1.Field)(() => Boolean, { nullable: true, defaultValue: false }),
    __metadata("design:type", Object)
], CreateNoteInput.prototype, "internal", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.DiscussionIDScalar, { nullable: true, description: 'Global ID of the discussion the note is in reply to.' }),
    __metadata("design:type", Object)
], CreateNoteInput.prototype, "discussionId", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], CreateNoteInput.prototype, "mergeRequestDiffHeadSha", void 0);
exports.CreateNoteInput = CreateNoteInput = __decorate([
    (0, graphql_1.InputType)('CreateNoteInput')
], CreateNoteInput);
let UpdateNoteInput = class UpdateNoteInput {
    clientMutationId;
    id;
    body;
};
exports.UpdateNoteInput = UpdateNoteInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UpdateNoteInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.NoteIDScalar),
    __metadata("design:type", String)
], UpdateNoteInput.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UpdateNoteInput.prototype, "body", void 0);
exports.UpdateNoteInput = UpdateNoteInput = __decorate([
    (0, graphql_1.InputType)('UpdateNoteInput')
], UpdateNoteInput);
let DestroyNoteInput = class DestroyNoteInput {
    clientMutationId;
    id;
};
exports.DestroyNoteInput = DestroyNoteInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], DestroyNoteInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.NoteIDScalar),
    __metadata("design:type", String)
], DestroyNoteInput.prototype, "id", void 0);
exports.DestroyNoteInput = DestroyNoteInput = __decorate([
    (0, graphql_1.InputType)('DestroyNoteInput')
], DestroyNoteInput);
let DiscussionToggleResolveInput = class DiscussionToggleResolveInput {
    clientMutationId;
    id;
    resolve;
};
exports.DiscussionToggleResolveInput = DiscussionToggleResolveInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], DiscussionToggleResolveInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => note_gid_scalars_1.DiscussionIDScalar),
    __metadata("design:type", String)
], DiscussionToggleResolveInput.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", Boolean)
], DiscussionToggleResolveInput.prototype, "resolve", void 0);
exports.DiscussionToggleResolveInput = DiscussionToggleResolveInput = __decorate([
    (0, graphql_1.InputType)('DiscussionToggleResolveInput')
], DiscussionToggleResolveInput);
let QuickActionsStatusType = class QuickActionsStatusType {
    messages;
    errorMessages;
};
exports.QuickActionsStatusType = QuickActionsStatusType;
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: true }),
    __metadata("design:type", Object)
], QuickActionsStatusType.prototype, "messages", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String], { nullable: true }),
    __metadata("design:type", Object)
], QuickActionsStatusType.prototype, "errorMessages", void 0);
exports.QuickActionsStatusType = QuickActionsStatusType = __decorate([
    (0, graphql_1.ObjectType)('QuickActionsStatus')
], QuickActionsStatusType);
let NotePayloadBase = class NotePayloadBase {
    clientMutationId;
    note;
    errors;
};
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], NotePayloadBase.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => NoteType, { nullable: true }),
    __metadata("design:type", Object)
], NotePayloadBase.prototype, "note", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], NotePayloadBase.prototype, "errors", void 0);
NotePayloadBase = __decorate([
    (0, graphql_1.ObjectType)({ isAbstract: true })
], NotePayloadBase);
let CreateNotePayload = class CreateNotePayload extends NotePayloadBase {
    quickActionsStatus;
};
exports.CreateNotePayload = CreateNotePayload;
__decorate([
    (0, graphql_1.Field)(() => QuickActionsStatusType, { nullable: true }),
    __metadata("design:type", Object)
], CreateNotePayload.prototype, "quickActionsStatus", void 0);
exports.CreateNotePayload = CreateNotePayload = __decorate([
    (0, graphql_1.ObjectType)('CreateNotePayload')
], CreateNotePayload);
let UpdateNotePayload = class UpdateNotePayload extends NotePayloadBase {
    quickActionsStatus;
};
exports.UpdateNotePayload = UpdateNotePayload;
__decorate([
    (0, graphql_1.Field)(() => QuickActionsStatusType, { nullable: true }),
    __metadata("design:type", Object)
], UpdateNotePayload.prototype, "quickActionsStatus", void 0);
exports.UpdateNotePayload = UpdateNotePayload = __decorate([
    (0, graphql_1.ObjectType)('UpdateNotePayload')
], UpdateNotePayload);
let DestroyNotePayload = class DestroyNotePayload extends NotePayloadBase {
};
exports.DestroyNotePayload = DestroyNotePayload;
exports.DestroyNotePayload = DestroyNotePayload = __decorate([
    (0, graphql_1.ObjectType)('DestroyNotePayload')
], DestroyNotePayload);
let DiscussionToggleResolvePayload = class DiscussionToggleResolvePayload {
    clientMutationId;
    discussion;
    errors;
};
exports.DiscussionToggleResolvePayload = DiscussionToggleResolvePayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], DiscussionToggleResolvePayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => DiscussionType, { nullable: true }),
    __metadata("design:type", Object)
], DiscussionToggleResolvePayload.prototype, "discussion", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], DiscussionToggleResolvePayload.prototype, "errors", void 0);
exports.DiscussionToggleResolvePayload = DiscussionToggleResolvePayload = __decorate([
    (0, graphql_1.ObjectType)('DiscussionToggleResolvePayload')
], DiscussionToggleResolvePayload);
function userType(u) {
    if (!u)
        return null;
    const webPath = `/${u.username}`;
    return { id: (0, global_id_1.toGlobalId)('User', u.id), username: u.username, name: u.name, avatarUrl: u.avatar_url, webUrl: u.web_url, webPath, state: u.state };
}
function toNoteType(n) {
    const cu = n.current_user;
    return {
        id: (0, global_id_1.toGlobalId)('Note', n.id),
        body: n.note,
        bodyHtml: n.note_html,
        system: n.system,
        systemNoteIconName: n.system_note_icon_name,
        internal: n.internal,
        confidential: n.internal,
        author: userType(n.author),
        createdAt: n.created_at,
        updatedAt: n.updated_at,
        lastEditedAt: n.last_edited_at,
        lastEditedBy: userType(n.last_edited_by),
        resolvable: n.resolvable,
        resolved: n.resolved,
        resolvedAt: n.resolved_at,
        resolvedBy: userType(n.resolved_by),
        url: n.noteable_note_url,
        discussionId: (0, global_id_1.toGlobalId)('Discussion', n.discussion_id),
        userPermissions: {
            adminNote: cu?.can_edit ?? false,
            awardEmoji: cu?.can_award_emoji ?? false,
            createNote: true,
            readNote: true,
            resolveNote: cu?.can_resolve ?? false,
        },
    };
}
function toDiscussionType(d) {
    const notes = d.notes.map(toNoteType);
    return {
        id: (0, global_id_1.toGlobalId)('Discussion', d.id),
        replyId: (0, global_id_1.toGlobalId)('Discussion', d.reply_id),
        createdAt: d.created_at,
        resolvable: d.resolvable,
        resolved: d.resolved,
        resolvedAt: d.resolved_at,
        resolvedBy: userType(d.resolved_by),
        noteNodes: notes,
    };
}
//# sourceMappingURL=note.graphql-types.js.map