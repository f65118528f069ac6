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
exports.ThrottleService = exports.THROTTLE_STORE = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../config/config");
const metrics_1 = require("../metrics/metrics");
const rate_limited_error_1 = require("./rate-limited.error");
exports.THROTTLE_STORE = Symbol('THROTTLE_STORE');
/**
 * Request limits in the shape GitLab documents: failed sign-ins per login and per client
 * address, authenticated writes per user, note creation per user. A store outage never locks
 * users out: the limit is skipped (fail open) and logged.
 */
let ThrottleService = class ThrottleService {
    store;
    logger = new common_1.Logger('Throttle');
    rules;
    constructor(store, config) {
        this.store = store;
        this.rules = {
            failed_sign_in_per_user: config.THROTTLE_FAILED_SIGN_IN_PER_USER,
            failed_sign_in_per_ip: config.THROTTLE_FAILED_SIGN_IN_PER_IP,
            api_writes_per_user: config.THROTTLE_API_WRITES_PER_USER,
            notes_per_user: config.THROTTLE_NOTES_PER_USER,
        };
        (0, metrics_1.declareRateLimits)(Object.keys(this.rules));
    }
    enabled(name) {
        return this.rules[name].limit > 0;
    }
    /** Counts one request against `name` for `subject`; 429 once the window holds more than the limit. */
    async consume(name, subject) {
        const rule = this.rules[name];
        if (!rule.limit)
            return;
        const c = await this.safely(() => this.store.hit(`${name}:${subject}`, rule.periodMs));
        if (c && c.count > rule.limit)
            throw this.refused(name, rule.limit, c.count, Math.ceil(c.resetMs / 1000));
    }
    /**
     * Note creation (GitLab's `notes_create` limit): call before creating a note, e.g.
     * `await throttle.consumeNoteCreation(actor.id)`; throws RateLimitedError (429).
     */
    consumeNoteCreation(userId) {
        return this.consume('notes_per_user', userId);
    }
    /** Before checking a password: 429 when this login or this address has failed too often (no hash is computed). */
    async assertSignInAllowed(login, ip) {
        await this.assertOpen('failed_sign_in_per_user', loginKey(login));
        await this.assertOpen('failed_sign_in_per_ip', ip);
    }
    /** A wrong password, or a login that does not exist (counted alike, so a 429 tells nothing about existence). */
    async recordFailedSignIn(login, ip) {
        await Promise.all([
            this.record('failed_sign_in_per_user', loginKey(login)),
            this.record('failed_sign_in_per_ip', ip),
        ]);
    }
    /** A successful sign-in clears its login's failures (the address keeps its count). */
    async clearFailedSignIns(login) {
        await this.safely(() => this.store.reset(`failed_sign_in_per_user:${loginKey(login)}`));
    }
    async assertOpen(name, subject) {
        const rule = this.rules[name];
        if (!rule.limit)
            return;
        const c = await this.safely(() => this.store.peek(`${name}:${subject}`));
        if (c && c.count >= rule.limit)
            throw this.refused(name, rule.limit, c.count, Math.max(1, Math.ceil(c.resetMs / 1000)));
    }
    refused(name, limit, observed, retryAfterSeconds) {
        (0, metrics_1.countRateLimited)(name);
        return new rate_limited_error_1.RateLimitedError(name, limit, observed, retryAfterSeconds);
    }
    async record(name, subject) {
        const rule = this.rules[name];
        if (rule.limit)
            await this.safely(() => this.store.hit(`${name}:${subject}`, rule.periodMs));
    }
    async safely(op) {
        try {
            return await op();
        }
        catch (err) {
            this.logger.warn(`throttle store unavailable, limit skipped: ${err instanceof Error ? err.message : String(err)}`);
            return null;
        }
    }
};
exports.ThrottleService = ThrottleService;
exports.ThrottleService = ThrottleService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(exports.THROTTLE_STORE)),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, Object])
], ThrottleService);
/** Usernames and emails are case-insensitive at sign-in, so their counters are too. */
const loginKey = (login) => login.trim().toLowerCase();
//# sourceMappingURL=throttle.service.js.map