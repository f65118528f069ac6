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
exports.UserPreference = void 0;
const typeorm_1 = require("typeorm");
/** What a signed-in user chose once and keeps (GitLab's UserPreference): the issue notes filter. */
let UserPreference = class UserPreference {
    userId;
    /** 0 all, 1 comments only, 2 history only (NOTES_FILTER). */
    issueNotesFilter;
    updatedAt;
};
exports.UserPreference = UserPreference;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], UserPreference.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'smallint', name: 'issue_notes_filter', default: 0 }),
    __metadata("design:type", Number)
], UserPreference.prototype, "issueNotesFilter", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }),
    __metadata("design:type", Date)
], UserPreference.prototype, "updatedAt", void 0);
exports.UserPreference = UserPreference = __decorate([
    (0, typeorm_1.Entity)('user_preferences')
], UserPreference);
//# sourceMappingURL=user-preference.entity.js.map