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
exports.EFFECTIVE_LEVEL_SQL = exports.ASSIGNEE_IDS_SQL = exports.IssueLoader = void 0;
exports.effectiveLevel = effectiveLevel;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const pg_pool_1 = require("../../core/database/pg-pool");
const app_error_1 = require("../../core/errors/app-error");
const policy_1 = require("../../core/policy/policy");
const namespace_entity_1 = require("../group/namespace.entity");
const label_entity_1 = require("../label/label.entity");
const iteration_queries_1 = require("../iteration/iteration.queries");
const milestone_entity_1 = require("../milestone/milestone.entity");
const project_entity_1 = require("../project/project.entity");
const user_row_1 = require("../user/user.row");
const issue_context_1 = require("./issue-context");
const issue_entity_1 = require("./issue.entity");
const subscribed_sql_1 = require("./subscribed-sql");
/**
 * Loads issues by reference: the project, the actor's effective access, the issue, its
 * assignees and (for API answers) its labels, users, milestone and note count, in ONE
 * prepared statement. Raw SQL through TypeORM's column metadata: this is the read that
 * every issue request (GET, PUT, subscribe) starts with.
 */
let IssueLoader = class IssueLoader {
    ds;
    sql;
    meta;
    constructor(ds) {
        this.ds = ds;
        this.meta = { issue: ds.getMetadata(issue_entity_1.Issue), project: ds.getMetadata(project_entity_1.Project), namespace: ds.getMetadata(namespace_entity_1.Namespace) };
        const cols = (m, alias) => m.columns.map((c) => `${alias}.${c.databaseName} AS "${alias}_${c.databaseName}"`).join(', ');
        const readable = (where) => `SELECT ${cols(this.meta.project, 'p')}, ${cols(this.meta.namespace, 'n')}, ${cols(this.meta.issue, 'i')},
        ${exports.EFFECTIVE_LEVEL_SQL} AS access_level, ${exports.ASSIGNEE_IDS_SQL} AS assignee_ids,
        CASE WHEN $4 AND i.id IS NOT NULL THEN ${HYDRATE_SQL} END AS hydrated,
        CASE WHEN $4 AND i.id IS NOT NULL AND $2::int IS NOT NULL THEN ${(0, subscribed_sql_1.subscribedSql)('$2::int')} END AS subscribed,
        (SELECT ${USER_JSON} FROM users u WHERE u.id = $2) AS actor_json
      FROM projects p JOIN namespaces n ON n.id = p.namespace_id
      LEFT JOIN issues i ON i.project_id = p.id AND i.iid = $3
      WHERE ${where}`;
        this.sql = {
            byId: readable('p.id = $1::int'),
            byPath: readable('lower(p.full_path) = lower($1::text)'),
            ctx: `SELECT ${cols(this.meta.issue, 'i')}, ${exports.ASSIGNEE_IDS_SQL} AS assignee_ids FROM issues i WHERE i.project_id = $1 AND i.iid = $2`,
            hydrate: `SELECT ${cols(this.meta.issue, 'i')}, ${HYDRATE_SQL} AS hydrated FROM issues i WHERE i.id = ANY($1::int[])`,
        };
    }
    /**
     * The issue if the actor may read it (confidential or private ones are "not found"), with
     * its hydration when `hydrate` is set (API answers), in one statement.
     */
    async findReadable(actor, projectIdOrPath, iid, opts = {}) {
        const ref = String(projectIdOrPath);
        const byId = /^\d+$/.test(ref);
        if (byId && Number(ref) > 2_147_483_647)
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        const n = (0, issue_context_1.parseIid)(iid);
        const { rows } = await this.pool().query({
            name: byId ? 'issue.readable.id' : 'issue.readable.path',
            text: byId ? this.sql.byId : this.sql.byPath,
            values: [byId ? Number(ref) : ref, actor?.id ?? null, n ?? 0, opts.hydrate ?? false],
        });
        const row = rows[0];
        if (!row)
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        const project = this.entity(this.meta.project, row, 'p');
        project.namespace = this.entity(this.meta.namespace, row, 'n');
        const projectFacts = {
            visibility: project.visibility,
            archived: project.archived,
            accessLevel: actor ? effectiveLevel(Number(row.access_level ?? 0), project, actor.id) : shared_types_1.ACCESS_LEVEL.NO_ACCESS,
        };
        if (!(0, policy_1.canReadProject)(actor, projectFacts))
            throw new app_error_1.AppError('PROJECT_NOT_FOUND');
        if (row.i_id === null || n === null)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const issue = this.entity(this.meta.issue, row, 'i');
        const assigneeIds = row.assignee_ids.map(Number);
        const facts = (0, issue_context_1.issueFacts)(issue, assigneeIds);
        if (!(0, policy_1.canReadIssue)(actor, projectFacts, facts))
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const actorJson = json(row.actor_json);
        return {
            project,
            projectFacts,
            issue,
            assigneeIds,
            facts,
            hydrated: opts.hydrate ? { ...hydratedFrom(issue, project, json(row.hydrated)), subscribed: row.subscribed === true } : null,
            actorUser: actorJson ? (0, user_row_1.userFromRow)(actorJson) : null,
        };
    }
    /** The issue of an already-authorised project (no access check of its own); `lock` (in a transaction's manager): FOR UPDATE. */
    async contextFor(project, projectFacts, iid, manager, opts = {}) {
        const n = (0, issue_context_1.parseIid)(iid);
        if (n === null)
            return null;
        const values = [project.id, n];
        const rows = manager
            ? await manager.query(opts.lock ? `${this.sql.ctx} FOR UPDATE OF i` : this.sql.ctx, values)
            : (await this.pool().query({ name: 'issue.context', text: this.sql.ctx, values })).rows;
        if (!rows[0])
            return null;
        const issue = this.entity(this.meta.issue, rows[0], 'i');
        const assigneeIds = rows[0].assignee_ids.map(Number);
        return { project, projectFacts, issue, assigneeIds, facts: (0, issue_context_1.issueFacts)(issue, assigneeIds) };
    }
    /** Authors, assignees, labels, milestones and counts for many issues, in one statement (plus their projects if not given). */
    async hydrate(issues, projectsById) {
        if (!issues.length)
            return [];
        const { rows } = await this.pool().query({ name: 'issue.hydrate', text: this.sql.hydrate, values: [issues.map((i) => i.id)] });
        const byId = new Map(rows.map((r) => [Number(r.i_id), json(r.hydrated)]));
        const projects = projectsById ?? new Map();
        const missing = [...new Set(issues.map((i) => i.projectId))].filter((id) => !projects.has(id));
        if (missing.length) {
            const found = await this.ds.getRepository(project_entity_1.Project).createQueryBuilder('p').leftJoinAndSelect('p.namespace', 'n').whereInIds(missing).getMany();
            for (const p of found)
                projects.set(p.id, p);
        }
        return issues.map((issue) => {
            const h = byId.get(issue.id);
            const project = projects.get(issue.projectId);
            return h ? hydratedFrom(issue, project, h) : emptyHydration(issue, project);
        });
    }
    pool() {
        return (0, pg_pool_1.pgPool)(this.ds);
    }
    entity(meta, row, alias) {
        const e = meta.create();
        for (const c of meta.columns)
            e[c.propertyName] = this.ds.driver.prepareHydratedValue(row[`${alias}_${c.databaseName}`], c);
        return e;
    }
};
exports.IssueLoader = IssueLoader;
exports.IssueLoader = IssueLoader = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], IssueLoader);
/** An issue's assignee ids, in order, as a column of a query over `issues i`. */
exports.ASSIGNEE_IDS_SQL = 'ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id ORDER BY ia.position, ia.user_id)';
const USER_JSON = `json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'email', u.email, 'avatar_url', u.avatar_url,
  'state', u.state, 'is_admin', u.is_admin, 'created_at', u.created_at, 'updated_at', u.updated_at)`;
