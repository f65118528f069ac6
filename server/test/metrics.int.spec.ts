import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { HealthController, READINESS_TIMEOUT_MS } from '../src/modules/health/health.controller';
import { bootApp, call, projectId, type TestApp } from './harness';

describe('/-/metrics and readiness (postgres, Redis)', () => {
  let app: TestApp;
  let closed: TestApp | null = null;

  beforeAll(async () => {
    app = await bootApp('postgres', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
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
