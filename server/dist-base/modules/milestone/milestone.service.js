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
exports.MilestoneService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const project_service_1 = require("../project/project.service");
const issue_validation_1 = require("../issue/issue.validation");
const params_1 = require("../issue/fields/params");
const milestone_queries_1 = require("./milestone.queries");
const COLUMNS = `m.id, m.iid, m.project_id, m.group_id, m.title, m.description, m.state,
  to_char(m.start_date, 'YYYY-MM-DD') AS start_date, to_char(m.due_date, 'YYYY-MM-DD') AS due_date, m.created_at, m.updated_at,
  COALESCE(p.full_path, g.full_path) AS owner_path
  FROM milestones m LEFT JOIN projects p ON p.id = m.project_id LEFT JOIN namespaces g ON g.id = m.group_id`;
const title = zod_1.z.string().trim().min(1, shared_types_1.VALIDATION.required).max(255, shared_types_1.VALIDATION.tooLong(255));
const description = zod_1.z.string().max(65_535, shared_types_1.VALIDATION.tooLong(65_535)).nullable();
const CREATE = zod_1.z.object({ title, description: description.optional(), due_date: (0, params_1.dateParam)().optional(), start_date: (0, params_1.dateParam)().optional() });
const UPDATE = zod_1.z.object({
    title: title.optional(),
    description: description.optional(),
    due_date: (0, params_1.dateParam)().optional(),
    start_date: (0, params_1.dateParam)().optional(),
    state_event: zod_1.z.enum(['close', 'activate']).optional(),
});
const ownerWhere = (o) => ('projectId' in o ? 'm.project_id = $1' : 'm.group_id = $1');
const ownerId = (o) => ('projectId' in o ? o.projectId : o.groupId);
/** Project and group milestones (REST v4 /projects/:id/milestones, /groups/:id/milestones); the caller checks the policy. */
let MilestoneService = class MilestoneService {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    async list(owner, q) {
        const state = q.state === 'active' || q.state === 'closed' ? q.state : null;
        if (q.state !== undefined && q.state !== 'all' && !state)
            throw new app_error_1.ValidationError({ state: [shared_types_1.VALIDATION.notAllowed(['active', 'closed'])] });
        const search = typeof q.search === 'string' && q.search ? `%${(0, project_service_1.escapeLike)(q.search)}%` : null;
        const titleEq = typeof q.title === 'string' && q.title ? q.title : null;
        const parents = 'projectId' in owner && (q.include_parent_milestones === 'true' || q.include_ancestors === 'true');
        const rows = await this.ds.query(`WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT ${COLUMNS}
       WHERE (${ownerWhere(owner)} OR ($3 AND m.group_id IN (SELECT id FROM anc)))
         AND ($4::text IS NULL OR m.state = $4) AND ($5::text IS NULL OR m.title ILIKE $5 OR m.description ILIKE $5) AND ($6::text IS NULL OR m.title = $6)
       ORDER BY m.due_date NULLS LAST, m.id`, [ownerId(owner), 'projectId' in owner ? owner.namespaceId : 0, parents, state, search, titleEq]);
        return rows.map((r) => this.toApi(r));
    }
    async find(owner, id) {
        if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)
            throw new app_error_1.AppError('MILESTONE_NOT_FOUND');
        const [row] = await this.ds.query(`SELECT ${COLUMNS} WHERE ${ownerWhere(owner)} AND m.id = $2`, [ownerId(owner), Number(id)]);
        if (!row)
            throw new app_error_1.AppError('MILESTONE_NOT_FOUND');
        return row;
    }
    async get(owner, id) {
        return this.toApi(await this.find(owner, id));
    }
    async create(owner, body) {
        const parsed = CREATE.safeParse(body ?? {});
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        checkDates(p.start_date ?? null, p.due_date ?? null);
        const col = 'projectId' in owner ? 'project_id' : 'group_id';
        const [created] = await this.ds.query(`INSERT INTO milestones (iid, ${col}, title, description, start_date, due_date)
       SELECT COALESCE(max(iid), 0) + 1, $1, $2, $3, $4::date, $5::date FROM milestones WHERE ${col} = $1 RETURNING id`, [ownerId(owner), p.title, p.description ?? null, p.start_date ?? null, p.due_date ?? null]);
        return this.get(owner, String(created.id));
    }
    async update(owner, id, body) {
        const cur = await this.find(owner, id);
        const parsed = UPDATE.safeParse(body ?? {});
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        const start = p.start_date !== undefined ? p.start_date : cur.start_date;
        const due = p.due_date !== undefined ? p.due_date : cur.due_date;
        checkDates(start, due);
        await this.ds.query(`UPDATE milestones SET title = $2, description = $3, start_date = $4::date, due_date = $5::date, state = $6, updated_at = now() WHERE id = $1`, [cur.id, p.title ?? cur.title, p.description !== undefined ? p.description : cur.description, start, due,
            p.state_event === 'close' ? 'closed' : p.state_event === 'activate' ? 'active' : cur.state]);
        return this.get(owner, String(cur.id));
    }
    async destroy(owner, id) {
        const cur = await this.find(owner, id);
        await this.ds.query('DELETE FROM milestones WHERE id = $1', [cur.id]);
    }
    /** GitLab's REST Milestone entity. */
    toApi(r) {
        const today = new Date().toISOString().slice(0, 10);
        const iid = Number(r.iid);
        return {
            id: Number(r.id),
            iid,
            ...(r.project_id !== null ? { project_id: Number(r.project_id) } : { group_id: Number(r.group_id) }),
            title: r.title,
            description: r.description,
            state: r.state,
            created_at: new Date(r.created_at).toISOString(),
            updated_at: new Date(r.updated_at).toISOString(),
            due_date: r.due_date,
            start_date: r.start_date,
            expired: !!r.due_date && r.due_date < today,
            web_url: `${this.config.publicUrl}${(0, milestone_queries_1.milestoneWebPath)({ iid, group_id: r.group_id, owner_path: r.owner_path })}`,
        };
    }
};
exports.MilestoneService = MilestoneService;
exports.MilestoneService = MilestoneService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], MilestoneService);
function checkDates(start, due) {
    if (start && due && due < start)
        throw new app_error_1.ValidationError({ due_date: ['must be greater than start date'] });
}
//# sourceMappingURL=milestone.service.js.map