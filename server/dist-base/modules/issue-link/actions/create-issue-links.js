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
exports.CreateIssueLinksAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const system_notes_1 = require("../../note/system-notes");
const issue_link_mapper_1 = require("../issue-link.mapper");
const link_notes_1 = require("../link-notes");
const link_context_1 = require("./link-context");
const INVERSE = { relates_to: 'relates_to', blocks: 'is_blocked_by', is_blocked_by: 'blocks' };
/**
 * Links an issue to others (GitLab's IssueLinks::CreateService). Policy: admin_issue on the
 * source, read on every target (the caller resolved them as the actor). `is_blocked_by` is
 * stored as the target blocking the source. In one transaction: the links, a system note and
 * an `issue.links` event on both issues. Every target linked already: 409.
 */
let CreateIssueLinksAction = class CreateIssueLinksAction {
    events;
    linkNotes;
    config;
    constructor(events, linkNotes, config) {
        this.events = events;
        this.linkNotes = linkNotes;
        this.config = config;
    }
    async execute(actor, source, targets, linkType) {
        const user = (0, link_context_1.linkAdmin)(actor, source, this.config.publicUrl);
        const unique = targets.filter((t, k) => targets.findIndex((o) => o.issue.id === t.issue.id) === k);
        if (unique.some((t) => t.issue.id === source.issue.id))
            throw new app_error_1.ValidationError({ issuable_references: ['cannot include the issue itself'] });
        if (!unique.length)
            throw new app_error_1.ValidationError({ issuable_references: ["can't be blank"] });
        const stored = (t) => (linkType === 'is_blocked_by' ? [t.issue.id, source.issue.id] : [source.issue.id, t.issue.id]);
        return this.events.transaction(async (tx) => {
            const rows = await tx.query('issue-link.insert', `INSERT INTO issue_links (source_id, target_id, link_type)
         SELECT s, t, $3 FROM unnest($1::int[], $2::int[]) AS x(s, t)
         ON CONFLICT DO NOTHING RETURNING id, source_id, target_id`, [unique.map((t) => stored(t)[0]), unique.map((t) => stored(t)[1]), linkType === 'relates_to' ? 'relates_to' : 'blocks']);
            if (!rows.length)
                throw new app_error_1.AppError('ISSUE_LINK_EXISTS');
            const created = rows.map((r) => {
                const otherId = Number(r.source_id) === source.issue.id ? Number(r.target_id) : Number(r.source_id);
                return { linkId: Number(r.id), target: unique.find((t) => t.issue.id === otherId) };
            });
            const sourcePath = source.project.fullPath;
            const sides = [
                {
                    noteable: (0, issue_context_1.issueNoteable)(source.issue, source.project),
                    projectId: source.project.id,
                    notes: created.map((c) => system_notes_1.systemNotes.relatedIssue(linkType, (0, issue_link_mapper_1.referenceFrom)(sourcePath, c.target.project.fullPath, c.target.issue.iid))),
                    links: { link_type: linkType },
                },
                ...created.map((c) => ({
                    noteable: (0, issue_context_1.issueNoteable)(c.target.issue, c.target.project),
                    projectId: c.target.project.id,
                    notes: [system_notes_1.systemNotes.relatedIssue(INVERSE[linkType], (0, issue_link_mapper_1.referenceFrom)(c.target.project.fullPath, sourcePath, source.issue.iid))],
                    links: { link_type: INVERSE[linkType] },
                })),
            ];
            // Issue-id order: two link changes over the same issues lock their rows in one order
            for (const side of sides.sort((a, b) => a.noteable.id - b.noteable.id))
                await this.linkNotes.write(tx, side, user);
            return created;
        });
    }
};
exports.CreateIssueLinksAction = CreateIssueLinksAction;
exports.CreateIssueLinksAction = CreateIssueLinksAction = __decorate([
    (0, common_1.Injectable)(),
    __param(2, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        link_notes_1.LinkNotes, Object])
], CreateIssueLinksAction);
//# sourceMappingURL=create-issue-links.js.map