import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createDatabase, freePort, privateRedis, ROOT, tokenFor, updateIssue, waitFor, type PrivateRedis } from './support/harness';

// The server runs in this process so every SQL statement it sends can be counted
// (Node's own loader, not Vite's, so the server and this file share one `pg`).
const load = createRequire(__filename);
const pg = load('pg') as typeof import('pg');
const { startApp } = load(path.join(ROOT, 'server/dist/app.js')) as typeof import('../../server/src/app');
const { loadConfig } = load(path.join(ROOT, 'server/dist/core/config/config.js')) as typeof import('../../server/src/core/config/config');

let queries = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
  queries++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

// Authentication work, counted the same way: credential resolutions (token digest, cache or
// SQL) and every hash or MAC computed (a token's digest, an ETag's MAC). The bare ETag server
// (tools/bench/etag-floor-server.mjs) does none of it, so a 304 must not either.
const { CredentialResolver } = load(path.join(ROOT, 'server/dist/modules/auth/credential-resolver.js')) as typeof import('../../server/src/modules/auth/credential-resolver');
const crypto = load('node:crypto') as typeof import('node:crypto');
let authWork = 0;
const originalResolve = CredentialResolver.prototype.resolve;
CredentialResolver.prototype.resolve = function countedResolve(this: unknown, ...args: Parameters<typeof originalResolve>) {
  authWork++;
  return originalResolve.apply(this as InstanceType<typeof CredentialResolver>, args);
};
const originalHash = crypto.createHash;
const originalHmac = crypto.createHmac;
crypto.createHash = ((...a: Parameters<typeof originalHash>) => (authWork++, originalHash(...a))) as typeof originalHash;
crypto.createHmac = ((...a: Parameters<typeof originalHmac>) => (authWork++, originalHmac(...a))) as typeof originalHmac;

