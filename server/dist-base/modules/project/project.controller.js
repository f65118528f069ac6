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
exports.ProjectController = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const project_mapper_1 = require("./project.mapper");
const project_service_1 = require("./project.service");
const project_validation_1 = require("./project.validation");
let ProjectController = class ProjectController {
    projects;
    constructor(projects) {
        this.projects = projects;
    }
    /** Policy: read_project (only readable projects are listed). */
    async list(actor, q, req, res) {
        const p = (0, pagination_1.pageParams)(q);
        const { projects, total } = await this.projects.listReadable(actor, { ...p, ...(0, project_validation_1.parseProjectListQuery)(q) });
        const counts = await this.projects.openIssuesCount(projects.map((x) => x.id));
        (0, pagination_1.setPaginationHeaders)(req, res, this.projects.config.publicUrl, p, total);
        return projects.map((x) => (0, project_mapper_1.toApiProject)(x, this.projects.config.publicUrl, counts.get(x.id) ?? 0));
    }
    /** Policy: read_project. `id` is a number or a URL-encoded full path. */
    async show(actor, id) {
        const { project, facts } = await this.projects.findReadable(actor, id);
        const counts = await this.projects.openIssuesCount([project.id]);
        return (0, project_mapper_1.toApiProject)(project, this.projects.config.publicUrl, counts.get(project.id) ?? 0, actor ? facts.accessLevel : undefined);
    }
    /**
     * Policy: admin_project (name, description); change_visibility_level (visibility, owners).
     * Other GitLab settings are ignored.
     */
    async update(actor, id, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const found = await this.projects.findReadable(actor, id);
        this.projects.authorize(actor, 'admin_project', found.facts);
        const input = (0, project_validation_1.parseProjectUpdate)(body ?? {});
        const { project, facts } = await this.projects.update(actor, found.project, input);
        const counts = await this.projects.openIssuesCount([project.id]);
        return (0, project_mapper_1.toApiProject)(project, this.projects.config.publicUrl, counts.get(project.id) ?? 0, facts.accessLevel);
    }
};
exports.ProjectController = ProjectController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Query)()),
    __param(2, (0, common_1.Req)()),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], ProjectController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], ProjectController.prototype, "show", null);
__decorate([
    (0, common_1.Put)(':id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], ProjectController.prototype, "update", null);
exports.ProjectController = ProjectController = __decorate([
    (0, common_1.Controller)('api/v4/projects'),
    __metadata("design:paramtypes", [project_service_1.ProjectService])
], ProjectController);
//# sourceMappingURL=project.controller.js.map