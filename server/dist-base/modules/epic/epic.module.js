"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.EpicModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const group_module_1 = require("../group/group.module");
const issue_module_1 = require("../issue/issue.module");
const promote_to_epic_1 = require("./actions/promote-to-epic");
const epic_controller_1 = require("./epic.controller");
const epic_resolver_1 = require("./epic.resolver");
const epic_service_1 = require("./epic.service");
/** Group epics: REST groups/:id/epics (and their issues), GraphQL group.epics, Issue.epic, issueSetEpic, promoteToEpic. */
let EpicModule = class EpicModule {
};
exports.EpicModule = EpicModule;
exports.EpicModule = EpicModule = __decorate([
    (0, common_1.Module)({
        imports: [group_module_1.GroupModule, issue_module_1.IssueModule, markdown_module_1.MarkdownModule],
        controllers: [epic_controller_1.EpicController],
        providers: [epic_service_1.EpicService, epic_resolver_1.EpicResolver, epic_resolver_1.IssueEpicResolver, promote_to_epic_1.PromoteToEpicAction],
        exports: [epic_service_1.EpicService, promote_to_epic_1.PromoteToEpicAction],
    })
], EpicModule);
//# sourceMappingURL=epic.module.js.map