import type { AnyRealtimeEvent } from '@tandem/shared-types';

/**
 * Applies an issue's events exactly once and in seq order. A duplicate (seq <= last) is
 * dropped; an event past a gap is held until the gap is filled by replay.
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
    for (let next = this.pending.get(this.lastSeq + 1); next; next = this.pending.get(this.lastSeq + 1)) {
      this.pending.delete(next.seq);
      this.lastSeq = next.seq;
      this.apply(next);
    }
  }
}
