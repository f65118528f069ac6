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
var TodoMentionsListener_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.TodoMentionsListener = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const policy_1 = require("../../core/policy/policy");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const mentions_1 = require("./mentions");
const todo_service_1 = require("./todo.service");
function mentioningOf(e, issueId) {
    if (e.type === 'note.created') {
        const note = e.payload.note;
        if (note.system || !note.author || !note.note?.includes('@'))
            return null;
        return { issueId, authorId: note.author.id, text: note.note, noteId: Number(note.id), internal: note.internal, description: false };
    }
    if ((e.type === 'issue.created' || e.type === 'issue.updated') && e.actor && e.payload.fields.description?.includes('@')) {
        return { issueId, authorId: e.actor.id, text: e.payload.fields.description, noteId: null, internal: false, description: true };
    }
    return null;
}
/**
 * 'mentioned' to-dos (GitLab's TodoService#new_note / #update_issue): after a comment or a
 * description that @mentions users commits, each mentioned user who may read it (an internal
 * note: reporters and up) gets a to-do, never the author. Checked only when the text has an
 * '@', so other writes cost nothing more.
 */
let TodoMentionsListener = TodoMentionsListener_1 = class TodoMentionsListener {
    ds;
    events;
    todos;
    logger = new common_1.Logger(TodoMentionsListener_1.name);
    constructor(ds, events, todos) {
        this.ds = ds;
        this.events = events;
        this.todos = todos;
    }
    onModuleInit() {
        this.events.onCommit((batch) => this.onCommit(batch));
    }
    async onCommit(batch) {
        for (const b of batch) {
            if (b.noteableType !== 'Issue')
                continue;
            const m = mentioningOf(b.event, b.noteableId);
            if (!m)
                continue;
            try {
                await this.create(m);
            }
            catch (err) {
                this.logger.warn({ err }, 'mention to-dos failed');
            }
        }
    }
    async create(m) {
        const names = (0, mentions_1.mentionedUsernames)(m.text);
        if (!names.length)
            return;
        const rows = (await this.ds.query(`SELECT u.id, u.is_admin, p.id AS project_id, p.visibility, p.archived, ns.type AS ns_type, ns.owner_id AS ns_owner_id,
         i.confidential, i.author_id, i.discussion_locked, i.state,
         ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id) AS assignee_ids,
         (WITH RECURSIVE anc(id, parent_id) AS (
            SELECT id, parent_id FROM namespaces WHERE id = p.namespace_id
            UNION ALL SELECT nn.id, nn.parent_id FROM namespaces nn JOIN anc ON nn.id = anc.parent_id)
          SELECT max(mm.access_level)::int FROM members mm
          WHERE mm.user_id = u.id AND (mm.expires_at IS NULL OR mm.expires_at >= current_date)
            AND ((mm.source_type = 'Project' AND mm.source_id = p.id) OR (mm.source_type = 'Namespace' AND mm.source_id IN (SELECT id FROM anc)))) AS level
       FROM issues i JOIN projects p ON p.id = i.project_id JOIN namespaces ns ON ns.id = p.namespace_id
       JOIN users u ON lower(u.username) = ANY($2::text[]) AND u.state = 'active'
       WHERE i.id = $1`, [m.issueId, names]));
        if (!rows.length)
            return;
        const pending = m.description ? await this.todos.pendingMentioned(m.issueId, rows.map((r) => Number(r.id))) : new Set();
        const candidates = rows.map((r) => {
            const id = Number(r.id);
            let level = r.level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS;
            if (level < shared_types_1.ACCESS_LEVEL.OWNER && r.ns_type === 'User' && r.ns_owner_id === id)
                level = shared_types_1.ACCESS_LEVEL.OWNER;
            const reads = (0, policy_1.canReadIssue)({ id, username: '', isAdmin: r.is_admin, scopes: null }, { visibility: r.visibility, archived: r.archived, accessLevel: level }, { confidential: r.confidential, authorId: r.author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.state });
            return { id, canRead: reads && (!m.internal || r.is_admin || level >= shared_types_1.ACCESS_LEVEL.REPORTER), hasPending: pending.has(id) };
        });
        const recipients = (0, mentions_1.mentionTodoRecipients)(candidates, m.authorId);
        await this.todos.createMentioned(recipients, m.authorId, Number(rows[0].project_id), m.issueId, m.noteId);
    }
};
exports.TodoMentionsListener = TodoMentionsListener;
exports.TodoMentionsListener = TodoMentionsListener = TodoMentionsListener_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        event_log_service_1.EventLogService,
        todo_service_1.TodoService])
], TodoMentionsListener);
//# sourceMappingURL=todo-mentions.listener.js.map