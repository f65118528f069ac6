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
exports.IterationService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const params_1 = require("../issue/fields/params");
const issue_validation_1 = require("../issue/issue.validation");
const project_service_1 = require("../project/project.service");
const iteration_queries_1 = require("./iteration.queries");
const STATES = ['opened', 'upcoming', 'current', 'closed', 'all'];
const CREATE = zod_1.z.object({
    title: zod_1.z.string().trim().max(255, shared_types_1.VALIDATION.tooLong(255)).nullable().optional(),
    description: zod_1.z.string().max(65_535, shared_types_1.VALIDATION.tooLong(65_535)).nullable().optional(),
    start_date: (0, params_1.dateParam)(),
    due_date: (0, params_1.dateParam)(),
    cadence_id: zod_1.z.coerce.number().int().positive().optional(),
    cadence_title: zod_1.z.string().trim().min(1).max(255).optional(),
});
/** Iterations of a group and its ancestors (REST GET /groups/:id/iterations) and the minimal create. */
let IterationService = class IterationService {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /** GitLab's filters: state (opened, upcoming, current, closed, all), search (title or cadence), include_ancestors (default true). */
    async list(groupId, q) {
        const state = (q.state ?? 'all');
        if (!STATES.includes(state))
            throw new app_error_1.ValidationError({ state: [shared_types_1.VALIDATION.notAllowed(STATES)] });
        const search = typeof q.search === 'string' && q.search ? `%${(0, project_service_1.escapeLike)(q.search)}%` : null;
        const ancestors = q.include_ancestors !== 'false';
        const rows = await this.ds.query(`WITH RECURSIVE anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)
       SELECT ${iteration_queries_1.ITERATION_COLUMNS}
       WHERE (it.group_id = $1 OR ($2 AND it.group_id IN (SELECT id FROM anc)))
         AND ($3::text IS NULL OR it.title ILIKE $3 OR c.title ILIKE $3)
       ORDER BY it.due_date, it.id`, [groupId, ancestors, search]);
        const today = new Date().toISOString().slice(0, 10);
        return rows
            .map(iteration_queries_1.normIterationRow)
            .filter((r) => {
            const s = (0, iteration_queries_1.iterationState)(r, today);
            return state === 'all' || s === state || (state === 'opened' && s !== 'closed');
        })
            .map((r) => this.toApi(r, today));
    }
    /** Creates an iteration in a cadence (by id, or by title: created when new; default "Iterations"). */
    async create(groupId, body) {
        const parsed = CREATE.safeParse(body ?? {});
        if (!parsed.success)
            throw (0, issue_validation_1.validationErrorOf)(parsed.error);
        const p = parsed.data;
        if (!p.start_date)
            throw new app_error_1.ValidationError({ start_date: [shared_types_1.VALIDATION.required] });
        if (!p.due_date)
            throw new app_error_1.ValidationError({ due_date: [shared_types_1.VALIDATION.required] });
        if (p.due_date < p.start_date)
            throw new app_error_1.ValidationError({ due_date: ['must be greater than start date'] });
        return this.ds.transaction(async (m) => {
            let cadenceId = p.cadence_id;
            if (cadenceId !== undefined) {
                const [c] = await m.query('SELECT id FROM iteration_cadences WHERE id = $1 AND group_id = $2', [cadenceId, groupId]);
                if (!c)
                    throw new app_error_1.ValidationError({ cadence_id: ['does not name a cadence of this group'] });
            }
            else {
                const [c] = await m.query(`INSERT INTO iteration_cadences (group_id, title) VALUES ($1, $2)
           ON CONFLICT (group_id, lower(title)) DO UPDATE SET updated_at = iteration_cadences.updated_at RETURNING id`, [groupId, p.cadence_title ?? 'Iterations']);
                cadenceId = Number(c.id);
            }
            const [overlap] = await m.query('SELECT 1 FROM iterations WHERE iteration_cadence_id = $1 AND start_date <= $3::date AND due_date >= $2::date', [cadenceId, p.start_date, p.due_date]);
            if (overlap)
                throw new app_error_1.ValidationError({ base: ['Dates cannot overlap with other existing Iterations within this iterations cadence'] });
            const [row] = await m.query(`WITH ins AS (INSERT INTO iterations (iid, group_id, iteration_cadence_id, title, description, start_date, due_date)
           SELECT COALESCE(max(iid), 0) + 1, $1, $2, $3, $4, $5::date, $6::date FROM iterations WHERE group_id = $1 RETURNING *)
         SELECT ${iteration_queries_1.ITERATION_COLUMNS.replace('FROM iterations it', 'FROM ins it')}`, [groupId, cadenceId, p.title || null, p.description ?? null, p.start_date, p.due_date]);
            return this.toApi((0, iteration_queries_1.normIterationRow)(row), new Date().toISOString().slice(0, 10));
        });
    }
    /** GitLab's REST Iteration entity (state as its number: 1 upcoming, 2 current, 3 closed), plus the cadence. */
    toApi(r, today) {
        return {
            id: r.id,
            iid: r.iid,
            sequence: r.iid,
            group_id: r.group_id,
            title: r.title,
            description: r.description,
            state: shared_types_1.ITERATION_STATE_NUMBER[(0, iteration_queries_1.iterationState)(r, today)],
            created_at: new Date(r.created_at).toISOString(),
            updated_at: new Date(r.updated_at).toISOString(),
            start_date: r.start_date,
            due_date: r.due_date,
            web_url: `${this.config.publicUrl}${(0, iteration_queries_1.iterationWebPath)(r)}`,
            iteration_cadence: { id: r.cadence_id, title: r.cadence_title },
        };
    }
};
exports.IterationService = IterationService;
exports.IterationService = IterationService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], IterationService);
//# sourceMappingURL=iteration.service.js.map