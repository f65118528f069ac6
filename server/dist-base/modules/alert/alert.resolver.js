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
exports.ProjectAlertResolver = exports.IssueAlertResolver = exports.AlertType = void 0;
const graphql_1 = require("@nestjs/graphql");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const graphql_2 = require("graphql");
const scalars_1 = require("../../core/graphql/scalars");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const project_graphql_types_1 = require("../project/project.graphql-types");
const alert_service_1 = require("./alert.service");
const alert_store_1 = require("./alert.store");
/** GitLab's JSON scalar (the alert's details): output only. */
const JsonScalar = new graphql_2.GraphQLScalarType({ name: 'JSON', description: 'Any JSON value.', serialize: (v) => v });
let AlertType = class AlertType {
    iid;
    title;
    description;
    severity;
    status;
    startedAt;
    endedAt;
    eventCount;
    monitoringTool;
    service;
    hosts;
    details;
    detailsUrl;
};
exports.AlertType = AlertType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], AlertType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], AlertType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], AlertType.prototype, "description", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], AlertType.prototype, "severity", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], AlertType.prototype, "status", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], AlertType.prototype, "startedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar, { nullable: true }),
    __metadata("design:type", Object)
], AlertType.prototype, "endedAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int),
    __metadata("design:type", Number)
], AlertType.prototype, "eventCount", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], AlertType.prototype, "monitoringTool", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], AlertType.prototype, "service", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], AlertType.prototype, "hosts", void 0);
__decorate([
    (0, graphql_1.Field)(() => JsonScalar),
    __metadata("design:type", Object)
], AlertType.prototype, "details", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], AlertType.prototype, "detailsUrl", void 0);
exports.AlertType = AlertType = __decorate([
    (0, graphql_1.ObjectType)('AlertManagementAlert')
], AlertType);
const toAlertType = (a, projectPath, baseUrl) => ({
    iid: a.iid,
    title: a.title,
    description: a.description,
    severity: a.severity,
    status: a.status,
    startedAt: a.startedAt,
    endedAt: a.endedAt,
    eventCount: a.eventCount,
    monitoringTool: a.monitoringTool,
    service: a.service,
    hosts: a.hosts,
    details: a.details,
    // Tandem shows an alert on its incident's Alert details tab
    detailsUrl: a.issueIid === null ? '' : `${baseUrl}/${projectPath}/-/issues/${a.issueIid}#alert-details`,
});
/** `Issue.alertManagementAlert` and `Issue.slaDueAt` (the incident page's tabs and highlight bar). */
let IssueAlertResolver = class IssueAlertResolver {
    alerts;
    ds;
    constructor(alerts, ds) {
        this.alerts = alerts;
        this.ds = ds;
    }
    /** Policy: read_issue (checked when the issue was loaded); alerts are operational data for reporters and up (read_confidential_issues, GitLab's read_alert_management_alert). */
    async alertManagementAlert(actor, i) {
        const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
        const a = await (0, alert_store_1.alertOfIssue)(this.ds, id);
        return a && (0, policy_1.canProject)(actor, 'read_confidential_issues', i.projectFacts) ? toAlertType(a, i.projectFullPath, this.alerts.config.publicUrl) : null;
    }
    /** Policy: read_issue (checked on load). The incident's SLA due time, if it has one. */
    async slaDueAt(i) {
        const id = Number(i.id.slice(i.id.lastIndexOf('/') + 1));
        const [row] = (await this.ds.query('SELECT due_at FROM issuable_slas WHERE issue_id = $1', [id]));
        return row ? new Date(row.due_at).toISOString() : null;
    }
};
exports.IssueAlertResolver = IssueAlertResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => AlertType, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType]),
    __metadata("design:returntype", Promise)
], IssueAlertResolver.prototype, "alertManagementAlert", null);
__decorate([
    (0, graphql_1.ResolveField)(() => scalars_1.TimeScalar, { nullable: true }),
    __param(0, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType]),
    __metadata("design:returntype", Promise)
], IssueAlertResolver.prototype, "slaDueAt", null);
exports.IssueAlertResolver = IssueAlertResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [alert_service_1.AlertService,
        typeorm_2.DataSource])
], IssueAlertResolver);
/** `Project.alertManagementAlert(iid)`. */
let ProjectAlertResolver = class ProjectAlertResolver {
    alerts;
    ds;
    constructor(alerts, ds) {
        this.alerts = alerts;
        this.ds = ds;
    }
    /** Policy: read_confidential_issues on the project (reporters and up, GitLab's read_alert_management_alert); null otherwise. */
    async alertManagementAlert(actor, p, iid) {
        if (!/^\d{1,9}$/.test(iid))
            return null;
        const a = await (0, alert_store_1.alertByIid)(this.ds, p.entity.id, Number(iid));
        return a && (0, policy_1.canProject)(actor, 'read_confidential_issues', p.facts) ? toAlertType(a, p.fullPath, this.alerts.config.publicUrl) : null;
    }
};
exports.ProjectAlertResolver = ProjectAlertResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => AlertType, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)('iid', { type: () => String })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, project_graphql_types_1.ProjectType, String]),
    __metadata("design:returntype", Promise)
], ProjectAlertResolver.prototype, "alertManagementAlert", null);
exports.ProjectAlertResolver = ProjectAlertResolver = __decorate([
    (0, graphql_1.Resolver)(() => project_graphql_types_1.ProjectType),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [alert_service_1.AlertService,
        typeorm_2.DataSource])
], ProjectAlertResolver);
//# sourceMappingURL=alert.resolver.js.map