// The statement counter is process-wide: work a write starts after its answer (the notification
// job 25 ms after the commit, history marks) would be counted against the next poll. Wait until
// no statement has run for 200 ms, so the count is the poll's own.
const settled = async () => {
  for (let seen = -1; seen !== queries; ) {
    seen = queries;
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** A request with the SQL statements and authentication work it caused. */
async function getCounted(base: string, p: string, headers: Record<string, string>) {
  await settled();
  const before = queries;
  const authBefore = authWork;
  const r = await fetch(base + p, { headers });
  const body = r.status === 200 ? await r.json() : await r.text();
  return { r, body: body as Record<string, unknown>, sql: queries - before, auth: authWork - authBefore };
}

const PROJECT = 'acme/tandem';

describe('polling with ETags (memory cache, one node)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let app: Awaited<ReturnType<typeof startApp>>;
  let url: string;
  let bob: string;
  let alice: string;
  let pid: number;
  let issueId: number;

  beforeAll(async () => {
    db = await createDatabase('etag');
    app = await startApp(loadConfig({ DATABASE_URL: db.url, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'test' }));
    url = app.url;
    bob = await tokenFor(url, 'bob');
    alice = await tokenFor(url, 'alice');
    const issue = (await (await fetch(`${url}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/12`, { headers: { authorization: `Bearer ${bob}` } })).json()) as { id: number; project_id: number };
    pid = issue.project_id;
    issueId = issue.id;
  });

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    CredentialResolver.prototype.resolve = originalResolve;
    crypto.createHash = originalHash;
    crypto.createHmac = originalHmac;
    await app?.close();
    await db?.drop();
  });

  const get = (p: string, headers: Record<string, string>) => getCounted(url, p, headers);

  it('realtime_changes: a second poll with the ETag gets 304 with no SQL; after a change, 200 with it', async () => {
    const p = `/${PROJECT}/-/issues/12/realtime_changes`;
    const first = await get(p, { authorization: `Bearer ${bob}` });
    expect(first.r.status).toBe(200);
    expect(first.sql).toBeGreaterThan(0);
    expect(first.auth).toBeGreaterThan(0);
    const etag = first.r.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"\d+-[\w-]{16}"$/);
    expect(first.r.headers.get('poll-interval')).toBe('3000');

    const second = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
    expect(second.r.status).toBe(304);
    expect(second.sql).toBe(0);
    // no credential lookup, no digest, no MAC: the ETag the first answer handed out is remembered
    expect(second.auth).toBe(0);
    expect(second.r.headers.get('etag')).toBe(etag);
    expect(second.r.headers.get('poll-interval')).toBe('3000');
    // a list of tags compares weakly (RFC 9110): the strong form of ours, among others, matches
    const listed = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': `"other", ${etag.slice(2)}` });
    expect([listed.r.status, listed.sql]).toEqual([304, 0]);
    expect((await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': '*' })).r.status).toBe(200);

    await updateIssue(url, alice, pid, 12, { title: 'Seen by the next poll' });
    const third = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
    expect(third.r.status).toBe(200);
    expect(third.body.title_text).toBe('Seen by the next poll');
    const etag2 = third.r.headers.get('etag')!;
    expect(etag2).not.toBe(etag);
    const fourth = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag2 });
    expect(fourth.r.status).toBe(304);
    expect(fourth.sql).toBe(0);
    expect(fourth.auth).toBe(0);
  });

  it('a guessed or foreign ETag is not answered from the cache', async () => {
    const p = `/${PROJECT}/-/issues/12/realtime_changes`;
    const seq = (await get(p, { authorization: `Bearer ${bob}` })).r.headers.get('etag')!.match(/"(\d+)-/)![1];
    const guessed = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': `W/"${seq}-AAAAAAAAAAAAAAAA"` });
    expect(guessed.r.status).toBe(200);
  });

  it('notes: empty answers carry the ETag and repeat polls get 304 with no SQL; a new note comes through', async () => {
    const p = `/${PROJECT}/noteable/issue/${issueId}/notes`;
    const first = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': String(Date.now() * 1000 + 60_000_000) });
    expect(first.r.status).toBe(200);
    expect(first.body).toMatchObject({ notes: [], more: false });
    expect(typeof first.body.last_fetched_at).toBe('number');
    expect(first.r.headers.get('poll-interval')).toBe('6000');
    const etag = first.r.headers.get('etag')!;
    expect(etag).toBeTruthy();

    const second = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': String(first.body.last_fetched_at), 'if-none-match': etag });
    expect(second.r.status).toBe(304);
    expect(second.sql).toBe(0);
    expect(second.auth).toBe(0);
    expect(second.r.headers.get('poll-interval')).toBe('6000');

    await updateIssue(url, alice, pid, 12, { title: 'A change with a system note' });
    const third = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': String(first.body.last_fetched_at), 'if-none-match': etag });
    expect(third.r.status).toBe(200);
    const notes = third.body.notes as Array<{ note: string; system: boolean; id: string }>;
    expect(notes.map((n) => n.note)).toContain('changed title from **Seen by the next poll** to **A change with a system note**');
    // answers with notes are not cacheable: no issue ETag is attached to them
    expect(third.r.headers.get('etag') ?? '').not.toMatch(/^W\/"\d+-[\w-]{16}"$/);
  });

  it('notes: pages of 50 with Poll-Interval 1 while more remain, microsecond X-Last-Fetched-At', async () => {
    for (let i = 0; i < 55; i++) await updateIssue(url, alice, pid, 13, { title: `Paged ${i}` });
    const issue = (await (await fetch(`${url}/api/v4/projects/${pid}/issues/13`, { headers: { authorization: `Bearer ${bob}` } })).json()) as { id: number };
    const p = `/${PROJECT}/noteable/issue/${issue.id}/notes`;
    const page1 = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': '0' });
    expect((page1.body.notes as unknown[]).length).toBe(50);
    expect(page1.body.more).toBe(true);
    expect(page1.r.headers.get('poll-interval')).toBe('1');
    const seen = new Set((page1.body.notes as Array<{ id: string }>).map((n) => n.id));
    const page2 = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': String(page1.body.last_fetched_at) });
    expect(page2.body.more).toBe(false);
    for (const n of page2.body.notes as Array<{ id: string }>) seen.add(n.id);
    expect(seen.size).toBeGreaterThanOrEqual(55);
    const bad = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': 'yesterday' });
    expect(bad.r.status).toBe(400);
  });

  it('notes of a confidential issue are refused to a guest, and a non-reader is never answered 304', async () => {
    const conf = (await (await fetch(`${url}/api/v4/projects/${pid}/issues/4`, { headers: { authorization: `Bearer ${alice}` } })).json()) as { id: number };
    const p = `/${PROJECT}/noteable/issue/${conf.id}/notes`;
    const dave = await tokenFor(url, 'dave');
    const byGuest = await get(p, { authorization: `Bearer ${dave}` });
    expect(byGuest.r.status).toBe(404);
    const byAssignee = await get(p, { authorization: `Bearer ${bob}`, 'x-last-fetched-at': String(Date.now() * 1000 + 60_000_000) });
    expect(byAssignee.r.status).toBe(200);
  });
});

