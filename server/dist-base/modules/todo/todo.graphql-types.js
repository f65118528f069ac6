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
exports.TodosMarkAllDonePayload = exports.TodoMarkDonePayload = exports.TodoCreatePayload = exports.TodosMarkAllDoneInput = exports.TodoMarkDoneInput = exports.TodoCreateInput = exports.TodoConnection = exports.TodoType = exports.TodoTargetType = exports.TodoActionEnum = exports.TodoStateEnum = void 0;
exports.toTodoType = toTodoType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
var TodoStateEnum;
(function (TodoStateEnum) {
    TodoStateEnum["pending"] = "pending";
    TodoStateEnum["done"] = "done";
})(TodoStateEnum || (exports.TodoStateEnum = TodoStateEnum = {}));
(0, graphql_1.registerEnumType)(TodoStateEnum, { name: 'TodoStateEnum' });
var TodoActionEnum;
(function (TodoActionEnum) {
    TodoActionEnum["assigned"] = "assigned";
    TodoActionEnum["mentioned"] = "mentioned";
    TodoActionEnum["marked"] = "marked";
})(TodoActionEnum || (exports.TodoActionEnum = TodoActionEnum = {}));
(0, graphql_1.registerEnumType)(TodoActionEnum, { name: 'TodoActionEnum' });
let TodoTargetType = class TodoTargetType {
    id;
    iid;
    title;
    state;
    webUrl;
    webPath;
};
exports.TodoTargetType = TodoTargetType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], TodoTargetType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoTargetType.prototype, "iid", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoTargetType.prototype, "title", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoTargetType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoTargetType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoTargetType.prototype, "webPath", void 0);
exports.TodoTargetType = TodoTargetType = __decorate([
    (0, graphql_1.ObjectType)('TodoTarget')
], TodoTargetType);
/** GitLab's `Todo` (the fields the to-do list and the sidebar read). */
let TodoType = class TodoType {
    id;
    action;
    state;
    body;
    createdAt;
    targetType;
    targetUrl;
    target;
    authorUsername;
};
exports.TodoType = TodoType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], TodoType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(() => TodoActionEnum),
    __metadata("design:type", String)
], TodoType.prototype, "action", void 0);
__decorate([
    (0, graphql_1.Field)(() => TodoStateEnum),
    __metadata("design:type", String)
], TodoType.prototype, "state", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoType.prototype, "body", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoType.prototype, "targetType", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoType.prototype, "targetUrl", void 0);
__decorate([
    (0, graphql_1.Field)(() => TodoTargetType),
    __metadata("design:type", TodoTargetType)
], TodoType.prototype, "target", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], TodoType.prototype, "authorUsername", void 0);
exports.TodoType = TodoType = __decorate([
    (0, graphql_1.ObjectType)('Todo')
], TodoType);
let TodoConnection = class TodoConnection extends (0, connection_1.Connection)(TodoType, 'Todo') {
};
exports.TodoConnection = TodoConnection;
exports.TodoConnection = TodoConnection = __decorate([
    (0, graphql_1.ObjectType)('TodoConnection')
], TodoConnection);
let TodoCreateInput = class TodoCreateInput {
    clientMutationId;
    targetId;
};
exports.TodoCreateInput = TodoCreateInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodoCreateInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID, { description: 'Global ID of the to-do item\'s parent (an issue).' }),
    __metadata("design:type", String)
], TodoCreateInput.prototype, "targetId", void 0);
exports.TodoCreateInput = TodoCreateInput = __decorate([
    (0, graphql_1.InputType)()
], TodoCreateInput);
let TodoMarkDoneInput = class TodoMarkDoneInput {
    clientMutationId;
    id;
};
exports.TodoMarkDoneInput = TodoMarkDoneInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodoMarkDoneInput.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], TodoMarkDoneInput.prototype, "id", void 0);
exports.TodoMarkDoneInput = TodoMarkDoneInput = __decorate([
    (0, graphql_1.InputType)()
], TodoMarkDoneInput);
let TodosMarkAllDoneInput = class TodosMarkAllDoneInput {
    clientMutationId;
};
exports.TodosMarkAllDoneInput = TodosMarkAllDoneInput;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodosMarkAllDoneInput.prototype, "clientMutationId", void 0);
exports.TodosMarkAllDoneInput = TodosMarkAllDoneInput = __decorate([
    (0, graphql_1.InputType)()
], TodosMarkAllDoneInput);
let TodoCreatePayload = class TodoCreatePayload {
    clientMutationId;
    todo;
    errors;
};
exports.TodoCreatePayload = TodoCreatePayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodoCreatePayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => TodoType, { nullable: true }),
    __metadata("design:type", Object)
], TodoCreatePayload.prototype, "todo", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], TodoCreatePayload.prototype, "errors", void 0);
exports.TodoCreatePayload = TodoCreatePayload = __decorate([
    (0, graphql_1.ObjectType)()
], TodoCreatePayload);
let TodoMarkDonePayload = class TodoMarkDonePayload {
    clientMutationId;
    todo;
    errors;
};
exports.TodoMarkDonePayload = TodoMarkDonePayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodoMarkDonePayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => TodoType, { nullable: true }),
    __metadata("design:type", Object)
], TodoMarkDonePayload.prototype, "todo", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], TodoMarkDonePayload.prototype, "errors", void 0);
exports.TodoMarkDonePayload = TodoMarkDonePayload = __decorate([
    (0, graphql_1.ObjectType)()
], TodoMarkDonePayload);
let TodosMarkAllDonePayload = class TodosMarkAllDonePayload {
    clientMutationId;
    todos;
    errors;
};
exports.TodosMarkAllDonePayload = TodosMarkAllDonePayload;
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TodosMarkAllDonePayload.prototype, "clientMutationId", void 0);
__decorate([
    (0, graphql_1.Field)(() => [TodoType]),
    __metadata("design:type", Array)
], TodosMarkAllDonePayload.prototype, "todos", void 0);
__decorate([
    (0, graphql_1.Field)(() => [String]),
    __metadata("design:type", Array)
], TodosMarkAllDonePayload.prototype, "errors", void 0);
exports.TodosMarkAllDonePayload = TodosMarkAllDonePayload = __decorate([
    (0, graphql_1.ObjectType)()
], TodosMarkAllDonePayload);
function toTodoType(t, baseUrl) {
    const path = `/${t.project.fullPath}/-/issues/${t.issue.iid}`;
    return {
        id: (0, global_id_1.toGlobalId)('Todo', t.id),
        action: t.action,
        state: t.state,
        body: t.body,
        createdAt: t.createdAt.toISOString(),
        targetType: 'ISSUE',
        targetUrl: `${baseUrl}${path}`,
        target: { id: (0, global_id_1.toGlobalId)('Issue', t.issue.id), iid: String(t.issue.iid), title: t.issue.title, state: t.issue.state, webUrl: `${baseUrl}${path}`, webPath: path },
        authorUsername: t.author.username,
    };
}
//# sourceMappingURL=todo.graphql-types.js.map