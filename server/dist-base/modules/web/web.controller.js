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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebController = void 0;
const node_fs_1 = __importDefault(require("node:fs"));
const node_path_1 = __importDefault(require("node:path"));
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const request_context_1 = require("../../core/http/request-context");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const award_finder_1 = require("../award/award.finder");
const issue_loader_1 = require("../issue/issue.loader");
const discussion_finder_1 = require("../note/discussion.finder");
const group_service_1 = require("../group/group.service");
const issue_link_finder_1 = require("../issue-link/issue-link.finder");
const issue_link_mapper_1 = require("../issue-link/issue-link.mapper");
const issue_mapper_1 = require("../issue/issue.mapper");
const project_mapper_1 = require("../project/project.mapper");
const project_service_1 = require("../project/project.service");
const user_entity_1 = require("../user/user.entity");
const user_mapper_1 = require("../user/user.mapper");
const page_data_1 = require("./page-data");
const ISSUE_PAGE = /^\/(.+)\/-\/issues\/(\d+)\/?$/;
/**
 * Serves the built client for every page route, with the page's initial data embedded so the
 * issue page paints without a second round trip. Registered last: API routes win.
 */
let WebController = class WebController {
    config;
    ds;
    issues;
    projects;
    discussions;
    awards;
    links;
    groups;
    template = null;
    constructor(config, ds, issues, projects, discussions, awards, links, groups) {
        this.config = config;
        this.ds = ds;
        this.issues = issues;
        this.projects = projects;
        this.discussions = discussions;
        this.awards = awards;
        this.links = links;
        this.groups = groups;
    }
    /** Policy: public (drawn from the name in the URL only). Initials avatars, so no external avatar service is needed. */
    avatar(file, res) {
        const name = file.replace(/\.svg$/, '');
        const initials = (0, page_data_1.escapeHtml)(name.slice(0, 2).toUpperCase());
        let h = 0;
        for (const ch of name)
            h = (h * 31 + ch.charCodeAt(0)) >>> 0;
        const hue = h % 360;
        res
            .type('image/svg+xml')
            .setHeader('Cache-Control', 'public, max-age=86400')
            .send(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue},45%,88%)"/><text x="32" y="40" font-family="system-ui,sans-serif" font-size="24" font-weight="600" text-anchor="middle" fill="hsl(${hue},45%,30%)">${initials}</text></svg>`);
    }
    /** Policy: the page shell is public; embedded data is only what the actor may read. */
    async page(req, res) {
        // API, health, avatars and static files are never pages; /-/user_settings/... and the like are
        if (req.path.startsWith('/api/') || /^\/-\/(liveness|readiness|avatars|metrics)\b/.test(req.path) || req.path.startsWith('/assets/')) {
            res.status(404).json({ error: '404 Not Found' });
            return;
        }
        const { actor, csrfToken } = (0, request_context_1.authOf)(req);
        const user = actor ? await this.ds.getRepository(user_entity_1.User).findOneBy({ id: actor.id }) : null;
        const data = { currentUser: user ? (0, user_mapper_1.toCurrentUser)(user, this.config.publicUrl) : null, csrfToken };
        let status = 200;
        const m = ISSUE_PAGE.exec(req.path);
        if (m) {
            try {
                const ctx = await this.issues.findReadable(actor, decodeURIComponent(m[1]), m[2], { hydrate: true });
                const h = ctx.hydrated;
                const ns = ctx.project.namespace;
                const [counts, awards, blockedBy, notesData, groupFacts] = await Promise.all([
                    this.projects.openIssuesCount([ctx.project.id]),
                    this.awards.forIssue(ctx.issue.id),
                    this.links.blockedBy(actor, ctx.issue.id),
                    this.discussions.pageNotesData(actor, ctx),
                    // Promote to epic needs the actor's level in the project's group (signed-in only)
                    actor && ns?.type === 'Group' ? this.groups.facts(actor, ns) : Promise.resolve(null),
                ]);
                const base = `/${ctx.project.fullPath}/-/issues/${ctx.issue.iid}`;
                data.issue = {
                    issue: (0, issue_mapper_1.toApiIssue)(h, this.config.publicUrl),
                    project: (0, project_mapper_1.toApiProject)(ctx.project, this.config.publicUrl, counts.get(ctx.project.id) ?? 0),
                    permissions: (0, issue_permissions_1.issuePagePermissions)(actor, ctx.projectFacts, ctx.facts, groupFacts),
                    seq: ctx.issue.eventSeq,
                    endpoint: base,
                    realtimeChangesPath: `${base}/realtime_changes`,
                    notesPath: `/${ctx.project.fullPath}/noteable/issue/${ctx.issue.id}/notes`,
                    lastFetchedAt: Date.now() * 1000,
                    notesData,
                    awards,
                    blocked_by_count: blockedBy.length,
                    blocked_by_issues: blockedBy.map((b) => ({
                        id: b.other.issue.id,
                        iid: b.other.issue.iid,
                        title: b.other.issue.title,
                        reference: (0, issue_link_mapper_1.referenceFrom)(ctx.project.fullPath, b.other.project.fullPath, b.other.issue.iid),
                        web_url: `${this.config.publicUrl}/${b.other.project.fullPath}/-/issues/${b.other.issue.iid}`,
                    })),
                };
            }
            catch (e) {
                if (!(e instanceof app_error_1.AppError) || e.status !== 404)
                    throw e;
                status = 404;
            }
        }
        res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(this.render(data));
    }
    render(data) {
        const tpl = this.loadTemplate();
        const inject = `<script id="tandem-data" type="application/json">${(0, page_data_1.embedJson)(data)}</script>` +
            (data.csrfToken ? `<meta name="csrf-token" content="${(0, page_data_1.escapeHtml)(data.csrfToken)}">` : '') +
            `<meta name="tandem-poll" content="${shared_types_1.REALTIME.firstPollDelayMs}">`;
        return tpl.replace('</head>', `${inject}</head>`);
    }
    loadTemplate() {
        if (this.template && this.config.NODE_ENV === 'production')
            return this.template;
        const file = node_path_1.default.join(this.config.clientDist, 'index.html');
        this.template = node_fs_1.default.existsSync(file)
            ? node_fs_1.default.readFileSync(file, 'utf8')
            : '<!doctype html><html><head><meta charset="utf-8"><title>Tandem</title></head><body><div id="root">The client is not built: run npm run build.</div></body></html>';
        return this.template;
    }
};
exports.WebController = WebController;
__decorate([
    (0, common_1.Get)('-/avatars/:file'),
    __param(0, (0, common_1.Param)('file')),
    __param(1, (0, common_1.Res)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", void 0)
], WebController.prototype, "avatar", null);
__decorate([
    (0, common_1.Get)(['/', '*path']),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Res)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], WebController.prototype, "page", null);
exports.WebController = WebController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [Object, typeorm_2.DataSource,
        issue_loader_1.IssueLoader,
        project_service_1.ProjectService,
        discussion_finder_1.DiscussionFinder,
        award_finder_1.AwardFinder,
        issue_link_finder_1.IssueLinkFinder,
        group_service_1.GroupService])
], WebController);
//# sourceMappingURL=web.controller.js.map