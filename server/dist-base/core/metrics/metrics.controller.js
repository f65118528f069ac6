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
exports.MetricsController = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../config/config");
const app_error_1 = require("../errors/app-error");
const metrics_access_1 = require("./metrics-access");
const metrics_1 = require("./metrics");
/** Policy: public to the monitoring allow-list only (METRICS_ALLOWED_IPS); 404 to anyone else, as GitLab. */
let MetricsController = class MetricsController {
    allowed;
    constructor(config) {
        this.allowed = (0, metrics_access_1.metricsAllowList)(config.METRICS_ALLOWED_IPS);
    }
    async metrics(req, res) {
        if (!this.allowed(req.ip ?? req.socket.remoteAddress))
            throw new app_error_1.AppError('NOT_FOUND');
        res.setHeader('Content-Type', metrics_1.metricsRegistry.contentType);
        res.send(await metrics_1.metricsRegistry.metrics());
    }
};
exports.MetricsController = MetricsController;
__decorate([
    (0, common_1.Get)('-/metrics'),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Res)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], MetricsController.prototype, "metrics", null);
exports.MetricsController = MetricsController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object])
], MetricsController);
//# sourceMappingURL=metrics.controller.js.map