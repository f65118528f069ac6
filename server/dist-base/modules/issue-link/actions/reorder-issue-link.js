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
exports.ReorderIssueLinkAction = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../../core/config/config");
const app_error_1 = require("../../../core/errors/app-error");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const issue_context_1 = require("../../issue/issue-context");
const link_context_1 = require("./link-context");
/** Gap between neighbours when a list is renumbered. */
const SPACING = 1000;
/**
 * Moves a link between two others in the issue's related list (spec: PUT relation path with
 * move_before_id = the link that ends up above, move_after_id = the one below; canReorder =
 * canAdmin). The issue's links are renumbered in one statement with an `issue.links` event.
 */
let ReorderIssueLinkAction = class ReorderIssueLinkAction {
    events;
    config;
    constructor(events, config) {
        this.events = events;
        this.config = config;
    }
    async execute(actor, issue, link, ordered, moveBefore, moveAfter) {
        const user = (0, link_context_1.linkAdmin)(actor, issue, this.config.publicUrl);
        const rest = ordered.filter((id) => id !== link.linkId);
        if ((moveBefore !== null && !rest.includes(moveBefore)) || (moveAfter !== null && !rest.includes(moveAfter)))
            throw new app_error_1.AppError('ISSUE_LINK_NOT_FOUND');
        const at = moveBefore !== null ? rest.indexOf(moveBefore) + 1 : moveAfter !== null ? rest.indexOf(moveAfter) : rest.length;
        rest.splice(at, 0, link.linkId);
        await this.events.transaction(async (tx) => {
            await tx.query('issue-link.reorder', `UPDATE issue_links l SET relative_position = x.pos, updated_at = now() FROM unnest($1::int[], $2::int[]) AS x(id, pos) WHERE l.id = x.id`, [rest, rest.map((_, k) => (k + 1) * SPACING)]);
            tx.recordLater((0, issue_context_1.issueNoteable)(issue.issue, issue.project), 'issue.links', { link_type: link.linkType }, user);
        });
    }
};
exports.ReorderIssueLinkAction = ReorderIssueLinkAction;
exports.ReorderIssueLinkAction = ReorderIssueLinkAction = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService, Object])
], ReorderIssueLinkAction);
//# sourceMappingURL=reorder-issue-link.js.map