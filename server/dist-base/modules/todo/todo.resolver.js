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
exports.TodoResolver = void 0;
const common_1 = require("@nestjs/common");
const graphql_1 = require("@nestjs/graphql");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const global_id_1 = require("../../core/graphql/global-id");
const connection_1 = require("../../core/graphql/connection");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const policy_1 = require("../../core/policy/policy");
const user_graphql_types_1 = require("../user/user.graphql-types");
const todo_target_1 = require("./todo-target");
const todo_service_1 = require("./todo.service");
const todo_graphql_types_1 = require("./todo.graphql-types");
const ACCESS_TEXT = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
/** todoCreate / todoMarkDone / todosMarkAllDone, and `todos` on the current user (GitLab's). */
let TodoResolver = class TodoResolver {
    config;
    service;
    targets;
    constructor(config, service, targets) {
        this.config = config;
        this.service = service;
        this.targets = targets;
    }
    /** Policy: own to-dos only (another user's list is empty); read_issue per to-do. */
    async userTodos(user, actor, state) {
        if (!actor || (0, global_id_1.parseGlobalId)(user.id, ['User']) !== actor.id)
            return null;
        const list = (await this.service.list(actor.id, { state: state ?? todo_graphql_types_1.TodoStateEnum.pending })).map((t) => (0, todo_graphql_types_1.toTodoType)(t, this.config.publicUrl));
        return (0, connection_1.connectionOf)(list);
    }
    /** Policy: read_issue on the target, signed in, write scope. */
    async todoCreate(actor, input) {
        const me = this.writer(actor);
        const out = (errors, todo = null) => ({ clientMutationId: input.clientMutationId ?? null, todo, errors });
        const issueId = (0, global_id_1.parseGlobalId)(input.targetId, ['Issue']);
        if (!issueId)
            return out([ACCESS_TEXT]);
        let target;
        try {
            target = await this.targets.byIssueId(me, issueId);
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && e.status === 404)
                throw new app_error_1.AppError('GRAPHQL_RESOURCE_ACCESS');
            throw e;
        }
        const { id } = await this.service.mark(me.id, target.project.id, target.issue.id);
        const view = await this.service.find(me.id, id);
        return out([], view ? (0, todo_graphql_types_1.toTodoType)(view, this.config.publicUrl) : null);
    }
    /** Policy: own to-do only, write scope. */
    async todoMarkDone(actor, input) {
        const me = this.writer(actor);
        const id = (0, global_id_1.parseGlobalId)(input.id, ['Todo']);
        const found = id ? await this.service.find(me.id, id) : null;
        if (!id || !found)
            throw new app_error_1.AppError('GRAPHQL_RESOURCE_ACCESS');
        await this.service.markDone(me.id, { id });
        const view = await this.service.find(me.id, id);
        return { clientMutationId: input.clientMutationId ?? null, todo: view ? (0, todo_graphql_types_1.toTodoType)(view, this.config.publicUrl) : null, errors: [] };
    }
    /** Policy: own to-dos only, write scope. */
    async todosMarkAllDone(actor, input) {
        const me = this.writer(actor);
        const ids = await this.service.markDone(me.id, { all: true });
        const views = (await this.service.list(me.id, { state: 'done' })).filter((t) => ids.includes(t.id));
        return { clientMutationId: input?.clientMutationId ?? null, todos: views.map((t) => (0, todo_graphql_types_1.toTodoType)(t, this.config.publicUrl)), errors: [] };
    }
    writer(actor) {
        if (!actor)
            throw new app_error_1.AppError('GRAPHQL_RESOURCE_ACCESS');
        if (!(0, policy_1.scopeAllows)(actor, 'update_issue'))
            throw new app_error_1.AppError('INSUFFICIENT_SCOPE');
        return actor;
    }
};
exports.TodoResolver = TodoResolver;
__decorate([
    (0, graphql_1.ResolveField)('todos', () => todo_graphql_types_1.TodoConnection, { nullable: true }),
    __param(0, (0, graphql_1.Parent)()),
    __param(1, (0, current_actor_decorator_1.CurrentActor)()),
    __param(2, (0, graphql_1.Args)('state', { type: () => todo_graphql_types_1.TodoStateEnum, nullable: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [user_graphql_types_1.UserType, Object, String]),
    __metadata("design:returntype", Promise)
], TodoResolver.prototype, "userTodos", null);
__decorate([
    (0, graphql_1.Mutation)(() => todo_graphql_types_1.TodoCreatePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, todo_graphql_types_1.TodoCreateInput]),
    __metadata("design:returntype", Promise)
], TodoResolver.prototype, "todoCreate", null);
__decorate([
    (0, graphql_1.Mutation)(() => todo_graphql_types_1.TodoMarkDonePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, todo_graphql_types_1.TodoMarkDoneInput]),
    __metadata("design:returntype", Promise)
], TodoResolver.prototype, "todoMarkDone", null);
__decorate([
    (0, graphql_1.Mutation)(() => todo_graphql_types_1.TodosMarkAllDonePayload, { nullable: true }),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, graphql_1.Args)('input', { nullable: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, todo_graphql_types_1.TodosMarkAllDoneInput]),
    __metadata("design:returntype", Promise)
], TodoResolver.prototype, "todosMarkAllDone", null);
exports.TodoResolver = TodoResolver = __decorate([
    (0, graphql_1.Resolver)(() => user_graphql_types_1.UserType),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, todo_service_1.TodoService,
        todo_target_1.TodoTargetLoader])
], TodoResolver);
//# sourceMappingURL=todo.resolver.js.map