/** Everything an issue's API shape needs beyond its row, as one json column of a query over `issues i`. */
const HYDRATE_SQL = `json_build_object(
  'assignee_ids', ${exports.ASSIGNEE_IDS_SQL},
  'labels', (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'color', l.color, 'description', l.description,
                'project_id', l.project_id, 'group_id', l.group_id, 'priority', l.priority) ORDER BY l.title)
             FROM label_links ll JOIN labels l ON l.id = ll.label_id WHERE ll.target_type = 'Issue' AND ll.target_id = i.id),
  'user_notes_count', (SELECT count(*)::int FROM notes nt WHERE nt.noteable_type = 'Issue' AND nt.noteable_id = i.id AND NOT nt.system),
  'upvotes', (SELECT count(*)::int FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.name = 'thumbsup'),
  'downvotes', (SELECT count(*)::int FROM award_emoji ae WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.name = 'thumbsdown'),
  'users', (SELECT json_agg(${USER_JSON}) FROM users u
             WHERE u.id IN (i.author_id, i.closed_by_id, i.last_edited_by_id)
                OR u.id IN (SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id)),
  'moved_to_path', (SELECT mp.full_path || '/-/issues/' || mi.iid FROM issues mi JOIN projects mp ON mp.id = mi.project_id WHERE mi.id = i.moved_to_id),
  'milestone', (SELECT json_build_object('id', m.id, 'iid', m.iid, 'title', m.title, 'state', m.state, 'due_date', m.due_date,
                  'start_date', m.start_date, 'project_id', m.project_id, 'group_id', m.group_id,
                  'owner_path', COALESCE((SELECT full_path FROM projects WHERE id = m.project_id), (SELECT full_path FROM namespaces WHERE id = m.group_id)))
                FROM milestones m WHERE m.id = i.milestone_id),
  'iteration', (SELECT row_to_json(itr) FROM (SELECT ${iteration_queries_1.ITERATION_COLUMNS} WHERE it.id = i.iteration_id) itr),
  'epic', (SELECT json_build_object('id', e.id, 'iid', e.iid, 'title', e.title, 'groupId', e.group_id, 'groupPath', en.full_path,
             'endDate', e.end_date::text, 'confidential', e.confidential, 'state', e.state)
           FROM epic_issues ei JOIN epics e ON e.id = ei.epic_id JOIN namespaces en ON en.id = e.group_id WHERE ei.issue_id = i.id))`;
