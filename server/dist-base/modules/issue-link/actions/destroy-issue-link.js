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
exports.DestroyIssueLinkAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const system_notes_1 = require("../../note/system-notes");
const issue_link_mapper_1 = require("../issue-link.mapper");
const link_notes_1 = require("../link-notes");
const link_context_1 = require("./link-context");
/**
 * Removes a link the actor sees from `issue` (GitLab's IssueLinks::DestroyService). Policy:
 * admin_issue on the issue (the other one is readable, or the link would not be seen). One
 * transaction: the delete, "removed the relation with ..." and `issue.links` on both issues.
 */
let DestroyIssueLinkAction = class DestroyIssueLinkAction {
    events;
    linkNotes;
    config;
    constructor(events, linkNotes, config) {
        this.events = events;
        this.linkNotes = linkNotes;
        this.config = config;
    }
    async execute(actor, issue, link) {
        const user = (0, link_context_1.linkAdmin)(actor, issue, this.config.publicUrl);
        const other = link.other;
        await this.events.transaction(async (tx) => {
            const rows = await tx.query('issue-link.delete', 'DELETE FROM issue_links WHERE id = $1::int RETURNING id', [link.linkId]);
            if (!rows.length)
                throw new app_error_1.AppError('ISSUE_LINK_NOT_FOUND');
            const sides = [
                {
                    noteable: (0, issue_context_1.issueNoteable)(issue.issue, issue.project),
                    projectId: issue.project.id,
                    notes: [system_notes_1.systemNotes.unrelatedIssue((0, issue_link_mapper_1.referenceFrom)(issue.project.fullPath, other.project.fullPath, other.issue.iid))],
                    links: { link_type: null },
                },
                {
                    noteable: (0, issue_context_1.issueNoteable)(other.issue, other.project),
                    projectId: other.project.id,
                    notes: [system_notes_1.systemNotes.unrelatedIssue((0, issue_link_mapper_1.referenceFrom)(other.project.fullPath, issue.project.fullPath, issue.issue.iid))],
                    links: { link_type: null },
                },
            ];
            for (const side of sides.sort((a, b) => a.noteable.id - b.noteable.id))
                await this.linkNotes.write(tx, side, user);
        });
    }
};
exports.DestroyIssueLinkAction = DestroyIssueLinkAction;
exports.DestroyIssueLinkAction = DestroyIssueLinkAction = __decorate([
    (0, common_1.Injectable)(),
    __param(2, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        link_notes_1.LinkNotes, Object])
], DestroyIssueLinkAction);
//# sourceMappingURL=destroy-issue-link.js.map