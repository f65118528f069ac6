"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ThrottleModule = void 0;
const common_1 = require("@nestjs/common");
const redis_1 = require("../realtime/redis");
const redis_throttle_store_1 = require("./redis-throttle-store");
const throttle_service_1 = require("./throttle.service");
const throttle_store_1 = require("./throttle-store");
const write_throttle_middleware_1 = require("./write-throttle.middleware");
/**
 * Throttle counters: in memory on one node; in Redis when REDIS_URL is set, so every node
 * counts against the same limit (on the node's command connection, closed with the others).
 */
let ThrottleModule = class ThrottleModule {
};
exports.ThrottleModule = ThrottleModule;
exports.ThrottleModule = ThrottleModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [
            {
                provide: throttle_service_1.THROTTLE_STORE,
                inject: [redis_1.REDIS_CONNECTIONS],
                useFactory: (redis) => (redis ? new redis_throttle_store_1.RedisThrottleStore(redis.cmd) : new throttle_store_1.MemoryThrottleStore()),
            },
            throttle_service_1.ThrottleService,
            write_throttle_middleware_1.WriteThrottleMiddleware,
        ],
        exports: [throttle_service_1.ThrottleService, write_throttle_middleware_1.WriteThrottleMiddleware],
    })
], ThrottleModule);
//# sourceMappingURL=throttle.module.js.map