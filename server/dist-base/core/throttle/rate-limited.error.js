"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RateLimitedError = void 0;
const app_error_1 = require("../errors/app-error");
/** 429 with GitLab's text; the REST filter adds Retry-After and the RateLimit-* headers. */
class RateLimitedError extends app_error_1.AppError {
    rule;
    limit;
    observed;
    retryAfterSeconds;
    constructor(rule, limit, observed, retryAfterSeconds) {
        super('RATE_LIMITED');
        this.rule = rule;
        this.limit = limit;
        this.observed = observed;
        this.retryAfterSeconds = retryAfterSeconds;
    }
    /** The headers Rack Attack sends on a throttled response (doc/security/rate_limits in GitLab). */
    headers() {
        const reset = String(this.retryAfterSeconds);
        return {
            'Retry-After': reset,
            'RateLimit-Name': this.rule,
            'RateLimit-Limit': String(this.limit),
            'RateLimit-Observed': String(this.observed),
            'RateLimit-Remaining': String(Math.max(0, this.limit - this.observed)),
            'RateLimit-Reset': reset,
        };
    }
}
exports.RateLimitedError = RateLimitedError;
//# sourceMappingURL=rate-limited.error.js.map