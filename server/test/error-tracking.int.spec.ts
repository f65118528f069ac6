import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorTrackingClientKey, ApiErrorTrackingSettings, ErrorTrackingListResponse, PageData, StackTraceResponse } from '@tandem/shared-types';
import { IngestDb } from '../src/modules/error-tracking/ingest/ingest-db';
import { IngestWriter } from '../src/modules/error-tracking/ingest/ingest-writer.service';
import { normalizeEvent } from '../src/modules/error-tracking/ingest/sentry-event';
import { ErrorRetentionService } from '../src/modules/error-tracking/error-retention.service';
import { bootApp, call, castOf, DB_MODES, enc, gql, signIn, type Cast, type TestApp } from './harness';

/**
 * Error tracking as an application's SDK and the project's members observe it, on Postgres and
 * PGlite: the real @sentry/node SDK reports with the DSN the API hands out; events group into
 * errors (SDK fingerprint, else type + frames) with counts and users; a resolved error seen again
 * is unresolved; status changes need developers; bad, revoked and disabled keys are refused; the
 * per-key limit answers 429 with Retry-After; "Create issue" links an issue whose page gets the
 * stack trace card; retention keeps each error's newest event.
 */
const PROJECT = 'acme/tandem';
const P = `/api/v4/projects/${enc(PROJECT)}/error_tracking`;
const run = promisify(execFile);

const frame = (fn: string, file: string, lineno: number) => ({ function: fn, filename: file, lineno, colno: 7, in_app: true, context_line: `  ${fn}();`, pre_context: ['// a', '// b'], post_context: ['// c'] });
const event = (over: Record<string, unknown> = {}) => ({
  event_id: crypto.randomUUID().replace(/-/g, ''),
  timestamp: Date.now() / 1000,
  platform: 'node',
  level: 'error',
  exception: { values: [{ type: 'RangeError', value: 'Invalid array length', stacktrace: { frames: [frame('main', 'app/main.js', 3), frame('grow', 'app/grow.js', 10)] } }] },
  ...over,
});
const envelope = (e: Record<string, unknown>) => `${JSON.stringify({ event_id: e.event_id, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(e)}\n`;

