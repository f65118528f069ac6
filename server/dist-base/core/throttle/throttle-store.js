"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryThrottleStore = void 0;
/** One node's counters. Expired windows are swept as they are met and once a minute. */
class MemoryThrottleStore {
    now;
    windows = new Map();
    sweeper;
    constructor(now = Date.now) {
        this.now = now;
        this.sweeper = setInterval(() => this.sweep(), 60_000);
        this.sweeper.unref();
    }
    hit(key, windowMs) {
        const now = this.now();
        let w = this.windows.get(key);
        if (!w || w.endsAt <= now) {
            w = { count: 0, endsAt: now + windowMs };
            this.windows.set(key, w);
        }
        w.count++;
        return Promise.resolve({ count: w.count, resetMs: w.endsAt - now });
    }
    peek(key) {
        const now = this.now();
        const w = this.windows.get(key);
        return Promise.resolve(w && w.endsAt > now ? { count: w.count, resetMs: w.endsAt - now } : { count: 0, resetMs: 0 });
    }
    reset(key) {
        this.windows.delete(key);
        return Promise.resolve();
    }
    close() {
        clearInterval(this.sweeper);
    }
    sweep() {
        const now = this.now();
        for (const [k, w] of this.windows)
            if (w.endsAt <= now)
                this.windows.delete(k);
    }
}
exports.MemoryThrottleStore = MemoryThrottleStore;
//# sourceMappingURL=throttle-store.js.map