"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemberModule = void 0;
const common_1 = require("@nestjs/common");
const group_module_1 = require("../group/group.module");
const project_module_1 = require("../project/project.module");
const group_member_controller_1 = require("./group-member.controller");
const member_service_1 = require("./member.service");
const project_member_controller_1 = require("./project-member.controller");
/** Project and group members (one controller factory for both). */
let MemberModule = class MemberModule {
};
exports.MemberModule = MemberModule;
exports.MemberModule = MemberModule = __decorate([
    (0, common_1.Module)({
        imports: [project_module_1.ProjectModule, group_module_1.GroupModule],
        controllers: [project_member_controller_1.ProjectMemberController, group_member_controller_1.GroupMemberController],
        providers: [member_service_1.MemberService],
        exports: [member_service_1.MemberService],
    })
], MemberModule);
//# sourceMappingURL=member.module.js.map