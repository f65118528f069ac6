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
exports.DescriptionVersion = void 0;
const typeorm_1 = require("typeorm");
/** One description an issue had (written with every description change; soft-deleted). */
let DescriptionVersion = class DescriptionVersion {
    id;
    issueId;
    description;
    authorId;
    createdAt;
    deletedAt;
};
exports.DescriptionVersion = DescriptionVersion;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], DescriptionVersion.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'issue_id' }),
    __metadata("design:type", Number)
], DescriptionVersion.prototype, "issueId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], DescriptionVersion.prototype, "description", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'author_id', nullable: true }),
    __metadata("design:type", Object)
], DescriptionVersion.prototype, "authorId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], DescriptionVersion.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'deleted_at', nullable: true }),
    __metadata("design:type", Object)
], DescriptionVersion.prototype, "deletedAt", void 0);
exports.DescriptionVersion = DescriptionVersion = __decorate([
    (0, typeorm_1.Entity)('description_versions')
], DescriptionVersion);
//# sourceMappingURL=description-version.entity.js.map