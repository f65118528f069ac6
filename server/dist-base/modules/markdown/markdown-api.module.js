"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MarkdownApiModule = void 0;
const common_1 = require("@nestjs/common");
const markdown_module_1 = require("../../core/markdown/markdown.module");
const project_module_1 = require("../project/project.module");
const markdown_controller_1 = require("./markdown.controller");
/** POST /api/v4/markdown, the editors' preview. */
let MarkdownApiModule = class MarkdownApiModule {
};
exports.MarkdownApiModule = MarkdownApiModule;
exports.MarkdownApiModule = MarkdownApiModule = __decorate([
    (0, common_1.Module)({ imports: [markdown_module_1.MarkdownModule, project_module_1.ProjectModule], controllers: [markdown_controller_1.MarkdownController] })
], MarkdownApiModule);
//# sourceMappingURL=markdown-api.module.js.map