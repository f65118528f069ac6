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
exports.AwardEmoji = void 0;
const typeorm_1 = require("typeorm");
/** One user's emoji reaction on an issue or a note (GitLab's award_emoji). */
let AwardEmoji = class AwardEmoji {
    id;
    name;
    userId;
    awardableType;
    awardableId;
    createdAt;
    updatedAt;
};
exports.AwardEmoji = AwardEmoji;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], AwardEmoji.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], AwardEmoji.prototype, "name", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], AwardEmoji.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'awardable_type' }),
    __metadata("design:type", String)
], AwardEmoji.prototype, "awardableType", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'awardable_id' }),
    __metadata("design:type", Number)
], AwardEmoji.prototype, "awardableId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], AwardEmoji.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], AwardEmoji.prototype, "updatedAt", void 0);
exports.AwardEmoji = AwardEmoji = __decorate([
    (0, typeorm_1.Entity)('award_emoji')
], AwardEmoji);
//# sourceMappingURL=award-emoji.entity.js.map