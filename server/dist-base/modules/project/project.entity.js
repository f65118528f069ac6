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
exports.Member = exports.Project = void 0;
const typeorm_1 = require("typeorm");
const namespace_entity_1 = require("../group/namespace.entity");
let Project = class Project {
    id;
    namespaceId;
    namespace;
    name;
    path;
    fullPath;
    description;
    visibility;
    archived;
    lastIssueIid;
    creatorId;
    createdAt;
    updatedAt;
};
exports.Project = Project;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Project.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'namespace_id' }),
    __metadata("design:type", Number)
], Project.prototype, "namespaceId", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => namespace_entity_1.Namespace, { eager: true }),
    (0, typeorm_1.JoinColumn)({ name: 'namespace_id' }),
    __metadata("design:type", namespace_entity_1.Namespace)
], Project.prototype, "namespace", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Project.prototype, "name", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Project.prototype, "path", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'full_path' }),
    __metadata("design:type", String)
], Project.prototype, "fullPath", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], Project.prototype, "description", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Project.prototype, "visibility", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], Project.prototype, "archived", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'last_issue_iid' }),
    __metadata("design:type", Number)
], Project.prototype, "lastIssueIid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'creator_id', nullable: true }),
    __metadata("design:type", Object)
], Project.prototype, "creatorId", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], Project.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz', name: 'updated_at' }),
    __metadata("design:type", Date)
], Project.prototype, "updatedAt", void 0);
exports.Project = Project = __decorate([
    (0, typeorm_1.Entity)('projects')
], Project);
let Member = class Member {
    id;
    sourceType;
    sourceId;
    userId;
    accessLevel;
    expiresAt;
    createdAt;
    updatedAt;
};
exports.Member = Member;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Member.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'source_type' }),
    __metadata("design:type", String)
], Member.prototype, "sourceType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'source_id' }),
    __metadata("design:type", Number)
], Member.prototype, "sourceId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], Member.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'access_level' }),
    __metadata("design:type", Number)
], Member.prototype, "accessLevel", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date', name: 'expires_at', nullable: true }),
    __metadata("design:type", Object)
], Member.prototype, "expiresAt", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], Member.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz', name: 'updated_at' }),
    __metadata("design:type", Date)
], Member.prototype, "updatedAt", void 0);
exports.Member = Member = __decorate([
    (0, typeorm_1.Entity)('members')
], Member);
//# sourceMappingURL=project.entity.js.map