describe('polling with ETags (Redis cache)', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let redis: PrivateRedis;
  let app: Awaited<ReturnType<typeof startApp>>;
  let bob: string;
  let alice: string;
  let pid: number;

  /** Commands of one kind Redis has run so far (INFO commandstats). */
  const redisCalls = (command: string): number => {
    const out = spawnSync('redis-cli', ['-p', String(redis.port), 'INFO', 'commandstats'], { encoding: 'utf8', timeout: 5000 }).stdout;
    return Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(out)?.[1] ?? 0);
  };
  const redisCli = (...args: string[]) => spawnSync('redis-cli', ['-p', String(redis.port), ...args], { encoding: 'utf8', timeout: 5000 }).stdout.trim();
  const get = async (p: string, headers: Record<string, string>) => {
    await settled();
    const gets = redisCalls('get');
    const r = await getCounted(app.url, p, headers);
    return { ...r, redisGets: redisCalls('get') - gets };
  };

  beforeAll(async () => {
    db = await createDatabase('etag_redis');
    redis = privateRedis();
    await redis.start();
    app = await startApp(loadConfig({ DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', NODE_ENV: 'test' }));
    bob = await tokenFor(app.url, 'bob');
    alice = await tokenFor(app.url, 'alice');
    pid = ((await (await fetch(`${app.url}/api/v4/projects/${encodeURIComponent(PROJECT)}/issues/12`, { headers: { authorization: `Bearer ${bob}` } })).json()) as { project_id: number }).project_id;
  });

  afterAll(async () => {
    await app?.close();
    await redis?.stop();
    await db?.drop();
  });

  it('a repeated poll is answered 304 from the local mirror: no SQL, no authentication work, no Redis round trip', async () => {
    const p = `/${PROJECT}/-/issues/12/realtime_changes`;
    const first = await get(p, { authorization: `Bearer ${bob}` });
    expect(first.r.status).toBe(200);
    const etag = first.r.headers.get('etag')!;
    // the first 304 reads the entry from Redis (and mirrors it)
    const second = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
    expect(second.r.status).toBe(304);
    expect(second.r.headers.get('x-tandem-from-cache')).toBe('true');
    expect(second.sql).toBe(0);
    expect(second.auth).toBe(0);
    expect(second.redisGets).toBe(1);
    for (let i = 0; i < 3; i++) {
      const again = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
      expect(again.r.status).toBe(304);
      expect(again.r.headers.get('etag')).toBe(etag);
      expect(again.r.headers.get('poll-interval')).toBe('3000');
      expect([again.sql, again.auth, again.redisGets]).toEqual([0, 0, 0]);
    }

    // a change through this node: its next poll sees it at once
    await updateIssue(app.url, alice, pid, 12, { title: 'Seen through the mirror' });
    const changed = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
    expect(changed.r.status).toBe(200);
    expect(changed.body.title_text).toBe('Seen through the mirror');
    const etag2 = changed.r.headers.get('etag')!;
    expect((await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag2 })).r.status).toBe(304);
    const mirrored = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag2 });
    expect([mirrored.r.status, mirrored.redisGets]).toEqual([304, 0]);

    // the entry changed in Redis by someone else (another node's write, its TTL, an eviction):
    // Redis pushes the invalidation and the mirror drops it, so the poll is not answered from it
    expect(redisCli('DEL', `tandem:etag:rc:${PROJECT}:12`)).toBe('1');
    await new Promise((r) => setTimeout(r, 100));
    const afterDel = await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag2 });
    expect(afterDel.r.status).toBe(200);
    expect(afterDel.r.headers.get('etag')).not.toBe(etag2);
  });

  it('with Redis gone the mirror is dropped and polls are answered by the application', async () => {
    const p = `/${PROJECT}/-/issues/11/realtime_changes`;
    const first = await get(p, { authorization: `Bearer ${bob}` });
    const etag = first.r.headers.get('etag')!;
    await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag });
    expect((await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': etag })).redisGets).toBe(0);
    await redis.shutdown();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const r = await fetch(app.url + p, { headers: { authorization: `Bearer ${bob}`, 'if-none-match': etag } });
      // answered from the database (the same state, so a 304 by the application, or a fresh 200), never from the mirror
      expect(r.headers.get('x-tandem-from-cache')).toBeNull();
    } finally {
      await redis.start();
    }
    // back: the application hands out an entry again and repeated polls are mirrored anew
    const again = await waitFor('polls answered from the cache again', async () => {
      const r = await fetch(app.url + p, { headers: { authorization: `Bearer ${bob}` } });
      const e = r.headers.get('etag')!;
      await r.arrayBuffer();
      const hit = await fetch(app.url + p, { headers: { authorization: `Bearer ${bob}`, 'if-none-match': e } });
      return hit.headers.get('x-tandem-from-cache') === 'true' ? e : null;
    }, 10_000);
    expect((await get(p, { authorization: `Bearer ${bob}`, 'if-none-match': again })).redisGets).toBe(0);
  });
});
