/**
 * Requests made in one turn of the event loop, answered together: at the turn's end
 * (setImmediate: no wait is added) `read` gets them, at most `max` at a time, and returns one
 * answer per request, in their order. A read that fails fails each request of its part. For
 * bursts of the same read (a restart's thousands of subscribe checks, room heads and replays), so that one
 * statement answers what arrived together; a request alone in its turn is read alone.
 */
export class TurnBatch<Q, A> {
  private waiting: Array<{ q: Q; resolve: (a: A) => void; reject: (err: unknown) => void }> = [];

  constructor(
    private readonly max: number,
    private readonly read: (part: readonly Q[]) => Promise<readonly A[]>,
  ) {}

  ask(q: Q): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      if (this.waiting.push({ q, resolve, reject }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const all = this.waiting;
    this.waiting = [];
    for (let at = 0; at < all.length; at += this.max) {
      const part = all.slice(at, at + this.max);
      try {
        const answers = await this.read(part.map((w) => w.q));
        part.forEach((w, k) => w.resolve(answers[k]!));
      } catch (err) {
        for (const w of part) w.reject(err);
      }
    }
  }
}
