"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisEventBus = exports.InProcessEventBus = exports.EVENT_BUS = void 0;
const node_crypto_1 = require("node:crypto");
const common_1 = require("@nestjs/common");
const metrics_1 = require("../metrics/metrics");
exports.EVENT_BUS = Symbol('EVENT_BUS');
class LocalHandlers {
    logger = new common_1.Logger('EventBus');
    set = new Set();
    events(batch) {
        for (const h of this.set)
            this.guard(() => h.events(batch));
    }
    control(msg) {
        for (const h of this.set)
            this.guard(() => h.control?.(msg));
    }
    resync() {
        for (const h of this.set)
            this.guard(() => h.resync?.());
    }
    guard(fn) {
        try {
            fn();
        }
        catch (err) {
            // a failing subscriber must not stop the others
            this.logger.error({ err }, 'bus handler failed');
        }
    }
}
class InProcessEventBus {
    lossy = false;
    local = new LocalHandlers();
    publish(batch) {
        if (batch.length)
            this.local.events(batch);
    }
    publishControl(msg) {
        this.local.control(msg);
    }
    subscribe(handlers) {
        this.local.set.add(handlers);
        return () => this.local.set.delete(handlers);
    }
    async close() {
        this.local.set.clear();
    }
}
exports.InProcessEventBus = InProcessEventBus;
/**
 * Redis pub/sub on one channel. Every node receives every committed batch and emits it to
 * the rooms it holds locally. Pub/sub drops what is published while a subscriber is
 * disconnected; `resync` tells the receiver to catch up from the log when it reconnects.
 */
class RedisEventBus {
    pub;
    sub;
    lossy = true;
    nodeId = (0, node_crypto_1.randomBytes)(6).toString('hex');
    logger = new common_1.Logger('RedisEventBus');
    local = new LocalHandlers();
    channel;
    connectedOnce = false;
    /**
     * @param pub a client with the offline queue disabled, so a publish during an outage fails
     *   at once instead of queueing behind a dead connection
     * @param sub a dedicated subscriber connection: node-redis renews its subscriptions when it
     *   reconnects, before it reports 'ready'
     */
    constructor(pub, sub, prefix) {
        this.pub = pub;
        this.sub = sub;
        this.channel = `${prefix}events`;
        sub.on('ready', this.onReady);
    }
    async start() {
        await this.sub.subscribe(this.channel, this.onMessage);
        this.connectedOnce = true;
    }
    publish(batch) {
        if (!batch.length)
            return;
        // To Redis first (a non-blocking socket write), then to this node's own sockets: other
        // nodes then start their fan-out without waiting for this node's
        this.send({ n: this.nodeId, t: Date.now(), e: batch });
        this.local.events(batch);
    }
    publishControl(msg) {
        this.local.control(msg);
        this.send({ n: this.nodeId, t: Date.now(), c: msg });
    }
    subscribe(handlers) {
        this.local.set.add(handlers);
        return () => this.local.set.delete(handlers);
    }
    /** The connections belong to the caller (RedisConnections) and are closed there. */
    async close() {
        this.local.set.clear();
        this.sub.off('ready', this.onReady);
        if (this.sub.isReady)
            await this.sub.unsubscribe(this.channel, this.onMessage).catch(() => undefined);
    }
    send(msg) {
        this.pub.publish(this.channel, JSON.stringify(msg)).catch((err) => {
            // Other nodes catch up from the log (gap fill or reconnect sweep); never fail the write.
            this.logger.warn({ err: String(err) }, 'bus publish failed');
        });
    }
    onReady = () => {
        // The first ready is boot; any later one follows a lost connection, so messages may be gone.
        if (this.connectedOnce) {
            this.logger.warn('bus reconnected: catching up from the event log');
            this.local.resync();
        }
        this.connectedOnce = true;
    };
    onMessage = (raw) => {
        let msg;
        try {
            msg = JSON.parse(raw);
        }
        catch {
            return;
        }
        if (msg.n === this.nodeId)
            return;
        if (typeof msg.t === 'number')
            (0, metrics_1.observeBusLag)(msg.t);
        if (msg.e)
            this.local.events(msg.e);
        if (msg.c)
            this.local.control(msg.c);
    };
}
exports.RedisEventBus = RedisEventBus;
//# sourceMappingURL=event-bus.js.map