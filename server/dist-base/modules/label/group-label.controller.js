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
exports.GroupLabelController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const policy_1 = require("../../core/policy/policy");
const group_service_1 = require("../group/group.service");
const project_service_1 = require("../project/project.service");
const label_admin_service_1 = require("./label-admin.service");
/** GET/POST/PUT/DELETE /api/v4/groups/:id/labels (GitLab's group labels API). */
let GroupLabelController = class GroupLabelController {
    ds;
    groups;
    markdown;
    admin;
    constructor(ds, groups, markdown, admin) {
        this.ds = ds;
        this.groups = groups;
        this.markdown = markdown;
        this.admin = admin;
    }
    /** Policy: read_group. The group's labels, and its ancestors' with include_ancestor_groups (default true). */
    async list(actor, id, q) {
        const { group } = await this.groups.findReadable(actor, id);
        const includeAncestors = q.include_ancestor_groups !== 'false';
        const search = typeof q.search === 'string' && q.search ? `%${(0, project_service_1.escapeLike)(q.search)}%` : null;
        const rows = await this.ds.query(`WITH RECURSIVE anc(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT l.id, l.title, l.color, l.description, l.priority, l.project_id, l.group_id FROM labels l
       WHERE (l.group_id = $1 OR ($2 AND l.group_id IN (SELECT id FROM anc)))
         AND ($3::text IS NULL OR l.title ILIKE $3)
       ORDER BY lower(l.title)`, [group.id, includeAncestors, search]);
        return rows.map((l) => (0, label_admin_service_1.toApiLabel)(l, this.markdown, q.with_counts === 'true' ? { open: 0, closed: 0 } : undefined));
    }
    /** Policy: admin_group_label (reporters and up). */
    async create(actor, id, body) {
        const groupId = await this.authorized(actor, id);
        return (0, label_admin_service_1.toApiLabel)(await this.admin.create({ groupId }, body), this.markdown);
    }
    /** Policy: admin_group_label. */
    async update(actor, id, labelId, body) {
        const groupId = await this.authorized(actor, id);
        return (0, label_admin_service_1.toApiLabel)(await this.admin.update({ groupId }, labelId, body), this.markdown);
    }
    /** Policy: admin_group_label. */
    async destroy(actor, id, labelId) {
        const groupId = await this.authorized(actor, id);
        await this.admin.destroy({ groupId }, labelId);
    }
    async authorized(actor, id) {
        const { group, facts } = await this.groups.findReadable(actor, id);
        if (!(0, policy_1.canGroup)(actor, 'admin_group_label', facts))
            throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
        return group.id;
    }
};
exports.GroupLabelController = GroupLabelController;
__decorate([
    (0, common_1.Get)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], GroupLabelController.prototype, "list", null);
__decorate([
    (0, common_1.Post)(),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", Promise)
], GroupLabelController.prototype, "create", null);
__decorate([
    (0, common_1.Put)(':label_id'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('label_id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], GroupLabelController.prototype, "update", null);
__decorate([
    (0, common_1.Delete)(':label_id'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('label_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String]),
    __metadata("design:returntype", Promise)
], GroupLabelController.prototype, "destroy", null);
exports.GroupLabelController = GroupLabelController = __decorate([
    (0, common_1.Controller)('api/v4/groups/:id/labels'),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        group_service_1.GroupService,
        markdown_service_1.MarkdownService,
        label_admin_service_1.LabelAdminService])
], GroupLabelController);
//# sourceMappingURL=group-label.controller.js.map