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
exports.IssueTemplateController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_validation_1 = require("../issue/issue.validation");
const project_service_1 = require("../project/project.service");
const issue_template_store_1 = require("./issue-template.store");
const parse = (schema, raw) => {
    const r = schema.safeParse(raw ?? {}, { errorMap: shared_types_1.validationErrorMap });
    if (!r.success)
        throw (0, issue_validation_1.validationErrorOf)(r.error);
    return r.data;
};
/**
 * Description templates of a project, in GitLab's REST shapes (GET templates/issues lists
 * {key, name}; GET templates/issues/:name is {name, content}); maintainers manage them.
 */
let IssueTemplateController = class IssueTemplateController {
    projects;
    store;
    constructor(projects, store) {
        this.projects = projects;
        this.store = store;
    }
    /** Policy: read_project. */
    async list(actor, id) {
        const { project } = await this.projects.findReadable(actor, id);
        return (await this.store.list(project.id)).map((t) => ({ key: t.name, name: t.name }));
    }
    /** Policy: read_project. */
    async show(actor, id, name) {
        const { project } = await this.projects.findReadable(actor, id);
        return this.store.get(project.id, name);
    }
    /** Policy: admin_project (maintainers). */
    async create(actor, id, body) {
        const project = await this.managed(actor, id);
        return this.store.create(project, parse(shared_types_1.issueTemplateCreateSchema, body));
    }
    /** Policy: admin_project (maintainers). */
    async update(actor, id, name, body) {
        const project = await this.managed(actor, id);
        return this.store.update(project, name, parse(shared_types_1.issueTemplateUpdateSchema, body).content);
    }
    /** Policy: admin_project (maintainers). */
    async remove(actor, id, name) {
        await this.store.remove(await this.managed(actor, id), name);
    }
    async managed(actor, id) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const { project, facts } = await this.projects.findReadable(actor, id);
        this.projects.authorize(actor, 'admin_project', facts);
        return project.id;
    }
};
exports.IssueTemplateController = IssueTemplateController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], IssueTemplateController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':name'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], IssueTemplateController.prototype, "show", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], IssueTemplateController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':name'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('name')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueTemplateController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':name'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('name')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], IssueTemplateController.prototype, "remove", null);
exports.IssueTemplateController = IssueTemplateController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/templates/issues'),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        issue_template_store_1.IssueTemplateStore])
], IssueTemplateController);
//# sourceMappingURL=issue-template.controller.js.map