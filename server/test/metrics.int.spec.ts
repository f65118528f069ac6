import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { REDIS_CONNECTIONS, REDIS_PREFIX, type RedisConnections } from '../src/core/realtime/redis';
import { HealthController, READINESS_TIMEOUT_MS } from '../src/modules/health/health.controller';
import { bootApp, call, enc, insertPat, projectId, tokenAuth, type TestApp } from './harness';

const PUBLIC = 'acme/tandem';

/** The value of one sample line of the exposition text (NaN when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

describe('/-/metrics and readiness (postgres, Redis)', () => {
  let app: TestApp;
  let closed: TestApp | null = null;

  beforeAll(async () => {
    app = await bootApp('postgres', {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // low, so the test can be refused without many requests
      THROTTLE_API_WRITES_PER_USER: '3/60',
    });
  });

  afterAll(async () => {
    await app?.close();
    await closed?.close();
  });

  it('serves Prometheus text to loopback: process defaults, requests by route and status, sockets, events, pool', async () => {
    const pid = await projectId(app, 'acme/tandem');
    expect((await call(app, 'GET', `/api/v4/projects/${pid}`)).status).toBe(200);
    expect((await call(app, 'GET', '/api/v4/projects/99999999')).status).toBe(404);
    const r = await call(app, 'GET', '/-/metrics', { headers: { accept: 'text/plain' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toContain('process_cpu_seconds_total');
    expect(r.text).toMatch(/http_requests_total\{method="GET",route="\/api\/v4\/projects\/:id",status="200"\} [1-9]/);
    expect(r.text).toMatch(/http_requests_total\{method="GET",route="\/api\/v4\/projects\/:id",status="404"\} [1-9]/);
    expect(r.text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v4\/projects\/:id",status="200"\}/);
    expect(r.text).toMatch(/^tandem_socketio_connected_sockets \d+$/m);
    expect(r.text).toMatch(/^tandem_realtime_events_published_total \d+$/m);
    expect(r.text).toMatch(/^tandem_db_pool_connections\{state="total"\} [1-9]/m);
  });

  it('counts rooms, delivery lag, ETag hits and misses, rate-limit refusals; pool gauges by state', async () => {
    const bobToken = await insertPat(app, 'bob');
    const bob = tokenAuth(bobToken);
    const erin = tokenAuth(await insertPat(app, 'erin'));
    // Redis keys outlive the test databases (ETags 10 min, write counters 60 s) and ids repeat
    // in every fresh database: start this issue's ETags and these users' counters clean
    const redis = app.running.app.get<RedisConnections>(REDIS_CONNECTIONS);
    const [issue] = (await app.ds.query(
      'SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 2',
      [PUBLIC],
    )) as Array<{ id: number }>;
    const users = (await app.ds.query("SELECT id FROM users WHERE username IN ('bob', 'erin')")) as Array<{ id: number }>;
    await redis.cmd.del([
      `${REDIS_PREFIX}etag:rc:${PUBLIC}:2`,
      `${REDIS_PREFIX}etag:n:${PUBLIC}:${issue!.id}`,
      ...users.map((u) => `${REDIS_PREFIX}throttle:api_writes_per_user:${u.id}`),
    ]);
    const before = (await call(app, 'GET', '/-/metrics')).text;

    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: bobToken }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 2 })).toMatchObject({ ok: true });
      const updated = new Promise((resolve) => socket.once('updated', resolve));
      const put = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: bob, body: { title: 'Metered title' } });
      expect(put.status).toBe(200);
      await updated;

      // a poll primes the cache; the same ETag back is a 304 from it, a stale one goes on
      const poll = `/${PUBLIC}/-/issues/2/realtime_changes`;
      const first = await call(app, 'GET', poll, { auth: bob });
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect((await call(app, 'GET', poll, { auth: bob, headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await call(app, 'GET', poll, { auth: bob, headers: { 'if-none-match': 'W/"0-stale"' } })).status).toBe(200);

      // erin may not edit: her writes are 403s until the fourth, refused by the limit
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/2`, { auth: erin, body: { title: 'x' } })).status);
      expect(statuses).toEqual([403, 403, 403, 429]);

      const r = await call(app, 'GET', '/-/metrics');
      expect(sample(r.text, 'tandem_realtime_rooms')).toBeGreaterThanOrEqual(1);
      expect(sample(r.text, 'tandem_socketio_connected_sockets')).toBeGreaterThanOrEqual(1);
      const lagCount = 'tandem_realtime_delivery_lag_seconds_count';
      expect(sample(r.text, lagCount) - sample(before, lagCount)).toBeGreaterThanOrEqual(1);
      expect(sample(r.text, 'tandem_realtime_delivery_lag_seconds_sum')).toBeLessThan(60 * sample(r.text, lagCount));
      expect(r.text).toMatch(/^tandem_realtime_bus_lag_seconds_count \d+$/m);
      const hit = 'tandem_etag_cache_requests_total{source="redis",result="hit"}';
      const miss = 'tandem_etag_cache_requests_total{source="redis",result="miss"}';
      expect(sample(r.text, hit) - sample(before, hit)).toBe(1);
      expect(sample(r.text, miss) - sample(before, miss)).toBe(1);
      const limited = 'tandem_rate_limited_total{limit="api_writes_per_user"}';
      expect(sample(r.text, limited) - sample(before, limited)).toBe(1);
      const notesLimited = 'tandem_rate_limited_total{limit="notes_per_user"}';
      expect(sample(r.text, notesLimited) - sample(before, notesLimited)).toBe(0);
      const total = sample(r.text, 'tandem_db_pool_connections{state="total"}');
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(r.text, 'tandem_db_pool_connections{state="idle"}')).toBeLessThanOrEqual(total);
      expect(sample(r.text, 'tandem_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } finally {
      socket.close();
    }
  });

  it('refuses addresses outside METRICS_ALLOWED_IPS with a 404', async () => {
    closed = await bootApp('pglite', { METRICS_ALLOWED_IPS: '10.0.0.0/8' });
    const r = await call(closed, 'GET', '/-/metrics');
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('process_cpu_seconds_total');
  });

  it('readiness checks the database and Redis when REDIS_URL is set', async () => {
    const r = await call(app, 'GET', '/-/readiness');
    expect([r.status, r.body]).toEqual([200, { status: 'ok', master_check: [{ status: 'ok' }], redis_check: [{ status: 'ok' }] }]);
    // without REDIS_URL there is no redis check
    const plain = await call(closed!, 'GET', '/-/readiness');
    expect([plain.status, plain.body]).toEqual([200, { status: 'ok', master_check: [{ status: 'ok' }] }]);
  });

  it('a Redis that does not answer PING makes readiness 503 within the timeout', async () => {
    const ds = { query: () => Promise.resolve([{ '?column?': 1 }]) } as unknown as DataSource;
    const hung = { cmd: { ping: () => new Promise(() => undefined) } };
    const res = { statusCode: 200, status(code: number) { this.statusCode = code; return this; } };
    const started = Date.now();
    const body = await new HealthController(ds, hung).readiness(res as never);
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 500);
    expect(res.statusCode).toBe(503);
    expect(body).toEqual({ status: 'failed', master_check: [{ status: 'ok' }], redis_check: [{ status: 'failed', message: 'redis unreachable' }] });
  });
});
