"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebModule = void 0;
const common_1 = require("@nestjs/common");
const award_module_1 = require("../award/award.module");
const group_module_1 = require("../group/group.module");
const issue_module_1 = require("../issue/issue.module");
const discussions_module_1 = require("../note/discussions.module");
const issue_link_module_1 = require("../issue-link/issue-link.module");
const project_module_1 = require("../project/project.module");
const web_controller_1 = require("./web.controller");
/** The client's pages with their embedded data; its `*path` route catches all, so the app lists it last. */
let WebModule = class WebModule {
};
exports.WebModule = WebModule;
exports.WebModule = WebModule = __decorate([
    (0, common_1.Module)({ imports: [issue_module_1.IssueModule, project_module_1.ProjectModule, discussions_module_1.DiscussionsModule, award_module_1.AwardModule, issue_link_module_1.IssueLinkModule, group_module_1.GroupModule], controllers: [web_controller_1.WebController] })
], WebModule);
//# sourceMappingURL=web.module.js.map