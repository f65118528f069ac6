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
exports.IssueLink = void 0;
const typeorm_1 = require("typeorm");
/**
 * A related-issue link. `blocks` is stored in one direction only: "A is blocked by B" is the
 * row (source B, target A, blocks).
 */
let IssueLink = class IssueLink {
    id;
    sourceId;
    targetId;
    linkType;
    relativePosition;
    createdAt;
    updatedAt;
};
exports.IssueLink = IssueLink;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], IssueLink.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'source_id' }),
    __metadata("design:type", Number)
], IssueLink.prototype, "sourceId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'target_id' }),
    __metadata("design:type", Number)
], IssueLink.prototype, "targetId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'link_type' }),
    __metadata("design:type", String)
], IssueLink.prototype, "linkType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'relative_position', nullable: true }),
    __metadata("design:type", Object)
], IssueLink.prototype, "relativePosition", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], IssueLink.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], IssueLink.prototype, "updatedAt", void 0);
exports.IssueLink = IssueLink = __decorate([
    (0, typeorm_1.Entity)('issue_links')
], IssueLink);
//# sourceMappingURL=issue-link.entity.js.map