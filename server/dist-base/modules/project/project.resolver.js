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
exports.ProjectResolver = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const graphql_2 = require("graphql");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const connection_1 = require("../../core/graphql/connection");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const policy_1 = require("../../core/policy/policy");
const issue_graphql_types_1 = require("../issue/issue.graphql-types");
const issue_finder_1 = require("../issue/issue.finder");
const issue_loader_1 = require("../issue/issue.loader");
const project_graphql_types_1 = require("./project.graphql-types");
const project_service_1 = require("./project.service");
const SORTS = {
    CREATED_DESC: { orderBy: 'created_at', sort: 'desc' },
    CREATED_ASC: { orderBy: 'created_at', sort: 'asc' },
    UPDATED_DESC: { orderBy: 'updated_at', sort: 'desc' },
    UPDATED_ASC: { orderBy: 'updated_at', sort: 'asc' },
    TITLE_ASC: { orderBy: 'title', sort: 'asc' },
    TITLE_DESC: { orderBy: 'title', sort: 'desc' },
};
const badInput = (message) => new graphql_2.GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
/** `Query.project` and the project's issues. Resolvers parse, ask the services (and so the policy), map. */
let ProjectResolver = class ProjectResolver {
    projects;
    issueFinder;
    issueLoader;
    markdown;
    config;
    constructor(projects, issueFinder, issueLoader, markdown, config) {
        this.projects = projects;
        this.issueFinder = issueFinder;
        this.issueLoader = issueLoader;
        this.markdown = markdown;
        this.config = config;
    }
    /** Policy: read_project (null when the actor may not see it, as GitLab). */
    async project(actor, fullPath) {
        try {
            const { project, facts } = await this.projects.findReadable(actor, fullPath);
            return (0, project_graphql_types_1.toProjectType)(project, facts, this.config.publicUrl);
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && e.status === 404)
                return null;
            throw e;
        }
    }
    /** Policy: read_project (answers for the actor). */
    userPermissions(actor, p) {
        return {
            readProject: (0, policy_1.canProject)(actor, 'read_project', p.facts),
            createIssue: (0, policy_1.canProject)(actor, 'create_issue', p.facts),
            adminProject: (0, policy_1.canProject)(actor, 'admin_project', p.facts),
            readConfidentialIssues: (0, policy_1.canProject)(actor, 'read_confidential_issues', p.facts),
        };
    }
    /** Policy: read_issue (null for a confidential issue the actor may not see). */
    async issue(actor, p, iid) {
        if (iid === null || iid === undefined)
            return null;
        const ctx = await this.issueLoader.contextFor(p.entity, p.facts, iid);
        if (!ctx || !(0, policy_1.canReadIssue)(actor, p.facts, ctx.facts))
            return null;
        const [h] = await this.issueLoader.hydrate([ctx.issue], new Map([[p.entity.id, p.entity]]));
        return (0, issue_graphql_types_1.toIssueType)(h, p.facts, this.config.publicUrl, this.markdown);
    }
    /** Policy: read_issue per issue (IssueFinder.list leaves out confidential ones the actor may not read). */
    async issues(actor, p, args) {
        const scope = { project: p.entity, facts: p.facts };
        const filters = this.filtersOf(args);
        const empty = () => (0, connection_1.toConnection)([], (0, connection_1.pageWindow)({ ...args, last: null }).offset, 0);
        if (args.state === 'locked')
            return empty();
        const usernames = [...new Set([...(args.assigneeUsernames ?? []), ...(args.assigneeUsername ? [args.assigneeUsername] : [])])];
        if (usernames.length) {
            filters.assigneeUsername = usernames[0];
            // Every further assignee narrows the iids (issues assigned to all of them, as GitLab)
            for (const name of usernames.slice(1)) {
                const iids = await this.allIids(actor, scope, { ...filters, assigneeUsername: name, iids: filters.iids });
                filters.iids = iids;
                if (!iids.length)
                    return empty();
            }
        }
        if (filters.iids && !filters.iids.length)
            return empty();
        // `last` without `before` counts from the end: learn the total first
        const needsTotal = args.last != null && args.first == null && !args.before;
        const { offset, limit } = (0, connection_1.pageWindow)(args, needsTotal ? (await this.issueFinder.list(actor, { ...filters, page: 1, perPage: 1 }, scope)).total : undefined);
        let page;
        if (limit === 0) {
            const r = await this.issueFinder.list(actor, { ...filters, page: 1, perPage: 1 }, scope);
            page = { issues: [], total: r.total };
        }
        else if (offset % limit === 0) {
            page = await this.issueFinder.list(actor, { ...filters, page: offset / limit + 1, perPage: limit }, scope);
        }
        else {
            // A cursor off the page grid (first changed between requests): read up to it and cut.
            const r = await this.issueFinder.list(actor, { ...filters, page: 1, perPage: offset + limit }, scope);
            page = { issues: r.issues.slice(offset), total: r.total };
        }
        const hydrated = await this.issueLoader.hydrate(page.issues, new Map([[p.entity.id, p.entity]]));
        const nodes = hydrated.map((h) => (0, issue_graphql_types_1.toIssueType)(h, p.facts, this.config.publicUrl, this.markdown));
        return (0, connection_1.toConnection)(nodes, offset, page.total);
    }
    filtersOf(args) {
        const iidList = [...(args.iids ?? []), ...(args.iid ? [args.iid] : [])];
        if (!iidList.every((s) => /^\d{1,10}$/.test(s)))
            throw badInput('iids must be a list of issue IIDs, for example ["1", "2"]');
        let issueType;
        if (args.types?.length) {
            const ours = new Set(args.types);
            const all = Object.values(issue_graphql_types_1.IssueTypeEnum);
            if (ours.size === 1)
                issueType = [...ours][0];
            else if (!all.every((t) => ours.has(t)))
                throw badInput('types accepts one type, or all of them');
        }
        let assigneeId;
        if (args.assigneeId) {
            const a = args.assigneeId.toUpperCase();
            if (a === 'NONE')
                assigneeId = 'None';
            else if (a === 'ANY')
                assigneeId = 'Any';
            else {
                const m = /^(?:gid:\/\/(?:tandem|gitlab)\/User\/)?(\d{1,10})$/.exec(args.assigneeId);
                if (!m)
                    throw badInput('assigneeId must be a user ID, NONE or ANY');
                assigneeId = Number(m[1]);
            }
        }
        const sort = SORTS[args.sort ?? issue_graphql_types_1.IssueSortEnum.CREATED_DESC];
        return {
            page: 1,
            perPage: 20,
            state: args.state === 'opened' || args.state === 'closed' ? args.state : 'all',
            search: args.search?.trim() || undefined,
            labels: args.labelName?.filter((l) => typeof l === 'string' && l !== '') || undefined,
            assigneeId,
            authorUsername: args.authorUsername || undefined,
            iids: iidList.length ? iidList.map(Number) : undefined,
            confidential: args.confidential ?? undefined,
            issueType,
            ...sort,
        };
    }
    /** Every iid that matches (for intersecting assignee filters). */
    async allIids(actor, scope, filters) {
        const out = [];
        for (let page = 1;; page++) {
            const r = await this.issueFinder.list(actor, { ...filters, page, perPage: 100 }, scope);
            out.push(...r.issues.map((i) => i.iid));
            if (r.issues.length < 100)
                return out;
        }
    }
};
exports.ProjectResolver = ProjectResolver;
__decorate([
    (0, graphql_1.Query)(() => project_graphql_types_1.ProjectType, { nullable: true, description: 'Find a project.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('fullPath', { type: () => graphql_1.ID })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], ProjectResolver.prototype, "project", null);
__decorate([
    (0, graphql_1.ResolveField)(() => project_graphql_types_1.ProjectPermissionsType),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, project_graphql_types_1.ProjectType]),
    __metadata("design:returntype", project_graphql_types_1.ProjectPermissionsType)
], ProjectResolver.prototype, "userPermissions", null);
__decorate([
    (0, graphql_1.ResolveField)(() => issue_graphql_types_1.IssueType, { nullable: true, description: 'A single issue of the project.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)('iid', { type: () => String, nullable: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, project_graphql_types_1.ProjectType, Object]),
    __metadata("design:returntype", Promise)
], ProjectResolver.prototype, "issue", null);
__decorate([
    (0, graphql_1.ResolveField)(() => issue_graphql_types_1.IssueConnection, { nullable: true, description: 'Issues of the project.' }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Parent)()),
    __param(2, (0, graphql_1.Args)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, project_graphql_types_1.ProjectType, project_graphql_types_1.ProjectIssuesArgs]),
    __metadata("design:returntype", Promise)
], ProjectResolver.prototype, "issues", null);
exports.ProjectResolver = ProjectResolver = __decorate([
    (0, graphql_1.Resolver)(() => project_graphql_types_1.ProjectType),
    __param(4, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [project_service_1.ProjectService,
        issue_finder_1.IssueFinder,
        issue_loader_1.IssueLoader,
        markdown_service_1.MarkdownService, Object])
], ProjectResolver);
//# sourceMappingURL=project.resolver.js.map