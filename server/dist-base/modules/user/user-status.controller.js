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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserStatusController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const issue_validation_1 = require("../issue/issue.validation");
const user_entity_1 = require("./user.entity");
const user_status_store_1 = require("./user-status.store");
const toApi = (s) => ({ availability: s.availability, message: s.message, emoji: null, message_html: '' });
/** GitLab's user status API: availability ("busy") and a message, set by the user themself. */
let UserStatusController = class UserStatusController {
    statuses;
    ds;
    constructor(statuses, ds) {
        this.statuses = statuses;
        this.ds = ds;
    }
    /** Policy: signed-in (the user's own status). */
    async mine(actor) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return toApi((await this.statuses.forUsers([actor.id])).get(actor.id) ?? user_status_store_1.NO_STATUS);
    }
    /** Policy: own (a signed-in user sets their own status; a read_api token may not). */
    async set(actor, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!(0, policy_1.scopeAllows)(actor, 'update_issue'))
            throw new app_error_1.AppError('FORBIDDEN');
        const parsed = shared_types_1.userStatusSchema.safeParse(body ?? {}, { errorMap: shared_types_1.validationErrorMap });
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const cur = (await this.statuses.forUsers([actor.id])).get(actor.id) ?? user_status_store_1.NO_STATUS;
        const next = {
            availability: parsed.data.availability ?? cur.availability,
            message: parsed.data.message === undefined ? cur.message : parsed.data.message?.trim() || null,
        };
        return toApi(await this.statuses.set(actor.id, next));
    }
    /** Policy: public (as the basic profile). */
    async ofUser(id) {
        const repo = this.ds.getRepository(user_entity_1.User);
        const user = /^\d{1,9}$/.test(id) ? await repo.findOneBy({ id: Number(id) }) : id.length <= 255 ? await repo.createQueryBuilder('u').where('lower(u.username) = lower(:id)', { id }).getOne() : null;
        if (!user)
            throw new app_error_1.AppError('USER_NOT_FOUND');
        return toApi((await this.statuses.forUsers([user.id])).get(user.id) ?? user_status_store_1.NO_STATUS);
    }
};
exports.UserStatusController = UserStatusController;
__decorate([
    (0, common_1.Get)('user/status'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], UserStatusController.prototype, "mine", null);
__decorate([
    (0, common_1.Put)('user/status'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], UserStatusController.prototype, "set", null);
__decorate([
    (0, common_1.Get)('users/:id/status'),
    __param(0, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], UserStatusController.prototype, "ofUser", null);
exports.UserStatusController = UserStatusController = __decorate([
    (0, common_1.Controller)('api/v4'),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [user_status_store_1.UserStatusStore,
        typeorm_2.DataSource])
], UserStatusController);
//# sourceMappingURL=user-status.controller.js.map