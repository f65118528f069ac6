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
exports.GroupController = void 0;
const common_1 = require("@nestjs/common");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const group_mapper_1 = require("./group.mapper");
const group_service_1 = require("./group.service");
/** GET /api/v4/groups/:id: the minimal group shape (no projects or subgroups inlined). */
let GroupController = class GroupController {
    groups;
    constructor(groups) {
        this.groups = groups;
    }
    /** Policy: read_group. `id` is a number or a URL-encoded full path. */
    async show(actor, id) {
        const { group } = await this.groups.findReadable(actor, id);
        return (0, group_mapper_1.toApiGroup)(group, this.groups.config.publicUrl, await this.groups.fullName(group));
    }
};
exports.GroupController = GroupController;
__decorate([
    (0, common_1.Get)(':id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], GroupController.prototype, "show", null);
exports.GroupController = GroupController = __decorate([
    (0, common_1.Controller)('api/v4/groups'),
    __metadata("design:paramtypes", [group_service_1.GroupService])
], GroupController);
//# sourceMappingURL=group.controller.js.map