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
exports.IncidentListController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_finder_1 = require("../issue/issue.finder");
const issue_loader_1 = require("../issue/issue.loader");
const issue_mapper_1 = require("../issue/issue.mapper");
const project_service_1 = require("../project/project.service");
const PER_PAGE = 20;
const incidentListQuery = zod_1.z.object({
    state: zod_1.z.enum(['opened', 'closed', 'all']).default('opened'),
    order_by: zod_1.z.enum(shared_types_1.INCIDENT_SORT_FIELDS).default('created_at'),
    sort: zod_1.z.enum(['asc', 'desc']).default('desc'),
    page: zod_1.z.coerce.number().int().min(1).default(1),
});
/** The incident list page's data: a project's incidents (issue_type incident) with severity and SLA due time. */
let IncidentListController = class IncidentListController {
    projects;
    finder;
    loader;
    config;
    ds;
    constructor(projects, finder, loader, config, ds) {
        this.projects = projects;
        this.finder = finder;
        this.loader = loader;
        this.config = config;
        this.ds = ds;
    }
    /** Policy: read_project; confidential incidents by the issue finder's read rule. */
    async list(actor, project, q) {
        const parsed = incidentListQuery.safeParse(q);
        if (!parsed.success) {
            const fields = {};
            for (const issue of parsed.error.issues)
                (fields[String(issue.path[0] ?? 'query')] ??= []).push('is invalid');
            throw new app_error_1.ValidationError(fields);
        }
        const { state, order_by, sort, page } = parsed.data;
        const scope = await this.projects.findReadable(actor, project.join('/'));
        const base = { issueType: 'incident', scope: 'all', perPage: PER_PAGE };
        const { issues, total } = await this.finder.list(actor, { ...base, state, orderBy: order_by, sort, page }, scope);
        // The empty state tells "no incidents at all" from "none in this tab"
        const allCount = state === 'all' ? total : (await this.finder.list(actor, { ...base, state: 'all', page: 1, perPage: 1 }, scope)).total;
        const due = new Map();
        if (issues.length) {
            const rows = (await this.ds.query('SELECT issue_id, due_at FROM issuable_slas WHERE issue_id = ANY($1)', [issues.map((i) => i.id)]));
            for (const r of rows)
                due.set(Number(r.issue_id), new Date(r.due_at).toISOString());
        }
        const hydrated = await this.loader.hydrate(issues, new Map([[scope.project.id, scope.project]]));
        const incidents = hydrated.map((h) => {
            const a = (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl);
            return {
                id: a.id,
                iid: a.iid,
                title: a.title,
                state: a.state,
                severity: a.severity ?? 'UNKNOWN',
                created_at: a.created_at,
                closed_at: a.closed_at,
                web_url: a.web_url,
                confidential: a.confidential,
                assignees: a.assignees.map((u) => ({ id: u.id, name: u.name, username: u.username, avatar_url: u.avatar_url })),
                sla_due_at: due.get(a.id) ?? null,
            };
        });
        return { incidents, total, all_count: allCount, page, per_page: PER_PAGE };
    }
};
exports.IncidentListController = IncidentListController;
__decorate([
    (0, common_1.Get)('*project/-/incidents.json'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, Object]),
    __metadata("design:returntype", Promise)
], IncidentListController.prototype, "list", null);
exports.IncidentListController = IncidentListController = __decorate([
    (0, common_1.Controller)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __param(4, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        issue_finder_1.IssueFinder,
        issue_loader_1.IssueLoader, Object, typeorm_2.DataSource])
], IncidentListController);
//# sourceMappingURL=incident-list.controller.js.map