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
exports.EpicController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const update_issue_1 = require("../issue/actions/update-issue");
const issue_loader_1 = require("../issue/issue.loader");
const issue_mapper_1 = require("../issue/issue.mapper");
const group_service_1 = require("../group/group.service");
const epic_mapper_1 = require("./epic.mapper");
const epic_service_1 = require("./epic.service");
const epic_store_1 = require("./epic.store");
const epic_validation_1 = require("./epic.validation");
/** GitLab REST v4 group epics (lib/api/epics.rb, epic_issues.rb). */
let EpicController = class EpicController {
    epics;
    groups;
    loader;
    updateIssue;
    ds;
    constructor(epics, groups, loader, updateIssue, ds) {
        this.epics = epics;
        this.groups = groups;
        this.loader = loader;
        this.updateIssue = updateIssue;
        this.ds = ds;
    }
    get base() {
        return this.epics.config.publicUrl;
    }
    /** Policy: read_epic (each epic; confidential ones for reporters and up). search, state, include_ancestor_groups, include_descendant_groups. */
    async list(actor, id, query, req, res) {
        const f = (0, epic_validation_1.parseEpicList)(query);
        const page = (0, pagination_1.pageParams)(query);
        const { group } = await this.groups.findReadable(actor, id);
        const rows = await this.epics.list(actor, group, f);
        (0, pagination_1.setPaginationHeaders)(req, res, this.base, page, rows.length);
        return rows.slice((page.page - 1) * page.perPage, page.page * page.perPage).map((e) => (0, epic_mapper_1.toApiEpic)(e, this.base));
    }
    /** Policy: create_epic (reporters and up in the group). 201 Epic. */
    async create(actor, id, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return (0, epic_mapper_1.toApiEpic)(await this.epics.create(actor, id, (0, epic_validation_1.parseEpicCreate)(body)), this.base);
    }
    /** Policy: read_epic. */
    async show(actor, id, epicIid) {
        const { epic } = await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid));
        return (0, epic_mapper_1.toApiEpic)(epic, this.base);
    }
    /** Policy: admin_epic. */
    async update(actor, id, epicIid, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const input = (0, epic_validation_1.parseEpicUpdate)(body);
        const ge = await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid));
        return (0, epic_mapper_1.toApiEpic)(await this.epics.update(actor, ge, input), this.base);
    }
    /** Policy: destroy_epic (owners). 204. */
    async destroy(actor, id, epicIid) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        await this.epics.destroy(actor, await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid)));
    }
    /** Policy: read_epic; the epic's issues the actor may read, in link order. */
    async issues(actor, id, epicIid) {
        const { epic } = await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid));
        const out = [];
        for (const link of await (0, epic_store_1.issueLinksOfEpic)(this.ds, epic.id)) {
            const issue = await this.readableIssue(actor, link.issueId);
            if (issue)
                out.push({ ...(0, issue_mapper_1.toApiIssue)(issue.hydrated, this.base), epic_issue_id: link.linkId });
        }
        return out;
    }
    /** Policy: admin_epic on the epic, admin_issue on the issue (the issue's epic field). 201 EpicIssueLink. */
    async assign(actor, id, epicIid, issueId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ge = await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid));
        this.epics.authorize(actor, 'admin_epic', ge.epic);
        const issue = await this.readableIssue(actor, (0, epic_validation_1.parseIid)(issueId));
        if (!issue)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const { hydrated } = await this.updateIssue.execute(actor, issue, { epicId: ge.epic.id });
        const link = await (0, epic_store_1.epicLinkOfIssue)(this.ds, issue.issue.id);
        return { id: link.linkId, epic: (0, epic_mapper_1.toApiEpic)(ge.epic, this.base), issue: (0, issue_mapper_1.toApiIssue)(hydrated, this.base) };
    }
    /** Policy: admin_epic on the epic, admin_issue on the issue. GitLab names the link by its epic_issue_id. */
    async unassign(actor, id, epicIid, epicIssueId) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ge = await this.epics.findReadable(actor, id, (0, epic_validation_1.parseIid)(epicIid));
        this.epics.authorize(actor, 'admin_epic', ge.epic);
        const linkId = (0, epic_validation_1.parseIid)(epicIssueId);
        const link = (await (0, epic_store_1.issueLinksOfEpic)(this.ds, ge.epic.id)).find((l) => l.linkId === linkId);
        const issue = link ? await this.readableIssue(actor, link.issueId) : null;
        if (!link || !issue)
            throw new app_error_1.AppError('EPIC_ISSUE_NOT_FOUND');
        const { hydrated } = await this.updateIssue.execute(actor, issue, { epicId: null });
        return { id: link.linkId, epic: (0, epic_mapper_1.toApiEpic)(ge.epic, this.base), issue: (0, issue_mapper_1.toApiIssue)(hydrated, this.base) };
    }
    /** An issue by its global id, if the actor may read it (with its hydration). */
    async readableIssue(actor, issueId) {
        if (issueId === null)
            return null;
        const [row] = (await this.ds.query('SELECT project_id, iid FROM issues WHERE id = $1', [issueId]));
        if (!row)
            return null;
        try {
            return await this.loader.findReadable(actor, Number(row.project_id), Number(row.iid), { hydrate: true });
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && e.status === 404)
                return null;
            throw e;
        }
    }
};
exports.EpicController = EpicController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __param(3, (0, common_1.Req)()),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "list", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "create", null);
__decorate([
    (0, common_1.Get)(':epicIid'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "show", null);
__decorate([
    (0, common_1.Put)(':epicIid'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':epicIid'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "destroy", null);
__decorate([
    (0, common_1.Get)(':epicIid/issues'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "issues", null);
__decorate([
    (0, common_1.Post)(':epicIid/issues/:issueId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __param(3, (0, common_1.Param)('issueId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "assign", null);
__decorate([
    (0, common_1.Delete)(':epicIid/issues/:epicIssueId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('epicIid')),
    __param(3, (0, common_1.Param)('epicIssueId')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, String]),
    __metadata("design:returntype", Promise)
], EpicController.prototype, "unassign", null);
exports.EpicController = EpicController = __decorate([
    (0, common_1.Controller)('api/v4/groups/:id/epics'),
    __param(4, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [epic_service_1.EpicService,
        group_service_1.GroupService,
        issue_loader_1.IssueLoader,
        update_issue_1.UpdateIssueAction,
        typeorm_2.DataSource])
], EpicController);
//# sourceMappingURL=epic.controller.js.map