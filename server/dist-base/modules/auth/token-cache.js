"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TokenCache = exports.TOKEN_CACHE_TTL_MS = void 0;
/** How long a resolved token is trusted without asking the database again. */
exports.TOKEN_CACHE_TTL_MS = 1000;
/** Bound on the entries held (distinct tokens seen within a TTL); the oldest go first. */
const MAX_ENTRIES = 10_000;
/**
 * Token digest -> what it resolved to, for at most TOKEN_CACHE_TTL_MS (one second), so a burst
 * of requests with one token costs one lookup. Revocation is not left to the TTL: revoking a
 * token (or ending a session) publishes `credential_revoked` and changing a user's access
 * publishes `recheck_user` on the bus, which reaches this node synchronously and every other
 * node through Redis; both drop the entries concerned at once. The TTL bounds what a lost
 * Redis message (or a change that announces nothing, e.g. a user renamed) can leave stale.
 * Only tokens that resolved are held: an unknown token is looked up every time.
 */
class TokenCache {
    ttlMs;
    entries = new Map();
    /** Bumped by every invalidation: a lookup that started before one does not fill the cache. */
    generation = 0;
    constructor(ttlMs = exports.TOKEN_CACHE_TTL_MS) {
        this.ttlMs = ttlMs;
    }
    get(digest, now = Date.now()) {
        const e = this.entries.get(digest);
        if (!e)
            return null;
        if (now >= e.until || (e.auth.expiresAt && e.auth.expiresAt.getTime() <= now)) {
            this.entries.delete(digest);
            return null;
        }
        return e.auth;
    }
    /** The generation to hand back to set(): taken before the lookup starts. */
    mark() {
        return this.generation;
    }
    set(digest, auth, mark, now = Date.now()) {
        if (mark !== this.generation)
            return;
        if (this.entries.size >= MAX_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined)
                this.entries.delete(oldest);
        }
        this.entries.delete(digest);
        this.entries.set(digest, { auth, until: now + this.ttlMs });
    }
    /** Applies a bus control message: revoked credentials and users whose access changed. */
    onControl(msg) {
        if (msg.kind === 'credential_revoked') {
            this.generation++;
            this.entries.delete(msg.credential);
        }
        else if (msg.kind === 'recheck_user') {
            this.generation++;
            for (const [k, e] of this.entries)
                if (e.auth.actor.id === msg.userId)
                    this.entries.delete(k);
        }
    }
    /** The bus may have lost messages: trust nothing held. */
    clear() {
        this.generation++;
        this.entries.clear();
    }
}
exports.TokenCache = TokenCache;
//# sourceMappingURL=token-cache.js.map