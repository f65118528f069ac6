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
exports.escapeLike = exports.ProjectService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
const access_changes_1 = require("../../core/realtime/access-changes");
const project_entity_1 = require("./project.entity");
/** private < internal < public */
const visibilityRank = (v) => shared_types_1.VISIBILITIES.indexOf(v);
let ProjectService = class ProjectService {
    ds;
    config;
    access;
    constructor(ds, config, access) {
        this.ds = ds;
        this.config = config;
        this.access = access;
    }
    /** The actor's effective level: max of the project's and every ancestor group's membership. */
    async accessLevel(userId, project, manager = this.ds.manager) {
        if (userId === null)
            return shared_types_1.ACCESS_LEVEL.NO_ACCESS;
        const rows = await manager.query(`WITH RECURSIVE ancestors(id, parent_id) AS (
         SELECT id, parent_id FROM namespaces WHERE id = $3
         UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN ancestors a ON n.id = a.parent_id
       )
       SELECT max(access_level)::int AS level FROM members
       WHERE user_id = $1 AND (expires_at IS NULL OR expires_at >= current_date)
         AND ((source_type = 'Project' AND source_id = $2)
           OR (source_type = 'Namespace' AND source_id IN (SELECT id FROM ancestors)))`, [userId, project.id, project.namespaceId]);
        return effectiveLevel(rows[0]?.level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS, project, userId);
    }
    async facts(actor, project, manager) {
        return {
            visibility: project.visibility,
            archived: project.archived,
            accessLevel: await this.accessLevel(actor?.id ?? null, project, manager),
        };
    }
    /**
     * Finds by numeric id or (URL-decoded) full path; unreadable projects are "not found".
     * `extend` may join more to the same statement (e.g. an issue); its selections
     * come back in `row`, and the access check is the same.
     */
    async findReadable(actor, idOrPath, extend) {
        const uid = actor?.id ?? null;
        // The project, its namespace and the actor's effective level in one statement
        const qb = this.lookup(idOrPath);
        if (!qb)
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        if (uid !== null)
            qb.addSelect(`(${EFFECTIVE_LEVEL_SQL})`, 'access_level').setParameter('uid', uid);
        extend?.(qb);
        const { entities, raw } = await qb.getRawAndEntities();
        const project = entities[0];
        if (!project)
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        const facts = {
            visibility: project.visibility,
            archived: project.archived,
            accessLevel: uid === null ? shared_types_1.ACCESS_LEVEL.NO_ACCESS : effectiveLevel(Number(raw[0]?.access_level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS), project, uid),
        };
        if (!(0, policy_1.canReadProject)(actor, facts))
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        return { project, facts, row: raw[0] ?? {} };
    }
    async findByIdOrPath(idOrPath) {
        return (await this.lookup(idOrPath)?.getOne()) ?? null;
    }
    /** The query for a project by id or path with its namespace (QueryBuilder: one statement). */
    lookup(idOrPath) {
        const s = String(idOrPath);
        const qb = this.ds.getRepository(project_entity_1.Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n');
        if (/^\d+$/.test(s))
            return Number(s) > 2_147_483_647 ? null : qb.where('p.id = :id', { id: Number(s) });
        return qb.where('lower(p.full_path) = lower(:path)', { path: s });
    }
    can(actor, ability, facts) {
        return (0, policy_1.canProject)(actor, ability, facts);
    }
    /** Throws 401 for anonymous, 403 for a reader without the right. */
    authorize(actor, ability, facts) {
        if ((0, policy_1.canProject)(actor, ability, facts))
            return;
        throw new app_error_1.AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    }
    /**
     * Changes name, description and visibility in one transaction on the locked row. Settings
     * need a maintainer; a visibility change needs an owner, and may not exceed the group's.
     * After the commit, a lowered visibility makes every node re-check the project's sockets.
     */
    async update(actor, project, input) {
        let lowered = false;
        const result = await this.ds.transaction(async (m) => {
            const current = await m.getRepository(project_entity_1.Project).createQueryBuilder('p').setLock('pessimistic_write').where('p.id = :id', { id: project.id }).getOne();
            if (!current)
                throw new app_error_1.AppError('PROJECT_NOT_FOUND');
            current.namespace = project.namespace;
            const facts = await this.facts(actor, current, m);
            if (!(0, policy_1.canReadProject)(actor, facts))
                throw new app_error_1.AppError('PROJECT_NOT_FOUND');
            this.authorize(actor, 'admin_project', facts);
            const patch = {};
            if (input.name !== undefined && input.name !== current.name)
                patch.name = input.name;
            if (input.description !== undefined && input.description !== current.description)
                patch.description = input.description;
            if (input.visibility !== undefined && input.visibility !== current.visibility) {
                this.authorize(actor, 'change_visibility_level', facts);
                const ns = current.namespace;
                if (ns?.type === 'Group' && visibilityRank(input.visibility) > visibilityRank(ns.visibility))
                    throw new app_error_1.ValidationError({ visibility: [shared_types_1.VALIDATION.visibilityAboveGroup(input.visibility, ns.visibility)] });
                patch.visibility = input.visibility;
                lowered = visibilityRank(input.visibility) < visibilityRank(current.visibility);
            }
            if (Object.keys(patch).length) {
                await m.getRepository(project_entity_1.Project).update({ id: current.id }, patch);
                Object.assign(current, patch);
            }
            return { project: current, facts: { ...facts, visibility: current.visibility } };
        });
        // After the commit: who may no longer read the project leaves its issue rooms, on every node
        if (lowered)
            this.access.notify({ kind: 'project', projectId: project.id });
        return result;
    }
    /**
     * Projects the actor can read, with optional filters: the actor's own memberships, another
     * user's memberships (`memberId`: GET /users/:id/projects), and search.
     */
    async listReadable(actor, opts) {
        const qb = this.ds.getRepository(project_entity_1.Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n');
        const uid = actor?.id ?? -1;
        if (opts.membership)
            qb.where(memberOfSql('uid'), { uid });
        else if (!actor)
            qb.where(`p.visibility = 'public'`);
        else if (!actor.isAdmin)
            qb.where(`(p.visibility IN ('public','internal') OR ${memberOfSql('uid')})`, { uid });
        if (opts.memberId !== undefined)
            qb.andWhere(memberOfSql('mid'), { mid: opts.memberId });
        if (opts.search)
            qb.andWhere('(p.name ILIKE :s OR p.full_path ILIKE :s)', { s: `%${(0, exports.escapeLike)(opts.search)}%` });
        qb.orderBy('p.id', 'DESC').skip((opts.page - 1) * opts.perPage).take(opts.perPage);
        const [projects, total] = await qb.getManyAndCount();
        return { projects, total };
    }
    async openIssuesCount(projectIds) {
        if (!projectIds.length)
            return new Map();
        const rows = await this.ds.query(`SELECT project_id, count(*)::int AS n FROM issues WHERE state = 'opened' AND project_id = ANY($1) GROUP BY project_id`, [projectIds]);
        return new Map(rows.map((r) => [r.project_id, r.n]));
    }
};
exports.ProjectService = ProjectService;
exports.ProjectService = ProjectService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, access_changes_1.AccessChanges])
], ProjectService);
/**
 * The user's (:uid) highest unexpired membership level on project `p`, directly or through
 * any ancestor group of its namespace, as a scalar subquery over `projects p`.
 */
