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
exports.IssueLinkController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_loader_1 = require("../issue/issue.loader");
const create_issue_links_1 = require("./actions/create-issue-links");
const destroy_issue_link_1 = require("./actions/destroy-issue-link");
const link_context_1 = require("./actions/link-context");
const issue_link_finder_1 = require("./issue-link.finder");
const issue_link_mapper_1 = require("./issue-link.mapper");
const issue_link_validation_1 = require("./issue-link.validation");
/** GitLab REST v4 issue links (lib/api/issue_links.rb). */
let IssueLinkController = class IssueLinkController {
    loader;
    finder;
    createLinks;
    destroyLink;
    config;
    constructor(loader, finder, createLinks, destroyLink, config) {
        this.loader = loader;
        this.finder = finder;
        this.createLinks = createLinks;
        this.destroyLink = destroyLink;
        this.config = config;
    }
    /** Policy: read_issue; sorted by link creation, unreadable issues left out. */
    async list(actor, id, iid) {
        const issue = await this.loader.findReadable(actor, id, iid);
        const links = await this.finder.forIssue(actor, issue.issue.id);
        return links.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.linkId - b.linkId).map((v) => (0, issue_link_mapper_1.toApiRelatedIssue)(v, this.config.publicUrl));
    }
    /** Policy: read_issue. */
    async show(actor, id, iid, linkId) {
        const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        return this.issueLink(issue, await this.linkOf(actor, issue, linkId));
    }
    /** Policy: admin_issue on the source, read_issue on the target. 201 IssueLink. */
    async create(actor, id, iid, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, issue_link_validation_1.parseLinkCreate)(body);
        const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        (0, link_context_1.linkAdmin)(actor, issue, this.config.publicUrl);
        const target = await this.loader.findReadable(actor, input.targetProject, input.targetIid, { hydrate: true });
        const [created] = await this.createLinks.execute(actor, issue, [target], input.linkType);
        const link = (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === created.linkId);
        if (!link)
            throw new app_error_1.AppError('ISSUE_LINK_NOT_FOUND');
        return this.issueLink(issue, link);
    }
    /** Policy: admin_issue on this issue. Answers the removed IssueLink. */
    async destroy(actor, id, iid, linkId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
        const link = await this.linkOf(actor, issue, linkId);
        await this.destroyLink.execute(actor, issue, link);
        return this.issueLink(issue, link);
    }
    async linkOf(actor, issue, linkId) {
        const link = /^\d{1,10}$/.test(linkId) ? (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === Number(linkId)) : undefined;
        if (!link)
            throw new app_error_1.AppError('ISSUE_LINK_NOT_FOUND');
        return link;
    }
    /** GitLab stores source -> target; a relation read as is_blocked_by from here is the other issue blocking this one. */
    issueLink(issue, link) {
        const self = issue.hydrated;
        if (link.linkType === 'is_blocked_by')
            return (0, issue_link_mapper_1.toApiIssueLink)(link.other, self, 'blocks', this.config.publicUrl);
        return (0, issue_link_mapper_1.toApiIssueLink)(self, link.other, link.linkType, this.config.publicUrl);
    }
};
exports.IssueLinkController = IssueLinkController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], IssueLinkController.prototype, "list", null);
__decorate([
    (0, common_1.Get)(':linkId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('linkId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], IssueLinkController.prototype, "show", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], IssueLinkController.prototype, "create", null);
__decorate([
    (0, common_1.Delete)(':linkId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('linkId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], IssueLinkController.prototype, "destroy", null);
exports.IssueLinkController = IssueLinkController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid/links'),
    __param(4, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        issue_link_finder_1.IssueLinkFinder,
        create_issue_links_1.CreateIssueLinksAction,
        destroy_issue_link_1.DestroyIssueLinkAction, Object])
], IssueLinkController);
//# sourceMappingURL=issue-link.controller.js.map