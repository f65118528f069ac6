"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.metricsRegistry = void 0;
exports.observeHttpRequest = observeHttpRequest;
exports.countEventsPublished = countEventsPublished;
exports.countEventsDelivered = countEventsDelivered;
exports.trackRooms = trackRooms;
exports.observeDeliveryLag = observeDeliveryLag;
exports.observeBusLag = observeBusLag;
exports.countEtagLookup = countEtagLookup;
exports.countRateLimited = countRateLimited;
exports.declareRateLimits = declareRateLimits;
exports.trackSocketServer = trackSocketServer;
exports.trackDbPool = trackDbPool;
const prom_client_1 = require("prom-client");
/**
 * Tandem's Prometheus metrics, served at /-/metrics. One registry per process: the counters
 * below are module-level so any code can count with a one-line call.
 */
exports.metricsRegistry = new prom_client_1.Registry();
(0, prom_client_1.collectDefaultMetrics)({ register: exports.metricsRegistry });
const httpRequests = new prom_client_1.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, matched route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [exports.metricsRegistry],
});
const httpDuration = new prom_client_1.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its response',
    labelNames: ['method', 'route', 'status'],
    registers: [exports.metricsRegistry],
});
// Label children resolved once per (method, route, status): no label validation or object per request
// (prom-client still hashes the labels per call: about 1 µs in all, docs/hardening.md)
const children = new Map();
/** Records one answered request (called by HttpMetricsMiddleware when the response ends). */
function observeHttpRequest(method, route, status, seconds) {
    const key = `${method} ${status} ${route}`;
    let c = children.get(key);
    if (!c) {
        const labels = { method, route, status: String(status) };
        c = { count: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
        children.set(key, c);
    }
    c.count.inc();
    c.duration.observe(seconds);
}
const published = new prom_client_1.Counter({
    name: 'tandem_realtime_events_published_total',
    help: 'Domain events published to the event bus after commit',
    registers: [exports.metricsRegistry],
});
const delivered = new prom_client_1.Counter({
    name: 'tandem_realtime_events_delivered_total',
    help: 'Events emitted to Socket.IO rooms (one per room delivery, not per recipient)',
    registers: [exports.metricsRegistry],
});
/** Hook for the event bus: `countEventsPublished(events.length)` after a publish. */
function countEventsPublished(n = 1) {
    published.inc(n);
}
/** Hook for room delivery: `countEventsDelivered()` per event emitted to a room. */
function countEventsDelivered(n = 1) {
    delivered.inc(n);
}
/** A gauge summed over sources read at scrape time (one source per app in the process). */
function scrapedGauge(name, help) {
    const sources = new Set();
    new prom_client_1.Gauge({
        name,
        help,
        registers: [exports.metricsRegistry],
        collect() {
            let n = 0;
            for (const s of sources)
                n += s();
            this.set(n);
        },
    });
    return sources;
}
const socketSources = scrapedGauge('tandem_socketio_connected_sockets', 'Socket.IO connections open on this node');
const roomSources = scrapedGauge('tandem_realtime_rooms', 'Noteable rooms open on this node (noteables with at least one subscriber)');
/** Hook for the room registry: its size, read at scrape time. Returns the function that stops tracking. */
function trackRooms(size) {
    roomSources.add(size);
    return () => roomSources.delete(size);
}
// Commit-to-socket latencies: milliseconds to tens of seconds (a replay from the log can be late)
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const deliveryLag = new prom_client_1.Histogram({
    name: 'tandem_realtime_delivery_lag_seconds',
    help: "From an event's write statement (its `at`) to its emit to a room on this node",
    buckets: LAG_BUCKETS,
    registers: [exports.metricsRegistry],
});
/** Hook for room delivery: once per event emitted to a room (not per socket). */
function observeDeliveryLag(at) {
    const t = Date.parse(at);
    // clocks of the database host and this node may differ slightly: a negative lag counts as 0
    if (t === t)
        deliveryLag.observe(Math.max(0, Date.now() - t) / 1000);
}
const busLag = new prom_client_1.Histogram({
    name: 'tandem_realtime_bus_lag_seconds',
    help: 'From publish on one node to receipt on another (Redis bus; includes clock skew between nodes)',
    buckets: LAG_BUCKETS,
    registers: [exports.metricsRegistry],
});
/** Hook for the Redis bus: a message from another node stamped `sentAt` (epoch ms) arrived. */
function observeBusLag(sentAt) {
    busLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
}
const etagLookups = new prom_client_1.Counter({
    name: 'tandem_etag_cache_requests_total',
    help: 'Conditional polls (If-None-Match) looked up in the ETag cache: hit answered 304, miss went on to the controller',
    labelNames: ['source', 'result'],
    registers: [exports.metricsRegistry],
});
const etagChildren = {
    memory: { hit: etagLookups.labels('memory', 'hit'), miss: etagLookups.labels('memory', 'miss') },
    redis: { hit: etagLookups.labels('redis', 'hit'), miss: etagLookups.labels('redis', 'miss') },
};
// every series exists (at 0) from the first scrape, so rates need no special case
for (const c of Object.values(etagChildren)) {
    c.hit.inc(0);
    c.miss.inc(0);
}
/** Hook for the 304 middleware: one call per conditional poll of an ETag-cached path. */
function countEtagLookup(source, hit) {
    etagChildren[source][hit ? 'hit' : 'miss'].inc();
}
const rateLimited = new prom_client_1.Counter({
    name: 'tandem_rate_limited_total',
    help: 'Requests refused with 429, by limit name',
    labelNames: ['limit'],
    registers: [exports.metricsRegistry],
});
/** Hook for the throttle: one call per refusal. */
function countRateLimited(limit) {
    rateLimited.inc({ limit });
}
/** The throttle's limit names, so each series exists (at 0) before its first refusal. */
function declareRateLimits(limits) {
    for (const limit of limits)
        rateLimited.inc({ limit }, 0);
}
/**
 * Hook for the gateway: `trackSocketServer(server)` in afterInit. Read at scrape time, so a
 * connection costs nothing. Returns the function that stops tracking (on shutdown).
 */
function trackSocketServer(io) {
    const source = () => io.engine.clientsCount;
    socketSources.add(source);
    return () => socketSources.delete(source);
}
const pools = new Set();
new prom_client_1.Gauge({
    name: 'tandem_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'],
    registers: [exports.metricsRegistry],
    collect() {
        let total = 0, idle = 0, waiting = 0;
        for (const p of pools) {
            total += p.totalCount;
            idle += p.idleCount;
            waiting += p.waitingCount;
        }
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
    },
});
/** Reports a pg Pool's counts at scrape time (the embedded database has no pool: ignored). */
function trackDbPool(pool) {
    const p = pool;
    if (!p || typeof p.totalCount !== 'number' || typeof p.idleCount !== 'number')
        return () => undefined;
    pools.add(p);
    return () => pools.delete(p);
}
//# sourceMappingURL=metrics.js.map