/** The actor's effective level on `p`: max over the project's and every ancestor group's memberships. */
exports.EFFECTIVE_LEVEL_SQL = `(WITH RECURSIVE anc(id, parent_id) AS (
    SELECT id, parent_id FROM namespaces WHERE id = p.namespace_id
    UNION ALL SELECT nn.id, nn.parent_id FROM namespaces nn JOIN anc ON nn.id = anc.parent_id)
  SELECT max(m.access_level)::int FROM members m
  WHERE m.user_id = $2 AND (m.expires_at IS NULL OR m.expires_at >= current_date)
    AND ((m.source_type = 'Project' AND m.source_id = p.id) OR (m.source_type = 'Namespace' AND m.source_id IN (SELECT id FROM anc))))`;
/** A personal namespace's owner owns its projects. */
function effectiveLevel(level, project, userId) {
    if (level < shared_types_1.ACCESS_LEVEL.OWNER && project.namespace?.type === 'User' && project.namespace.ownerId === userId)
        return shared_types_1.ACCESS_LEVEL.OWNER;
    return level;
}
/** Drivers hand json back parsed (pg) or as text. */
const json = (v) => (v === null || v === undefined ? null : typeof v === 'string' ? JSON.parse(v) : v);
function hydratedFrom(issue, project, h) {
    const users = new Map((h.users ?? []).map((r) => [Number(r.id), (0, user_row_1.userFromRow)(r)]));
    const pick = (id) => (id ? (users.get(id) ?? null) : null);
    return {
        issue,
        project,
        author: pick(issue.authorId),
        closedBy: pick(issue.closedById),
        updatedBy: pick(issue.lastEditedById),
        assignees: h.assignee_ids.map((id) => users.get(Number(id))).filter((u) => !!u),
        labels: (h.labels ?? []).map((l) => Object.assign(new label_entity_1.Label(), { id: l.id, title: l.title, color: l.color, description: l.description, projectId: l.project_id, groupId: l.group_id, priority: l.priority })),
        milestone: h.milestone
            ? Object.assign(new milestone_entity_1.Milestone(), {
                id: h.milestone.id, iid: h.milestone.iid, title: h.milestone.title, state: h.milestone.state, dueDate: h.milestone.due_date,
                startDate: h.milestone.start_date, projectId: h.milestone.project_id, groupId: h.milestone.group_id,
            })
            : null,
        movedToPath: h.moved_to_path ?? null,
        milestoneOwnerPath: h.milestone?.owner_path ?? null,
        iteration: h.iteration ? (0, iteration_queries_1.normIterationRow)(h.iteration) : null,
        userNotesCount: Number(h.user_notes_count ?? 0),
        upvotes: Number(h.upvotes ?? 0),
        downvotes: Number(h.downvotes ?? 0),
        epic: h.epic ?? null,
    };
}
function emptyHydration(issue, project) {
    return { issue, project, author: null, closedBy: null, updatedBy: null, assignees: [], labels: [], milestone: null, milestoneOwnerPath: null, iteration: null, userNotesCount: 0, upvotes: 0, downvotes: 0, epic: null };
}
//# sourceMappingURL=issue.loader.js.map