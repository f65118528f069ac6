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
exports.IssueEventRow = void 0;
const typeorm_1 = require("typeorm");
/** The per-noteable event log (docs/architecture.md, the write path). */
let IssueEventRow = class IssueEventRow {
    id;
    noteableType;
    noteableId;
    seq;
    type;
    payload;
    actorId;
    createdAt;
};
exports.IssueEventRow = IssueEventRow;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)({ type: 'bigint' }),
    __metadata("design:type", String)
], IssueEventRow.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'noteable_type' }),
    __metadata("design:type", String)
], IssueEventRow.prototype, "noteableType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'noteable_id' }),
    __metadata("design:type", Number)
], IssueEventRow.prototype, "noteableId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], IssueEventRow.prototype, "seq", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], IssueEventRow.prototype, "type", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'jsonb' }),
    __metadata("design:type", Object)
], IssueEventRow.prototype, "payload", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'actor_id', nullable: true }),
    __metadata("design:type", Object)
], IssueEventRow.prototype, "actorId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], IssueEventRow.prototype, "createdAt", void 0);
exports.IssueEventRow = IssueEventRow = __decorate([
    (0, typeorm_1.Entity)('issue_events')
], IssueEventRow);
//# sourceMappingURL=issue-event.entity.js.map