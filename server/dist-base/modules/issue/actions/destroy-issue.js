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
exports.DestroyIssueAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const user_entity_1 = require("../../user/user.entity");
const user_mapper_1 = require("../../user/user.mapper");
const issue_context_1 = require("../issue-context");
/** Deletes an issue (owners), its notes and label links; watchers get `issue.deleted` first. */
let DestroyIssueAction = class DestroyIssueAction {
    config;
    events;
    constructor(config, events) {
        this.config = config;
        this.events = events;
    }
    async execute(actor, ctx) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        (0, issue_context_1.authorizeOnIssue)(actor, 'destroy_issue', ctx);
        await this.events.transaction(async (tx) => {
            const author = await tx.manager.getRepository(user_entity_1.User).findOneByOrFail({ id: actor.id });
            // The event is recorded before the row goes, so live watchers learn of the deletion
            await tx.record((0, issue_context_1.issueNoteable)(ctx.issue, ctx.project), 'issue.deleted', {}, (0, user_mapper_1.toUserBasic)(author, this.config.publicUrl));
            await tx.manager.query(`DELETE FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1`, [ctx.issue.id]);
            await tx.manager.query(`DELETE FROM label_links WHERE target_type = 'Issue' AND target_id = $1`, [ctx.issue.id]);
            await tx.manager.query('DELETE FROM issues WHERE id = $1', [ctx.issue.id]);
        });
    }
};
exports.DestroyIssueAction = DestroyIssueAction;
exports.DestroyIssueAction = DestroyIssueAction = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, event_log_service_1.EventLogService])
], DestroyIssueAction);
//# sourceMappingURL=destroy-issue.js.map