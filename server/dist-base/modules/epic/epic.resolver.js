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
exports.IssueEpicResolver = exports.EpicResolver = void 0;
const graphql_1 = require("@nestjs/graphql");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const group_service_1 = require("../group/group.service");
const update_issue_1 = require("../issue/actions/update-issue");
const issue_context_1 = require("../issue/issue-context");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const issue_loader_1 = require("../issue/issue.loader");
const issue_resolver_1 = require("../issue/issue.resolver");
const promote_to_epic_1 = require("./actions/promote-to-epic");
const epic_graphql_types_1 = require("./epic.graphql-types");
const epic_service_1 = require("./epic.service");
/** `Query.group` with its epics, `Issue.epic`, and the epic mutations (issueSetEpic, promoteToEpic). */
let EpicResolver = class EpicResolver {
    groups;
    service;
    constructor(groups, service) {
        this.groups = groups;
        this.service = service;
    }
    /** Policy: read_group (null when the actor may not see it, as GitLab). */
    async group(actor, fullPath) {
        try {
            const { group } = await this.groups.findReadable(actor, fullPath);
            return { id: (0, global_id_1.toGlobalId)('Group', group.id), name: group.name, fullPath: group.fullPath, webUrl: `${this.service.config.publicUrl}/groups/${group.fullPath}`, groupId: group.id };
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && e.status === 404)
                return null;
            throw e;
        }
    }
    /** Policy: read_epic (each epic). A numeric iid narrows to that epic. */
    async epics(actor, g, args) {
        const { group } = await this.groups.findReadable(actor, g.groupId);
        const iid = args.iid && /^\d{1,9}$/.test(args.iid) ? Number(args.iid) : undefined;
        const state = args.state === 'opened' || args.state === 'closed' ? args.state : undefined;
        const rows = await this.service.list(actor, group, {
            search: args.search?.trim() || undefined,
            state,
            ancestors: args.includeAncestorGroups ?? false,
            descendants: args.includeDescendantGroups ?? true,
            iids: iid ? [iid] : args.iid ? [] : undefined,
        });
        return (0, connection_1.connectionOf)(rows.map((e) => (0, epic_graphql_types_1.toEpicType)(e, this.service.config.publicUrl, group.id)), args);
    }
};
exports.EpicResolver = EpicResolver;
__decorate([
    (0, graphql_1.Query)(() => epic_graphql_types_1.GroupType, { nullable: true, description: 'Find a group.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('fullPath', { type: () => graphql_1.ID })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], EpicResolver.prototype, "group", null);
__decorate([
    (0, graphql_1.ResolveField)(() => epic_graphql_types_1.EpicConnection, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, epic_graphql_types_1.GroupType, epic_graphql_types_1.GroupEpicsArgs]),
    __metadata("design:returntype", Promise)
], EpicResolver.prototype, "epics", null);
exports.EpicResolver = EpicResolver = __decorate([
    (0, graphql_1.Resolver)(() => epic_graphql_types_1.GroupType),
    __metadata("design:paramtypes", [group_service_1.GroupService,
        epic_service_1.EpicService])
], EpicResolver);
/** `Issue.epic` and the issue-side epic mutations. */
let IssueEpicResolver = class IssueEpicResolver {
    loader;
    epics;
    updateAction;
    promote;
    markdown;
    constructor(loader, epics, updateAction, promote, markdown) {
        this.loader = loader;
        this.epics = epics;
        this.updateAction = updateAction;
        this.promote = promote;
        this.markdown = markdown;
    }
    /** Policy: read_issue (checked when the issue was loaded); the epic as the issue's hydration read it. */
    epic(i) {
        return i.epicFacts ? (0, epic_graphql_types_1.issueEpicType)(i.epicFacts, this.epics.config.publicUrl, i.projectNamespaceId) : null;
    }
    /** Policy: update_issue + admin_issue, and read_epic on the epic (the issue's epic field). */
    async issueSetEpic(actor, input) {
        const ctx = await this.loader.findReadable(actor, input.projectPath, input.iid);
        (0, issue_context_1.authorizeOnIssue)(actor, 'update_issue', ctx);
        if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return this.payload(input, ctx, [shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
        const epicId = input.epicId === null ? null : (0, global_id_1.parseGlobalId)(input.epicId, ['Epic']);
        if (input.epicId !== null && epicId === null)
            return this.payload(input, ctx, [`Epic: ${shared_types_1.ERRORS.EPIC_NOT_FOUND.message}`]);
        try {
            const { issue } = await this.updateAction.execute(actor, ctx, { epicId });
            return this.payload(input, { ...ctx, issue }, []);
        }
        catch (e) {
            // "Epic: <reason>": the selector shows the text after the first colon (spec issue-page §8)
            if (e instanceof app_error_1.ValidationError)
                return this.payload(input, ctx, (0, issue_resolver_1.messagesOf)(e).map((m) => `Epic: ${m.replace(/^Epic /, '')}`));
            if (e instanceof app_error_1.AppError && e.code === 'EPIC_NOT_FOUND')
                return this.payload(input, ctx, [`Epic: ${shared_types_1.ERRORS.EPIC_NOT_FOUND.message}`]);
            throw e;
        }
    }
    /** Policy: admin_issue on the issue and create_epic in the project's group (PromoteToEpicAction). */
    async promoteToEpic(actor, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const ctx = await this.loader.findReadable(actor, input.projectPath, input.iid);
        (0, issue_context_1.authorizeOnIssue)(actor, 'read_issue', ctx);
        const base = { clientMutationId: input.clientMutationId ?? null };
        if (ctx.project.namespace?.type !== 'Group')
            return { ...base, epic: null, issue: null, errors: [shared_types_1.EPIC_TEXTS.promoteNeedsGroup] };
        if (!(await this.promote.allowed(actor, ctx)))
            throw new app_error_1.AppError('FORBIDDEN');
        const epic = await this.promote.execute(actor, ctx);
        const fresh = await this.loader.findReadable(actor, input.projectPath, input.iid, { hydrate: true });
        return {
            ...base,
            epic: (0, epic_graphql_types_1.toEpicType)(epic, this.epics.config.publicUrl, ctx.project.namespaceId),
            issue: (0, issue_graphql_types_1.toIssueType)(fresh.hydrated, fresh.projectFacts, this.epics.config.publicUrl, this.markdown),
            errors: [],
        };
    }
    async payload(input, ctx, errors) {
        const [h] = await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]]));
        return { clientMutationId: input.clientMutationId ?? null, issue: (0, issue_graphql_types_1.toIssueType)(h, ctx.projectFacts, this.epics.config.publicUrl, this.markdown), errors };
    }
};
exports.IssueEpicResolver = IssueEpicResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => epic_graphql_types_1.EpicType, { nullable: true }),
    __param(0, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType]),
    __metadata("design:returntype", Object)
], IssueEpicResolver.prototype, "epic", null);
__decorate([
    (0, graphql_1.Mutation)(() => epic_graphql_types_1.IssueSetEpicPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, epic_graphql_types_1.IssueSetEpicInput]),
    __metadata("design:returntype", Promise)
], IssueEpicResolver.prototype, "issueSetEpic", null);
__decorate([
    (0, graphql_1.Mutation)(() => epic_graphql_types_1.PromoteToEpicPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, epic_graphql_types_1.PromoteToEpicInput]),
    __metadata("design:returntype", Promise)
], IssueEpicResolver.prototype, "promoteToEpic", null);
exports.IssueEpicResolver = IssueEpicResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        epic_service_1.EpicService,
        update_issue_1.UpdateIssueAction,
        promote_to_epic_1.PromoteToEpicAction,
        markdown_service_1.MarkdownService])
], IssueEpicResolver);
//# sourceMappingURL=epic.resolver.js.map