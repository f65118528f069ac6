"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DescriptionVersionsModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../../issue/issue.module");
const description_versions_controller_1 = require("./description-versions.controller");
/** The description compare view and the soft delete of versions (the store lives with the issue writes). */
let DescriptionVersionsModule = class DescriptionVersionsModule {
};
exports.DescriptionVersionsModule = DescriptionVersionsModule;
exports.DescriptionVersionsModule = DescriptionVersionsModule = __decorate([
    (0, common_1.Module)({ imports: [issue_module_1.IssueModule], controllers: [description_versions_controller_1.DescriptionVersionsController] })
], DescriptionVersionsModule);
//# sourceMappingURL=description-versions.module.js.map