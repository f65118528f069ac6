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
exports.RealtimeCoreModule = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../config/config");
const access_changes_1 = require("./access-changes");
const etag_cache_service_1 = require("./etag-cache.service");
const event_bus_1 = require("./event-bus");
const event_log_service_1 = require("./event-log.service");
const user_channel_1 = require("./user-channel");
const redis_1 = require("./redis");
/**
 * The event log, the bus and the polling ETag cache: in-process and in memory by default,
 * Redis when REDIS_URL is set (so several nodes serve one deployment).
 */
let RealtimeCoreModule = class RealtimeCoreModule {
    log;
    etags;
    bus;
    redis;
    constructor(log, etags, bus, redis) {
        this.log = log;
        this.etags = etags;
        this.bus = bus;
        this.redis = redis;
    }
    onModuleInit() {
        this.log.onCommit((events) => this.etags.onCommit(events));
    }
    /** Runs after the gateway closed its sockets (beforeApplicationShutdown). */
    async onApplicationShutdown() {
        await this.bus.close();
        await this.redis?.close();
    }
};
exports.RealtimeCoreModule = RealtimeCoreModule;
exports.RealtimeCoreModule = RealtimeCoreModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [
            {
                provide: redis_1.REDIS_CONNECTIONS,
                inject: [config_1.APP_CONFIG],
                useFactory: (config) => (config.REDIS_URL ? (0, redis_1.openRedis)(config.REDIS_URL) : null),
            },
            {
                provide: event_bus_1.EVENT_BUS,
                inject: [redis_1.REDIS_CONNECTIONS],
                useFactory: async (redis) => {
                    if (!redis)
                        return new event_bus_1.InProcessEventBus();
                    const bus = new event_bus_1.RedisEventBus(redis.cmd, redis.busSub, redis_1.REDIS_PREFIX);
                    await bus.start();
                    return bus;
                },
            },
            {
                provide: etag_cache_service_1.EtagCacheService,
                inject: [redis_1.REDIS_CONNECTIONS],
                useFactory: async (redis) => {
                    const cache = new etag_cache_service_1.EtagCacheService(redis?.cmd ?? null);
                    await cache.init();
                    return cache;
                },
            },
            event_log_service_1.EventLogService,
            access_changes_1.AccessChanges,
            user_channel_1.UserChannel,
        ],
        exports: [event_bus_1.EVENT_BUS, event_log_service_1.EventLogService, etag_cache_service_1.EtagCacheService, redis_1.REDIS_CONNECTIONS, access_changes_1.AccessChanges, user_channel_1.UserChannel],
    }),
    __param(2, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __param(3, (0, common_1.Inject)(redis_1.REDIS_CONNECTIONS)),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        etag_cache_service_1.EtagCacheService, Object, Object])
], RealtimeCoreModule);
//# sourceMappingURL=realtime-core.module.js.map