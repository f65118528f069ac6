import type { EntityManager } from 'typeorm';
import type { EventPayloads, EventType, RealtimeEvent, UserBasic } from '@tandem/shared-types';
import { EventStatement, type Noteable, type PlannedEvent } from './event-append';
import type { BusEvent } from './event-bus';

/** The raw `pg` client a write holds: named queries become prepared statements. */
export interface SqlClient {
  query<R = Record<string, unknown>>(q: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * A write of ONE statement, atomic on its own (EventLogService.autocommit: no BEGIN/COMMIT).
 * Its events are appended by that statement (an EventStatement) and published after it. It has
 * no `record`/`recordLater`: an event recorded on its own would be a second statement, outside
 * the first's atomicity, or one queued for a COMMIT that never comes.
 */
export class StatementTx {
  /** The events appended, to publish after the write. */
  readonly recorded: BusEvent[] = [];
  /** Users whose own lists (to-dos) this write changed: told after it (EventLogService.onUsersTouched). */
  readonly touchedUsers = new Set<number>();
  constructor(
    readonly manager: EntityManager,
    /** The same connection as `manager` in a transaction, for hot-path statements prepared by name. */
    readonly sql: SqlClient,
  ) {}

  /** A prepared statement on this write's connection. */
  async query<R = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<R[]> {
    return (await this.sql.query<R>({ name, text, values })).rows;
  }
}

/** A write transaction (EventLogService.transaction) that records events; they are published only after COMMIT. */
export class Tx extends StatementTx {
  private readonly queued: Array<{ noteable: Noteable; event: PlannedEvent }> = [];

  /**
   * Takes the noteable's next sequence number (the row lock also orders concurrent writers)
   * and appends the event to the log, inside this transaction, now. Use it when later
   * statements depend on the event being written (e.g. before the noteable's row goes).
   */
  async record<T extends EventType>(noteable: Noteable, type: T, payload: EventPayloads[T], actor: UserBasic | null): Promise<RealtimeEvent<T>> {
    await this.flush();
    const [event] = await this.append(noteable, [{ type, payload, actor }]);
    return event as RealtimeEvent<T>;
  }

  /**
   * Queues an event; queued events are appended in one statement per noteable when the
   * transaction's work is done (EventLogService.transaction flushes before COMMIT), in the
   * order they were queued.
   */
  recordLater<T extends EventType>(noteable: Noteable, type: T, payload: EventPayloads[T], actor: UserBasic | null): void {
    this.queued.push({ noteable, event: { type, payload, actor } });
  }

  /** Appends every queued event (one round trip per noteable). */
  async flush(): Promise<void> {
    while (this.queued.length) {
      const first = this.queued[0]!.noteable;
      const same = (n: Noteable) => n.type === first.type && n.id === first.id;
      const batch = this.queued.filter((q) => same(q.noteable)).map((q) => q.event);
      this.queued.splice(0, this.queued.length, ...this.queued.filter((q) => !same(q.noteable)));
      await this.append(first, batch);
    }
  }

  private async append(noteable: Noteable, events: PlannedEvent[]) {
    const st = new EventStatement({ noteable, actor: null, events });
    const out = await st.run(this, 'events.append', `WITH ${st.ctes()} SELECT ${st.columns}`);
    if (out?.events.length !== events.length) throw new Error(`${noteable.type} ${noteable.id} not found for events ${events.map((i) => i.type).join(', ')}`);
    return out.events;
  }
}
