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
exports.IssueLinkPageController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_loader_1 = require("../issue/issue.loader");
const create_issue_links_1 = require("./actions/create-issue-links");
const destroy_issue_link_1 = require("./actions/destroy-issue-link");
const link_context_1 = require("./actions/link-context");
const reorder_issue_link_1 = require("./actions/reorder-issue-link");
const issue_link_finder_1 = require("./issue-link.finder");
const issue_link_mapper_1 = require("./issue-link.mapper");
const issue_link_validation_1 = require("./issue-link.validation");
const reference_resolver_1 = require("./reference-resolver");
/** The related-issues block's endpoints (noteablePaths().relatedIssues / relatedIssue(linkId)). */
let IssueLinkPageController = class IssueLinkPageController {
    loader;
    finder;
    references;
    createLinks;
    destroyLink;
    reorderLink;
    config;
    constructor(loader, finder, references, createLinks, destroyLink, reorderLink, config) {
        this.loader = loader;
        this.finder = finder;
        this.references = references;
        this.createLinks = createLinks;
        this.destroyLink = destroyLink;
        this.reorderLink = reorderLink;
        this.config = config;
    }
    /** Policy: read_issue; linked issues the viewer may not read are left out. */
    async list(actor, project, iid) {
        return this.issuables(actor, await this.loader.findReadable(actor, project.join('/'), iid));
    }
    /** Policy: admin_issue on this issue, read_issue on every target. */
    async create(actor, project, iid, body, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, issue_link_validation_1.parseRelatedCreate)(body);
        const issue = await this.loader.findReadable(actor, project.join('/'), iid);
        // Only those who may link learn whether the references name issues
        (0, link_context_1.linkAdmin)(actor, issue, this.config.publicUrl);
        const targets = await this.references.resolve(actor, issue, input.references);
        await this.createLinks.execute(actor, issue, targets, input.linkType);
        res.status(200);
        return { issuables: await this.issuables(actor, issue) };
    }
    /** Policy: admin_issue on this issue (canAdmin). */
    async destroy(actor, project, iid, linkId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const issue = await this.loader.findReadable(actor, project.join('/'), iid);
        await this.destroyLink.execute(actor, issue, await this.linkOf(actor, issue, linkId));
        return { issuables: await this.issuables(actor, issue) };
    }
    /** Policy: admin_issue on this issue (canReorder = canAdmin). */
    async reorder(actor, project, iid, linkId, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const move = (0, issue_link_validation_1.parseReorder)(body);
        const issue = await this.loader.findReadable(actor, project.join('/'), iid);
        const link = await this.linkOf(actor, issue, linkId);
        const ordered = (await this.finder.orderedLinkIds(issue.issue.id)).map((l) => l.id);
        await this.reorderLink.execute(actor, issue, link, ordered, move.before, move.after);
        return { issuables: await this.issuables(actor, issue) };
    }
    async linkOf(actor, issue, linkId) {
        const link = /^\d{1,10}$/.test(linkId) ? (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === Number(linkId)) : undefined;
        if (!link)
            throw new app_error_1.AppError('ISSUE_LINK_NOT_FOUND');
        return link;
    }
    async issuables(actor, issue) {
        const viewer = { projectPath: issue.project.fullPath, iid: issue.issue.iid, id: issue.issue.id };
        return (await this.finder.forIssue(actor, issue.issue.id)).map((v) => (0, issue_link_mapper_1.toRelatedIssue)(v, viewer, this.config.publicUrl));
    }
};
exports.IssueLinkPageController = IssueLinkPageController;
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/links'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String]),
    __metadata("design:returntype", Promise)
], IssueLinkPageController.prototype, "list", null);
__decorate([
    (0, common_1.Post)('*project/-/issues/:iid/links'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object, Object]),
    __metadata("design:returntype", Promise)
], IssueLinkPageController.prototype, "create", null);
__decorate([
    (0, common_1.Delete)('*project/-/issues/:iid/links/:linkId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('linkId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String]),
    __metadata("design:returntype", Promise)
], IssueLinkPageController.prototype, "destroy", null);
__decorate([
    (0, common_1.Put)('*project/-/issues/:iid/links/:linkId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('linkId')),
    __param(4, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueLinkPageController.prototype, "reorder", null);
exports.IssueLinkPageController = IssueLinkPageController = __decorate([
    (0, common_1.Controller)(),
    __param(6, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        issue_link_finder_1.IssueLinkFinder,
        reference_resolver_1.ReferenceResolver,
        create_issue_links_1.CreateIssueLinksAction,
        destroy_issue_link_1.DestroyIssueLinkAction,
        reorder_issue_link_1.ReorderIssueLinkAction, Object])
], IssueLinkPageController);
//# sourceMappingURL=issue-link-page.controller.js.map