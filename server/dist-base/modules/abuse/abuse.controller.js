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
exports.AbuseController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const common_2 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const zod_input_1 = require("../../core/http/zod-input");
const issue_loader_1 = require("../issue/issue.loader");
const mark_issue_as_spam_1 = require("./actions/mark-issue-as-spam");
const report_abuse_1 = require("./actions/report-abuse");
/** A page endpoint's failure as {"errors": [...]} with its status (the page reads that shape). */
async function pageAnswer(res, run) {
    try {
        return await run();
    }
    catch (e) {
        if (!(e instanceof app_error_1.AppError))
            throw e;
        res.status(e.status);
        return { errors: e instanceof app_error_1.ValidationError ? Object.entries(e.fields).map(([f, m]) => `${f} ${m.join(', ')}`) : [e.message] };
    }
}
/**
 * The issue header's Report abuse and Submit as spam, and the admins' list of abuse reports
 * (GitLab's GET /api/v4/admin/abuse_reports).
 */
let AbuseController = class AbuseController {
    ds;
    config;
    loader;
    reportAbuse;
    markAsSpam;
    constructor(ds, config, loader, reportAbuse, markAsSpam) {
        this.ds = ds;
        this.config = config;
        this.loader = loader;
        this.reportAbuse = reportAbuse;
        this.markAsSpam = markAsSpam;
    }
    /** Policy: read_issue, signed in and not the issue's author (issueHeaderFlags.canReportAbuse). */
    async report(actor, body, res) {
        return pageAnswer(res, async () => {
            const input = (0, zod_input_1.parseInput)(shared_types_1.abuseReportSchema, body);
            const url = `${this.config.publicUrl}/${input.project_path}/-/issues/${input.iid}`;
            const { id } = await this.reportAbuse.execute(actor, input, url);
            return { id, message: shared_types_1.ABUSE_TEXTS.sent };
        });
    }
    /** Policy: read_issue, admins only (issueHeaderFlags.canReportSpam). */
    async spam(actor, project, iid, res) {
        return pageAnswer(res, async () => {
            if (!actor)
                throw new app_error_1.AppError('UNAUTHORIZED');
            const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
            await this.markAsSpam.execute(actor, ctx);
            return { message: shared_types_1.ABUSE_TEXTS.spamDone, web_url: `/${ctx.project.fullPath}/-/issues` };
        });
    }
    /** Policy: none for reading issues; admins only (actor.isAdmin), newest first, paginated. */
    async list(actor, q, req, res) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!actor.isAdmin)
            throw new app_error_1.AppError('FORBIDDEN');
        const p = (0, pagination_1.pageParams)(q);
        const rows = (await this.ds.query(`SELECT a.id, a.category, a.message, a.reported_from_url, a.created_at,
         CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id, 'username', r.username, 'name', r.name) END AS reporter,
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'username', u.username, 'name', u.name) END AS "user",
         count(*) OVER () AS total
       FROM abuse_reports a LEFT JOIN users r ON r.id = a.reporter_id LEFT JOIN users u ON u.id = a.user_id
       ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2`, [p.perPage, (p.page - 1) * p.perPage]));
        const total = rows[0] ? Number(rows[0].total) : Number((await this.ds.query('SELECT count(*)::int AS n FROM abuse_reports'))[0].n);
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, p, total);
        return rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
    }
};
exports.AbuseController = AbuseController;
__decorate([
    (0, common_1.Post)('-/abuse_reports'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Body)()),
    __param(2, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AbuseController.prototype, "report", null);
__decorate([
    (0, common_1.Post)('*project/-/issues/:iid/mark_as_spam'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object]),
    __metadata("design:returntype", Promise)
], AbuseController.prototype, "spam", null);
__decorate([
    (0, common_1.Get)('api/v4/admin/abuse_reports'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Query)()),
    __param(2, (0, common_1.Req)()),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AbuseController.prototype, "list", null);
exports.AbuseController = AbuseController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_2.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, issue_loader_1.IssueLoader,
        report_abuse_1.ReportAbuseAction,
        mark_issue_as_spam_1.MarkIssueAsSpamAction])
], AbuseController);
//# sourceMappingURL=abuse.controller.js.map