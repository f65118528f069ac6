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
exports.AlertService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const tokens_1 = require("../auth/tokens");
const tokens_2 = require("../auth/tokens");
const create_issue_1 = require("../issue/actions/create-issue");
const update_issue_1 = require("../issue/actions/update-issue");
const issue_loader_1 = require("../issue/issue.loader");
const project_service_1 = require("../project/project.service");
const alert_store_1 = require("./alert.store");
/** GitLab's incident severities from an alert's severity. */
const INCIDENT_SEVERITY = { critical: 'CRITICAL', high: 'HIGH', medium: 'MEDIUM', low: 'LOW', info: 'UNKNOWN', unknown: 'UNKNOWN' };
/** The user alerts act as (GitLab's Alert Bot): created on first use, never signs in. */
const BOT = { username: 'alert-bot', name: 'Alert Bot', email: 'alert-bot@noreply.tandem.local' };
/**
 * The alert endpoint and the incident settings: maintainers generate the endpoint's token and
 * set the time to SLA; a posted alert is stored (or counted on its fingerprint) and a new one
 * opens an incident with its SLA due time and a system note.
 */
let AlertService = class AlertService {
    ds;
    config;
    projects;
    events;
    createIssue;
    updateIssue;
    loader;
    constructor(ds, config, projects, events, createIssue, updateIssue, loader) {
        this.ds = ds;
        this.config = config;
        this.projects = projects;
        this.events = events;
        this.createIssue = createIssue;
        this.updateIssue = updateIssue;
        this.loader = loader;
    }
    async settings(actor, idOrPath) {
        const { project } = await this.admin(actor, idOrPath);
        return this.settingsOf(project);
    }
    async updateSettings(actor, idOrPath, input) {
        const { project } = await this.admin(actor, idOrPath);
        if (input.slaMinutes !== undefined) {
            await this.ds.query(`INSERT INTO project_incident_settings (project_id, sla_minutes) VALUES ($1, $2)
         ON CONFLICT (project_id) DO UPDATE SET sla_minutes = EXCLUDED.sla_minutes, updated_at = now()`, [project.id, input.slaMinutes]);
        }
        return this.settingsOf(project);
    }
    /** A new token for the alert endpoint (the old one stops working); shown once. */
    async resetToken(actor, idOrPath) {
        const { project } = await this.admin(actor, idOrPath);
        const token = (0, tokens_1.randomToken)(24);
        await this.ds.query(`INSERT INTO project_incident_settings (project_id, alerts_token_digest) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET alerts_token_digest = EXCLUDED.alerts_token_digest, updated_at = now()`, [project.id, (0, tokens_1.digest)(token)]);
        return { ...(await this.settingsOf(project)), token };
    }
    /** POST {project}/alerts/notify.json: the project's token as a Bearer credential, else 401 (unknown projects too). */
    async notify(projectPath, bearer, payload) {
        const project = await this.projects.findByIdOrPath(projectPath);
        const [s] = project ? (await this.ds.query('SELECT alerts_token_digest FROM project_incident_settings WHERE project_id = $1', [project.id])) : [];
        if (!project || !bearer || !s?.alerts_token_digest || !(0, tokens_2.safeEqual)((0, tokens_1.digest)(bearer), s.alerts_token_digest))
            throw new app_error_1.AppError('ALERT_UNAUTHORIZED');
        const input = payload();
        const { alert, created } = await this.ds.transaction((m) => (0, alert_store_1.recordAlert)(m, project.id, input));
        if (!created || alert.status === 'RESOLVED')
            return alert;
        return this.openIncident(project, alert, input);
    }
    /** The incident for a new alert: the issue (as the Alert Bot), its severity and SLA, the alert's link and the note. */
    async openIncident(project, alert, a) {
        const bot = await this.bot();
        const facts = { visibility: project.visibility, archived: project.archived, accessLevel: 0 };
        const issue = await this.createIssue.execute(bot, project, facts, { title: a.title, description: incidentDescription(alert), issueType: 'incident' });
        const ctx = await this.loader.contextFor(project, facts, issue.iid);
        await this.events.transaction(async (tx) => {
            const m = tx.manager;
            await m.query('UPDATE alerts SET issue_id = $1, updated_at = now() WHERE id = $2', [issue.id, alert.id]);
            await m.query('UPDATE issues SET severity = $1 WHERE id = $2', [INCIDENT_SEVERITY[a.severity] ?? 'UNKNOWN', issue.id]);
            await m.query(`INSERT INTO issuable_slas (issue_id, due_at)
         SELECT $1, i.created_at + make_interval(mins => s.sla_minutes) FROM issues i JOIN project_incident_settings s ON s.project_id = i.project_id
         WHERE i.id = $1 AND s.sla_minutes IS NOT NULL`, [issue.id]);
            await this.updateIssue.executeInTx(tx, bot, ctx, { fromAlert: Number(alert.iid) });
        });
        return { ...alert, issueId: issue.id, issueIid: issue.iid };
    }
    async bot() {
        await this.ds.query(`INSERT INTO users (username, name, email) SELECT $1::varchar, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = $1)`, [BOT.username, BOT.name, BOT.email]);
        const [u] = (await this.ds.query('SELECT id FROM users WHERE lower(username) = $1', [BOT.username]));
        // The bot acts for the project's alert endpoint (authorised by its token), so it passes the issue checks
        return { id: Number(u.id), username: BOT.username, isAdmin: true, scopes: null };
    }
    async admin(actor, idOrPath) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const found = await this.projects.findReadable(actor, idOrPath);
        if (!this.projects.can(actor, 'admin_project', found.facts))
            throw new app_error_1.AppError('FORBIDDEN');
        return found;
    }
    async settingsOf(project) {
        const [s] = (await this.ds.query('SELECT alerts_token_digest, sla_minutes FROM project_incident_settings WHERE project_id = $1', [project.id]));
        return { sla_minutes: s?.sla_minutes ?? null, alerts_enabled: !!s?.alerts_token_digest, alerts_url: `${this.config.publicUrl}/${project.fullPath}/alerts/notify.json` };
    }
};
exports.AlertService = AlertService;
exports.AlertService = AlertService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, project_service_1.ProjectService,
        event_log_service_1.EventLogService,
        create_issue_1.CreateIssueAction,
        update_issue_1.UpdateIssueAction,
        issue_loader_1.IssueLoader])
], AlertService);
/** The incident's description: the alert's summary, as GitLab writes it. */
function incidentDescription(a) {
    const lines = [`**Start time:** ${a.startedAt}`, `**Severity:** ${a.severity.toLowerCase()}`];
    if (a.service)
        lines.push(`**Service:** ${a.service}`);
    if (a.monitoringTool)
        lines.push(`**Monitoring tool:** ${a.monitoringTool}`);
    if (a.hosts.length)
        lines.push(`**Hosts:** ${a.hosts.join(', ')}`);
    return `${lines.join('\n')}\n\n${a.description ?? ''}`.trim();
}
//# sourceMappingURL=alert.service.js.map