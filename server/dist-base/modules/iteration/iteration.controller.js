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
exports.IterationController = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const group_service_1 = require("../group/group.service");
const iteration_service_1 = require("./iteration.service");
/** /api/v4/groups/:id/iterations. */
let IterationController = class IterationController {
    groups;
    iterations;
    constructor(groups, iterations) {
        this.groups = groups;
        this.iterations = iterations;
    }
    /** Policy: read_group. */
    async list(actor, id, q) {
        const { group } = await this.groups.findReadable(actor, id);
        return this.iterations.list(group.id, q);
    }
    /** Policy: admin_iteration (reporters and up). */
    async create(actor, id, body) {
        const { group, facts } = await this.groups.findReadable(actor, id);
        if (!(0, policy_1.canGroup)(actor, 'admin_iteration', facts))
            throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
        return this.iterations.create(group.id, body);
    }
};
exports.IterationController = IterationController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], IterationController.prototype, "list", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], IterationController.prototype, "create", null);
exports.IterationController = IterationController = __decorate([
    (0, common_1.Controller)('api/v4/groups/:id/iterations'),
    __metadata("design:paramtypes", [group_service_1.GroupService,
        iteration_service_1.IterationService])
], IterationController);
//# sourceMappingURL=iteration.controller.js.map