import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { RedisThrottleStore } from '../src/core/throttle/redis-throttle-store';
import { MemoryThrottleStore, type ThrottleStore } from '../src/core/throttle/throttle-store';
import { ThrottleService } from '../src/core/throttle/throttle.service';
import { RateLimitedError } from '../src/core/throttle/rate-limited.error';
import { loadConfig } from '../src/core/config/config';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The Redis store on the machine's Redis (node-redis v5), as two nodes would share it. */
describe('RedisThrottleStore', () => {
  const client = createClient({ url: REDIS_URL });
  const other = createClient({ url: REDIS_URL });
  const prefix = `tandem-test:throttle:${randomBytes(4).toString('hex')}:`;
  let a: RedisThrottleStore;
  let b: RedisThrottleStore;

  beforeAll(async () => {
    await Promise.all([client.connect(), other.connect()]);
    a = new RedisThrottleStore(client, prefix);
    b = new RedisThrottleStore(other, prefix);
  });

  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(keys);
    await Promise.all([client.close(), other.close()]);
  });

  it('counts hits from two connections atomically, in one window with a TTL', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('k1', 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const ttl = await client.pTTL(`${prefix}k1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await b.peek('k1')).count).toBe(40);
  });

  it('a hit of several (an ingest request\'s events) counts them all at once, in Redis and in memory', async () => {
    for (const store of [a, new MemoryThrottleStore()] as ThrottleStore[]) {
      const key = `k3-${Math.random()}`;
      expect((await store.hit(key, 60_000, 5)).count).toBe(5);
      const c = await store.hit(key, 60_000);
      expect(c.count).toBe(6);
      expect(c.resetMs).toBeGreaterThan(50_000);
    }
  });

  it('a window ends after its period; reset clears it; an unknown key peeks as 0', async () => {
    await a.hit('k2', 150);
    expect((await a.hit('k2', 150)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect(await a.peek('k2')).toEqual({ count: 0, resetMs: 0 });
    expect((await a.hit('k2', 150)).count).toBe(1);
    await b.reset('k2');
    expect((await a.peek('k2')).count).toBe(0);
  });

  it('the note-creation limiter refuses the call past its limit with a 429', async () => {
    const config = loadConfig({ THROTTLE_NOTES_PER_USER: '2/60' });
    for (const store of [a, new MemoryThrottleStore()] as ThrottleStore[]) {
      const throttle = new ThrottleService(store, config);
      const user = Math.floor(Math.random() * 1e9);
      await throttle.consumeNoteCreation(user);
      await throttle.consumeNoteCreation(user);
      const err = await throttle.consumeNoteCreation(user).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimitedError);
      expect((err as RateLimitedError).status).toBe(429);
      expect((err as RateLimitedError).headers()['Retry-After']).toMatch(/^\d+$/);
      await throttle.consumeNoteCreation(user + 1);
    }
  });
});
