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
exports.IssueLinkFinder = void 0;
exports.linkTypeFrom = linkTypeFrom;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const pg_pool_1 = require("../../core/database/pg-pool");
const policy_1 = require("../../core/policy/policy");
const issue_entity_1 = require("../issue/issue.entity");
const issue_loader_1 = require("../issue/issue.loader");
/** The links of one issue with what the viewer needs to decide whether they may see the other issue. */
const LINKS_SQL = `SELECT l.id AS link_id, l.source_id, l.target_id, l.link_type, l.relative_position, l.created_at, l.updated_at,
    i.id AS other_id, i.confidential, i.author_id, i.discussion_locked, i.state,
    p.visibility, p.archived, n.type AS ns_type, n.owner_id,
    ${issue_loader_1.EFFECTIVE_LEVEL_SQL} AS access_level, ${issue_loader_1.ASSIGNEE_IDS_SQL} AS assignee_ids
  FROM issue_links l
  JOIN issues i ON i.id = CASE WHEN l.source_id = $1::int THEN l.target_id ELSE l.source_id END
  JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
  WHERE l.source_id = $1::int OR l.target_id = $1::int
  ORDER BY l.relative_position NULLS LAST, l.id`;
/** A stored relation read from one of its issues: `blocks` from its target is `is_blocked_by`. */
function linkTypeFrom(viewerId, row) {
    if (row.link_type === 'relates_to')
        return 'relates_to';
    return Number(row.source_id) === viewerId ? 'blocks' : 'is_blocked_by';
}
/**
 * Related issues of an issue as a viewer may see them: links to issues the viewer cannot read
 * (confidential, private project) are left out, so a guest never learns they exist.
 */
let IssueLinkFinder = class IssueLinkFinder {
    ds;
    loader;
    constructor(ds, loader) {
        this.ds = ds;
        this.loader = loader;
    }
    /** The issue's links the actor may see, in list order (relative position, then age). */
    async forIssue(actor, issueId) {
        const { rows } = await (0, pg_pool_1.pgPool)(this.ds).query({ name: 'issue-link.list', text: LINKS_SQL, values: [issueId, actor?.id ?? null] });
        const readable = rows.filter((r) => (0, policy_1.canReadIssue)(actor, { visibility: r.visibility, archived: r.archived, accessLevel: level(actor, r) }, {
            confidential: r.confidential, authorId: r.author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.state,
        }));
        if (!readable.length)
            return [];
        const issues = await this.ds.getRepository(issue_entity_1.Issue).findBy({ id: (0, typeorm_2.In)(readable.map((r) => Number(r.other_id))) });
        const hydrated = new Map((await this.loader.hydrate(issues)).map((h) => [h.issue.id, h]));
        return readable
            .filter((r) => hydrated.has(Number(r.other_id)))
            .map((r) => ({
            linkId: Number(r.link_id),
            linkType: linkTypeFrom(issueId, r),
            relativePosition: r.relative_position === null ? null : Number(r.relative_position),
            createdAt: new Date(r.created_at),
            updatedAt: new Date(r.updated_at),
            other: hydrated.get(Number(r.other_id)),
        }));
    }
    /** Open issues the actor may see that block this one (the close confirmation's count). */
    async blockedBy(actor, issueId) {
        return (await this.forIssue(actor, issueId)).filter((v) => v.linkType === 'is_blocked_by' && v.other.issue.state === 'opened');
    }
    /** Every link id of the issue in list order, readable or not (reordering keeps hidden ones in place). */
    async orderedLinkIds(issueId) {
        const rows = (await this.ds.query('SELECT id, relative_position FROM issue_links WHERE source_id = $1 OR target_id = $1 ORDER BY relative_position NULLS LAST, id', [issueId]));
        return rows.map((r) => ({ id: Number(r.id), position: r.relative_position }));
    }
};
exports.IssueLinkFinder = IssueLinkFinder;
exports.IssueLinkFinder = IssueLinkFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource,
        issue_loader_1.IssueLoader])
], IssueLinkFinder);
function level(actor, r) {
    if (!actor)
        return shared_types_1.ACCESS_LEVEL.NO_ACCESS;
    const l = Number(r.access_level ?? 0);
    return r.ns_type === 'User' && Number(r.owner_id) === actor.id ? Math.max(l, shared_types_1.ACCESS_LEVEL.OWNER) : l;
}
//# sourceMappingURL=issue-link.finder.js.map