describe.each(DB_MODES)('error tracking on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let projectId: number;
  let key: ApiErrorTrackingClientKey;
  const drain = () => app.running.app.get(IngestWriter).drain();
  const send = (body: string | Buffer, opts: { kind?: 'envelope' | 'store'; key?: string | null; headers?: Record<string, string>; pid?: number; query?: boolean } = {}) => {
    const k = opts.key === undefined ? key.public_key : opts.key;
    const q = opts.query && k ? `?sentry_key=${k}&sentry_version=7` : '';
    const headers: Record<string, string> = { 'content-type': 'application/x-sentry-envelope', ...(k && !opts.query ? { 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=test/1.0, sentry_key=${k}` } : {}), ...opts.headers };
    return fetch(`${app.url}/api/v4/error_tracking/collector/api/${opts.pid ?? projectId}/${opts.kind ?? 'envelope'}/${q}`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
  };
  const list = async (query = '') => {
    const res = await call<ErrorTrackingListResponse>(app, 'GET', `/${PROJECT}/-/error_tracking.json${query}`, { auth: who.carol });
    expect(res.status).toBe(200);
    return res.body;
  };
  const byType = async (type: string) => (await list(`?search_term=${type}`)).errors.find((e) => e.type === type);

  beforeAll(async () => {
    // Two ingest connections (the default is one): overlapping batched writes are exercised
    app = await bootApp(mode, { THROTTLE_ERROR_EVENTS_PER_KEY: '40/60', ERROR_INGEST_CONNECTIONS: '2' });
    who = await castOf(app);
    projectId = Number((await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PROJECT]))[0].id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('settings and client keys: maintainers only, GitLab shapes; bad input is a 400 naming the field', async () => {
    expect((await call(app, 'GET', `${P}/settings`, { auth: who.anonymous })).status).toBe(401);
    expect((await call(app, 'GET', `${P}/settings`, { auth: who.bob })).status).toBe(403);
    expect((await call(app, 'POST', `${P}/client_keys`, { auth: who.bob })).status).toBe(403);
    const off = await call<ApiErrorTrackingSettings>(app, 'GET', `${P}/settings`, { auth: who.mallory });
    expect(off.body).toMatchObject({ active: false, integrated: true, project_name: expect.any(String) });
    const bad = await call<{ message: string }>(app, 'PUT', `${P}/settings`, { auth: who.mallory, body: { active: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('active');
    const made = await call<ApiErrorTrackingClientKey>(app, 'POST', `${P}/client_keys`, { auth: who.mallory });
    expect(made.status).toBe(201);
    key = made.body;
    expect(key.sentry_dsn).toBe(`${app.url.replace('//', `//${key.public_key}@`)}/api/v4/error_tracking/collector/${projectId}`);
    // Not active yet: the DSN is refused
    const refused = await send(envelope(event()));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/disabled/);
    const on = await call<ApiErrorTrackingSettings>(app, 'PUT', `${P}/settings`, { auth: who.mallory, body: { active: true, integrated: true } });
    expect(on.body.active).toBe(true);
    const keys = await call<ApiErrorTrackingClientKey[]>(app, 'GET', `${P}/client_keys`, { auth: who.mallory });
    expect(keys.body.map((k) => k.public_key)).toEqual([key.public_key]);
  });

  it('the real @sentry/node SDK, configured with the DSN from the API: its error, count, users and stack trace through the API', async () => {
    await run(process.execPath, [path.join(__dirname, 'support/sentry-sender.cjs')], { env: { ...process.env, SENTRY_DSN: key.sentry_dsn, SEND_COUNT: '3', SEND_USER: mode }, timeout: 30_000 });
    await drain();
    const e = await byType('TypeError');
    expect(e).toMatchObject({ title: 'TypeError: Card declined for 42', count: 3, user_count: 2, status: 'unresolved', release: 'checkout@1.4.2', environment: 'production' });
    const st = await call<StackTraceResponse>(app, 'GET', `/${PROJECT}/-/error_tracking/${e!.id}/stack_trace.json`, { auth: who.carol });
    const top = st.body.error.stack_trace_entries[0]!;
    expect(top).toMatchObject({ function: 'chargeCard', lineNo: expect.any(Number), colNo: expect.any(Number) });
    expect(top.filename).toContain('sentry-sender.cjs');
    expect(top.context.find(([n]) => n === top.lineNo)?.[1]).toContain('throw new TypeError');
    expect(st.body.error.stack_trace_entries.map((s) => s.function)).toContain('checkout');
  });

  it('ingest: store and envelope, gzip, sentry_key in the query; grouping by frames and by the SDK fingerprint', async () => {
    const gz = zlib.gzipSync(JSON.stringify(event()));
    const r1 = await send(gz, { kind: 'store', headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' } });
    expect(r1.status).toBe(200);
    expect(((await r1.json()) as { id: string }).id).toMatch(/^[0-9a-f]{32}$/);
    // Same type and frames at other lines: the same error
    const moved = event({ exception: { values: [{ type: 'RangeError', value: 'Invalid array length', stacktrace: { frames: [frame('main', 'app/main.js', 4), frame('grow', 'app/grow.js', 12)] } }] } });
    expect((await send(envelope(moved), { query: true, key: key.public_key })).status).toBe(200);
    // Other frames: another error, unless the SDK's fingerprint groups them
    const other = (fp?: string[]) => event({ fingerprint: fp, exception: { values: [{ type: 'SyntaxError', value: 'x', stacktrace: { frames: [frame(`f${Math.random()}`, 'app/x.js', 1)] } }] } });
    for (let i = 0; i < 3; i++) expect((await send(envelope(other(['payment-gateway'])))).status).toBe(200);
    await drain();
    expect((await byType('RangeError'))?.count).toBe(2);
    const grouped = (await list()).errors.filter((e) => e.type === 'SyntaxError');
    expect(grouped.map((e) => e.count)).toEqual([3]);
  });

  it('group commit: the SDK is answered only once the write holding its event has committed; a failed write answers 503 and keeps nothing', async () => {
    await drain();
    const stored = async (id: string) => ((await app.ds.query('SELECT 1 FROM error_tracking_error_events WHERE event_id = $1', [id])) as unknown[]).length;
    const isIngestWrite = (sql: unknown) => typeof sql === 'string' && sql.includes('INSERT INTO error_tracking_error_events');
    const db = app.running.app.get(IngestDb);
    const original = db.query.bind(db);
    // A slow commit: the writer's statement waits on a gate before it runs (and so before it commits)
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let writes = 0;
    const slow = vi.spyOn(db, 'query').mockImplementation(async (name, sql, params) => {
      if (isIngestWrite(sql)) {
        writes += 1;
        await gate;
      }
      return original(name, sql, params);
    });
    const commitError = (user: string) => event({ user: { id: user }, exception: { values: [{ type: 'CommitError', value: 'slow disk', stacktrace: { frames: [frame('commit', 'app/commit.js', 1)] } }] } });
    const e = commitError('u1');
    let answered = false;
    const pending = send(envelope(e)).then((r) => {
      answered = true;
      return r;
    });
    await expect.poll(() => writes, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    // The write is under way, not committed: the SDK has no answer yet
    expect(answered).toBe(false);
    open();
    const res = await pending;
    slow.mockRestore();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(e.event_id);
    // Answered 200: already stored (no drain), so a node killed now loses nothing
    expect(await stored(e.event_id)).toBe(1);

    // A write that fails (twice: it is tried again once) is not answered 200 and stores nothing
    let failures = 0;
    const failing = vi.spyOn(db, 'query').mockImplementation(async (name, sql, params) => {
      if (isIngestWrite(sql)) {
        failures += 1;
        throw new Error('the database is gone');
      }
      return original(name, sql, params);
    });
    const lost = commitError('u9');
    const refused = await send(envelope(lost));
    failing.mockRestore();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(failures).toBe(2);
    expect(await stored(lost.event_id)).toBe(0);
    // The writer goes on; users are counted once per error, in one write or across writes
    const [a, b, c] = [commitError('u1'), commitError('u2'), commitError('u2')];
    const answers = await Promise.all([a, b, c].map((x) => send(envelope(x))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const x of [a, b, c]) expect(await stored(x.event_id)).toBe(1);
    expect(await byType('CommitError')).toMatchObject({ count: 4, user_count: 2 });
  });

  it('refuses what is not a client of this project: no key 401, unknown key 401, another project 401, revoked key 403; bad bodies 400/413', async () => {
    expect((await send(envelope(event()), { key: null })).status).toBe(401);
    expect((await send(envelope(event()), { key: 'tdet_nope' })).status).toBe(401);
    expect((await send(envelope(event()), { pid: projectId + 1000 })).status).toBe(401);
    expect((await send('not an envelope')).status).toBe(400);
    expect((await send('{}', { kind: 'store' })).status).toBe(400);
    expect((await send(Buffer.from('garbage'), { headers: { 'content-encoding': 'gzip' } })).status).toBe(400);
    const huge = await send(envelope(event({ extra: { blob: 'x'.repeat(1_100_000) } })));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toMatch(/Payload too large/);
    const bomb = zlib.gzipSync(Buffer.alloc(5_000_000, 0x20));
    expect((await send(bomb, { headers: { 'content-encoding': 'gzip' } })).status).toBe(413);
    const spare = await call<ApiErrorTrackingClientKey>(app, 'POST', `${P}/client_keys`, { auth: who.mallory });
    expect((await send(envelope(event()), { key: spare.body.public_key })).status).toBe(200);
    const revoked = await call<ApiErrorTrackingClientKey>(app, 'DELETE', `${P}/client_keys/${spare.body.id}`, { auth: who.mallory });
    expect(revoked.body.active).toBe(false);
    expect((await send(envelope(event()), { key: spare.body.public_key })).status).toBe(403);
    expect((await call(app, 'DELETE', `${P}/client_keys/999999`, { auth: who.mallory })).status).toBe(404);
  });

  it('status: developers resolve and ignore; a resolved error seen again is unresolved (regression), an ignored one stays ignored', async () => {
    await drain();
    const e = (await byType('RangeError'))!;
    const put = (auth: typeof who.bob, body: unknown) => call<{ result: { updated: boolean } }>(app, 'PUT', `/${PROJECT}/-/error_tracking/${e.id}.json`, { auth, body });
    expect((await put(who.carol, { status: 'resolved' })).status).toBe(403);
    const bad = await put(who.bob, { status: 'closed' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status');
    expect((await put(who.bob, { status: 'resolved' })).body.result.updated).toBe(true);
    expect((await list('?issue_status=resolved')).errors.map((x) => x.id)).toContain(e.id);
    expect((await list('?issue_status=unresolved')).errors.map((x) => x.id)).not.toContain(e.id);
    await send(envelope(event()));
    await drain();
    const back = (await list('?issue_status=unresolved')).errors.find((x) => x.id === e.id)!;
    // 2 before, 1 from the spare key, 1 now
    expect(back).toMatchObject({ status: 'unresolved', count: 4 });
    await put(who.bob, { status: 'ignored' });
    await send(envelope(event()));
    await drain();
    expect((await list('?issue_status=ignored')).errors.find((x) => x.id === e.id)?.count).toBe(5);
    expect((await call(app, 'PUT', `/${PROJECT}/-/error_tracking/999999.json`, { auth: who.bob, body: { status: 'resolved' } })).status).toBe(404);
  });

  it('the list: trimmed search, sorts, cursor pages both ways, bad parameters named; readers only; GraphQL project.sentryErrors', async () => {
    expect((await call(app, 'GET', `/${PROJECT}/-/error_tracking.json`, { auth: who.dave })).status).toBe(403);
    expect((await list('?search_term=%20%20Card%20declined%20')).errors.map((e) => e.type)).toEqual(['TypeError']);
    const bySort = await call(app, 'GET', `/${PROJECT}/-/error_tracking.json?sort=loudest`, { auth: who.carol });
    expect(bySort.status).toBe(400);
    expect(JSON.stringify(bySort.body)).toContain('sort');
    expect((await call(app, 'GET', `/${PROJECT}/-/error_tracking.json?cursor=%%%`, { auth: who.carol })).status).toBe(400);
    for (let i = 0; i < 22; i++) await send(envelope(event({ exception: { values: [{ type: `Page${i}Error`, value: 'p', stacktrace: { frames: [frame('p', 'p.js', i)] } }] } })));
    await drain();
    const first = await list('?sort=frequency');
    expect(first.errors).toHaveLength(20);
    expect(first.errors.map((e) => e.count)).toEqual([...first.errors.map((e) => e.count)].sort((a, b) => b - a));
    expect(first.pagination.previous).toBeNull();
    const second = await list(`?sort=frequency&cursor=${first.pagination.next!.cursor}`);
    expect(second.errors.length).toBeGreaterThan(0);
    expect(second.errors.some((e) => first.errors.some((f) => f.id === e.id))).toBe(false);
    const again = await list(`?sort=frequency&cursor=${second.pagination.previous!.cursor}`);
    expect(again.errors.map((e) => e.id)).toEqual(first.errors.map((e) => e.id));
    const q = await gql(app, `query($p: ID!) { project(fullPath: $p) { sentryErrors { errors(searchTerm: "declined", first: 5) { nodes { id title count userCount status } pageInfo { hasNextPage } } } } }`, { p: PROJECT }, who.carol);
    expect(q.data?.project.sentryErrors.errors.nodes).toEqual([expect.objectContaining({ title: 'TypeError: Card declined for 42', count: 3, userCount: 2, status: 'UNRESOLVED' })]);
    const guest = await gql(app, `query($p: ID!) { project(fullPath: $p) { sentryErrors { errors { nodes { id } } } } }`, { p: PROJECT }, who.dave);
    expect(guest.data?.project.sentryErrors).toBeNull();
  });

  it('"Create issue": an issue linked to the error, once; its page carries the stack trace card path; the list links it', async () => {
    const e = (await byType('TypeError'))!;
    expect((await call(app, 'POST', `/${PROJECT}/-/error_tracking/${e.id}/issue.json`, { auth: who.carol })).status).toBe(403);
    const made = await call<{ iid: number; web_url: string }>(app, 'POST', `/${PROJECT}/-/error_tracking/${e.id}/issue.json`, { auth: who.bob });
    expect(made.status).toBe(201);
    const again = await call<{ iid: number }>(app, 'POST', `/${PROJECT}/-/error_tracking/${e.id}/issue.json`, { auth: who.bob });
    expect(again).toMatchObject({ status: 200, body: { iid: made.body.iid } });
    const issue = await call<{ title: string; description: string }>(app, 'GET', `/api/v4/projects/${enc(PROJECT)}/issues/${made.body.iid}`, { auth: who.bob });
    expect(issue.body.title).toBe('TypeError: Card declined for 42');
    expect(issue.body.description).toContain('**Events:** 3');
    expect((await byType('TypeError'))?.gitlab_issue_iid).toBe(made.body.iid);
    const page = await call(app, 'GET', `/${PROJECT}/-/issues/${made.body.iid}`, { auth: await signIn(app, 'carol'), headers: { accept: 'text/html' } });
    const data = JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData;
    expect(data.issue?.issueStackTracePath).toBe(`/${PROJECT}/-/error_tracking/${e.id}/stack_trace.json`);
    // A new event of the error reaches the issue's stream (the card is live)
    await run(process.execPath, [path.join(__dirname, 'support/sentry-sender.cjs')], { env: { ...process.env, SENTRY_DSN: key.sentry_dsn, SEND_COUNT: '1' }, timeout: 30_000 });
    await drain();
    await expect.poll(async () => (await app.ds.query(`SELECT e.payload FROM issue_events e JOIN issues i ON i.id = e.noteable_id AND e.noteable_type = 'Issue' WHERE i.iid = $1 AND e.type = 'issue.error_tracking' AND i.project_id = $2`, [made.body.iid, projectId])).map((r: { payload: { payload: unknown } }) => r.payload.payload), { timeout: 5000 }).toContainEqual(expect.objectContaining({ count: 4, status: 'unresolved' }));
  });

  it('requests accepted in one turn of the event loop share one write, even with a connection free; every one is stored and counted', async () => {
    await drain();
    const writer = app.running.app.get(IngestWriter);
    const db = app.running.app.get(IngestDb);
    const original = db.query.bind(db);
    let writes = 0;
    const spy = vi.spyOn(db, 'query').mockImplementation(async (name, sql, params) => {
      if (typeof sql === 'string' && sql.includes('INSERT INTO error_tracking_error_events')) writes += 1;
      return original(name, sql, params);
    });
    const turn = (user: string) => normalizeEvent(event({ user: { id: user }, exception: { values: [{ type: 'SameTurnError', value: 'together', stacktrace: { frames: [frame('turn', 'app/turn.js', 1)] } }] } }));
    const events = [turn('t1'), turn('t2'), turn('t1')];
    // Three requests' events, accepted one after another in the same turn, no write in flight
    await Promise.all(events.map((e) => writer.accept(projectId, [e])));
    spy.mockRestore();
    expect(writes).toBe(1);
    for (const e of events) expect(((await app.ds.query('SELECT 1 FROM error_tracking_error_events WHERE event_id = $1', [e.eventId])) as unknown[]).length).toBe(1);
    expect(await byType('SameTurnError')).toMatchObject({ count: 3, user_count: 2 });
  });

  it('batched writes: concurrent senders of one error get exact counts and users (also for a new error), every 200 stored, and a resolved error regresses', async () => {
    await drain();
    // Four senders, each with its own key (the per-key limit is 40 a minute here)
    const keys = await Promise.all([0, 1, 2, 3].map(async () => (await call<ApiErrorTrackingClientKey>(app, 'POST', `${P}/client_keys`, { auth: who.mallory })).body.public_key));
    const db = app.running.app.get(IngestDb);
    const original = db.query.bind(db);
    let inFlight = 0;
    let most = 0;
    const spy = vi.spyOn(db, 'query').mockImplementation(async (name, sql, params) => {
      most = Math.max(most, ++inFlight);
      try {
        return await original(name, sql, params);
      } finally {
        inFlight -= 1;
      }
    });
    const burst = (type: string, user: (sender: number, k: number) => string) => {
      const boom = (sender: number, k: number) => event({ user: { id: user(sender, k) }, exception: { values: [{ type, value: 'hot row', stacktrace: { frames: [frame('hot', 'app/hot.js', 1)] } }] } });
      // Each sender: 8 requests in a row, the odd ones with two events (an envelope may carry several)
      return Promise.all(keys.map(async (k, sender) => {
        const ids: string[] = [];
        for (let r = 0; r < 8; r++) {
          const es = r % 2 ? [boom(sender, r), boom(sender, r + 100)] : [boom(sender, r)];
          const body = `${JSON.stringify({ event_id: es[0]!.event_id })}\n${es.map((e) => `${JSON.stringify({ type: 'event' })}\n${JSON.stringify(e)}\n`).join('')}`;
          const res = await send(body, { key: k });
          expect(res.status).toBe(200);
          ids.push(...es.map((e) => e.event_id as string));
        }
        return ids;
      }));
    };
    const storedOf = async (ids: string[]) => Number((await app.ds.query('SELECT count(*)::int AS n FROM error_tracking_error_events WHERE event_id = ANY($1)', [ids]))[0].n);
    // A new error, one user for all: created once, the user counted once
    const first = (await burst('HotRowError', () => 'same-user')).flat();
    // Answered 200 means stored: no drain before counting
    expect(await storedOf(first)).toBe(48);
    expect(await byType('HotRowError')).toMatchObject({ count: 48, user_count: 1, status: 'unresolved' });
    const hot = (await byType('HotRowError'))!;
    expect((await call(app, 'PUT', `/${PROJECT}/-/error_tracking/${hot.id}.json`, { auth: who.bob, body: { status: 'resolved' } })).status).toBe(200);
    // Seen again by the same senders at once: unresolved, the counts exact, users by sender (4 new)
    const again = (await burst('HotRowError', (sender) => `sender-${sender}`)).flat();
    spy.mockRestore();
    expect(await storedOf(again)).toBe(48);
    expect(await byType('HotRowError')).toMatchObject({ count: 96, user_count: 5, status: 'unresolved' });
    // Writes overlapped on Postgres (ingest's own connections); PGlite has one session
    if (mode === 'postgres') expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(db.connections);
  });

  it('per-key rate limit: 429 with Retry-After and X-Sentry-Rate-Limits, nothing stored', async () => {
    await drain();
    const before = Number((await app.ds.query('SELECT count(*)::int AS n FROM error_tracking_error_events'))[0].n);
    let limited: Response | null = null;
    let accepted = 0;
    for (let i = 0; i < 45 && !limited; i++) {
      const r = await send(envelope(event()));
      if (r.status === 429) limited = r;
      else accepted += 1;
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.headers.get('x-sentry-rate-limits')).toMatch(/^\d+::key$/);
    await drain();
    expect(Number((await app.ds.query('SELECT count(*)::int AS n FROM error_tracking_error_events'))[0].n)).toBe(before + accepted);
  });

  it('retention: old events pruned in batches, the newest event of each error kept', async () => {
    await app.ds.query(`UPDATE error_tracking_error_events SET received_at = now() - interval '400 days'`);
    const errors = Number((await app.ds.query('SELECT count(*)::int AS n FROM error_tracking_errors'))[0].n);
    const pruned = await app.running.app.get(ErrorRetentionService).prune();
    expect(pruned).toBeGreaterThan(0);
    const left = (await app.ds.query('SELECT error_id, count(*)::int AS n FROM error_tracking_error_events GROUP BY error_id')) as Array<{ n: number }>;
    expect(left).toHaveLength(errors);
    expect(left.every((r) => r.n === 1)).toBe(true);
    const e = (await byType('TypeError'))!;
    const st = await call<StackTraceResponse>(app, 'GET', `/${PROJECT}/-/error_tracking/${e.id}/stack_trace.json`, { auth: who.carol });
    expect(st.body.error.stack_trace_entries[0]?.function).toBe('chargeCard');
  });
});
