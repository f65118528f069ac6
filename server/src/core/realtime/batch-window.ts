/** Either the answer for one item of a batch or the error only that item fails with. */
export type BatchResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Requests made within a short window run as one batch: after a node restart thousands of
 * sockets reconnect within seconds, and their subscribe checks, room heads and replays each
 * become one SQL statement per window instead of one per socket. Items with the same key in
 * one window share one answer. The window is a few milliseconds (what one subscribe waits at
 * most); a full window goes at once.
 */
export class BatchWindow<K, R> {
  private pending = new Map<string, { item: K; waiters: Array<{ resolve: (r: R) => void; reject: (e: unknown) => void }> }>();
  private timer: NodeJS.Timeout | null = null;
  /** Batches run so far (tests and benchmarks read it). */
  batches = 0;

  constructor(
    /** Answers items in order; one entry per item. A rejection fails the whole batch. */
    private readonly run: (items: K[]) => Promise<Array<BatchResult<R>>>,
    private readonly keyOf: (item: K) => string,
    private readonly opts: { windowMs: number; max: number },
  ) {}

  load(item: K): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const key = this.keyOf(item);
      let entry = this.pending.get(key);
      if (!entry) this.pending.set(key, (entry = { item, waiters: [] }));
      entry.waiters.push({ resolve, reject });
      if (this.pending.size >= this.opts.max) this.flush();
      else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.opts.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const entries = [...this.pending.values()];
    this.pending = new Map();
    if (!entries.length) return;
    this.batches++;
    this.run(entries.map((e) => e.item)).then(
      (results) => {
        entries.forEach((e, i) => {
          const r = results[i] ?? { ok: false, error: new Error('batch answered fewer items than asked') };
          for (const w of e.waiters) {
            if (r.ok) w.resolve(r.value);
            else w.reject(r.error);
          }
        });
      },
      (err: unknown) => {
        for (const e of entries) for (const w of e.waiters) w.reject(err);
      },
    );
  }
}

/** Runs `one` for each item (a port without a batch form): each item's own error stays its own. */
export function oneByOne<K, R>(items: K[], one: (item: K) => Promise<R>): Promise<Array<BatchResult<R>>> {
  return Promise.all(
    items.map((item) =>
      one(item).then(
        (value): BatchResult<R> => ({ ok: true, value }),
        (error: unknown): BatchResult<R> => ({ ok: false, error }),
      ),
    ),
  );
}
