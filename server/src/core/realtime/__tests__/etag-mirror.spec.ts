import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EtagCacheService, pollKeyOf, type EtagEntry } from '../etag-cache.service';
import type { RedisClient } from '../redis';

// The Redis mirror's ordering rules (docs/realtime.md, "Polling fallback"), with stand-in
// connections whose replies arrive when the test says so: what Redis pushes and answers, and in
// which order, is the test's to choose.

const KEY = pollKeyOf('/acme/tandem/-/issues/1/realtime_changes')!;
const REDIS_KEY = 'tandem:etag:rc:acme/tandem:1';

/** The command connection: the shared secret, and the CAS that a write runs. */
class FakeCmd extends EventEmitter {
  readonly store = new Map<string, string>();
  set(k: string, v: string) {
    if (!this.store.has(k)) this.store.set(k, v);
    return Promise.resolve('OK');
  }
  get(k: string) {
    return Promise.resolve(this.store.get(k) ?? null);
  }
  eval(_script: string, o: { keys: string[]; arguments: string[] }) {
    for (const k of o.keys) this.store.set(k, `${o.arguments[0]} ${o.arguments[1]}`);
    return Promise.resolve(o.keys.map((k) => this.store.get(k)));
  }
}

/** The tracking connection: each GET waits until `answer()`, which settles the oldest one. */
class FakeTracked extends EventEmitter {
  isReady = true;
  gets = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly cmd: FakeCmd) {
    super();
  }
  get(k: string) {
    this.gets++;
    return new Promise<string | null>((resolve) => this.waiting.push(() => resolve(this.cmd.store.get(k) ?? null)));
  }
  /** Redis's reply to the oldest GET, read now. */
  answer(): void {
    this.waiting.shift()!();
  }
}

async function setup() {
  const cmd = new FakeCmd();
  const tracked = new FakeTracked(cmd);
  const cache = new EtagCacheService(cmd as unknown as RedisClient, tracked as unknown as RedisClient);
  await cache.init();
  cmd.store.set(REDIS_KEY, '7 salt-a');
  return { cmd, tracked, cache };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('EtagCacheService on Redis: the mirror', () => {
  it('reads once, then answers from the mirror in the same tick until Redis invalidates the key', async () => {
    const { tracked, cache, cmd } = await setup();
    const first = cache.peek(KEY);
    expect(first).toBeInstanceOf(Promise);
    tracked.answer();
    expect(await first).toEqual({ seq: 7, salt: 'salt-a' });
    expect((cache.peek(KEY) as EtagEntry).seq).toBe(7);
    expect(tracked.gets).toBe(1);

    cmd.store.set(REDIS_KEY, '8 salt-b');
    tracked.emit('invalidate', REDIS_KEY);
    const after = cache.peek(KEY);
    expect(after).toBeInstanceOf(Promise);
    tracked.answer();
    expect(await after).toEqual({ seq: 8, salt: 'salt-b' });
    expect(tracked.gets).toBe(2);
  });

  it('a read whose invalidation arrives before its continuation runs is not kept', async () => {
    const { tracked, cache, cmd } = await setup();
    const read = cache.peek(KEY);
    // The reply and the push of a later change in one chunk: both handled before any microtask
    tracked.answer();
    cmd.store.set(REDIS_KEY, '8 salt-b');
    tracked.emit('invalidate', REDIS_KEY);
    expect(await read).toEqual({ seq: 7, salt: 'salt-a' });
    await settle();
    const next = cache.peek(KEY);
    expect(next).toBeInstanceOf(Promise);
    tracked.answer();
    expect(await next).toEqual({ seq: 8, salt: 'salt-b' });
  });

  it('pollers that miss together share one read', async () => {
    const { tracked, cache } = await setup();
    const reads = [cache.peek(KEY), cache.peek(KEY), cache.peek(KEY)];
    expect(tracked.gets).toBe(1);
    tracked.answer();
    expect(await Promise.all(reads)).toEqual([0, 1, 2].map(() => ({ seq: 7, salt: 'salt-a' })));
  });

  it('while the tracking connection is down nothing is mirrored, and its return starts from nothing', async () => {
    const { tracked, cache, cmd } = await setup();
    const first = cache.peek(KEY);
    tracked.answer();
    await first;
    tracked.isReady = false;
    tracked.emit('error', new Error('Socket closed unexpectedly'));
    // A change Redis could not tell this connection about
    cmd.store.set(REDIS_KEY, '9 salt-c');
    const down = cache.peek(KEY);
    expect(down).toBeInstanceOf(Promise);
    tracked.answer();
    await down;
    await settle();
    expect(cache.peek(KEY)).toBeInstanceOf(Promise);
    tracked.answer();
    tracked.isReady = true;
    tracked.emit('ready');
    const back = cache.peek(KEY);
    tracked.answer();
    expect(await back).toEqual({ seq: 9, salt: 'salt-c' });
    await settle();
    expect((cache.peek(KEY) as EtagEntry).seq).toBe(9);
  });

  it("this node's own write drops its keys at once, without waiting for the push", async () => {
    const { tracked, cache } = await setup();
    const first = cache.peek(KEY);
    tracked.answer();
    await first;
    await cache.handOut(KEY, 10, 'anon');
    const next = cache.peek(KEY);
    expect(next).toBeInstanceOf(Promise);
    tracked.answer();
    expect((await next)!.seq).toBe(10);
  });
});
