"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.GraphqlApiModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../core/markdown/markdown.module");
const issue_module_1 = require("./issue/issue.module");
const project_module_1 = require("./project/project.module");
const project_resolver_1 = require("./project/project.resolver");
const user_resolver_1 = require("./user/user.resolver");
/** The GraphQL query roots (code-first, at /api/graphql); the issue resolver lives in IssueModule. */
let GraphqlApiModule = class GraphqlApiModule {
};
exports.GraphqlApiModule = GraphqlApiModule;
exports.GraphqlApiModule = GraphqlApiModule = __decorate([
    (0, common_1.Module)({ imports: [project_module_1.ProjectModule, issue_module_1.IssueModule, markdown_module_1.MarkdownModule], providers: [user_resolver_1.UserResolver, project_resolver_1.ProjectResolver] })
], GraphqlApiModule);
//# sourceMappingURL=graphql-api.module.js.map