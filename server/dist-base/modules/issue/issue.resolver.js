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
exports.IssueResolver = void 0;
exports.messagesOf = messagesOf;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const graphql_2 = require("graphql");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const issue_permissions_1 = require("../../core/policy/issue-permissions");
const label_graphql_types_1 = require("../label/label.graphql-types");
const project_service_1 = require("../project/project.service");
const user_entity_1 = require("../user/user.entity");
const user_graphql_types_1 = require("../user/user.graphql-types");
const issue_graphql_types_1 = require("./issue.graphql-types");
const issue_taxonomy_graphql_types_1 = require("./issue-taxonomy.graphql-types");
const iteration_graphql_types_1 = require("../iteration/iteration.graphql-types");
const create_issue_1 = require("./actions/create-issue");
const update_issue_1 = require("./actions/update-issue");
const issue_context_1 = require("./issue-context");
const issue_loader_1 = require("./issue.loader");
const issue_validation_1 = require("./issue.validation");
/**
 * The `Issue` type's computed fields and the issue mutations (Relay classic: one `input`,
 * business errors in `errors`, access problems as GitLab's RESOURCE_ACCESS_ERROR).
 */
let IssueResolver = class IssueResolver {
    loader;
    createAction;
    updateAction;
    projects;
    markdown;
    ds;
    config;
    constructor(loader, createAction, updateAction, projects, markdown, ds, config) {
        this.loader = loader;
        this.createAction = createAction;
        this.updateAction = updateAction;
        this.projects = projects;
        this.markdown = markdown;
        this.ds = ds;
        this.config = config;
    }
    // ---------- fields ----------
    /** Policy: read_issue (already checked when the issue was loaded). */
    reference(i, full) {
        return full ? `${i.projectFullPath}#${i.iid}` : `#${i.iid}`;
    }
    /** Policy: read_issue (checked on load); the flags are the one issue permissions projection. */
    userPermissions(actor, i) {
        const a = (0, issue_permissions_1.issuePermissions)(actor, i.projectFacts, i.issueFacts);
        return { readIssue: a.readIssue, updateIssue: a.updateIssue, adminIssue: a.adminIssue, reopenIssue: a.reopenIssue, destroyIssue: a.destroyIssue, createNote: a.createNote };
    }
    /** Policy: read_issue (already checked when the issue was loaded). */
    assignees(i, args) {
        return (0, connection_1.connectionOf)(i.assigneeUsers.map((u) => (0, user_graphql_types_1.toUserType)(u, this.config.publicUrl)), args);
    }
    /** Policy: read_issue (already checked when the issue was loaded). */
    labels(i, args) {
        return (0, connection_1.connectionOf)(i.labelRows.map((l) => (0, label_graphql_types_1.toLabelType)(l, this.markdown)), args);
    }
    // ---------- mutations ----------
    /** Policy: update_issue (reopen_issue for REOPEN; admin_issue for metadata), via UpdateIssueAction. */
    async updateIssue(actor, input) {
        const has = (k) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
        if (has('labelIds') && (has('addLabelIds') || has('removeLabelIds')))
            throw new graphql_2.GraphQLError('labelIds is mutually exclusive with any of addLabelIds or removeLabelIds', { extensions: { code: 'BAD_USER_INPUT' } });
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, input.stateEvent === 'reopen' ? 'reopen_issue' : 'update_issue');
        const raw = {};
        if (has('title'))
            raw.title = input.title;
        if (has('description'))
            raw.description = input.description;
        if (has('confidential') && input.confidential !== null)
            raw.confidential = input.confidential;
        if (has('locked') && input.locked !== null)
            raw.discussion_locked = input.locked;
        if (has('type') && input.type !== null)
            raw.issue_type = input.type;
        if (has('stateEvent') && input.stateEvent !== null)
            raw.state_event = input.stateEvent;
        if (has('dueDate'))
            raw.due_date = input.dueDate;
        if (has('milestoneId') || input.milestoneId === null)
            raw.milestone_id = input.milestoneId === null ? null : ((0, global_id_1.parseGlobalId)(input.milestoneId, ['Milestone']) ?? input.milestoneId);
        if (has('healthStatus') || input.healthStatus === null)
            raw.health_status = input.healthStatus ? iteration_graphql_types_1.HEALTH_FROM_GRAPHQL[input.healthStatus] : null;
        // Labels by id: a project label cannot shadow the group label the client picked
        const labels = has('labelIds') || has('addLabelIds') || has('removeLabelIds')
            ? { set: has('labelIds') ? labelRefs(input.labelIds ?? []) : undefined, add: has('addLabelIds') ? labelRefs(input.addLabelIds ?? []) : undefined, remove: has('removeLabelIds') ? labelRefs(input.removeLabelIds ?? []) : undefined }
            : undefined;
        const lockVersion = input.lockVersion ?? undefined;
        if (lockVersion !== undefined && lockVersion < 0)
            return this.payload(input, ctx, ['Lock version must be greater than or equal to 0']);
        return this.apply(actor, input, ctx, raw, lockVersion, labels ? { labels } : {});
    }
    /** Policy: create_issue (admin fields need reporter), via CreateIssueAction. */
    async createIssue(actor, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const { project, facts } = await this.projects.findReadable(actor, input.projectPath);
        if (!this.projects.can(actor, 'create_issue', facts))
            throw new app_error_1.AppError('FORBIDDEN');
        const raw = { title: input.title };
        if (input.description !== undefined)
            raw.description = input.description;
        if (input.confidential != null)
            raw.confidential = input.confidential;
        if (input.locked != null)
            raw.discussion_locked = input.locked;
        if (input.dueDate != null)
            raw.due_date = input.dueDate;
        if (input.type != null)
            raw.issue_type = input.type;
        if (input.labels != null)
            raw.labels = input.labels;
        try {
            const issue = await this.createAction.execute(actor, project, facts, (0, issue_validation_1.parseIssueCreate)(raw));
            const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]));
            return { clientMutationId: input.clientMutationId ?? null, issue: (0, issue_graphql_types_1.toIssueType)(h, facts, this.config.publicUrl, this.markdown), errors: [] };
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return { clientMutationId: input.clientMutationId ?? null, issue: null, errors: messagesOf(e) };
            throw e;
        }
    }
    /** Policy: update_issue, then admin_issue (UpdateIssueAction) for the assignees. */
    async issueSetAssignees(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        const names = [...new Set(input.assigneeUsernames.map((n) => n.trim().replace(/^@/, '')).filter(Boolean))];
        const users = names.length ? await this.ds.getRepository(user_entity_1.User).createQueryBuilder('u').where('lower(u.username) IN (:...names)', { names: names.map((n) => n.toLowerCase()) }).getMany() : [];
        const unknown = names.filter((n) => !users.some((u) => u.username.toLowerCase() === n.toLowerCase()));
        if (unknown.length)
            return this.payload(input, ctx, unknown.map((n) => `Cannot assign @${n} to #${ctx.issue.iid}: user not found`));
        const ids = names.map((n) => users.find((u) => u.username.toLowerCase() === n.toLowerCase()).id);
        let next;
        if (input.operationMode === issue_graphql_types_1.MutationOperationModeEnum.APPEND)
            next = [...new Set([...ctx.assigneeIds, ...ids])];
        else if (input.operationMode === issue_graphql_types_1.MutationOperationModeEnum.REMOVE)
            next = ctx.assigneeIds.filter((id) => !ids.includes(id));
        else
            next = ids;
        return this.apply(actor, input, ctx, { assignee_ids: next });
    }
    /** Policy: update_issue + admin_issue (confidentiality is issue metadata). */
    async issueSetConfidential(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        // May edit the issue but not its metadata (a guest author): a refusal in `errors`, nothing changed
        if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return this.payload(input, ctx, [shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
        return this.apply(actor, input, ctx, { confidential: input.confidential });
    }
    /** Policy: update_issue + admin_issue (locking the discussion). */
    async issueSetLocked(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return this.payload(input, ctx, [shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
        return this.apply(actor, input, ctx, { discussion_locked: input.locked });
    }
    /** Policy: update_issue + admin_issue (due date is issue metadata). */
    async issueSetDueDate(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        return this.apply(actor, input, ctx, { due_date: input.dueDate === null ? null : String(input.dueDate).slice(0, 10) });
    }
    /** Policy: update_issue + admin_issue (severity is incident metadata; non-incidents are refused in `errors`). */
    async issueSetSeverity(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return this.payload(input, ctx, [shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
        return this.apply(actor, input, ctx, { severity: input.severity });
    }
    /** Policy: update_issue + admin_issue (the iteration is issue metadata). */
    async issueSetIteration(actor, input) {
        const ctx = await this.loadForUpdate(actor, input.projectPath, input.iid, 'update_issue');
        if (!(0, issue_context_1.canOnIssue)(actor, 'admin_issue', ctx))
            return this.payload(input, ctx, [shared_types_1.ERRORS.GRAPHQL_RESOURCE_ACCESS.message]);
        const id = input.iterationId == null ? null : ((0, global_id_1.parseGlobalId)(input.iterationId, ['Iteration']) ?? input.iterationId);
        return this.apply(actor, input, ctx, { iteration_id: id });
    }
    // ---------- helpers ----------
    /** The issue, if the actor may read it and hold `ability`; otherwise GitLab's access error. */
    async loadForUpdate(actor, projectPath, iid, ability) {
        const ctx = await this.loader.findReadable(actor, projectPath, iid);
        (0, issue_context_1.authorizeOnIssue)(actor, ability, ctx);
        return ctx;
    }
    /** Validates and applies a snake_case change through UpdateIssueAction; business errors go to `errors`. */
    async apply(actor, input, ctx, raw, lockVersion, typed = {}) {
        // Nothing to change: GitLab answers with the issue as it is
        if (!Object.keys(raw).length && !Object.keys(typed).length)
            return this.payload(input, ctx, []);
        try {
            const { issue: fresh } = await this.updateAction.execute(actor, ctx, { ...(Object.keys(raw).length ? (0, issue_validation_1.parseIssueUpdate)(raw) : {}), ...typed }, { lockVersion });
            return this.payload(input, { ...ctx, issue: fresh }, []);
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return this.payload(input, ctx, messagesOf(e));
            if (e instanceof app_error_1.AppError && e.code === 'ISSUE_STALE')
                return this.payload(input, ctx, [shared_types_1.ERRORS.ISSUE_STALE.message]);
            throw e;
        }
    }
    async payload(input, ctx, errors) {
        // Re-read after a refused change too, so the payload shows the issue as it really is
        const [h] = await this.loader.hydrate([ctx.issue], new Map([[ctx.project.id, ctx.project]]));
        return { clientMutationId: input.clientMutationId ?? null, issue: (0, issue_graphql_types_1.toIssueType)(h, ctx.projectFacts, this.config.publicUrl, this.markdown), errors };
    }
};
exports.IssueResolver = IssueResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => String, { description: 'Internal reference of the issue. Returned in shortened format by default.' }),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, graphql_1.Args)('full', { type: () => Boolean, nullable: true, defaultValue: false })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType, Object]),
    __metadata("design:returntype", String)
], IssueResolver.prototype, "reference", null);
__decorate([
    (0, graphql_1.ResolveField)(() => issue_graphql_types_1.IssuePermissionsType),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueType]),
    __metadata("design:returntype", issue_graphql_types_1.IssuePermissionsType)
], IssueResolver.prototype, "userPermissions", null);
__decorate([
    (0, graphql_1.ResolveField)(() => user_graphql_types_1.UserCoreConnection),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", user_graphql_types_1.UserCoreConnection)
], IssueResolver.prototype, "assignees", null);
__decorate([
    (0, graphql_1.ResolveField)(() => label_graphql_types_1.LabelConnection, { nullable: true }),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [issue_graphql_types_1.IssueType, connection_1.ConnectionArgs]),
    __metadata("design:returntype", label_graphql_types_1.LabelConnection)
], IssueResolver.prototype, "labels", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.UpdateIssuePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.UpdateIssueInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "updateIssue", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.CreateIssuePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.CreateIssueInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "createIssue", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.IssueSetAssigneesPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueSetAssigneesInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetAssignees", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.IssueSetConfidentialPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueSetConfidentialInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetConfidential", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.IssueSetLockedPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueSetLockedInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetLocked", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_graphql_types_1.IssueSetDueDatePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_graphql_types_1.IssueSetDueDateInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetDueDate", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_taxonomy_graphql_types_1.IssueSetSeverityPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_taxonomy_graphql_types_1.IssueSetSeverityInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetSeverity", null);
__decorate([
    (0, graphql_1.Mutation)(() => issue_taxonomy_graphql_types_1.IssueSetIterationPayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, issue_taxonomy_graphql_types_1.IssueSetIterationInput]),
    __metadata("design:returntype", Promise)
], IssueResolver.prototype, "issueSetIteration", null);
exports.IssueResolver = IssueResolver = __decorate([
    (0, graphql_1.Resolver)(() => issue_graphql_types_1.IssueType),
    __param(5, (0, typeorm_1.InjectDataSource)()),
    __param(6, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        create_issue_1.CreateIssueAction,
        update_issue_1.UpdateIssueAction,
        project_service_1.ProjectService,
        markdown_service_1.MarkdownService,
        typeorm_2.DataSource, Object])
], IssueResolver);
/** Label global ids (or bare numbers) as label references; malformed ones are ignored, as GitLab ignores unknown labels. */
function labelRefs(gids) {
    return gids.map((g) => (0, global_id_1.parseGlobalId)(g, label_graphql_types_1.LABEL_GID_TYPES) ?? (/^\d{1,10}$/.test(g) ? Number(g) : null)).filter((n) => n !== null).map((id) => ({ id }));
}
/** `{title: ["can't be blank"]}` -> `["Title can't be blank"]` (Rails' full messages). */
function messagesOf(e) {
    return Object.entries(e.fields).flatMap(([field, msgs]) => msgs.map((m) => (field === 'base' || /^[A-Z]/.test(m) ? m : `${humanize(field)} ${m}`)));
}
const humanize = (f) => {
    const s = f.replace(/_ids?$/, (x) => (x === '_ids' ? 's' : '')).replace(/_/g, ' ');
    return s.charAt(0).toUpperCase() + s.slice(1);
};
//# sourceMappingURL=issue.resolver.js.map