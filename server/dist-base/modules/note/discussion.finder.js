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
exports.isCursor = exports.DiscussionFinder = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const award_finder_1 = require("../award/award.finder");
const config_1 = require("../../core/config/config");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const issue_loader_1 = require("../issue/issue.loader");
const discussion_mapper_1 = require("./discussion.mapper");
const note_entity_1 = require("./note.entity");
const note_finder_1 = require("./note.finder");
const note_mapper_1 = require("./note.mapper");
const note_target_1 = require("./note-target");
/** Notes a filter shows: 1 only comments, 2 only system notes (GitLab's UserPreference::NOTES_FILTERS). */
const FILTER_SQL = { 0: 'true', 1: 'NOT n.system', 2: 'n.system' };
/**
 * The issue's discussions as discussions.json lists them: grouped by discussion in the order of
 * their first note, a page at a time by an opaque cursor (first note's time and id), notes
 * and their users in two statements whatever the page size.
 */
let DiscussionFinder = class DiscussionFinder {
    ds;
    config;
    notes;
    awards;
    constructor(ds, config, notes, awards) {
        this.ds = ds;
        this.config = config;
        this.notes = notes;
        this.awards = awards;
    }
    async page(actor, ctx, opts) {
        const includeInternal = (0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts).readInternalNote;
        const values = [ctx.issue.id, opts.perPage ? opts.perPage + 1 : null];
        const where = [`n.noteable_type = 'Issue'`, 'n.noteable_id = $1', FILTER_SQL[opts.filter]];
        if (!includeInternal)
            where.push('NOT n.internal');
        if (opts.discussionId !== undefined) {
            values.push(opts.discussionId);
            where.push(`n.discussion_id = $${values.length}`);
        }
        const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
        let after = '';
        if (cursor) {
            values.push(cursor.us, cursor.id);
            after = `WHERE (d.first_us, d.first_id) >= ($${values.length - 1}::bigint, $${values.length}::int)`;
        }
        // The authors' roles (badges) in the same statement: their max membership level in the
        // project and its ancestor groups, as the policy's effective level counts it
        values.push(ctx.project.id, ctx.project.namespaceId);
        const [projectParam, namespaceParam] = [`$${values.length - 1}`, `$${values.length}`];
        const rows = await this.ds.query(`WITH RECURSIVE anc(id, parent_id) AS (
          SELECT id, parent_id FROM namespaces WHERE id = ${namespaceParam}::int
          UNION ALL SELECT nn.id, nn.parent_id FROM namespaces nn JOIN anc ON nn.id = anc.parent_id),
        visible AS (SELECT n.* FROM notes n WHERE ${where.join(' AND ')}),
        d AS (SELECT discussion_id, (floor(extract(epoch FROM min(created_at)) * 1000000))::bigint AS first_us, min(id) AS first_id FROM visible GROUP BY discussion_id),
        picked AS (SELECT * FROM d ${after} ORDER BY first_us, first_id LIMIT $2),
        levels AS (SELECT m.user_id, max(m.access_level)::int AS level FROM members m
          WHERE m.user_id IN (SELECT v.author_id FROM visible v JOIN picked p ON p.discussion_id = v.discussion_id WHERE NOT v.system)
            AND (m.expires_at IS NULL OR m.expires_at >= current_date)
            AND ((m.source_type = 'Project' AND m.source_id = ${projectParam}::int) OR (m.source_type = 'Namespace' AND m.source_id IN (SELECT id FROM anc)))
          GROUP BY m.user_id)
      SELECT v.*, p.first_us::text AS first_us, p.first_id AS first_id, l.level AS author_level FROM visible v JOIN picked p ON p.discussion_id = v.discussion_id
        LEFT JOIN levels l ON l.user_id = v.author_id
      ORDER BY p.first_us, p.first_id, v.created_at, v.id`, values);
        const accessLevels = new Map();
        for (const r of rows)
            if (r.author_id !== null && !r.system)
                accessLevels.set(Number(r.author_id), (0, issue_loader_1.effectiveLevel)(Number(r.author_level ?? shared_types_1.ACCESS_LEVEL.NO_ACCESS), ctx.project, Number(r.author_id)));
        const meta = this.ds.getMetadata(note_entity_1.Note);
        const notes = rows.map((r) => {
            const n = meta.create();
            for (const c of meta.columns)
                if (c.databaseName in r)
                    n[c.propertyName] = this.ds.driver.prepareHydratedValue(r[c.databaseName], c);
            return { note: n, firstUs: String(r.first_us), firstId: Number(r.first_id) };
        });
        const groups = (0, discussion_mapper_1.groupByDiscussion)(notes.map((x) => ({ ...x, discussion_id: x.note.discussionId })));
        let nextCursor = null;
        if (opts.perPage && groups.length > opts.perPage) {
            const next = groups[opts.perPage][0];
            nextCursor = encodeCursor(next.firstUs, next.firstId);
            groups.length = opts.perPage;
        }
        const records = groups.flat().map((x) => x.note);
        const [users, awards] = await Promise.all([this.notes.users((0, note_mapper_1.userIdsOf)(records)), this.awards.forNotes(records.filter((n) => !n.system).map((n) => n.id))]);
        const map = { ...(0, note_target_1.issueNoteMap)(this.config, ctx, users), accessLevels };
        const place = (0, note_target_1.discussionPlace)(ctx);
        const withAwards = (notes) => notes.map((n) => (n.system ? n : { ...n, award_emoji: awards.get(Number(n.id)) ?? [] }));
        return {
            discussions: groups.map((g) => (0, discussion_mapper_1.toApiDiscussion)(withAwards((0, note_target_1.viewerNotes)(actor, ctx, g.map((x) => x.note), map)), place)),
            nextCursor,
        };
    }
    /** The issue page's notes data: the viewer's saved filter and how many discussions it shows, in one statement. */
    async pageNotesData(actor, ctx) {
        const includeInternal = (0, issue_permissions_1.issuePermissions)(actor, ctx.projectFacts, ctx.facts).readInternalNote;
        const [row] = (await this.ds.query(`SELECT COALESCE((SELECT issue_notes_filter FROM user_preferences WHERE user_id = $2), 0)::int AS filter,
         count(DISTINCT n.discussion_id)::int AS n0,
         count(DISTINCT n.discussion_id) FILTER (WHERE NOT n.system)::int AS n1,
         count(DISTINCT n.discussion_id) FILTER (WHERE n.system)::int AS n2
       FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND ($3::boolean OR NOT n.internal)`, [ctx.issue.id, actor?.id ?? null, includeInternal]));
        const notesFilter = Number(row?.filter ?? 0);
        const counts = [row?.n0, row?.n1, row?.n2].map((n) => Number(n ?? 0));
        return { notesFilter, prerenderedNotesCount: counts[notesFilter] ?? 0, isProjectArchived: ctx.project.archived };
    }
    /** The user's saved notes filter (all when none is saved or signed out). */
    async savedFilter(userId) {
        if (userId === null)
            return shared_types_1.NOTES_FILTER.all;
        const [row] = (await this.ds.query('SELECT issue_notes_filter FROM user_preferences WHERE user_id = $1', [userId]));
        return (row ? Number(row.issue_notes_filter) : shared_types_1.NOTES_FILTER.all);
    }
    async saveFilter(userId, filter) {
        await this.ds.query(`INSERT INTO user_preferences (user_id, issue_notes_filter, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET issue_notes_filter = EXCLUDED.issue_notes_filter, updated_at = now()
       WHERE user_preferences.issue_notes_filter IS DISTINCT FROM EXCLUDED.issue_notes_filter`, [userId, filter]);
    }
};
exports.DiscussionFinder = DiscussionFinder;
exports.DiscussionFinder = DiscussionFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, note_finder_1.NoteFinder,
        award_finder_1.AwardFinder])
], DiscussionFinder);
function encodeCursor(us, id) {
    return Buffer.from(`${us}:${id}`).toString('base64url');
}
function decodeCursor(cursor) {
    const m = /^(\d{1,19}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
    return m ? { us: m[1], id: Number(m[2]) } : null;
}
/** A cursor this finder made, or null (bad cursors are a 400 at the boundary). */
const isCursor = (cursor) => /^[A-Za-z0-9_-]{1,64}$/.test(cursor) && decodeCursor(cursor) !== null;
exports.isCursor = isCursor;
//# sourceMappingURL=discussion.finder.js.map