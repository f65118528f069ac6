"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.MilestoneModule = void 0;
const common_1 = require("@nestjs/common");
const group_module_1 = require("../group/group.module");
const project_module_1 = require("../project/project.module");
const milestone_controller_1 = require("./milestone.controller");
const milestone_service_1 = require("./milestone.service");
/** Milestones of projects and groups (REST v4). The milestone is the issue field fields/milestone.ts. */
let MilestoneModule = class MilestoneModule {
};
exports.MilestoneModule = MilestoneModule;
exports.MilestoneModule = MilestoneModule = __decorate([
    (0, common_1.Module)({ imports: [project_module_1.ProjectModule, group_module_1.GroupModule], controllers: [milestone_controller_1.ProjectMilestoneController, milestone_controller_1.GroupMilestoneController], providers: [milestone_service_1.MilestoneService] })
], MilestoneModule);
//# sourceMappingURL=milestone.module.js.map