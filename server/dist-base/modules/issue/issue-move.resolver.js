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
exports.IssueMoveResolver = exports.IssueMovePayload = exports.IssueMoveInput = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const markdown_service_1 = require("../../core/markdown/markdown.service");
const move_issue_1 = require("./actions/move-issue");
const issue_graphql_types_1 = require("./issue.graphql-types");
const issue_loader_1 = require("./issue.loader");
const issue_resolver_1 = require("./issue.resolver");
let IssueMoveInput = class IssueMoveInput {
    clientMutationId;
    projectPath;
    iid;
    targetProjectPath;
};
exports.IssueMoveInput = IssueMoveInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], IssueMoveInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Project the issue to mutate is in.' }),
    __metadata("design:type", String)
], IssueMoveInput.prototype, "projectPath", void 0);
__decorate([
    (0, graphql_1.Field)({ description: 'IID of the issue to mutate.' }),
    __metadata("design:type", String)
], IssueMoveInput.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Project to move the issue to.' }),
    __metadata("design:type", String)
], IssueMoveInput.prototype, "targetProjectPath", void 0);
exports.IssueMoveInput = IssueMoveInput = __decorate([
    (0, graphql_1.InputType)('IssueMoveInput')
], IssueMoveInput);
/** `issue` is the new issue (GitLab's issueMove). */
let IssueMovePayload = class IssueMovePayload extends issue_graphql_types_1.IssuePayloadBase {
};
exports.IssueMovePayload = IssueMovePayload;
exports.IssueMovePayload = IssueMovePayload = __decorate([
    (0, graphql_1.ObjectType)('IssueMovePayload')
], IssueMovePayload);
let IssueMoveResolver = class IssueMoveResolver {
    loader;
    move;
    markdown;
    config;
    constructor(loader, move, markdown, config) {
        this.loader = loader;
        this.move = move;
        this.markdown = markdown;
        this.config = config;
    }
    /** Policy: admin_issue on the issue, create_issue in the target project (MoveIssueAction). */
    async issueMove(actor, input) {
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const source = await this.loader.findReadable(actor, input.projectPath, input.iid);
        const clientMutationId = input.clientMutationId ?? null;
        try {
            const { issue, project, facts } = await this.move.execute(actor, source, input.targetProjectPath);
            const [h] = await this.loader.hydrate([issue], new Map([[project.id, project]]));
            return { clientMutationId, issue: (0, issue_graphql_types_1.toIssueType)(h, facts, this.config.publicUrl, this.markdown), errors: [] };
        }
        catch (e) {
            if (e instanceof app_error_1.ValidationError)
                return { clientMutationId, issue: null, errors: (0, issue_resolver_1.messagesOf)(e) };
            if (e instanceof app_error_1.AppError && e.code === 'PROJECT_NOT_FOUND')
                return { clientMutationId, issue: null, errors: [e.message] };
            throw e;
        }
    }
};
exports.IssueMoveResolver = IssueMoveResolver;
__decorate([
    (0, graphql_1.Mutation)(() => IssueMovePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, IssueMoveInput]),
    __metadata("design:returntype", Promise)
], IssueMoveResolver.prototype, "issueMove", null);
exports.IssueMoveResolver = IssueMoveResolver = __decorate([
    (0, graphql_1.Resolver)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [issue_loader_1.IssueLoader,
        move_issue_1.MoveIssueAction,
        markdown_service_1.MarkdownService, Object])
], IssueMoveResolver);
//# sourceMappingURL=issue-move.resolver.js.map