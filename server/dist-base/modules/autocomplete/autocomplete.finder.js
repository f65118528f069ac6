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
exports.AutocompleteFinder = exports.AUTOCOMPLETE_LIMIT = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const policy_1 = require("../../core/policy/policy");
const label_service_1 = require("../label/label.service");
const user_mapper_1 = require("../user/user.mapper");
const user_row_1 = require("../user/user.row");
/** Most items one autocomplete answer carries. */
exports.AUTOCOMPLETE_LIMIT = 20;
/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
const infix = (term) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The project's namespace and its ancestors (recursive CTE `anc(id)`; $2 is the namespace id). */
const ANCESTORS = `anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)`;
/**
 * The comment form's autocomplete sources (GitLab's autocomplete_sources): members and
 * participants for @, issues for #, labels for ~, milestones for %. One query each, at most
 * AUTOCOMPLETE_LIMIT items, only what the actor may read.
 */
let AutocompleteFinder = class AutocompleteFinder {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /**
     * Members of the project or its groups, plus the participants of the issue (`iid`, when the
     * actor may read it); the actor first, then by username.
     */
    async members(actor, project, facts, search, iid) {
        const participantsOf = iid !== null && (await this.readableIssueId(actor, project, facts, iid));
        const rows = (await this.ds.query(`WITH RECURSIVE ${ANCESTORS},
       candidates AS (
         SELECT user_id AS id FROM members WHERE (expires_at IS NULL OR expires_at >= current_date)
           AND ((source_type = 'Project' AND source_id = $1) OR (source_type = 'Namespace' AND source_id IN (SELECT id FROM anc)))
         UNION SELECT author_id FROM issues WHERE id = $3
         UNION SELECT user_id FROM issue_assignees WHERE issue_id = $3
         UNION SELECT author_id FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $3 AND NOT system AND NOT internal)
       SELECT u.id, u.username, u.name, u.email, u.avatar_url, u.state, u.is_admin, u.created_at, u.updated_at FROM users u
       WHERE u.id IN (SELECT id FROM candidates WHERE id IS NOT NULL) AND u.state = 'active'
         AND ($4::text = '' OR u.username ILIKE $5 OR u.name ILIKE $5)
       ORDER BY (u.id = $6) DESC, lower(u.username) LIMIT ${exports.AUTOCOMPLETE_LIMIT}`, [project.id, project.namespaceId, participantsOf || null, search, infix(search), actor?.id ?? null]));
        return rows.map((r) => {
            const u = (0, user_mapper_1.toUserBasic)((0, user_row_1.userFromRow)(r), this.config.publicUrl);
            return { username: u.username, name: u.name, avatar_url: u.avatar_url };
        });
    }
    /** Issues of the project the actor may read, by iid (`#12` or `12`) or title. */
    async issues(actor, project, facts, search) {
        const term = search.replace(/^#/, '');
        const iid = /^\d{1,9}$/.test(term) ? Number(term) : null;
        const rows = (await this.ds.query(`SELECT i.iid, i.title FROM issues i
       WHERE i.project_id = $1
         AND (NOT i.confidential OR $2 OR i.author_id = $3 OR EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id AND a.user_id = $3))
         AND ($4::text = '' OR i.iid = $5 OR i.title ILIKE $6)
       ORDER BY (i.iid = $5) DESC NULLS LAST, i.id DESC LIMIT ${exports.AUTOCOMPLETE_LIMIT}`, [project.id, (0, policy_1.canProject)(actor, 'read_confidential_issues', facts), actor?.id ?? null, term, iid, infix(term)]));
        return rows.map((r) => ({ iid: Number(r.iid), title: r.title, reference: `#${r.iid}` }));
    }
    /** Labels of the project and its ancestor groups. */
    async labels(project, search) {
        const term = search.replace(/^~"?|"$/g, '');
        const rows = (await this.ds.query(`${label_service_1.AVAILABLE_LABELS_SQL} AND ($3::text = '' OR l.title ILIKE $4) ORDER BY lower(l.title), l.project_id NULLS LAST LIMIT ${exports.AUTOCOMPLETE_LIMIT}`, [
            project.id,
            project.namespaceId,
            term,
            infix(term),
        ]));
        return rows.map((r) => ({ title: r.title, color: r.color, text_color: (0, shared_types_1.labelTextColor)(r.color) }));
    }
    /** Active milestones of the project and its ancestor groups. */
    async milestones(project, search) {
        const term = search.replace(/^%"?|"$/g, '');
        const rows = (await this.ds.query(`WITH RECURSIVE ${ANCESTORS}
       SELECT m.iid, m.title FROM milestones m
       WHERE (m.project_id = $1 OR m.group_id IN (SELECT id FROM anc)) AND m.state = 'active'
         AND ($3::text = '' OR m.title ILIKE $4)
       ORDER BY m.due_date NULLS LAST, lower(m.title) LIMIT ${exports.AUTOCOMPLETE_LIMIT}`, [project.id, project.namespaceId, term, infix(term)]));
        return rows.map((r) => ({ iid: Number(r.iid), title: r.title }));
    }
    /** The issue's id when the actor may read it (its participants are then listed). */
    async readableIssueId(actor, project, facts, iid) {
        const [row] = (await this.ds.query(`SELECT i.id, i.confidential, i.author_id, i.discussion_locked, i.state, ARRAY(SELECT user_id FROM issue_assignees WHERE issue_id = i.id) AS assignee_ids
       FROM issues i WHERE i.project_id = $1 AND i.iid = $2`, [project.id, iid]));
        if (!row)
            return null;
        const readable = (0, policy_1.canReadIssue)(actor, facts, {
            confidential: row.confidential,
            authorId: row.author_id,
            assigneeIds: row.assignee_ids.map(Number),
            discussionLocked: row.discussion_locked,
            state: row.state,
        });
        return readable ? Number(row.id) : null;
    }
};
exports.AutocompleteFinder = AutocompleteFinder;
exports.AutocompleteFinder = AutocompleteFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], AutocompleteFinder);
//# sourceMappingURL=autocomplete.finder.js.map