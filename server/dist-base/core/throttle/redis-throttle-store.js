"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisThrottleStore = void 0;
const redis_1 = require("../realtime/redis");
// INCR and PEXPIRE in one script: atomic, so two nodes never both open a window or lose a hit;
// a key left without a TTL (a crash between commands cannot happen in a script) is still mended.
const HIT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`;
const PEEK = `
local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
return {tonumber(c), redis.call('PTTL', KEYS[1])}`;
/** Counters in Redis, shared by every node of a deployment. */
class RedisThrottleStore {
    client;
    prefix;
    constructor(client, prefix = 'tandem:throttle:') {
        this.client = client;
        this.prefix = prefix;
    }
    async hit(key, windowMs) {
        return toCount(await (0, redis_1.bounded)(this.client.eval(HIT, { keys: [this.prefix + key], arguments: [String(Math.max(1, Math.round(windowMs)))] })));
    }
    async peek(key) {
        return toCount(await (0, redis_1.bounded)(this.client.eval(PEEK, { keys: [this.prefix + key], arguments: [] })));
    }
    async reset(key) {
        await this.client.del(this.prefix + key);
    }
}
exports.RedisThrottleStore = RedisThrottleStore;
function toCount(reply) {
    const [count, ttl] = reply;
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
}
//# sourceMappingURL=redis-throttle-store.js.map