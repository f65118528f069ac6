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
var TodoService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.TodoService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const policy_1 = require("../../core/policy/policy");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const user_channel_1 = require("../../core/realtime/user-channel");
const shared_types_1 = require("@tandem/shared-types");
/** TypeORM answers an UPDATE/DELETE ... RETURNING as [rows, affected]: the rows either way. */
function returnedRows(result) {
    return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result);
}
/**
 * To-dos (GitLab's TodoService and TodosFinder): lists with their filters, the pending count,
 * marking done. A to-do is listed and counted only while its issue stays readable to its user
 * (the policy module decides, on facts read with the to-dos). Every change tells the user's
 * open tabs the new count on the user channel.
 */
let TodoService = TodoService_1 = class TodoService {
    ds;
    config;
    events;
    channel;
    logger = new common_1.Logger(TodoService_1.name);
    constructor(ds, config, events, channel) {
        this.ds = ds;
        this.config = config;
        this.events = events;
        this.channel = channel;
    }
    onModuleInit() {
        // To-dos written inside other writes (assignees) are announced after their COMMIT
        this.events.onUsersTouched((ids) => void this.pushCounts(ids));
    }
    /** The user's readable to-dos, newest first. */
    async list(userId, filters, m = this.ds.manager) {
        const rows = await this.rows(userId, filters, m);
        return rows.filter((r) => this.readable(r)).map((r) => this.view(r));
    }
    async pendingCount(userId, m = this.ds.manager) {
        return (await this.rows(userId, { state: 'pending' }, m, true)).filter((r) => this.readable(r)).length;
    }
    /** Tells each user's open tabs their pending count (best effort: a count is never worth a failed write). */
    async pushCounts(userIds) {
        for (const id of new Set(userIds)) {
            try {
                this.channel.todosCount(id, await this.pendingCount(id));
            }
            catch (err) {
                this.logger.warn({ err, userId: id }, 'to-do count push failed');
            }
        }
    }
    /** The sidebar's "Add a to do": the user's pending hand-made to-do on the issue (one at most). */
    async mark(userId, projectId, issueId) {
        const inserted = await this.ds.query(`INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action)
       VALUES ($1, $1, $2, 'Issue', $3, 'marked')
       ON CONFLICT (user_id, target_type, target_id) WHERE action = 'marked' AND state = 'pending' DO NOTHING RETURNING id`, [userId, projectId, issueId]);
        if (inserted[0]) {
            void this.pushCounts([userId]);
            return { id: Number(inserted[0].id), created: true };
        }
        const [existing] = (await this.ds.query(`SELECT id FROM todos WHERE user_id = $1 AND target_id = $2 AND action = 'marked' AND state = 'pending'`, [userId, issueId]));
        return { id: Number(existing.id), created: false };
    }
    /** The user's pending to-do on an issue, if any (the sidebar shows "Mark as done"). */
    async pendingOn(userId, issueId) {
        const [row] = (await this.ds.query(`SELECT id FROM todos WHERE user_id = $1 AND target_id = $2 AND state = 'pending' ORDER BY id DESC LIMIT 1`, [userId, issueId]));
        return row ? Number(row.id) : null;
    }
    /** Marks the user's to-dos done: one, every pending one on an issue, or all; the ids that changed. */
    async markDone(userId, which) {
        const where = which.id !== undefined ? 'AND id = $2' : which.issueId !== undefined ? 'AND target_id = $2' : '';
        const params = [userId];
        if (which.id !== undefined)
            params.push(which.id);
        else if (which.issueId !== undefined)
            params.push(which.issueId);
        else if (!which.all)
            return [];
        const rows = returnedRows(await this.ds.query(`UPDATE todos SET state = 'done', updated_at = now() WHERE user_id = $1 AND state = 'pending' ${where} RETURNING id`, params));
        if (rows.length)
            void this.pushCounts([userId]);
        return rows.map((r) => Number(r.id));
    }
    /** One of the user's to-dos (any state), if its issue is still readable. */
    async find(userId, id) {
        const rows = await this.rows(userId, { id }, this.ds.manager);
        const r = rows[0];
        return r && this.readable(r) ? this.view(r) : null;
    }
    /** 'mentioned' to-dos for the given users (after the write that mentions them committed). */
    async createMentioned(userIds, authorId, projectId, issueId, noteId) {
        if (!userIds.length)
            return;
        await this.ds.query(`INSERT INTO todos (user_id, author_id, project_id, target_type, target_id, action, note_id)
       SELECT u, $2, $3, 'Issue', $4, 'mentioned', $5 FROM unnest($1::int[]) u`, [userIds, authorId, projectId, issueId, noteId]);
        await this.pushCounts(userIds);
    }
    /** Users (by id) with a pending 'mentioned' to-do on the issue. */
    async pendingMentioned(issueId, userIds) {
        if (!userIds.length)
            return new Set();
        const rows = (await this.ds.query(`SELECT DISTINCT user_id FROM todos WHERE target_id = $1 AND action = 'mentioned' AND state = 'pending' AND user_id = ANY($2::int[])`, [issueId, userIds]));
        return new Set(rows.map((r) => Number(r.user_id)));
    }
    toApi(t) {
        const base = this.config.publicUrl;
        const issueUrl = `${base}/${t.project.fullPath}/-/issues/${t.issue.iid}`;
        return {
            id: t.id,
            project: { id: t.project.id, name: t.project.name, name_with_namespace: `${t.project.namespaceName} / ${t.project.name}`, path: t.project.path, path_with_namespace: t.project.fullPath },
            author: { id: t.author.id, username: t.author.username, name: t.author.name, state: t.author.state, avatar_url: t.author.avatarUrl ?? `${base}/-/avatars/${encodeURIComponent(t.author.username)}.svg`, web_url: `${base}/${t.author.username}` },
            action_name: t.action,
            target_type: 'Issue',
            target: { id: t.issue.id, iid: t.issue.iid, project_id: t.project.id, title: t.issue.title, state: t.issue.state, confidential: t.issue.confidential, web_url: issueUrl },
            target_url: issueUrl,
            body: t.body,
            state: t.state,
            created_at: t.createdAt.toISOString(),
            updated_at: t.updatedAt.toISOString(),
        };
    }
    readable(r) {
        const actor = { id: r.user_id, username: '', isAdmin: r.is_admin, scopes: null };
        let level = r.level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS;
        if (level < shared_types_1.ACCESS_LEVEL.OWNER && r.ns_type === 'User' && r.ns_owner_id === r.user_id)
            level = shared_types_1.ACCESS_LEVEL.OWNER;
        return (0, policy_1.canReadIssue)(actor, { visibility: r.visibility, archived: r.archived, accessLevel: level }, { confidential: r.confidential, authorId: r.issue_author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.issue_state });
    }
    view(r) {
        return {
            id: Number(r.id),
            userId: Number(r.user_id),
            action: r.action,
            state: r.state,
            createdAt: new Date(r.created_at),
            updatedAt: new Date(r.updated_at),
            body: r.body ?? r.title,
            author: { id: Number(r.author_id), username: r.author_username, name: r.author_name, state: r.author_state, avatarUrl: r.author_avatar_url },
            issue: { id: Number(r.issue_id), iid: Number(r.iid), title: r.title, state: r.issue_state, confidential: r.confidential },
            project: { id: Number(r.project_id), name: r.project_name, path: r.project_path, fullPath: r.full_path, namespaceName: r.namespace_name },
        };
    }
    async rows(userId, f, m, countOnly = false) {
        const params = [userId];
        const where = ['t.user_id = $1'];
        const add = (sql, v) => {
            params.push(v);
            where.push(sql.replace('?', `$${params.length}`));
        };
        if (f.state)
            add('t.state = ?', f.state);
        if (f.action)
            add('t.action = ?', f.action);
        if (f.projectId)
            add('t.project_id = ?', f.projectId);
        if (f.targetId)
            add('t.target_id = ?', f.targetId);
        if (f.id !== undefined)
            add('t.id = ?', f.id);
        const extra = countOnly
            ? `NULL::text AS body, ''::text AS author_username, ''::text AS author_name, ''::text AS author_state, NULL::text AS author_avatar_url`
            : `(SELECT n.note FROM notes n WHERE n.id = t.note_id) AS body, a.username AS author_username, a.name AS author_name, a.state AS author_state, a.avatar_url AS author_avatar_url`;
        return (await m.query(`SELECT t.id, t.user_id, t.author_id, t.action, t.state, t.note_id, t.created_at, t.updated_at,
         i.id AS issue_id, i.iid, i.title, i.state AS issue_state, i.confidential, i.author_id AS issue_author_id, i.discussion_locked,
         ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id) AS assignee_ids,
         p.id AS project_id, p.name AS project_name, p.path AS project_path, p.full_path, p.visibility, p.archived,
         ns.name AS namespace_name, ns.type AS ns_type, ns.owner_id AS ns_owner_id, u.is_admin,
         (WITH RECURSIVE anc(id, parent_id) AS (
            SELECT id, parent_id FROM namespaces WHERE id = p.namespace_id
            UNION ALL SELECT nn.id, nn.parent_id FROM namespaces nn JOIN anc ON nn.id = anc.parent_id)
          SELECT max(m.access_level)::int FROM members m
          WHERE m.user_id = t.user_id AND (m.expires_at IS NULL OR m.expires_at >= current_date)
            AND ((m.source_type = 'Project' AND m.source_id = p.id) OR (m.source_type = 'Namespace' AND m.source_id IN (SELECT id FROM anc)))) AS level,
         ${extra}
       FROM todos t
       JOIN issues i ON i.id = t.target_id
       JOIN projects p ON p.id = i.project_id
       JOIN namespaces ns ON ns.id = p.namespace_id
       JOIN users u ON u.id = t.user_id
       JOIN users a ON a.id = t.author_id
       WHERE ${where.join(' AND ')}
       ORDER BY t.id DESC
       LIMIT 1000`, params));
    }
};
exports.TodoService = TodoService;
exports.TodoService = TodoService = TodoService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, event_log_service_1.EventLogService,
        user_channel_1.UserChannel])
], TodoService);
//# sourceMappingURL=todo.service.js.map