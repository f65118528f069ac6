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
exports.TimeTrackingController = void 0;
const common_1 = require("@nestjs/common");
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const current_actor_decorator_1 = require("../../../core/http/current-actor.decorator");
const update_issue_1 = require("../actions/update-issue");
const params_1 = require("../fields/params");
const issue_loader_1 = require("../issue.loader");
const issue_validation_1 = require("../issue.validation");
/** A positive duration (estimate), or a signed one (spent time), GitLab's duration language. */
const durationParam = (signed) => zod_1.z.unknown().transform((v, ctx) => {
    const n = typeof v === 'string' ? (0, shared_types_1.parseDuration)(v) : null;
    if (n === null || (!signed && n < 0)) {
        ctx.addIssue({ code: zod_1.z.ZodIssueCode.custom, message: v === undefined || v === null || v === '' ? shared_types_1.VALIDATION.required : shared_types_1.TIME_TRACKING_TEXTS.invalidDuration });
        return zod_1.z.NEVER;
    }
    return n;
});
const estimateSchema = zod_1.z.object({ duration: durationParam(false) });
const spendSchema = zod_1.z.object({
    duration: durationParam(true),
    summary: zod_1.z.string({ message: shared_types_1.VALIDATION.notString }).max(255, shared_types_1.VALIDATION.tooLong(255)).nullish(),
    spent_at: (0, params_1.dateParam)().optional(),
});
const parse = (schema, raw) => {
    const r = schema.safeParse(raw ?? {});
    if (!r.success)
        throw (0, issue_validation_1.validationErrorOf)(r.error);
    return r.data;
};
/**
 * GitLab's REST time tracking of an issue (TimeTrackingEndpoints): each answers the issue's
 * time_stats. Changes go through UpdateIssueAction (the fields time-estimate.ts and
 * time-spent.ts), so they leave the same system notes and live events as the quick actions.
 */
let TimeTrackingController = class TimeTrackingController {
    loader;
    updateIssue;
    constructor(loader, updateIssue) {
        this.loader = loader;
        this.updateIssue = updateIssue;
    }
    /** Policy: admin_issue (fields/time-estimate.ts). Parameters in the query or the body. */
    async setEstimate(actor, id, iid, q, body) {
        const { duration } = parse(estimateSchema, { ...q, ...body });
        return this.change(actor, id, iid, { timeEstimate: duration });
    }
    /** Policy: admin_issue (fields/time-estimate.ts). */
    async resetEstimate(actor, id, iid) {
        return this.change(actor, id, iid, { timeEstimate: 0 });
    }
    /** Policy: admin_issue (fields/time-spent.ts). GitLab answers 201. */
    async addSpent(actor, id, iid, q, body) {
        const p = parse(spendSchema, { ...q, ...body });
        return this.change(actor, id, iid, { timeSpent: { seconds: p.duration, spentAt: p.spent_at ?? null, summary: p.summary ?? null } });
    }
    /** Policy: admin_issue (fields/time-spent.ts). */
    async resetSpent(actor, id, iid) {
        return this.change(actor, id, iid, { timeSpent: { seconds: 'reset' } });
    }
    /** Policy: read_issue. */
    async stats(actor, id, iid) {
        const { issue } = await this.loader.findReadable(actor, id, iid);
        return (0, shared_types_1.timeStats)(issue.timeEstimate, issue.totalTimeSpent);
    }
    async change(actor, id, iid, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const loaded = await this.loader.findReadable(actor, id, iid);
        const { issue } = await this.updateIssue.execute(actor, loaded, input);
        return (0, shared_types_1.timeStats)(issue.timeEstimate, issue.totalTimeSpent);
    }
};
exports.TimeTrackingController = TimeTrackingController;
__decorate([
    (0, common_1.Post)('time_estimate'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object, Object]),
    __metadata("design:returntype", Promise)
], TimeTrackingController.prototype, "setEstimate", null);
__decorate([
    (0, common_1.Post)('reset_time_estimate'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], TimeTrackingController.prototype, "resetEstimate", null);
__decorate([
    (0, common_1.Post)('add_spent_time'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Query)()),
    __param(4, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object, Object]),
    __metadata("design:returntype", Promise)
], TimeTrackingController.prototype, "addSpent", null);
__decorate([
    (0, common_1.Post)('reset_spent_time'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], TimeTrackingController.prototype, "resetSpent", null);
__decorate([
    (0, common_1.Get)('time_stats'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], TimeTrackingController.prototype, "stats", null);
exports.TimeTrackingController = TimeTrackingController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/issues/:iid'),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        update_issue_1.UpdateIssueAction])
], TimeTrackingController);
//# sourceMappingURL=time-tracking.controller.js.map