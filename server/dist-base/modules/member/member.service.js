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
exports.MemberService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
const access_changes_1 = require("../../core/realtime/access-changes");
const group_service_1 = require("../group/group.service");
const project_service_1 = require("../project/project.service");
const MAX_ID = 2_147_483_647;
const MEMBER_COLUMNS = `m.user_id, u.username, u.name, u.state, u.avatar_url, m.access_level, m.expires_at::text AS expires_at, m.created_at`;
/** The ancestor groups from $1 up (depth 1 = $1 itself), for inherited memberships. */
const ANCESTORS = (param) => `anc(id, parent_id, name, depth) AS (
  SELECT id, parent_id, name, 1 FROM namespaces WHERE id = ${param} AND type = 'Group'
  UNION ALL SELECT n.id, n.parent_id, n.name, a.depth + 1 FROM namespaces n JOIN anc a ON n.id = a.parent_id)`;
const UNEXPIRED = `(m.expires_at IS NULL OR m.expires_at >= current_date)`;
/**
 * Project and group memberships (GitLab's members API). Services own the transaction: the
 * source row is locked, the actor's level re-read, the change checked against the policy and
 * the data (owner level, last owner, inherited level), written, and only after the commit
 * every node is told to re-check the sockets of a user whose access may have dropped.
 */
