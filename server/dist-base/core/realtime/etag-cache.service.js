"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var EtagCacheService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.EtagCacheService = void 0;
exports.pollKeyOf = pollKeyOf;
const node_crypto_1 = require("node:crypto");
const common_1 = require("@nestjs/common");
const redis_1 = require("./redis");
/** How long a cached ETag lives without a change; bounds staleness if an update was lost. */
const TTL_MS = 10 * 60_000;
/** Memory mode keeps at most this many keys (oldest dropped first). */
const MEMORY_MAX_KEYS = 200_000;
const REALTIME_CHANGES_PATH = /^\/(.+)\/-\/issues\/(\d{1,10})\/realtime_changes\/?$/;
const NOTES_PATH = /^\/(.+)\/noteable\/issue\/(\d{1,10})\/notes\/?$/;
/** Maps a request path to its cache key, or null when the path is not ETag-cached. */
function pollKeyOf(path) {
    let m = REALTIME_CHANGES_PATH.exec(path);
    if (m) {
        let projectPath;
        try {
            projectPath = decodeURIComponent(m[1]);
        }
        catch {
            return null;
        }
        return { kind: 'realtime_changes', projectPath, iid: Number(m[2]) };
    }
    m = NOTES_PATH.exec(path);
    if (m)
        return { kind: 'notes', issueId: Number(m[2]) };
    return null;
}
const keyString = (k) => (k.kind === 'notes' ? `n:${k.issueId}` : `rc:${k.projectPath.toLowerCase()}:${k.iid}`);
/** Sets KEYS to ARGV[2] unless they already hold a value for a seq >= ARGV[1]; values are "<seq> <etag>". */
const CAS_SCRIPT = `
for i, key in ipairs(KEYS) do
  local cur = redis.call('GET', key)
  local curSeq = cur and tonumber(string.match(cur, '^(%d+) ')) or -1
  if curSeq < tonumber(ARGV[1]) then
    redis.call('SET', key, ARGV[2], 'PX', ARGV[3])
  end
end
return 1`;
/**
 * The ETag store for polled endpoints. An ETag is derived from the issue's event seq with a
 * per-deployment secret (so it cannot be guessed by someone who may not read the issue) and
 * is stored per polled path, in Redis (shared by every node) or in memory (one node).
 * Writes are compare-and-set on the seq, so a slow reader can never store an older ETag over
 * a newer one and cause stale 304s.
 */
let EtagCacheService = EtagCacheService_1 = class EtagCacheService {
    redis;
    logger = new common_1.Logger(EtagCacheService_1.name);
    secret = (0, node_crypto_1.randomBytes)(32);
    memory = new Map();
    /** Writes that failed while Redis was away, retried when it is back (key -> seq, etag). */
    retry = new Map();
    retryTimer = null;
    constructor(redis) {
        this.redis = redis;
    }
    /** Where ETags are kept (the cache metrics' `source` label). */
    get source() {
        return this.redis ? 'redis' : 'memory';
    }
    /** Redis mode: every node must derive the same ETag, so the secret is shared through Redis. */
    async init() {
        if (!this.redis)
            return;
        const key = `${redis_1.REDIS_PREFIX}etag:secret`;
        await this.redis.set(key, (0, node_crypto_1.randomBytes)(32).toString('hex'), { condition: 'NX' });
        const hex = await this.redis.get(key);
        if (!hex)
            throw new Error('could not read the shared ETag secret from Redis');
        this.secret = Buffer.from(hex, 'hex');
        this.redis.on('ready', () => void this.flushRetries());
    }
    etagFor(issueId, seq) {
        const mac = (0, node_crypto_1.createHmac)('sha256', this.secret).update(`${issueId}:${seq}`).digest('base64url').slice(0, 16);
        return `W/"${seq}-${mac}"`;
    }
    /** The current ETag for a polled path, or null if unknown (the app then answers and primes it). */
    async lookup(key) {
        const k = keyString(key);
        if (!this.redis) {
            const hit = this.memory.get(k);
            if (!hit)
                return null;
            if (hit.expires < Date.now()) {
                this.memory.delete(k);
                return null;
            }
            return hit.etag;
        }
        // A hung Redis must not hold the poll: the caller answers from the database instead
        const v = await (0, redis_1.bounded)(this.redis.get(redis_1.REDIS_PREFIX + 'etag:' + k));
        if (!v)
            return null;
        const sp = v.indexOf(' ');
        return sp > 0 ? v.slice(sp + 1) : null;
    }
    /**
     * Records that an issue is at `seq` and returns its ETag. Called after commits (every
     * change) and by the polled endpoints (priming after a cache miss).
     */
    async remember(issue, seq) {
        const etag = this.etagFor(issue.id, seq);
        const keys = [keyString({ kind: 'realtime_changes', projectPath: issue.project_path, iid: issue.iid }), keyString({ kind: 'notes', issueId: issue.id })];
        if (!this.redis) {
            for (const k of keys)
                this.setMemory(k, seq, etag);
            return etag;
        }
        try {
            await this.casRedis(keys, seq, etag);
        }
        catch (err) {
            this.logger.warn({ err: String(err) }, 'ETag cache write failed; will retry');
            for (const k of keys) {
                const prev = this.retry.get(k);
                if (!prev || prev.seq < seq)
                    this.retry.set(k, { seq, etag });
            }
            this.scheduleRetry();
        }
        return etag;
    }
    /** Commit listener: bumps the ETags of every issue a transaction changed. */
    async onCommit(events) {
        const latest = new Map();
        for (const e of events) {
            if (e.noteableType !== 'Issue')
                continue;
            const prev = latest.get(e.noteableId);
            if (!prev || prev.event.seq < e.event.seq)
                latest.set(e.noteableId, e);
        }
        await Promise.all([...latest.values()].map((e) => this.remember(e.event.issue, e.event.seq)));
    }
    onModuleDestroy() {
        if (this.retryTimer)
            clearTimeout(this.retryTimer);
    }
    setMemory(k, seq, etag) {
        const cur = this.memory.get(k);
        if (cur && cur.seq >= seq && cur.expires >= Date.now())
            return;
        if (!cur && this.memory.size >= MEMORY_MAX_KEYS)
            this.memory.delete(this.memory.keys().next().value);
        this.memory.set(k, { seq, etag, expires: Date.now() + TTL_MS });
    }
    async casRedis(keys, seq, etag) {
        // One EVAL: the compare and the set are atomic on the server
        await (0, redis_1.bounded)(this.redis.eval(CAS_SCRIPT, {
            keys: keys.map((k) => redis_1.REDIS_PREFIX + 'etag:' + k),
            arguments: [String(seq), `${seq} ${etag}`, String(TTL_MS)],
        }));
    }
    scheduleRetry() {
        if (this.retryTimer)
            return;
        this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            void this.flushRetries();
        }, 500);
        this.retryTimer.unref();
    }
    async flushRetries() {
        if (!this.retry.size || !this.redis)
            return;
        const pending = [...this.retry.entries()];
        this.retry.clear();
        for (const [k, v] of pending) {
            try {
                await this.casRedis([k], v.seq, v.etag);
            }
            catch {
                const prev = this.retry.get(k);
                if (!prev || prev.seq < v.seq)
                    this.retry.set(k, v);
            }
        }
        if (this.retry.size)
            this.scheduleRetry();
    }
};
exports.EtagCacheService = EtagCacheService;
exports.EtagCacheService = EtagCacheService = EtagCacheService_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [Object])
], EtagCacheService);
//# sourceMappingURL=etag-cache.service.js.map