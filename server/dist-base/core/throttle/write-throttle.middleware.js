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
Object.defineProperty(exports, "__esModule", { value: true });
exports.WriteThrottleMiddleware = void 0;
const common_1 = require("@nestjs/common");
const request_context_1 = require("../http/request-context");
const throttle_service_1 = require("./throttle.service");
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Authenticated writes (any non-GET request by a signed-in user or token, GraphQL included)
 * per user, as GitLab's authenticated API limit. Runs after AuthMiddleware; anonymous
 * requests pass (sign-in has its own limits).
 */
let WriteThrottleMiddleware = class WriteThrottleMiddleware {
    throttle;
    constructor(throttle) {
        this.throttle = throttle;
    }
    use(req, _res, next) {
        const actor = (0, request_context_1.authOf)(req).actor;
        if (!actor || READS.has(req.method) || !this.throttle.enabled('api_writes_per_user'))
            return next();
        this.throttle.consume('api_writes_per_user', actor.id).then(() => next(), next);
    }
};
exports.WriteThrottleMiddleware = WriteThrottleMiddleware;
exports.WriteThrottleMiddleware = WriteThrottleMiddleware = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [throttle_service_1.ThrottleService])
], WriteThrottleMiddleware);
//# sourceMappingURL=write-throttle.middleware.js.map