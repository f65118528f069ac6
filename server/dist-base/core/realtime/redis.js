"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.REDIS_CONNECTIONS = exports.REDIS_PREFIX = void 0;
exports.bounded = bounded;
exports.openRedis = openRedis;
exports.createSocketIoAdapter = createSocketIoAdapter;
const common_1 = require("@nestjs/common");
const redis_adapter_1 = require("@socket.io/redis-adapter");
const redis_1 = require("redis");
/** Every key and channel Tandem uses in Redis starts with this. */
exports.REDIS_PREFIX = 'tandem:';
exports.REDIS_CONNECTIONS = Symbol('REDIS_CONNECTIONS');
/** How long a command may wait to be sent, or (through `bounded`) for its reply. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long shutdown waits for in-flight replies before dropping a connection. */
const CLOSE_WAIT_MS = 1000;
const logger = new common_1.Logger('Redis');
function client(url, name, opts) {
    let everReady = false;
    const r = (0, redis_1.createClient)({
        url,
        name: `tandem-${name}`,
        // Fail-fast: a command during an outage is rejected at once (cache reads fall back to the
        // database, publishes are filled from the log), and a reply that never comes times out
        disableOfflineQueue: opts.failFast,
        ...(opts.failFast ? { commandOptions: { timeout: COMMAND_TIMEOUT_MS } } : {}),
        socket: {
            connectTimeout: 5000,
            // Boot fails at once (openRedis reports it); after that, reconnect quickly and never
            // give up: nodes outlive a Redis restart, and subscriptions are renewed on reconnect
            reconnectStrategy: (retries, cause) => (everReady ? Math.min(50 * (retries + 1), 1000) : cause),
        },
    });
    let down = false;
    // node-redis throws an 'error' event without a listener: every connection has one
    r.on('error', (err) => {
        if (!down)
            logger.warn(`${name}: ${err.message}`);
        down = true;
    });
    r.on('ready', () => {
        if (down)
            logger.log(`${name}: reconnected`);
        everReady = true;
        down = false;
    });
    return r;
}
/** Rejects when Redis has not answered in time (the command itself stays queued on its connection). */
function bounded(reply, ms = COMMAND_TIMEOUT_MS) {
    let timer;
    const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    });
    return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}
/** Closes gracefully when connected; drops at once when not (a reconnect loop must not hold the process). */
async function shut(r) {
    if (!r.isOpen)
        return;
    if (!r.isReady) {
        r.destroy();
        return;
    }
    r.unref();
    let timer;
    await Promise.race([r.close(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
}
/** Opens the connections a node needs; resolves once all are ready (fail fast at boot). */
async function openRedis(url) {
    const cmd = client(url, 'cmd', { failFast: true });
    const busSub = client(url, 'bus-sub', { failFast: false });
    const adapterPub = client(url, 'io-pub', { failFast: false });
    const adapterSub = client(url, 'io-sub', { failFast: false });
    const all = [cmd, busSub, adapterPub, adapterSub];
    const opened = await Promise.allSettled(all.map((r) => r.connect()));
    const failed = opened.find((o) => o.status === 'rejected');
    if (failed) {
        await Promise.allSettled(all.map(shut));
        const e = failed.reason;
        throw new Error(`Redis at REDIS_URL is unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    return {
        cmd,
        busSub,
        adapterPub,
        adapterSub,
        close: async () => {
            await Promise.allSettled(all.map(shut));
        },
    };
}
/**
 * The Socket.IO Redis adapter on the node's adapter pair. Cluster-wide io-level operations
 * (fetchSockets, serverSideEmit, io.emit) go through it; issue events use the bus instead.
 */
function createSocketIoAdapter(redis) {
    return (0, redis_adapter_1.createAdapter)(redis.adapterPub, redis.adapterSub, { key: `${exports.REDIS_PREFIX}socket.io` });
}
//# sourceMappingURL=redis.js.map