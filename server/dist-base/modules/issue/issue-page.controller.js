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
exports.IssuePageController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const etag_cache_service_1 = require("../../core/realtime/etag-cache.service");
const destroy_issue_1 = require("./actions/destroy-issue");
const update_issue_1 = require("./actions/update-issue");
const issue_loader_1 = require("./issue.loader");
const issue_mapper_1 = require("./issue.mapper");
const issue_validation_1 = require("./issue.validation");
/** The issue page's own endpoints (spec shapes): {issue}.json and {issue}/realtime_changes. */
let IssuePageController = class IssuePageController {
    loader;
    updateIssue;
    destroyIssue;
    markdown;
    config;
    etags;
    constructor(loader, updateIssue, destroyIssue, markdown, config, etags) {
        this.loader = loader;
        this.updateIssue = updateIssue;
        this.destroyIssue = destroyIssue;
        this.markdown = markdown;
        this.config = config;
        this.etags = etags;
    }
    /** Policy: read_issue. Polled by the page; Poll-Interval tells it when to come back. */
    async realtimeChanges(actor, project, iid, res) {
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
        const h = ctx.hydrated;
        res.setHeader('Poll-Interval', String(this.pollInterval(shared_types_1.REALTIME.realtimeChangesPollIntervalMs)));
        res.setHeader('Cache-Control', 'no-cache');
        // Derived from the seq read with the row this answer shows; later polls may get 304 from the cache
        res.setHeader('ETag', await this.etags.remember({ id: ctx.issue.id, iid: ctx.issue.iid, project_path: ctx.project.fullPath }, ctx.issue.eventSeq));
        return (0, issue_mapper_1.toRealtimeChanges)(h, this.markdown);
    }
    /**
     * Policy: update_issue. The page sends its flat form state (or Rails' {issue: {...}});
     * a stale lock_version is refused with 409 and the spec's text.
     */
    async updateJson(actor, project, iid, body, req, res) {
        try {
            if (req.method === 'GET') {
                const { hydrated } = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
                return (0, issue_mapper_1.toApiIssue)(hydrated, this.config.publicUrl);
            }
            if (req.method === 'DELETE')
                return await this.destroy(actor, project, iid, req.query);
            if (req.method !== 'PUT' && req.method !== 'PATCH')
                throw new app_error_1.AppError('NOT_FOUND');
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
            const raw = (body?.issue && typeof body.issue === 'object' ? body.issue : body ?? {});
            const lockVersion = (0, issue_validation_1.parseLockVersion)(raw.lock_version ?? body?.lock_version);
            const input = (0, issue_validation_1.parseIssueUpdate)(pick(raw, ['title', 'description', 'state_event', 'issue_type', 'confidential', 'discussion_locked', 'due_date', 'weight', 'epic_id', 'update_task', 'milestone_id', 'health_status', 'severity', 'iteration_id']));
            const { hydrated } = await this.updateIssue.execute(actor, ctx, input, { lockVersion });
            return (0, issue_mapper_1.toApiIssue)(hydrated, this.config.publicUrl);
        }
        catch (e) {
            // The page reads {"errors": [...]} (Rails' IssuableActions), not the API's {"message"}
            if (e instanceof app_error_1.AppError && (e.status === 409 || e instanceof app_error_1.ValidationError)) {
                res.status(e.status === 409 ? 409 : 422);
                return { errors: e instanceof app_error_1.ValidationError ? Object.entries(e.fields).map(([f, m]) => `${humanize(f)} ${m.join(', ')}`) : [shared_types_1.ERRORS.ISSUE_STALE.message] };
            }
            throw e;
        }
    }
    async destroy(actor, project, iid, q) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (q.destroy_confirm !== 'true')
            throw new app_error_1.ValidationError({ destroy_confirm: ['must be true'] });
        const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
        await this.destroyIssue.execute(actor, ctx);
        return { web_url: `/${ctx.project.fullPath}/-/issues` };
    }
    pollInterval(base) {
        const m = this.config.POLL_INTERVAL_MULTIPLIER;
        return m === 0 ? -1 : Math.round(base * m);
    }
};
exports.IssuePageController = IssuePageController;
__decorate([
    (0, common_1.Get)('*project/-/issues/:iid/realtime_changes'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], IssuePageController.prototype, "realtimeChanges", null);
__decorate([
    (0, common_1.All)('*project/-/issues/:iid.json'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Body)()),
    __param(4, (0, common_1.Req)()),
    __param(5, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], IssuePageController.prototype, "updateJson", null);
exports.IssuePageController = IssuePageController = __decorate([
    (0, common_1.Controller)(),
    __param(4, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        update_issue_1.UpdateIssueAction,
        destroy_issue_1.DestroyIssueAction,
        markdown_service_1.MarkdownService, Object, etag_cache_service_1.EtagCacheService])
], IssuePageController);
const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
const humanize = (f) => {
    const s = f.replace(/_/g, ' ');
    return s.charAt(0).toUpperCase() + s.slice(1);
};
//# sourceMappingURL=issue-page.controller.js.map