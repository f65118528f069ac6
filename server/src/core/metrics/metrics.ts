import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Tandem's Prometheus metrics, served at /-/metrics. One registry per process: the counters
 * below are module-level so any code can count with a one-line call.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, matched route and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to the end of its response',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

type Child = { count: { inc(): void }; duration: { observe(v: number): void } };
// Label children resolved once per (method, route, status): no label validation or object per request
// (prom-client still hashes the labels per call: about 1 µs in all, docs/hardening.md)
const children = new Map<string, Child>();

/** Records one answered request (called by HttpMetricsMiddleware when the response ends). */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
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

const published = new Counter({
  name: 'tandem_realtime_events_published_total',
  help: 'Domain events published to the event bus after commit',
  registers: [metricsRegistry],
});

const delivered = new Counter({
  name: 'tandem_realtime_events_delivered_total',
  help: 'Events emitted to Socket.IO rooms (one per room delivery, not per recipient)',
  registers: [metricsRegistry],
});

/** Hook for the event bus: `countEventsPublished(events.length)` after a publish. */
export function countEventsPublished(n = 1): void {
  published.inc(n);
}

/** Hook for room delivery: `countEventsDelivered()` per event emitted to a room. */
export function countEventsDelivered(n = 1): void {
  delivered.inc(n);
}

/** A gauge summed over sources read at scrape time (one source per app in the process). */
function scrapedGauge(name: string, help: string): Set<() => number> {
  const sources = new Set<() => number>();
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let n = 0;
      for (const s of sources) n += s();
      this.set(n);
    },
  });
  return sources;
}

const socketSources = scrapedGauge('tandem_socketio_connected_sockets', 'Socket.IO connections open on this node');
const roomSources = scrapedGauge('tandem_realtime_rooms', 'Noteable rooms open on this node (noteables with at least one subscriber)');

/** Hook for the room registry: its size, read at scrape time. Returns the function that stops tracking. */
export function trackRooms(size: () => number): () => void {
  roomSources.add(size);
  return () => roomSources.delete(size);
}

// Commit-to-socket latencies: milliseconds to tens of seconds (a replay from the log can be late)
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const deliveryLag = new Histogram({
  name: 'tandem_realtime_delivery_lag_seconds',
  help: "From an event's write statement (its `at`) to its emit to a room on this node",
  buckets: LAG_BUCKETS,
  registers: [metricsRegistry],
});

/** Hook for room delivery: once per event emitted to a room (not per socket). */
export function observeDeliveryLag(at: string): void {
  const t = Date.parse(at);
  // clocks of the database host and this node may differ slightly: a negative lag counts as 0
  if (t === t) deliveryLag.observe(Math.max(0, Date.now() - t) / 1000);
}

const busLag = new Histogram({
  name: 'tandem_realtime_bus_lag_seconds',
  help: 'From publish on one node to receipt on another (Redis bus; includes clock skew between nodes)',
  buckets: LAG_BUCKETS,
  registers: [metricsRegistry],
});

/** Hook for the Redis bus: a message from another node stamped `sentAt` (epoch ms) arrived. */
export function observeBusLag(sentAt: number): void {
  busLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
}

/** Counted as plain numbers on the 304 path and added to the metric when it is scraped. */
const etagCounts = { memory: { hit: 0, miss: 0 }, redis: { hit: 0, miss: 0 } };
const etagLookups: Counter<'source' | 'result'> = new Counter({
  name: 'tandem_etag_cache_requests_total',
  help: 'Conditional polls (If-None-Match) looked up in the ETag cache: hit answered 304, miss went on to the controller',
  labelNames: ['source', 'result'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const source of ['memory', 'redis'] as const) {
      for (const result of ['hit', 'miss'] as const) {
        // every series exists (at 0) from the first scrape, so rates need no special case
        etagLookups.labels(source, result).inc(etagCounts[source][result]);
        etagCounts[source][result] = 0;
      }
    }
  },
});

/** Hook for the 304 middleware: one call per conditional poll of an ETag-cached path. */
export function countEtagLookup(source: 'memory' | 'redis', hit: boolean): void {
  etagCounts[source][hit ? 'hit' : 'miss']++;
}

const writeRaces = new Counter({
  name: 'tandem_issue_write_races_total',
  help: 'Issue writes whose guarded statement found the row moved on (re-read and retried, or 409 when the client sent its lock_version)',
  registers: [metricsRegistry],
});

/** Hook for the issue write: one call per lost race. */
export function countWriteRace(): void {
  writeRaces.inc();
}

const historyReplayed = new Counter({
  name: 'tandem_history_replayed_events_total',
  help: 'Events of the log replayed to compute a history state: by a read (from the nearest checkpoint) or by the checkpoint job',
  labelNames: ['by'] as const,
  registers: [metricsRegistry],
});
historyReplayed.inc({ by: 'read' }, 0);
historyReplayed.inc({ by: 'job' }, 0);

/** Hook for the history store: the events one state computation replayed. */
export function countHistoryReplayed(by: 'read' | 'job', n: number): void {
  if (n > 0) historyReplayed.inc({ by }, n);
}

const rateLimited = new Counter({
  name: 'tandem_rate_limited_total',
  help: 'Requests refused with 429, by limit name',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

/** Hook for the throttle: one call per refusal. */
export function countRateLimited(limit: string): void {
  rateLimited.inc({ limit });
}

/** The throttle's limit names, so each series exists (at 0) before its first refusal. */
export function declareRateLimits(limits: readonly string[]): void {
  for (const limit of limits) rateLimited.inc({ limit }, 0);
}

/**
 * Hook for the gateway: `trackSocketServer(server)` in afterInit. Read at scrape time, so a
 * connection costs nothing. Returns the function that stops tracking (on shutdown).
 */
export function trackSocketServer(io: { engine: { clientsCount: number } }): () => void {
  const source = () => io.engine.clientsCount;
  socketSources.add(source);
  return () => socketSources.delete(source);
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolLike>();
new Gauge({
  name: 'tandem_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
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
export function trackDbPool(pool: unknown): () => void {
  const p = pool as Partial<PoolLike> | null;
  if (!p || typeof p.totalCount !== 'number' || typeof p.idleCount !== 'number') return () => undefined;
  pools.add(p as PoolLike);
  return () => pools.delete(p as PoolLike);
}
