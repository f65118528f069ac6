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
exports.LabelLink = exports.Label = void 0;
const typeorm_1 = require("typeorm");
let Label = class Label {
    id;
    projectId;
    groupId;
    title;
    color;
    description;
    priority;
    createdAt;
    updatedAt;
};
exports.Label = Label;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Label.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'project_id', nullable: true }),
    __metadata("design:type", Object)
], Label.prototype, "projectId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'group_id', nullable: true }),
    __metadata("design:type", Object)
], Label.prototype, "groupId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Label.prototype, "title", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Label.prototype, "color", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], Label.prototype, "description", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', nullable: true }),
    __metadata("design:type", Object)
], Label.prototype, "priority", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], Label.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz', name: 'updated_at' }),
    __metadata("design:type", Date)
], Label.prototype, "updatedAt", void 0);
exports.Label = Label = __decorate([
    (0, typeorm_1.Entity)('labels')
], Label);
let LabelLink = class LabelLink {
    labelId;
    targetType;
    targetId;
    createdAt;
};
exports.LabelLink = LabelLink;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', name: 'label_id' }),
    __metadata("design:type", Number)
], LabelLink.prototype, "labelId", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'varchar', name: 'target_type' }),
    __metadata("design:type", String)
], LabelLink.prototype, "targetType", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', name: 'target_id' }),
    __metadata("design:type", Number)
], LabelLink.prototype, "targetId", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], LabelLink.prototype, "createdAt", void 0);
exports.LabelLink = LabelLink = __decorate([
    (0, typeorm_1.Entity)('label_links')
], LabelLink);
//# sourceMappingURL=label.entity.js.map