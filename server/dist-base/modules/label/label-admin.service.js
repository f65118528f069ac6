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
exports.LabelAdminService = void 0;
exports.toApiLabel = toApiLabel;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const issue_validation_1 = require("../issue/issue.validation");
const name = zod_1.z.string().trim().min(1, shared_types_1.VALIDATION.required).max(255, shared_types_1.VALIDATION.tooLong(255));
const color = zod_1.z.string().trim().regex(shared_types_1.LABEL_COLOR_PATTERN, 'must be a valid color code');
const description = zod_1.z.string().max(65_535, shared_types_1.VALIDATION.tooLong(65_535)).nullable();
const priority = zod_1.z.coerce.number().int().min(0).nullable();
const CREATE = zod_1.z.object({ name, color, description: description.optional(), priority: priority.optional() });
const UPDATE = zod_1.z.object({ new_name: name.optional(), color: color.optional(), description: description.optional(), priority: priority.optional() });
const ownerCol = (o) => ('projectId' in o ? 'project_id' : 'group_id');
const ownerId = (o) => ('projectId' in o ? o.projectId : o.groupId);
/** Creating, editing and deleting labels (REST v4 POST/PUT/DELETE .../labels); the caller checks admin_label. */
let LabelAdminService = class LabelAdminService {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    async create(owner, body) {
        const parsed = CREATE.safeParse(body ?? {});
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        const rows = await this.ds.query(`INSERT INTO labels (${ownerCol(owner)}, title, color, description, priority) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id, title, color, description, priority, project_id, group_id`, [ownerId(owner), p.name, p.color, p.description ?? null, p.priority ?? null]);
        if (!rows[0])
            throw new app_error_1.AppError('LABEL_EXISTS');
        return rows[0];
    }
    async find(owner, idOrName) {
        const byId = /^\d{1,10}$/.test(idOrName) && Number(idOrName) <= 2_147_483_647;
        const rows = await this.ds.query(`SELECT id, title, color, description, priority, project_id, group_id FROM labels
       WHERE ${ownerCol(owner)} = $1 AND (${byId ? 'id = $2::int' : 'lower(title) = lower($2)'})`, [ownerId(owner), idOrName]);
        if (!rows[0])
            throw new app_error_1.AppError('LABEL_NOT_FOUND');
        return rows[0];
    }
    async update(owner, idOrName, body) {
        const label = await this.find(owner, idOrName);
        const parsed = UPDATE.safeParse(body ?? {});
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        if (p.new_name === undefined && p.color === undefined && p.description === undefined && p.priority === undefined)
            throw new app_error_1.ValidationError({ base: ['new_name, color, description, priority are missing, at least one parameter must be provided'] });
        try {
            await this.ds.query(`UPDATE labels SET title = COALESCE($2::text, title), color = COALESCE($3::text, color),
           description = CASE WHEN $4::boolean THEN $5::text ELSE description END, priority = CASE WHEN $6::boolean THEN $7::int ELSE priority END, updated_at = now()
         WHERE id = $1`, [label.id, p.new_name ?? null, p.color ?? null, p.description !== undefined, p.description ?? null, p.priority !== undefined, p.priority ?? null]);
            return await this.find(owner, String(label.id));
        }
        catch (e) {
            if (e.code === '23505')
                throw new app_error_1.AppError('LABEL_EXISTS');
            throw e;
        }
    }
    async destroy(owner, idOrName) {
        const label = await this.find(owner, idOrName);
        await this.ds.query('DELETE FROM labels WHERE id = $1', [label.id]);
    }
};
exports.LabelAdminService = LabelAdminService;
exports.LabelAdminService = LabelAdminService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], LabelAdminService);
/** GitLab's REST Label entity. */
function toApiLabel(l, md, counts) {
    return {
        id: Number(l.id),
        name: l.title,
        color: l.color,
        text_color: (0, shared_types_1.labelTextColor)(l.color),
        description: l.description,
        description_html: md.render(l.description),
        priority: l.priority,
        is_project_label: l.project_id !== null,
        subscribed: false,
        ...(counts ? { open_issues_count: counts.open, closed_issues_count: counts.closed, open_merge_requests_count: 0 } : {}),
    };
}
//# sourceMappingURL=label-admin.service.js.map