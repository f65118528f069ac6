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
exports.IssueBulkController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const project_service_1 = require("../project/project.service");
const update_issue_1 = require("./actions/update-issue");
const issue_context_1 = require("./issue-context");
const issue_loader_1 = require("./issue.loader");
const issue_validation_1 = require("./issue.validation");
const subscription_store_1 = require("./subscription.store");
/**
 * The issue list's bulk update (GitLab's Issuable::BulkUpdateService): each issue of the
 * project named in `issuable_ids` goes through UpdateIssueAction (its policy, system notes and
 * live events); issues the actor may not change are skipped, as GitLab skips them.
 */
let IssueBulkController = class IssueBulkController {
    ds;
    projects;
    loader;
    update;
    subscriptions;
    constructor(ds, projects, loader, update, subscriptions) {
        this.ds = ds;
        this.projects = projects;
        this.loader = loader;
        this.update = update;
        this.subscriptions = subscriptions;
    }
    /** Policy: read_project; then per issue update_issue (state), admin_issue (assignees, labels), update_subscription. */
    async bulkUpdate(actor, id, body) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        // The web form nests it under `update` (GitLab's bulk update form)
        const raw = body && typeof body.update === 'object' && body.update !== null ? { issuable_ids: body.issuable_ids, ...body.update } : (body ?? {});
        const parsed = shared_types_1.bulkUpdateSchema.safeParse(raw, { errorMap: shared_types_1.validationErrorMap });
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        const { project, facts } = await this.projects.findReadable(actor, id);
        const input = {};
        if (p.state_event)
            input.stateEvent = p.state_event;
        // GitLab: assignee_ids [0] (or empty) unassigns everyone
        if (p.assignee_ids)
            input.assigneeIds = p.assignee_ids.filter((x) => x > 0);
        if (p.add_label_ids?.length || p.remove_label_ids?.length) {
            input.labels = { add: (p.add_label_ids ?? []).map((x) => ({ id: x })), remove: (p.remove_label_ids ?? []).map((x) => ({ id: x })) };
        }
        const rows = (await this.ds.query('SELECT iid FROM issues WHERE project_id = $1 AND id = ANY($2::int[]) ORDER BY id', [project.id, p.issuable_ids]));
        let count = 0;
        for (const { iid } of rows) {
            const ctx = await this.loader.contextFor(project, facts, iid);
            if (!ctx || !(0, issue_context_1.canOnIssue)(actor, 'read_issue', ctx))
                continue;
            let changed = false;
            if (Object.keys(input).length) {
                const needs = input.assigneeIds !== undefined || input.labels ? 'admin_issue' : input.stateEvent === 'reopen' ? 'reopen_issue' : 'update_issue';
                if (!(0, issue_context_1.canOnIssue)(actor, needs, ctx) || !(0, issue_context_1.canOnIssue)(actor, 'update_issue', ctx))
                    continue;
                await this.update.execute(actor, ctx, input);
                changed = true;
            }
            if (p.subscription_event && (0, issue_context_1.canOnIssue)(actor, 'update_subscription', ctx)) {
                await this.subscriptions.set(ctx.issue.id, actor.id, p.subscription_event === 'subscribe');
                changed = true;
            }
            if (changed)
                count++;
        }
        return { count };
    }
};
exports.IssueBulkController = IssueBulkController;
__decorate([
    (0, common_1.Put)('bulk_update'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], IssueBulkController.prototype, "bulkUpdate", null);
exports.IssueBulkController = IssueBulkController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues'),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        project_service_1.ProjectService,
        issue_loader_1.IssueLoader,
        update_issue_1.UpdateIssueAction,
        subscription_store_1.SubscriptionStore])
], IssueBulkController);
//# sourceMappingURL=issue-bulk.controller.js.map