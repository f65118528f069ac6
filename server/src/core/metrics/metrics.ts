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
// Label children resolved once per (method, route, status): an observation is two calls, no label hashing
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

const socketSources = new Set<() => number>();
new Gauge({
  name: 'tandem_socketio_connected_sockets',
  help: 'Socket.IO connections open on this node',
  registers: [metricsRegistry],
  collect() {
    let n = 0;
    for (const s of socketSources) n += s();
    this.set(n);
  },
});

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