let MemberService = class MemberService {
    ds;
    config;
    projects;
    groups;
    access;
    constructor(ds, config, projects, groups, access) {
        this.ds = ds;
        this.config = config;
        this.projects = projects;
        this.groups = groups;
        this.access = access;
    }
    projectSource(project) {
        return { type: 'Project', id: project.id, inheritFrom: project.namespace?.type === 'Group' ? project.namespaceId : null };
    }
    groupSource(group) {
        return { type: 'Namespace', id: group.id, inheritFrom: group.parentId };
    }
    // ---------- reading ----------
    /** Direct members, optionally filtered by name/username (`query`), by user id. */
    async listDirect(source, opts) {
        const search = opts.query ? `%${(0, project_service_1.escapeLike)(opts.query)}%` : null;
        const where = `m.source_type = $1 AND m.source_id = $2 AND ($3::text IS NULL OR u.username ILIKE $3 OR u.name ILIKE $3)`;
        const [count] = (await this.ds.query(`SELECT count(*)::int AS n FROM members m JOIN users u ON u.id = m.user_id WHERE ${where}`, [source.type, source.id, search]));
        const members = await this.ds.query(`SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id WHERE ${where} ORDER BY m.user_id LIMIT $4 OFFSET $5`, [source.type, source.id, search, opts.perPage, (opts.page - 1) * opts.perPage]);
        return { members, total: count?.n ?? 0 };
    }
    async findDirect(source, userId, m = this.ds.manager) {
        if (userId > MAX_ID)
            return null;
        const rows = await m.query(`SELECT ${MEMBER_COLUMNS} FROM members m JOIN users u ON u.id = m.user_id WHERE m.source_type = $1 AND m.source_id = $2 AND m.user_id = $3`, [source.type, source.id, userId]);
        return rows[0] ?? null;
    }
    /**
     * Effective members: direct and inherited from ancestor groups, one row per user with the
     * highest unexpired level (the nearest membership on a tie).
     */
    async listAll(source, opts) {
        const search = opts.query ? `%${(0, project_service_1.escapeLike)(opts.query)}%` : null;
        const sql = `WITH RECURSIVE ${ANCESTORS('$3')},
      memb AS (
        SELECT m.user_id, m.access_level, m.expires_at, m.created_at, 0 AS depth FROM members m
        WHERE m.source_type = $1 AND m.source_id = $2 AND ${UNEXPIRED}
        UNION ALL
        SELECT m.user_id, m.access_level, m.expires_at, m.created_at, a.depth FROM members m
        JOIN anc a ON m.source_type = 'Namespace' AND m.source_id = a.id WHERE ${UNEXPIRED}),
      eff AS (
        SELECT DISTINCT ON (user_id) user_id, access_level, expires_at, created_at FROM memb
        ORDER BY user_id, access_level DESC, depth)
      SELECT ${MEMBER_COLUMNS}, count(*) OVER ()::int AS total FROM eff m JOIN users u ON u.id = m.user_id
      WHERE ($4::text IS NULL OR u.username ILIKE $4 OR u.name ILIKE $4) AND ($5::int IS NULL OR m.user_id = $5)
      ORDER BY m.user_id LIMIT $6 OFFSET $7`;
        const params = [source.type, source.id, source.inheritFrom, search, opts.userId ?? null, opts.perPage, (opts.page - 1) * opts.perPage];
        const rows = await this.ds.query(sql, params);
        let total = rows[0]?.total;
        if (total === undefined) {
            // A page past the end has no row to carry the count
            total = opts.page > 1 ? (await this.listAll(source, { ...opts, page: 1, perPage: 1 })).total : 0;
        }
        return { members: rows.map(({ total: _t, ...r }) => r), total };
    }
    async findEffective(source, userId) {
        if (userId > MAX_ID)
            return null;
        return (await this.listAll(source, { page: 1, perPage: 1, userId })).members[0] ?? null;
    }
    // ---------- project and group targets ----------
    projectTarget(project) {
        return {
            source: this.projectSource(project),
            notFound: 'PROJECT_NOT_FOUND',
            keepsOwner: false,
            allowed: async (actor, change, m) => (0, policy_1.canChangeProjectMember)(actor, await this.projects.facts(actor, project, m), change),
        };
    }
    groupTarget(group) {
        return {
            source: this.groupSource(group),
            notFound: 'GROUP_NOT_FOUND',
            keepsOwner: true,
            allowed: async (actor, change, m) => (0, policy_1.canChangeGroupMember)(actor, await this.groups.facts(actor, group, m), change),
        };
    }
    /**
     * Refuses (403) before any lookup an actor who may manage no member at all; removing
     * oneself (leaving) is checked with the membership in hand.
     */
    precheckProject(actor, facts, userId, op) {
        if (op === 'remove' && userId === actor.id)
            return;
        if (!(0, policy_1.canProject)(actor, 'admin_project_member', facts))
            throw new app_error_1.AppError('FORBIDDEN');
    }
    precheckGroup(actor, facts, userId, op) {
        if (op === 'remove' && userId === actor.id)
            return;
        if (!(0, policy_1.canGroup)(actor, 'admin_group_member', facts))
            throw new app_error_1.AppError('FORBIDDEN');
    }
    // ---------- writing ----------
    /** Access only grows here: nobody's sockets need a re-check. */
    async add(actor, target, input) {
        const { source } = target;
        return this.ds.transaction(async (m) => {
            const today = await this.lock(m, target);
            const userId = await this.userIdOf(m, input);
            if (await this.findDirect(source, userId, m))
                throw new app_error_1.AppError('MEMBER_EXISTS');
            if (!(await target.allowed(actor, { from: null, to: input.accessLevel, self: userId === actor.id }, m)))
                throw new app_error_1.AppError('FORBIDDEN');
            this.checkExpiry(input.expiresAt, today);
            await this.checkInherited(m, source, userId, input.accessLevel);
            await m.query(`INSERT INTO members (source_type, source_id, user_id, access_level, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (source_type, source_id, user_id) DO NOTHING`, [source.type, source.id, userId, input.accessLevel, input.expiresAt]);
            const row = await this.findDirect(source, userId, m);
            if (!row)
                throw new app_error_1.AppError('MEMBER_EXISTS');
            return row;
        });
    }
    async update(actor, target, userId, input) {
        const { source } = target;
        let reduced = false;
        const row = await this.ds.transaction(async (m) => {
            const today = await this.lock(m, target);
            const current = await this.findDirect(source, userId, m);
            if (!current)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            if (!(await target.allowed(actor, { from: current.access_level, to: input.accessLevel, self: userId === actor.id }, m)))
                throw new app_error_1.AppError('FORBIDDEN');
            this.checkExpiry(input.expiresAt, today);
            await this.checkInherited(m, source, userId, input.accessLevel);
            if (target.keepsOwner && current.access_level >= shared_types_1.ACCESS_LEVEL.OWNER && input.accessLevel < shared_types_1.ACCESS_LEVEL.OWNER)
                await this.checkOwnerLeft(m, source, userId);
            const expiresAt = input.expiresAt === undefined ? current.expires_at : input.expiresAt;
            await m.query(`UPDATE members SET access_level = $4, expires_at = $5, updated_at = now() WHERE source_type = $1 AND source_id = $2 AND user_id = $3`, [source.type, source.id, userId, input.accessLevel, expiresAt]);
            // Lowered, or given an (earlier) end: the user's sockets are re-checked
            reduced = input.accessLevel < current.access_level || (expiresAt !== null && expiresAt !== current.expires_at);
            return (await this.findDirect(source, userId, m));
        });
        if (reduced)
            this.access.notify({ kind: 'user', userId });
        return row;
    }
    async remove(actor, target, userId) {
        const { source } = target;
        await this.ds.transaction(async (m) => {
            await this.lock(m, target);
            const current = await this.findDirect(source, userId, m);
            if (!current)
                throw new app_error_1.AppError('MEMBER_NOT_FOUND');
            if (!(await target.allowed(actor, { from: current.access_level, to: null, self: userId === actor.id }, m)))
                throw new app_error_1.AppError('FORBIDDEN');
            if (target.keepsOwner && current.access_level >= shared_types_1.ACCESS_LEVEL.OWNER)
                await this.checkOwnerLeft(m, source, userId);
            await m.query(`DELETE FROM members WHERE source_type = $1 AND source_id = $2 AND user_id = $3`, [source.type, source.id, userId]);
        });
        // After the commit: every node drops this user's subscriptions that are no longer readable
        this.access.notify({ kind: 'user', userId });
    }
    // ---------- helpers (inside the transaction) ----------
    /**
     * Locks the project or group row, so changes to one source's members run one at a time
     * (the last-owner check cannot race), and returns the database's current date.
     */
    async lock(m, target) {
        const table = target.source.type === 'Project' ? 'projects' : 'namespaces';
        const rows = await m.query(`SELECT current_date::text AS today FROM ${table} WHERE id = $1 FOR UPDATE`, [target.source.id]);
        if (!rows[0])
            throw new app_error_1.AppError(target.notFound);
        return rows[0].today;
    }
    async userIdOf(m, input) {
        let rows = [];
        if (input.userId !== undefined) {
            if (input.userId <= MAX_ID)
                rows = await m.query('SELECT id FROM users WHERE id = $1', [input.userId]);
        }
        else {
            rows = await m.query('SELECT id FROM users WHERE lower(username) = lower($1)', [input.username ?? '']);
        }
        if (!rows[0])
            throw new app_error_1.AppError('USER_NOT_FOUND');
        return rows[0].id;
    }
    checkExpiry(expiresAt, today) {
        if (expiresAt && expiresAt < today)
            throw new app_error_1.ValidationError({ expires_at: [shared_types_1.VALIDATION.dateInPast] });
    }
    /** A direct membership may not be below one inherited from an ancestor group (GitLab's rule). */
    async checkInherited(m, source, userId, level) {
        if (source.inheritFrom === null)
            return;
        const rows = await m.query(`WITH RECURSIVE ${ANCESTORS('$1')}
       SELECT m.access_level, a.name FROM members m JOIN anc a ON m.source_type = 'Namespace' AND m.source_id = a.id
       WHERE m.user_id = $2 AND ${UNEXPIRED} ORDER BY m.access_level DESC, a.depth LIMIT 1`, [source.inheritFrom, userId]);
        const inherited = rows[0];
        if (inherited && level < inherited.access_level)
            throw new app_error_1.ValidationError({ access_level: [shared_types_1.VALIDATION.belowInherited(shared_types_1.ACCESS_LEVEL_NAMES[inherited.access_level] ?? String(inherited.access_level), inherited.name)] });
    }
    /** Refuses to leave a group without an owner: another direct owner, or one inherited, must remain. */
    async checkOwnerLeft(m, source, userId) {
        const rows = await m.query(`WITH RECURSIVE ${ANCESTORS('$3')}
       SELECT count(*)::int AS n FROM members m
       WHERE m.access_level >= ${shared_types_1.ACCESS_LEVEL.OWNER} AND ${UNEXPIRED} AND m.source_type = 'Namespace'
         AND ((m.source_id = $1 AND m.user_id <> $2) OR m.source_id IN (SELECT id FROM anc))`, [source.id, userId, source.inheritFrom]);
        if (!rows[0]?.n)
            throw new app_error_1.AppError('LAST_OWNER');
    }
};
exports.MemberService = MemberService;
exports.MemberService = MemberService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, project_service_1.ProjectService,
        group_service_1.GroupService,
        access_changes_1.AccessChanges])
], MemberService);
//# sourceMappingURL=member.service.js.map