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
exports.MetricsModule = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const http_metrics_middleware_1 = require("./http-metrics.middleware");
const metrics_controller_1 = require("./metrics.controller");
const metrics_1 = require("./metrics");
/** /-/metrics and the HTTP request metrics; the database pool is read at scrape time. */
let MetricsModule = class MetricsModule {
    ds;
    untrack = () => undefined;
    constructor(ds) {
        this.ds = ds;
    }
    onModuleInit() {
        this.untrack = (0, metrics_1.trackDbPool)(this.ds.driver.master);
    }
    onApplicationShutdown() {
        this.untrack();
    }
};
exports.MetricsModule = MetricsModule;
exports.MetricsModule = MetricsModule = __decorate([
    (0, common_1.Module)({
        controllers: [metrics_controller_1.MetricsController],
        providers: [http_metrics_middleware_1.HttpMetricsMiddleware],
        exports: [http_metrics_middleware_1.HttpMetricsMiddleware],
    }),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [Function])
], MetricsModule);
//# sourceMappingURL=metrics.module.js.map