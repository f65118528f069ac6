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
exports.PromoteToEpicAction = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const policy_1 = require("../../../core/policy/policy");
const event_log_service_1 = require("../../../core/realtime/event-log.service");
const group_service_1 = require("../../group/group.service");
const update_issue_1 = require("../../issue/actions/update-issue");
const issue_context_1 = require("../../issue/issue-context");
const epic_mapper_1 = require("../epic.mapper");
const epic_service_1 = require("../epic.service");
/**
 * GitLab's Epics::IssuePromoteService: a new epic in the project's group with the issue's
 * title, description and confidentiality (the actor its author), and on the issue, in the same
 * transaction, the 'promoted to epic &N' note and the close (its 'closed' note and events).
 * Needs admin_issue on the issue and create_epic in the group; a project outside a group cannot.
 */
let PromoteToEpicAction = class PromoteToEpicAction {
    events;
    groups;
    epics;
    updateIssue;
    constructor(events, groups, epics, updateIssue) {
        this.events = events;
        this.groups = groups;
        this.epics = epics;
        this.updateIssue = updateIssue;
    }
    /** May the actor promote this issue (the page's canPromoteToEpic)? One query for the group level. */
    async allowed(actor, ctx) {
        const ns = ctx.project.namespace;
        if (!actor || !ns || ns.type !== 'Group' || !(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return false;
        return (0, policy_1.canEpic)(actor, 'create_epic', await this.groups.facts(actor, ns), null);
    }
    async execute(actor, ctx) {
        const group = ctx.project.namespace;
        if (!group || group.type !== 'Group')
            throw new app_error_1.ValidationError({ base: [shared_types_1.EPIC_TEXTS.promoteNeedsGroup] });
        if (!(await this.allowed(actor, ctx)))
            throw new app_error_1.AppError('FORBIDDEN');
        return this.events.transaction(async (tx) => {
            const epic = await this.epics.insert(actor, group, { title: ctx.issue.title, description: ctx.issue.description, confidential: ctx.issue.confidential }, tx.manager);
            await this.updateIssue.executeInTx(tx, actor, ctx, {
                promotedToEpic: (0, epic_mapper_1.epicReference)(epic, ctx.project.namespaceId),
                ...(ctx.issue.state === 'opened' ? { stateEvent: 'close' } : {}),
            });
            return epic;
        });
    }
};
exports.PromoteToEpicAction = PromoteToEpicAction;
exports.PromoteToEpicAction = PromoteToEpicAction = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        group_service_1.GroupService,
        epic_service_1.EpicService,
        update_issue_1.UpdateIssueAction])
], PromoteToEpicAction);
//# sourceMappingURL=promote-to-epic.js.map