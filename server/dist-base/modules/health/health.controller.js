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
exports.HealthController = exports.READINESS_TIMEOUT_MS = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const redis_1 = require("../../core/realtime/redis");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = require('../../../package.json').version;
/** A readiness probe answers within this; a hung dependency is "failed", not a hung probe. */
exports.READINESS_TIMEOUT_MS = 1000;
async function probe(run, message) {
    let timer;
    try {
        await Promise.race([
            run(),
            new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error('timeout')), exports.READINESS_TIMEOUT_MS);
            }),
        ]);
        return [{ status: 'ok' }];
    }
    catch {
        return [{ status: 'failed', message }];
    }
    finally {
        clearTimeout(timer);
    }
}
/** Policy: public (no data). */
let HealthController = class HealthController {
    ds;
    redis;
    constructor(ds, redis = null) {
        this.ds = ds;
        this.redis = redis;
    }
    liveness() {
        return { status: 'ok' };
    }
    /** GitLab's readiness shape: one `<name>_check` per dependency; 503 when any failed. */
    async readiness(res) {
        const redis = this.redis;
        const [master, redisCheck] = await Promise.all([
            probe(() => this.ds.query('SELECT 1'), 'database unreachable'),
            redis ? probe(() => redis.cmd.ping(), 'redis unreachable') : Promise.resolve(null),
        ]);
        const checks = { master_check: master, ...(redisCheck ? { redis_check: redisCheck } : {}) };
        const ok = Object.values(checks).every((c) => c[0]?.status === 'ok');
        if (!ok)
            res.status(503);
        return { status: ok ? 'ok' : 'failed', ...checks };
    }
    version() {
        return { version: VERSION, revision: process.env.TANDEM_REVISION ?? 'dev' };
    }
};
exports.HealthController = HealthController;
__decorate([
    (0, common_1.Get)('-/liveness'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "liveness", null);
__decorate([
    (0, common_1.Get)('-/readiness'),
    __param(0, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], HealthController.prototype, "readiness", null);
__decorate([
    (0, common_1.Get)('api/v4/version'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], HealthController.prototype, "version", null);
exports.HealthController = HealthController = __decorate([
    (0, common_1.Controller)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Optional)()),
    __param(1, (0, common_1.Inject)(redis_1.REDIS_CONNECTIONS)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], HealthController);
//# sourceMappingURL=health.controller.js.map