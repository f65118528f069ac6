"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AlertController = void 0;
const common_1 = require("@nestjs/common");
const current_actor_decorator_1 = require("../../core/http/current-actor.decorator");
const alert_service_1 = require("./alert.service");
const alert_validation_1 = require("./alert.validation");
/** The alert endpoint (GitLab's generic HTTP integration) and the project's incident settings. */
let AlertController = class AlertController {
    alerts;
    constructor(alerts) {
        this.alerts = alerts;
    }
    /** Policy: none for users: the project's alert token (Authorization: Bearer), checked by AlertService; 401 without it. */
    async notify(project, req, body) {
        const bearer = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim() ?? null;
        const alert = await this.alerts.notify(project.join('/'), req.method === 'POST' ? bearer : null, () => (0, alert_validation_1.parseAlertPayload)(body));
        return [{ iid: Number(alert.iid), title: alert.title }];
    }
    /** Policy: admin_project (maintainers). */
    settings(actor, id) {
        return this.alerts.settings(actor, id);
    }
    /** Policy: admin_project. {sla_minutes}. */
    update(actor, id, body) {
        return this.alerts.updateSettings(actor, id, (0, alert_validation_1.parseIncidentSettings)(body));
    }
    /** Policy: admin_project. A new alert endpoint token, shown once. */
    resetToken(actor, id) {
        return this.alerts.resetToken(actor, id);
    }
};
exports.AlertController = AlertController;
__decorate([
    (0, common_1.All)('*project/alerts/notify.json'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, common_1.Param)('project')),
    __param(1, (0, common_1.Req)()),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Array, Object, Object]),
    __metadata("design:returntype", Promise)
], AlertController.prototype, "notify", null);
__decorate([
    (0, common_1.Get)('api/v4/projects/:id/incident_management_settings'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", void 0)
], AlertController.prototype, "settings", null);
__decorate([
    (0, common_1.Put)('api/v4/projects/:id/incident_management_settings'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String, Object]),
    __metadata("design:returntype", void 0)
], AlertController.prototype, "update", null);
__decorate([
    (0, common_1.Post)('api/v4/projects/:id/incident_management_settings/alerts_token'),
    __param(0, (0, current_actor_decorator_1.CurrentActor)()),
    __param(1, (0, common_1.Param)('id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, String]),
    __metadata("design:returntype", void 0)
], AlertController.prototype, "resetToken", null);
exports.AlertController = AlertController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [alert_service_1.AlertService])
], AlertController);
//# sourceMappingURL=alert.controller.js.map