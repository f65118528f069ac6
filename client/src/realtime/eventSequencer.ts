import type { AnyRealtimeEvent } from '@tandem/shared-types';

/**
 * Applies an issue's events exactly once and in seq order. A duplicate (seq <= last) is
 * dropped; an event past a gap is held until the gap is filled by replay. The server sends
 * nothing in place of events withheld from this viewer (an internal note for a guest): the
 * next event it does send carries `prev`, the last seq it knows we have, and applies as next.
 */
export class EventSequencer {
  private readonly pending = new Map<number, AnyRealtimeEvent>();

  constructor(
    private lastSeq: number,
    private readonly apply: (e: AnyRealtimeEvent) => void,
    private readonly onGap: (after: number) => void,
  ) {}

  get seq(): number {
    return this.lastSeq;
  }

  /** Jumps to a server-confirmed seq after a full refetch (resync). */
  reset(seq: number): void {
    this.lastSeq = seq;
    for (const k of [...this.pending.keys()]) if (k <= seq) this.pending.delete(k);
    this.drain();
  }

  /**
   * The server says everything up to `seq` that is ours has been sent (a replay's ack): what
   * is held up to there applies in order, and the seqs in between that never came were not ours.
   */
  caughtUp(seq: number): void {
    for (const k of [...this.pending.keys()].sort((a, b) => a - b)) {
      if (k > seq) break;
      const e = this.pending.get(k)!;
      this.pending.delete(k);
      if (k <= this.lastSeq) continue;
      this.lastSeq = k;
      this.apply(e);
    }
    if (seq > this.lastSeq) this.lastSeq = seq;
    this.drain();
  }

  push(e: AnyRealtimeEvent): void {
    if (e.seq <= this.lastSeq || this.pending.has(e.seq)) return;
    this.pending.set(e.seq, e);
    const before = this.lastSeq;
    this.drain();
    if (this.pending.size > 0 && this.lastSeq === before) this.onGap(this.lastSeq);
  }

  /** True while events are held behind a gap. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  private drain(): void {
    for (let next = this.next(); next; next = this.next()) {
      this.pending.delete(next.seq);
      this.lastSeq = next.seq;
      this.apply(next);
    }
  }

  /** The event that follows what we applied: seq + 1, or the first held one whose `prev` we have. */
  private next(): AnyRealtimeEvent | undefined {
    const direct = this.pending.get(this.lastSeq + 1);
    if (direct || !this.pending.size) return direct;
    const first = this.pending.get(Math.min(...this.pending.keys()))!;
    return first.prev !== undefined && first.prev <= this.lastSeq ? first : undefined;
  }
}
