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
exports.EtagPollMiddleware = void 0;
exports.pollInterval = pollInterval;
exports.etagMatches = etagMatches;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const metrics_1 = require("../../core/metrics/metrics");
const etag_cache_service_1 = require("../../core/realtime/etag-cache.service");
/** Poll-Interval (ms) for a base interval; -1 when the multiplier turns polling off. */
function pollInterval(config, baseMs) {
    const m = config.POLL_INTERVAL_MULTIPLIER;
    return m === 0 ? -1 : Math.round(baseMs * m);
}
/** True if an If-None-Match header names `etag` (a list, or `*`). */
function etagMatches(header, etag) {
    if (header.trim() === '*')
        return true;
    return header.split(',').some((t) => t.trim() === etag);
}
/**
 * Answers a poll whose If-None-Match equals the current ETag with 304 from the cache,
 * before authentication or any database query (docs/realtime.md, polling). Registered ahead of
 * AuthMiddleware. The ETag is unguessable and only ever handed to readers, so a 304 tells
 * nothing to someone who could not read the issue.
 */
let EtagPollMiddleware = class EtagPollMiddleware {
    etags;
    config;
    constructor(etags, config) {
        this.etags = etags;
        this.config = config;
    }
    /** Works on plain Node requests, so it can run in front of Express (see app.ts). */
    use(req, res, next) {
        const inm = req.headers['if-none-match'];
        if ((req.method !== 'GET' && req.method !== 'HEAD') || typeof inm !== 'string' || !inm)
            return next();
        // originalUrl: Nest mounts middleware on a path, which Express strips from req.path
        const url = req.originalUrl ?? req.url ?? '';
        const q = url.indexOf('?');
        const key = (0, etag_cache_service_1.pollKeyOf)(q < 0 ? url : url.slice(0, q));
        if (!key)
            return next();
        this.etags.lookup(key).then((etag) => {
            if (!etag || !etagMatches(inm, etag)) {
                (0, metrics_1.countEtagLookup)(this.etags.source, false);
                return next();
            }
            (0, metrics_1.countEtagLookup)(this.etags.source, true);
            const base = key.kind === 'notes' ? shared_types_1.REALTIME.notesPollIntervalMs : shared_types_1.REALTIME.realtimeChangesPollIntervalMs;
            res.setHeader('ETag', etag);
            res.setHeader('Poll-Interval', String(pollInterval(this.config, base)));
            res.setHeader('Cache-Control', 'no-cache');
            res.setHeader('X-Tandem-From-Cache', 'true');
            res.statusCode = 304;
            res.end();
        }, 
        // Cache unreachable: answer from the database instead
        () => {
            (0, metrics_1.countEtagLookup)(this.etags.source, false);
            next();
        });
    }
};
exports.EtagPollMiddleware = EtagPollMiddleware;
exports.EtagPollMiddleware = EtagPollMiddleware = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [etag_cache_service_1.EtagCacheService, Object])
], EtagPollMiddleware);
//# sourceMappingURL=etag-poll.middleware.js.map