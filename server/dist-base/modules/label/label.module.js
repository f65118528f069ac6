"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LabelModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const project_module_1 = require("../project/project.module");
const group_module_1 = require("../group/group.module");
const group_label_controller_1 = require("./group-label.controller");
const label_admin_service_1 = require("./label-admin.service");
const label_controller_1 = require("./label.controller");
const label_service_1 = require("./label.service");
/** Labels: the project's and its groups' (REST), and their links to issues by id (LabelService). */
let LabelModule = class LabelModule {
};
exports.LabelModule = LabelModule;
exports.LabelModule = LabelModule = __decorate([
    (0, common_1.Module)({ imports: [project_module_1.ProjectModule, group_module_1.GroupModule, markdown_module_1.MarkdownModule], controllers: [label_controller_1.LabelController, group_label_controller_1.GroupLabelController], providers: [label_service_1.LabelService, label_admin_service_1.LabelAdminService], exports: [label_service_1.LabelService] })
], LabelModule);
//# sourceMappingURL=label.module.js.map