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
exports.ReportAbuseAction = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../../core/errors/app-error");
const issue_permissions_1 = require("../../../core/policy/issue-permissions");
const issue_loader_1 = require("../../issue/issue.loader");
/**
 * A report about an issue's author (spec §6: anyone signed in who is not the author, and who
 * may read the issue). Stored in abuse_reports for admins; one statement.
 */
let ReportAbuseAction = class ReportAbuseAction {
    ds;
    loader;
    constructor(ds, loader) {
        this.ds = ds;
        this.loader = loader;
    }
    async execute(actor, input, reportedFromUrl) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, input.project_path, input.iid);
        if (!(0, issue_permissions_1.issueHeaderFlags)(actor, ctx.projectFacts, ctx.facts).canReportAbuse)
            throw new app_error_1.AppError('FORBIDDEN');
        const [row] = (await this.ds.query(`INSERT INTO abuse_reports (reporter_id, user_id, issue_id, category, message, reported_from_url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [actor.id, ctx.issue.authorId, ctx.issue.id, input.category, input.message, reportedFromUrl]));
        return { id: Number(row.id) };
    }
};
exports.ReportAbuseAction = ReportAbuseAction;
exports.ReportAbuseAction = ReportAbuseAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader])
], ReportAbuseAction);
//# sourceMappingURL=report-abuse.js.map