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
exports.NotesPollController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const award_finder_1 = require("../award/award.finder");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const etag_cache_service_1 = require("../../core/realtime/etag-cache.service");
const issue_loader_1 = require("../issue/issue.loader");
const project_service_1 = require("../project/project.service");
const etag_poll_middleware_1 = require("../realtime/etag-poll.middleware");
const note_finder_1 = require("./note.finder");
const note_mapper_1 = require("./note.mapper");
const OVERLAP_US = BigInt(shared_types_1.REALTIME.notesFetchOverlapMs) * 1000n;
const MAX_US = 9000000000000000n;
/**
 * The notes polling endpoint: `GET /:namespace/:project/noteable/issue/:id/notes` with
 * `X-Last-Fetched-At` (microseconds). Returns notes updated since then minus a 5 s overlap,
 * 50 at a time (GitLab's notes polling; docs/realtime.md). Empty answers carry the issue's ETag, so idle pollers
 * are answered 304 by EtagPollMiddleware without touching the database.
 */
let NotesPollController = class NotesPollController {
    ds;
    config;
    projects;
    issues;
    notes;
    etags;
    awards;
    constructor(ds, config, projects, issues, notes, etags, awards) {
        this.ds = ds;
        this.config = config;
        this.projects = projects;
        this.issues = issues;
        this.notes = notes;
        this.etags = etags;
        this.awards = awards;
    }
    /** Policy: read_issue; internal notes need read_confidential_issues (reporter and up). */
    async poll(actor, project, id, lastFetchedAt, res) {
        const since = parseMicros(lastFetchedAt);
        if (since === null)
            throw new app_error_1.ValidationError({ 'X-Last-Fetched-At': ['must be an integer number of microseconds since the epoch'] });
        if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const { project: p, facts } = await this.projects.findReadable(actor, project.join('/'));
        // The issue row (with its event seq) is read before the notes: an ETag never claims
        // more than the answer shows
        const ctx = await this.issues.contextFor(p, facts, await this.iidOf(Number(id), p.id));
        if (!ctx)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const can = (0, issue_permissions_1.issuePermissions)(actor, facts, ctx.facts);
        if (!can.readIssue)
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        const from = since > OVERLAP_US ? since - OVERLAP_US : 0n;
        const noteable = { type: 'Issue', id: ctx.issue.id, ref: { id: ctx.issue.id, iid: ctx.issue.iid, project_path: p.fullPath } };
        const page = await this.notes.changedSince(noteable, from, shared_types_1.REALTIME.notesPageLimit, can.readInternalNote);
        const [users, awards] = await Promise.all([
            this.notes.users((0, note_mapper_1.userIdsOf)(page.notes)),
            page.notes.length ? this.awards.forNotes(page.notes.filter((n) => !n.system).map((n) => n.id)) : Promise.resolve(new Map()),
        ]);
        // Mid-page the next request continues at the last note (it subtracts the overlap again)
        const next = page.more && page.lastUpdatedUs !== null ? page.lastUpdatedUs + OVERLAP_US : page.nowUs;
        res.setHeader('Poll-Interval', String(page.more ? 1 : (0, etag_poll_middleware_1.pollInterval)(this.config, shared_types_1.REALTIME.notesPollIntervalMs)));
        res.setHeader('Cache-Control', 'no-cache');
        // Only empty answers are cacheable (GitLab's X-Gitlab-Skip-Etag)
        if (!page.notes.length)
            res.setHeader('ETag', await this.etags.remember(noteable.ref, ctx.issue.eventSeq));
        const perms = (0, issue_permissions_1.notePermissionsFor)(actor, facts, ctx.facts);
        const mapCtx = { noteableIid: ctx.issue.iid, noteableUrl: (0, note_mapper_1.noteablePageUrl)(this.config.publicUrl, noteable), users };
        return {
            notes: page.notes.map((n) => ({ ...(0, note_mapper_1.toApiNote)(n, mapCtx, (0, issue_permissions_1.noteCurrentUser)(perms(n))), ...(n.system ? {} : { award_emoji: awards.get(n.id) ?? [] }) })),
            last_fetched_at: Number(next),
            more: page.more,
        };
    }
    async iidOf(issueId, projectId) {
        const rows = await this.ds.query('SELECT iid FROM issues WHERE id = $1 AND project_id = $2', [issueId, projectId]);
        if (!rows[0])
            throw new app_error_1.AppError('ISSUE_NOT_FOUND');
        return rows[0].iid;
    }
};
exports.NotesPollController = NotesPollController;
__decorate([
    (0, common_1.Get)('*project/noteable/issue/:id/notes'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Param)('id')),
    __param(3, (0, common_1.Headers)('x-last-fetched-at')),
    __param(4, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, String, Object, Object]),
    __metadata("design:returntype", Promise)
], NotesPollController.prototype, "poll", null);
exports.NotesPollController = NotesPollController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, project_service_1.ProjectService,
        issue_loader_1.IssueLoader,
        note_finder_1.NoteFinder,
        etag_cache_service_1.EtagCacheService,
        award_finder_1.AwardFinder])
], NotesPollController);
/** X-Last-Fetched-At: microseconds since the epoch; absent means "everything". */
function parseMicros(v) {
    if (v === undefined || v.trim() === '')
        return 0n;
    const s = v.trim();
    if (!/^\d{1,19}$/.test(s))
        return null;
    const n = BigInt(s);
    return n > MAX_US ? null : n;
}
//# sourceMappingURL=notes-poll.controller.js.map