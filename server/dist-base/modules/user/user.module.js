"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserModule = void 0;
const common_1 = require("@nestjs/common");
const project_module_1 = require("../project/project.module");
const user_status_controller_1 = require("./user-status.controller");
const user_status_resolver_1 = require("./user-status.resolver");
const user_status_store_1 = require("./user-status.store");
const user_controller_1 = require("./user.controller");
/** Users as the REST API shows them (GET /api/v4/users, /users/:id, /users/:id/projects) and their status (busy). */
let UserModule = class UserModule {
};
exports.UserModule = UserModule;
exports.UserModule = UserModule = __decorate([
    (0, common_1.Module)({ imports: [project_module_1.ProjectModule], controllers: [user_controller_1.UserController, user_status_controller_1.UserStatusController], providers: [user_status_store_1.UserStatusStore, user_status_resolver_1.UserStatusResolver], exports: [user_status_store_1.UserStatusStore] })
], UserModule);
//# sourceMappingURL=user.module.js.map