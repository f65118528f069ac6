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
exports.Namespace = void 0;
const typeorm_1 = require("typeorm");
/** Groups (nested) and users' personal namespaces. */
let Namespace = class Namespace {
    id;
    type;
    name;
    path;
    fullPath;
    parentId;
    ownerId;
    visibility;
    description;
    createdAt;
    updatedAt;
};
exports.Namespace = Namespace;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], Namespace.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Namespace.prototype, "type", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Namespace.prototype, "name", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Namespace.prototype, "path", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'full_path' }),
    __metadata("design:type", String)
], Namespace.prototype, "fullPath", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'parent_id', nullable: true }),
    __metadata("design:type", Object)
], Namespace.prototype, "parentId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'owner_id', nullable: true }),
    __metadata("design:type", Object)
], Namespace.prototype, "ownerId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], Namespace.prototype, "visibility", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], Namespace.prototype, "description", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], Namespace.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz', name: 'updated_at' }),
    __metadata("design:type", Date)
], Namespace.prototype, "updatedAt", void 0);
exports.Namespace = Namespace = __decorate([
    (0, typeorm_1.Entity)('namespaces')
], Namespace);
//# sourceMappingURL=namespace.entity.js.map