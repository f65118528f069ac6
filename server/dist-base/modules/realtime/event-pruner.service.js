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
var EventPrunerService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.EventPrunerService = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const event_log_service_1 = require("../../core/realtime/event-log.service");
/**
 * Deletes events older than EVENT_RETENTION_HOURS. Every node runs it (the DELETE is
 * idempotent); a subscriber whose `after` is older than what is left is told to refetch.
 */
let EventPrunerService = EventPrunerService_1 = class EventPrunerService {
    config;
    log;
    logger = new common_1.Logger(EventPrunerService_1.name);
    timer = null;
    constructor(config, log) {
        this.config = config;
        this.log = log;
    }
    get retentionMs() {
        return this.config.EVENT_RETENTION_HOURS * 3600_000;
    }
    onApplicationBootstrap() {
        // A tenth of the window, between 1 s and 1 h: short windows (tests) prune promptly
        const every = Math.min(3600_000, Math.max(1000, this.retentionMs / 10));
        this.timer = setInterval(() => void this.pruneNow(), every);
        this.timer.unref();
    }
    onApplicationShutdown() {
        if (this.timer)
            clearInterval(this.timer);
    }
    async pruneNow() {
        try {
            const n = await this.log.prune(this.retentionMs);
            if (n)
                this.logger.log(`pruned ${n} events older than ${this.config.EVENT_RETENTION_HOURS} h`);
            return n;
        }
        catch (err) {
            this.logger.warn({ err }, 'event pruning failed');
            return 0;
        }
    }
};
exports.EventPrunerService = EventPrunerService;
exports.EventPrunerService = EventPrunerService = EventPrunerService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, event_log_service_1.EventLogService])
], EventPrunerService);
//# sourceMappingURL=event-pruner.service.js.map