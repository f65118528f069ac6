"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TodoModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../issue/issue.module");
const todo_controller_1 = require("./todo.controller");
const todo_mentions_listener_1 = require("./todo-mentions.listener");
const todo_resolver_1 = require("./todo.resolver");
const todo_service_1 = require("./todo.service");
const todo_target_1 = require("./todo-target");
/** To-dos: assigned (written with the assignees), mentioned (after a comment or description commits), marked by hand. */
let TodoModule = class TodoModule {
};
exports.TodoModule = TodoModule;
exports.TodoModule = TodoModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule],
        controllers: [todo_controller_1.TodoController, todo_controller_1.TodoPageController],
        providers: [todo_service_1.TodoService, todo_target_1.TodoTargetLoader, todo_mentions_listener_1.TodoMentionsListener, todo_resolver_1.TodoResolver],
        exports: [todo_service_1.TodoService],
    })
], TodoModule);
//# sourceMappingURL=todo.module.js.map