/** A counter inside a fixed window: how many hits so far and when the window closes. */
export interface ThrottleCount {
  count: number;
  /** Milliseconds until the window (and so the count) ends. */
  resetMs: number;
}

/**
 * Where throttle counters live: in memory for one node, in Redis when REDIS_URL is set so a
 * limit holds across every node. Each operation is atomic for its key.
 */
export interface ThrottleStore {
  /** Adds `by` hits (one by default); the window starts with the first hit of the key. */
  hit(key: string, windowMs: number, by?: number): Promise<ThrottleCount>;
  /** The count without adding to it (0 when no window is open). */
  peek(key: string): Promise<ThrottleCount>;
  reset(key: string): Promise<void>;
}

/** One node's counters. Expired windows are swept as they are met and once a minute. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  hit(key: string, windowMs: number, by = 1): Promise<ThrottleCount> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += by;
    return Promise.resolve({ count: w.count, resetMs: w.endsAt - now });
  }

  peek(key: string): Promise<ThrottleCount> {
    const now = this.now();
    const w = this.windows.get(key);
    return Promise.resolve(w && w.endsAt > now ? { count: w.count, resetMs: w.endsAt - now } : { count: 0, resetMs: 0 });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }
}
