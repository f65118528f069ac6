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
exports.TodoPageController = exports.TodoController = void 0;
const common_1 = require("@nestjs/common");
const common_2 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const pagination_1 = require("../../core/http/pagination");
const zod_input_1 = require("../../core/http/zod-input");
const policy_1 = require("../../core/policy/policy");
const todo_service_1 = require("./todo.service");
const todo_target_1 = require("./todo-target");
const signedIn = (actor, write) => {
    if (!actor)
        throw new app_error_1.AppError('UNAUTHORIZED');
    // Own to-dos only; a read_api token reads them but changes nothing
    if (write && !(0, policy_1.scopeAllows)(actor, 'update_issue'))
        throw new app_error_1.AppError('INSUFFICIENT_SCOPE');
    return actor;
};
const idParam = (v) => {
    if (!/^\d{1,9}$/.test(v))
        throw new app_error_1.AppError('NOT_FOUND');
    return Number(v);
};
/** GitLab's REST to-dos (/api/v4/todos) and an issue's POST .../todo. */
let TodoController = class TodoController {
    config;
    todos;
    targets;
    constructor(config, todos, targets) {
        this.config = config;
        this.todos = todos;
        this.targets = targets;
    }
    /** Policy: signed in; own to-dos whose issue is still readable (read_issue). Default state pending. */
    async list(actor, q, req, res) {
        const me = signedIn(actor, false);
        const f = (0, zod_input_1.parseInput)(shared_types_1.todoListQuerySchema, { state: q.state, action: q.action, type: q.type, project_id: q.project_id });
        const p = (0, pagination_1.pageParams)(q);
        const all = await this.todos.list(me.id, { state: f.state ?? 'pending', action: f.action, projectId: f.project_id });
        (0, pagination_1.setPaginationHeaders)(req, res, this.config.publicUrl, p, all.length);
        return all.slice((p.page - 1) * p.perPage, p.page * p.perPage).map((t) => this.todos.toApi(t));
    }
    /** Policy: signed in, write scope; own to-do only (404 otherwise). */
    async markDone(actor, id) {
        const me = signedIn(actor, true);
        const todoId = idParam(id);
        const found = await this.todos.find(me.id, todoId);
        if (!found)
            throw new app_error_1.AppError('NOT_FOUND');
        await this.todos.markDone(me.id, { id: todoId });
        return this.todos.toApi((await this.todos.find(me.id, todoId)));
    }
    /** Policy: signed in, write scope; own to-dos only. */
    async markAllDone(actor) {
        await this.todos.markDone(signedIn(actor, true).id, { all: true });
    }
    /** Policy: read_issue, signed in, write scope. 201 with the to-do; 304 when one is pending already (GitLab's). */
    async create(actor, project, iid, res) {
        const me = signedIn(actor, true);
        const target = await this.targets.byIid(me, project, iid);
        if (await this.todos.pendingOn(me.id, target.issue.id)) {
            res.status(304);
            return undefined;
        }
        const { id } = await this.todos.mark(me.id, target.project.id, target.issue.id);
        res.status(201);
        return this.todos.toApi((await this.todos.find(me.id, id)));
    }
};
exports.TodoController = TodoController;
__decorate([
    (0, common_1.Get)('todos'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Query)()),
    __param(2, (0, common_1.Req)()),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object, Object]),
    __metadata("design:returntype", Promise)
], TodoController.prototype, "list", null);
__decorate([
    (0, common_1.Post)('todos/:id/mark_as_done'),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], TodoController.prototype, "markDone", null);
__decorate([
    (0, common_1.Post)('todos/mark_as_done'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], TodoController.prototype, "markAllDone", null);
__decorate([
    (0, common_1.Post)('projects/:id/issues/:iid/todo'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Param)('iid')),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, String, Object]),
    __metadata("design:returntype", Promise)
], TodoController.prototype, "create", null);
exports.TodoController = TodoController = __decorate([
    (0, common_1.Controller)('api/v4'),
    __param(0, (0, common_2.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, todo_service_1.TodoService,
        todo_target_1.TodoTargetLoader])
], TodoController);
/** The issue sidebar's to-do toggle (page endpoints, GitLab's {project}/-/todos and /dashboard/todos/:id). */
let TodoPageController = class TodoPageController {
    todos;
    targets;
    constructor(todos, targets) {
        this.todos = todos;
        this.targets = targets;
    }
    /** Policy: read_issue, signed in. The user's pending to-do on the issue, if any, and their count. */
    async state(actor, project, q) {
        const me = signedIn(actor, false);
        const input = (0, zod_input_1.parseInput)(shared_types_1.todoToggleSchema, q);
        const target = await this.targets.byId(me, project.join('/'), input.issuable_id);
        const todoId = await this.todos.pendingOn(me.id, target.issue.id);
        return { todo_id: todoId, count: await this.todos.pendingCount(me.id), delete_path: todoId ? `/dashboard/todos/${todoId}` : null };
    }
    /** Policy: read_issue, signed in, write scope. "Add a to do". */
    async add(actor, project, body) {
        const me = signedIn(actor, true);
        const input = (0, zod_input_1.parseInput)(shared_types_1.todoToggleSchema, body);
        const target = await this.targets.byId(me, project.join('/'), input.issuable_id);
        const { id } = await this.todos.mark(me.id, target.project.id, target.issue.id);
        return { count: await this.todos.pendingCount(me.id), delete_path: `/dashboard/todos/${id}` };
    }
    /** Policy: read_issue, signed in, write scope. "Mark as done": every pending to-do of the user on the issue. */
    async done(actor, project, body) {
        const me = signedIn(actor, true);
        const input = (0, zod_input_1.parseInput)(shared_types_1.todoToggleSchema, body);
        const target = await this.targets.byId(me, project.join('/'), input.issuable_id);
        await this.todos.markDone(me.id, { issueId: target.issue.id });
        return { count: await this.todos.pendingCount(me.id), delete_path: null };
    }
    /** Policy: signed in, write scope; own to-do only (404 otherwise). The to-do list's "Mark as done". */
    async doneById(actor, id) {
        const me = signedIn(actor, true);
        const todoId = idParam(id);
        if (!(await this.todos.find(me.id, todoId)))
            throw new app_error_1.AppError('NOT_FOUND');
        await this.todos.markDone(me.id, { id: todoId });
        return { count: await this.todos.pendingCount(me.id), delete_path: null };
    }
};
exports.TodoPageController = TodoPageController;
__decorate([
    (0, common_1.Get)('*project/-/todos'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, Object]),
    __metadata("design:returntype", Promise)
], TodoPageController.prototype, "state", null);
__decorate([
    (0, common_1.Post)('*project/-/todos'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, Object]),
    __metadata("design:returntype", Promise)
], TodoPageController.prototype, "add", null);
__decorate([
    (0, common_1.Delete)('*project/-/todos'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('project')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Array, Object]),
    __metadata("design:returntype", Promise)
], TodoPageController.prototype, "done", null);
__decorate([
    (0, common_1.Delete)('dashboard/todos/:id'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", Promise)
], TodoPageController.prototype, "doneById", null);
exports.TodoPageController = TodoPageController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [todo_service_1.TodoService,
        todo_target_1.TodoTargetLoader])
], TodoPageController);
//# sourceMappingURL=todo.controller.js.map