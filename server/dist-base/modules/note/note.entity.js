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
exports.Note = void 0;
const typeorm_1 = require("typeorm");
let Note = class Note {
    id;
    noteableType;
    noteableId;
    projectId;
    authorId;
    note;
    noteHtml;
    type;
    discussionId;
    system;
    systemNoteIconName;
    internal;
    resolvable;
    resolvedAt;
    resolvedById;
    lastEditedAt;
    updatedById;
    /** The author's Idempotency-Key of the submit that created it (unique per author). */
    idempotencyKey;
    /** "changed the description" notes: the version they show, the first of a merged run, and whether it was deleted. */
    descriptionVersionId;
    startDescriptionVersionId;
    descriptionVersionDeleted;
    createdAt;
    updatedAt;
};
exports.Note = Note;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Note.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'noteable_type' }),
    __metadata("design:type", String)
], Note.prototype, "noteableType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'noteable_id' }),
    __metadata("design:type", Number)
], Note.prototype, "noteableId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'project_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "projectId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'author_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "authorId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], Note.prototype, "note", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', name: 'note_html' }),
    __metadata("design:type", String)
], Note.prototype, "noteHtml", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "type", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'discussion_id' }),
    __metadata("design:type", String)
], Note.prototype, "discussionId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], Note.prototype, "system", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'system_note_icon_name', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "systemNoteIconName", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], Note.prototype, "internal", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], Note.prototype, "resolvable", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'resolved_at', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "resolvedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'resolved_by_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "resolvedById", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'last_edited_at', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "lastEditedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'updated_by_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "updatedById", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'idempotency_key', length: 128, nullable: true, select: false }),
    __metadata("design:type", Object)
], Note.prototype, "idempotencyKey", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'description_version_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "descriptionVersionId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'start_description_version_id', nullable: true }),
    __metadata("design:type", Object)
], Note.prototype, "startDescriptionVersionId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', name: 'description_version_deleted', default: false }),
    __metadata("design:type", Boolean)
], Note.prototype, "descriptionVersionDeleted", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], Note.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], Note.prototype, "updatedAt", void 0);
exports.Note = Note = __decorate([
    (0, typeorm_1.Entity)('notes')
], Note);
//# sourceMappingURL=note.entity.js.map