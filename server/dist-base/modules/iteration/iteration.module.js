"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IterationModule = void 0;
const common_1 = require("@nestjs/common");
const group_module_1 = require("../group/group.module");
const iteration_controller_1 = require("./iteration.controller");
const iteration_service_1 = require("./iteration.service");
/** Iterations and their cadences (REST v4). The iteration is the issue field fields/iteration.ts. */
let IterationModule = class IterationModule {
};
exports.IterationModule = IterationModule;
exports.IterationModule = IterationModule = __decorate([
    (0, common_1.Module)({ imports: [group_module_1.GroupModule], controllers: [iteration_controller_1.IterationController], providers: [iteration_service_1.IterationService] })
], IterationModule);
//# sourceMappingURL=iteration.module.js.map