"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HttpMetricsMiddleware = void 0;
const common_1 = require("@nestjs/common");
const metrics_1 = require("./metrics");
/**
 * Counts every request Express answers, by its matched route (`/api/v4/projects/:id`, never the
 * raw URL, so the label set stays small). Polls answered 304 ahead of Express are not seen here.
 */
let HttpMetricsMiddleware = class HttpMetricsMiddleware {
    use(req, res, next) {
        const start = process.hrtime.bigint();
        res.once('finish', () => {
            const route = req.route?.path;
            (0, metrics_1.observeHttpRequest)(req.method, typeof route === 'string' ? route : 'unmatched', res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
        });
        next();
    }
};
exports.HttpMetricsMiddleware = HttpMetricsMiddleware;
exports.HttpMetricsMiddleware = HttpMetricsMiddleware = __decorate([
    (0, common_1.Injectable)()
], HttpMetricsMiddleware);
//# sourceMappingURL=http-metrics.middleware.js.map