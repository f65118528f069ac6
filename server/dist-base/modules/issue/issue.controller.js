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
exports.IssueController = void 0;
const common_1 = require("@nestjs/common");
const common_2 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const project_service_1 = require("../project/project.service");
const create_issue_1 = require("./actions/create-issue");
const destroy_issue_1 = require("./actions/destroy-issue");
const update_issue_1 = require("./actions/update-issue");
const issue_query_1 = require("./issue-query");
const issue_finder_1 = require("./issue.finder");
const issue_loader_1 = require("./issue.loader");
const issue_mapper_1 = require("./issue.mapper");
const issue_validation_1 = require("./issue.validation");
/** GitLab REST v4 issues. Controllers parse, call the finder, loader or an action (which asks the policy), map. */
let IssueController = class IssueController {
    finder;
    loader;
    createIssue;
    updateIssue;
    destroyIssue;
    projects;
    config;
    constructor(finder, loader, createIssue, updateIssue, destroyIssue, projects, config) {
        this.finder = finder;
        this.loader = loader;
        this.createIssue = createIssue;
        this.updateIssue = updateIssue;
        this.destroyIssue = destroyIssue;
        this.projects = projects;
        this.config = config;
    }
    /** Policy: read_issue per issue (confidential filtered), scope defaults to created_by_me. */
    async listGlobal(actor, q, req, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const filters = (0, issue_query_1.parseIssueListQuery)(q);
        const { issues, total } = await this.finder.list(actor, filters);
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, filters, total);
        return (await this.loader.hydrate(issues)).map((h) => (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl));
    }
    /** Policy: read_project, then read_issue per issue. */
    async list(actor, id, q, req, res) {
        const filters = (0, issue_query_1.parseIssueListQuery)(q);
        const { project, facts } = await this.projects.findReadable(actor, id);
        const { issues, total } = await this.finder.list(actor, { ...filters, scope: 'all' }, { project, facts });
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, filters, total);
        return (await this.loader.hydrate(issues, new Map([[project.id, project]]))).map((h) => (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl));
    }
    /** Policy: read_issue. */
    async show(actor, id, iid) {
        const { hydrated } = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        return (0, issue_mapper_1.toApiIssue)(hydrated, this.config.publicUrl);
    }
    /** Policy: create_issue (+ admin fields need reporter). */
    async create(actor, id, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const { project, facts } = await this.projects.findReadable(actor, id);
        const input = (0, issue_validation_1.parseIssueCreate)(body ?? {});
        const issue = await this.createIssue.execute(actor, project, facts, input);
        const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]));
        return (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl);
    }
    /** Policy: update_issue / reopen_issue (+ admin_issue for metadata). */
    async update(actor, id, iid, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const loaded = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        const input = (0, issue_validation_1.parseIssueUpdate)(body ?? {});
        const { hydrated } = await this.updateIssue.execute(actor, loaded, input);
        return (0, issue_mapper_1.toApiIssue)(hydrated, this.config.publicUrl);
    }
    /** Policy: destroy_issue (owners). */
    async destroy(actor, id, iid) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, id, iid);
        await this.destroyIssue.execute(actor, ctx);
    }
};
exports.IssueController = IssueController;
__decorate([
    (0, common_1.Get)('issues'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Query)()),
    __param(2, (0, common_1.Req)()),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "listGlobal", null);
__decorate([
    (0, common_1.Get)('projects/:id/issues'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __param(3, (0, common_1.Req)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "list", null);
__decorate([
    (0, common_1.Get)('projects/:id/issues/:iid'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "show", null);
__decorate([
    (0, common_1.Post)('projects/:id/issues'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "create", null);
__decorate([
    (0, common_1.Put)('projects/:id/issues/:iid'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)('projects/:id/issues/:iid'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], IssueController.prototype, "destroy", null);
exports.IssueController = IssueController = __decorate([
    (0, common_1.Controller)('api/v4'),
    __param(6, (0, common_2.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_finder_1.IssueFinder,
        issue_loader_1.IssueLoader,
        create_issue_1.CreateIssueAction,
        update_issue_1.UpdateIssueAction,
        destroy_issue_1.DestroyIssueAction,
        project_service_1.ProjectService, Object])
], IssueController);
//# sourceMappingURL=issue.controller.js.map