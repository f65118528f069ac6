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
Object.defineProperty(exports, "__esModule", { value: true });
exports.MarkIssueAsSpamAction = void 0;
const common_1 = require("@nestjs/common");
const app_error_1 = require("../../../core/errors/app-error");
const issue_permissions_1 = require("../../../core/policy/issue-permissions");
const access_changes_1 = require("../../../core/realtime/access-changes");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
/**
 * Submit as spam (admins, spec §6): the issue is hidden from everyone but admins, and a
 * spam_logs row keeps what was reported. Watchers who may no longer read it leave its live room.
 */
let MarkIssueAsSpamAction = class MarkIssueAsSpamAction {
    events;
    access;
    constructor(events, access) {
        this.events = events;
        this.access = access;
    }
    async execute(actor, ctx) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (!(0, issue_permissions_1.issueHeaderFlags)(actor, ctx.projectFacts, ctx.facts).canReportSpam)
            throw new app_error_1.AppError('FORBIDDEN');
        await this.events.transaction(async (tx) => {
            await tx.manager.query(`UPDATE issues SET hidden = true, updated_at = now() WHERE id = $1`, [ctx.issue.id]);
            await tx.manager.query(`INSERT INTO spam_logs (issue_id, reporter_id, user_id, title, description) VALUES ($1, $2, $3, $4, $5)`, [
                ctx.issue.id,
                actor.id,
                ctx.issue.authorId,
                ctx.issue.title,
                ctx.issue.description,
            ]);
        });
        this.access.notify({ kind: 'noteable', noteableType: 'Issue', noteableId: ctx.issue.id });
    }
};
exports.MarkIssueAsSpamAction = MarkIssueAsSpamAction;
exports.MarkIssueAsSpamAction = MarkIssueAsSpamAction = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        access_changes_1.AccessChanges])
], MarkIssueAsSpamAction);
//# sourceMappingURL=mark-issue-as-spam.js.map