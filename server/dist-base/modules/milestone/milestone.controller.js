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
exports.GroupMilestoneController = exports.ProjectMilestoneController = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const group_service_1 = require("../group/group.service");
const project_service_1 = require("../project/project.service");
const milestone_service_1 = require("./milestone.service");
/** /api/v4/projects/:id/milestones (GitLab's project milestones API). */
let ProjectMilestoneController = class ProjectMilestoneController {
    projects;
    milestones;
    constructor(projects, milestones) {
        this.projects = projects;
        this.milestones = milestones;
    }
    /** Policy: read_project. state (active, closed), search, title, include_parent_milestones. */
    async list(actor, id, q) {
        return this.milestones.list(await this.owner(actor, id, false), q);
    }
    /** Policy: read_project. */
    async show(actor, id, mid) {
        return this.milestones.get(await this.owner(actor, id, false), mid);
    }
    /** Policy: admin_milestone (reporters and up). */
    async create(actor, id, body) {
        return this.milestones.create(await this.owner(actor, id, true), body);
    }
    /** Policy: admin_milestone. */
    async update(actor, id, mid, body) {
        return this.milestones.update(await this.owner(actor, id, true), mid, body);
    }
    /** Policy: admin_milestone. */
    async destroy(actor, id, mid) {
        await this.milestones.destroy(await this.owner(actor, id, true), mid);
    }
    async owner(actor, id, admin) {
        const { project, facts } = await this.projects.findReadable(actor, id);
        if (admin && !this.projects.can(actor, 'admin_milestone', facts))
            throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
        return { projectId: project.id, namespaceId: project.namespaceId, path: project.fullPath };
    }
};
exports.ProjectMilestoneController = ProjectMilestoneController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], ProjectMilestoneController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':milestone_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], ProjectMilestoneController.prototype, "show", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], ProjectMilestoneController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':milestone_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], ProjectMilestoneController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':milestone_id'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], ProjectMilestoneController.prototype, "destroy", null);
exports.ProjectMilestoneController = ProjectMilestoneController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/milestones'),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        milestone_service_1.MilestoneService])
], ProjectMilestoneController);
/** /api/v4/groups/:id/milestones (GitLab's group milestones API). */
let GroupMilestoneController = class GroupMilestoneController {
    groups;
    milestones;
    constructor(groups, milestones) {
        this.groups = groups;
        this.milestones = milestones;
    }
    /** Policy: read_group. state (active, closed), search, title. */
    async list(actor, id, q) {
        return this.milestones.list(await this.owner(actor, id, false), q);
    }
    /** Policy: read_group. */
    async show(actor, id, mid) {
        return this.milestones.get(await this.owner(actor, id, false), mid);
    }
    /** Policy: admin_group_milestone (reporters and up). */
    async create(actor, id, body) {
        return this.milestones.create(await this.owner(actor, id, true), body);
    }
    /** Policy: admin_group_milestone. */
    async update(actor, id, mid, body) {
        return this.milestones.update(await this.owner(actor, id, true), mid, body);
    }
    /** Policy: admin_group_milestone. */
    async destroy(actor, id, mid) {
        await this.milestones.destroy(await this.owner(actor, id, true), mid);
    }
    async owner(actor, id, admin) {
        const { group, facts } = await this.groups.findReadable(actor, id);
        if (admin && !(0, policy_1.canGroup)(actor, 'admin_group_milestone', facts))
            throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
        return { groupId: group.id, path: group.fullPath };
    }
};
exports.GroupMilestoneController = GroupMilestoneController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], GroupMilestoneController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':milestone_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], GroupMilestoneController.prototype, "show", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], GroupMilestoneController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':milestone_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], GroupMilestoneController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':milestone_id'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('milestone_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], GroupMilestoneController.prototype, "destroy", null);
exports.GroupMilestoneController = GroupMilestoneController = __decorate([
    (0, common_1.Controller)('api/v4/groups/:id/milestones'),
    __metadata("design:paramtypes", [group_service_1.GroupService,
        milestone_service_1.MilestoneService])
], GroupMilestoneController);
//# sourceMappingURL=milestone.controller.js.map