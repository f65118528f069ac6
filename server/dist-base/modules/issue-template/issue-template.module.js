"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueTemplateModule = void 0;
const common_1 = require("@nestjs/common");
const project_module_1 = require("../project/project.module");
const issue_template_controller_1 = require("./issue-template.controller");
const issue_template_store_1 = require("./issue-template.store");
/** Description templates per project (the edit form's chooser). */
let IssueTemplateModule = class IssueTemplateModule {
};
exports.IssueTemplateModule = IssueTemplateModule;
exports.IssueTemplateModule = IssueTemplateModule = __decorate([
    (0, common_1.Module)({
        imports: [project_module_1.ProjectModule],
        controllers: [issue_template_controller_1.IssueTemplateController],
        providers: [issue_template_store_1.IssueTemplateStore],
        exports: [issue_template_store_1.IssueTemplateStore],
    })
], IssueTemplateModule);
//# sourceMappingURL=issue-template.module.js.map