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
exports.LabelController = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../core/errors/app-error");
const label_admin_service_1 = require("./label-admin.service");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const shared_types_1 = require("@tandem/shared-types");
const project_service_1 = require("../project/project.service");
/** GET /api/v4/projects/:id/labels (GitLab's Label entity), project and ancestor-group labels. */
let LabelController = class LabelController {
    ds;
    config;
    projects;
    markdown;
    admin;
    constructor(ds, config, projects, markdown, admin) {
        this.ds = ds;
        this.config = config;
        this.projects = projects;
        this.markdown = markdown;
        this.admin = admin;
    }
    /** Policy: admin_label (reporters and up). */
    async create(actor, id, body) {
        const project = await this.authorized(actor, id);
        return (0, label_admin_service_1.toApiLabel)(await this.admin.create({ projectId: project.id }, body), this.markdown);
    }
    /** Policy: admin_label. */
    async update(actor, id, labelId, body) {
        const project = await this.authorized(actor, id);
        return (0, label_admin_service_1.toApiLabel)(await this.admin.update({ projectId: project.id }, labelId, body), this.markdown);
    }
    /** Policy: admin_label. */
    async destroy(actor, id, labelId) {
        const project = await this.authorized(actor, id);
        await this.admin.destroy({ projectId: project.id }, labelId);
    }
    async authorized(actor, id) {
        const { project, facts } = await this.projects.findReadable(actor, id);
        if (!this.projects.can(actor, 'admin_label', facts))
            throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
        return project;
    }
    /** Policy: read_project. */
    async list(actor, id, q) {
        const { project, facts } = await this.projects.findReadable(actor, id);
        const withCounts = q.with_counts === 'true';
        const includeAncestors = q.include_ancestor_groups !== 'false';
        const search = typeof q.search === 'string' && q.search ? `%${(0, project_service_1.escapeLike)(q.search)}%` : null;
        const confidentialOk = this.projects.can(actor, 'read_confidential_issues', facts);
        const rows = await this.ds.query(`WITH RECURSIVE anc(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT l.id, l.title, l.color, l.description, l.priority, l.project_id
         ${withCounts ? `, (SELECT count(*)::int FROM label_links ll JOIN issues i ON i.id = ll.target_id AND ll.target_type = 'Issue'
                WHERE ll.label_id = l.id AND i.project_id = $1 AND i.state = 'opened' AND (${confidentialOk} OR NOT i.confidential)) AS open_issues_count,
              (SELECT count(*)::int FROM label_links ll JOIN issues i ON i.id = ll.target_id AND ll.target_type = 'Issue'
                WHERE ll.label_id = l.id AND i.project_id = $1 AND i.state = 'closed' AND (${confidentialOk} OR NOT i.confidential)) AS closed_issues_count` : ''}
       FROM labels l
       WHERE (l.project_id = $1 OR ($3 AND l.group_id IN (SELECT id FROM anc)))
         AND ($4::text IS NULL OR l.title ILIKE $4)
       ORDER BY lower(l.title)`, [project.id, project.namespaceId, includeAncestors, search]);
        return rows.map((l) => ({
            id: l.id,
            name: l.title,
            color: l.color,
            text_color: (0, shared_types_1.labelTextColor)(l.color),
            description: l.description,
            description_html: this.markdown.render(l.description),
            priority: l.priority,
            is_project_label: l.project_id !== null,
            subscribed: false,
            ...(withCounts ? { open_issues_count: l.open_issues_count ?? 0, closed_issues_count: l.closed_issues_count ?? 0, open_merge_requests_count: 0 } : {}),
        }));
    }
};
exports.LabelController = LabelController;
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], LabelController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':label_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('label_id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], LabelController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':label_id'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('label_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], LabelController.prototype, "destroy", null);
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], LabelController.prototype, "list", null);
exports.LabelController = LabelController = __decorate([
    (0, common_1.Controller)('api/v4/projects/:id/labels'),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, project_service_1.ProjectService,
        markdown_service_1.MarkdownService,
        label_admin_service_1.LabelAdminService])
], LabelController);
//# sourceMappingURL=label.controller.js.map