const EFFECTIVE_LEVEL_SQL = `WITH RECURSIVE anc(id, parent_id) AS (
    SELECT id, parent_id FROM namespaces WHERE id = p.namespace_id
    UNION ALL SELECT nn.id, nn.parent_id FROM namespaces nn JOIN anc ON nn.id = anc.parent_id)
  SELECT max(m.access_level)::int FROM members m
  WHERE m.user_id = :uid AND (m.expires_at IS NULL OR m.expires_at >= current_date)
    AND ((m.source_type = 'Project' AND m.source_id = p.id) OR (m.source_type = 'Namespace' AND m.source_id IN (SELECT id FROM anc)))`;
/**
 * `p.id` is a project the user in parameter `:param` is a member of: directly, through a group
 * or any of its subgroups, or by owning the personal namespace.
 */
const memberOfSql = (param) => `p.id IN (
  SELECT m.source_id FROM members m WHERE m.source_type = 'Project' AND m.user_id = :${param}
  UNION
  SELECT p2.id FROM projects p2 WHERE p2.namespace_id IN (
    WITH RECURSIVE sub(id) AS (
      SELECT m.source_id FROM members m WHERE m.source_type = 'Namespace' AND m.user_id = :${param}
      UNION SELECT n2.id FROM namespaces n2 JOIN sub ON n2.parent_id = sub.id
    ) SELECT id FROM sub)
  UNION
  SELECT p3.id FROM projects p3 JOIN namespaces n3 ON n3.id = p3.namespace_id WHERE n3.type = 'User' AND n3.owner_id = :${param})`;
/** A personal namespace's owner owns its projects. */
function effectiveLevel(level, project, userId) {
    if (level < shared_types_1.ACCESS_LEVEL.OWNER && project.namespace?.type === 'User' && project.namespace.ownerId === userId)
        return shared_types_1.ACCESS_LEVEL.OWNER;
    return level;
}
const escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
exports.escapeLike = escapeLike;
//# sourceMappingURL=project.service.js.map