"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AlertModule = void 0;
const common_1 = require("@nestjs/common");
const issue_module_1 = require("../issue/issue.module");
const project_module_1 = require("../project/project.module");
const alert_controller_1 = require("./alert.controller");
const alert_resolver_1 = require("./alert.resolver");
const alert_service_1 = require("./alert.service");
const incident_list_controller_1 = require("./incident-list.controller");
/** Alerts and incidents: the alert endpoint, incident settings, Issue.alertManagementAlert / slaDueAt, Project.alertManagementAlert. */
let AlertModule = class AlertModule {
};
exports.AlertModule = AlertModule;
exports.AlertModule = AlertModule = __decorate([
    (0, common_1.Module)({
        imports: [issue_module_1.IssueModule, project_module_1.ProjectModule],
        controllers: [alert_controller_1.AlertController, incident_list_controller_1.IncidentListController],
        providers: [alert_service_1.AlertService, alert_resolver_1.IssueAlertResolver, alert_resolver_1.ProjectAlertResolver],
    })
], AlertModule);
//# sourceMappingURL=alert.module.js.map