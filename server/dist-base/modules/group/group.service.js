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
exports.GroupService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
const namespace_entity_1 = require("./namespace.entity");
/** Groups: rows of `namespaces` with type 'Group', nested through parent_id. */
let GroupService = class GroupService {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /** By numeric id or (URL-decoded) full path; personal namespaces are not groups. */
    async findByIdOrPath(idOrPath, manager = this.ds.manager) {
        const s = String(idOrPath);
        const qb = manager.getRepository(namespace_entity_1.Namespace).createQueryBuilder('n').where(`n.type = 'Group'`);
        if (/^\d+$/.test(s))
            return Number(s) > 2_147_483_647 ? null : qb.andWhere('n.id = :id', { id: Number(s) }).getOne();
        return qb.andWhere('lower(n.full_path) = lower(:path)', { path: s }).getOne();
    }
    /** The actor's effective level in a group: max of its and every ancestor group's unexpired memberships. */
    async accessLevel(userId, groupId, manager = this.ds.manager) {
        if (userId === null)
            return shared_types_1.ACCESS_LEVEL.NO_ACCESS;
        const rows = await manager.query(`WITH RECURSIVE ancestors(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $2
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ancestors a ON n.id = a.parent_id
       )
       SELECT max(access_level)::int AS level FROM members
       WHERE user_id = $1 AND source_type = 'Namespace' AND source_id IN (SELECT id FROM ancestors)
         AND (expires_at IS NULL OR expires_at >= current_date)`, [userId, groupId]);
        return rows[0]?.level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS;
    }
    /** "Acme / Platform": the names from the top-level group down. */
    async fullName(group) {
        if (group.parentId === null)
            return group.name;
        const rows = await this.ds.query(`WITH RECURSIVE ancestors(id, parent_id, name, depth) AS (
         SELECT id, parent_id, name, 0 FROM namespaces WHERE id = $1
         UNION ALL SELECT n.id, n.parent_id, n.name, a.depth + 1 FROM namespaces n JOIN ancestors a ON n.id = a.parent_id
       )
       SELECT name FROM ancestors ORDER BY depth DESC`, [group.id]);
        return rows.map((r) => r.name).join(' / ');
    }
    async facts(actor, group, manager) {
        return { visibility: group.visibility, accessLevel: await this.accessLevel(actor?.id ?? null, group.id, manager) };
    }
    /** A group the actor may see; unreadable ones are "not found", as unknown ones. */
    async findReadable(actor, idOrPath) {
        const group = await this.findByIdOrPath(idOrPath);
        if (!group)
            throw new app_error_1.AppError('GROUP_NOT_FOUND');
        const facts = await this.facts(actor, group);
        if (!(0, policy_1.canReadGroup)(actor, facts))
            throw new app_error_1.AppError('GROUP_NOT_FOUND');
        return { group, facts };
    }
};
exports.GroupService = GroupService;
exports.GroupService = GroupService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], GroupService);
//# sourceMappingURL=group.service.js.map