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
exports.DescriptionVersionsController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const current_actor_decorator_1 = require("../../../core/http/current-actor.decorator");
const policy_1 = require("../../../core/policy/policy");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const issue_loader_1 = require("../../issue/issue.loader");
const user_mapper_1 = require("../../user/user.mapper");
const description_diff_1 = require("./description-diff");
const description_version_store_1 = require("./description-version.store");
/** The compare view of "changed the description" notes (noteablePaths().descriptionDiff / descriptionVersion). */
let DescriptionVersionsController = class DescriptionVersionsController {
    loader;
    versions;
    events;
    config;
    constructor(loader, versions, events, config) {
        this.loader = loader;
        this.versions = versions;
        this.events = events;
        this.config = config;
    }
    /** Policy: read_issue. The word diff from the version before `start_version_id` (or this one) to this one. */
    async diff(actor, project, iid, versionId, start) {
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
        const id = versionIdOf(versionId, 'version_id');
        const startId = start === undefined || start === '' ? null : versionIdOf(start, 'start_version_id');
        const version = await this.versions.find(ctx.issue.id, id);
        if (!version || version.deletedAt)
            throw new app_error_1.AppError('NOT_FOUND');
        const before = await this.versions.descriptionBefore(ctx.issue.id, Math.min(startId ?? id, id));
        return { diff: (0, description_diff_1.descriptionDiffHtml)(before, version.description ?? '') };
    }
    /** Policy: update_issue for the version's author, admin_issue for anyone else (canDeleteDescriptionVersion). */
    async remove(actor, project, iid, versionId, start) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if ((0, issue_context_1.parseIid)(iid) === null)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: false });
        const id = versionIdOf(versionId, 'version_id');
        const startId = start === undefined || start === '' ? null : versionIdOf(start, 'start_version_id');
        const version = await this.versions.find(ctx.issue.id, id);
        if (!version || version.deletedAt)
            throw new app_error_1.AppError('NOT_FOUND');
        if (!(0, policy_1.canDeleteDescriptionVersion)(actor, ctx.projectFacts, ctx.facts, version.authorId))
            throw new app_error_1.AppError('FORBIDDEN');
        const user = ctx.actorUser;
        if (!user)
            throw new app_error_1.AppError('UNAUTHORIZED');
        await this.events.transaction((tx) => this.versions.softDelete(tx, (0, issue_context_1.issueNoteable)(ctx.issue, ctx.project), version, startId, (0, user_mapper_1.toUserBasic)(user, this.config.publicUrl)));
        return {};
    }
};
exports.DescriptionVersionsController = DescriptionVersionsController;
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/descriptions/:versionId/diff'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('versionId')),
    __param(4, (0, common_1.Query)('start_version_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String, String]),
    __metadata("design:returntype", Promise)
], DescriptionVersionsController.prototype, "diff", null);
__decorate([
    (0, common_1.Delete)('*project/-/issues/:iid/descriptions/:versionId'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Param)('versionId')),
    __param(4, (0, common_1.Query)('start_version_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, String, String]),
    __metadata("design:returntype", Promise)
], DescriptionVersionsController.prototype, "remove", null);
exports.DescriptionVersionsController = DescriptionVersionsController = __decorate([
    (0, common_1.Controller)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        description_version_store_1.DescriptionVersionStore,
        event_log_service_1.EventLogService, Object])
], DescriptionVersionsController);
function versionIdOf(v, field) {
    const n = /^\d{1,10}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647)
        throw new app_error_1.ValidationError({ [field]: ['must be a positive integer'] });
    return n;
}
//# sourceMappingURL=description-versions.controller.js.map