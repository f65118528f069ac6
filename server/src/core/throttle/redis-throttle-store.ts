import type { ThrottleCount, ThrottleStore } from './throttle-store';
import { bounded } from '../realtime/redis';

/**
 * The part of a node-redis v5 client (`RedisClientType` from `createClient`) this store uses;
 * structural, so any client with modules or scripts attached fits.
 */
export interface ThrottleRedisClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  del(keys: string | string[]): Promise<number>;
}

// INCRBY and PEXPIRE in one script: atomic, so two nodes never both open a window or lose a hit;
// a key left without a TTL (a crash between commands cannot happen in a script) is still mended.
const HIT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`;

const PEEK = `
local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
return {tonumber(c), redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis, shared by every node of a deployment. */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly client: ThrottleRedisClient,
    private readonly prefix = 'tandem:throttle:',
  ) {}

  async hit(key: string, windowMs: number, by = 1): Promise<ThrottleCount> {
    return toCount(await bounded(this.client.eval(HIT, { keys: [this.prefix + key], arguments: [String(Math.max(1, Math.round(windowMs))), String(Math.max(1, Math.trunc(by)))] })));
  }

  async peek(key: string): Promise<ThrottleCount> {
    return toCount(await bounded(this.client.eval(PEEK, { keys: [this.prefix + key], arguments: [] })));
  }

  async reset(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }
}

function toCount(reply: unknown): ThrottleCount {
  const [count, ttl] = reply as [number, number];
  return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
}
