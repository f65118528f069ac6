import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  AnyRealtimeEvent,
  EventIssueRef,
  EventPayloads,
  EventType,
  NoteableType,
  RealtimeEvent,
  UserBasic,
} from '@tandem/shared-types';
import { pgPool } from '../database/pg-pool';
import { countEventsPublished } from '../metrics/metrics';
import { EVENT_BUS, type BusEvent, type EventBus } from './event-bus';

/** Which table holds a noteable's sequence counter. */
export const SEQ_TABLE: Record<NoteableType, string> = { Issue: 'issues', Epic: 'epics', MergeRequest: 'merge_requests' };

export interface Noteable {
  type: NoteableType;
  id: number;
  ref: EventIssueRef;
}

/** The raw `pg` client a transaction holds: named queries become prepared statements. */
export interface SqlClient {
  query<R = Record<string, unknown>>(q: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** A write transaction that records events; they are published only after commit. */
export class Tx {
  readonly recorded: BusEvent[] = [];
  /** Users whose own lists (to-dos) this transaction changed: told after COMMIT (EventLogService.onUsersTouched). */
  readonly touchedUsers = new Set<number>();
  private readonly queued: Array<{ noteable: Noteable; type: EventType; payload: unknown; actor: UserBasic | null }> = [];
  constructor(
    readonly manager: EntityManager,
    /** The same connection as `manager`, for hot-path statements prepared by name. */
    readonly sql: SqlClient,
  ) {}

  /** A prepared statement on this transaction's connection. */
  async query<R = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<R[]> {
    return (await this.sql.query<R>({ name, text, values })).rows;
  }

  /** Events the caller appended itself (in one statement with its write), to publish after commit. */
  recordAppended(noteable: Noteable, events: readonly AnyRealtimeEvent[]): void {
    for (const event of events) this.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event });
  }

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
    this.queued.push({ noteable, type, payload, actor });
  }

  /** Appends every queued event (one round trip per noteable). */
  async flush(): Promise<void> {
    while (this.queued.length) {
      const first = this.queued[0]!.noteable;
      const same = (n: Noteable) => n.type === first.type && n.id === first.id;
      const batch = this.queued.filter((q) => same(q.noteable));
      this.queued.splice(0, this.queued.length, ...this.queued.filter((q) => !same(q.noteable)));
      await this.append(first, batch);
    }
  }

  private async append(noteable: Noteable, items: Array<{ type: EventType; payload: unknown; actor: UserBasic | null }>): Promise<AnyRealtimeEvent[]> {
    const table = SEQ_TABLE[noteable.type];
    const n = items.length;
    // One round trip: take the next n seqs (the row lock orders concurrent writers) and append
    const rows = (await this.manager.query(
      `WITH next AS (UPDATE ${table} SET event_seq = event_seq + $3 WHERE id = $1 RETURNING event_seq)
       INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id)
       SELECT $2, $1, next.event_seq - $3 + e.ord::int, e.type, e.payload::jsonb, e.actor_id
       FROM next, unnest($4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS e(type, payload, actor_id, ord)
       RETURNING seq, created_at`,
      [
        noteable.id,
        noteable.type,
        n,
        items.map((i) => i.type),
        items.map((i) => JSON.stringify({ payload: i.payload, actor: i.actor, issue: noteable.ref })),
        items.map((i) => i.actor?.id ?? null),
      ],
    )) as Array<{ seq: number; created_at: Date }>;
    if (rows.length !== n) throw new Error(`${noteable.type} ${noteable.id} not found for events ${items.map((i) => i.type).join(', ')}`);
    rows.sort((a, b) => a.seq - b.seq);
    return items.map((item, k) => {
      const event = {
        type: item.type,
        seq: rows[k]!.seq,
        issue: noteable.ref,
        payload: item.payload,
        actor: item.actor,
        at: rows[k]!.created_at.toISOString(),
      } as AnyRealtimeEvent;
      this.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event });
      return event;
    });
  }
}

/** Listeners run on this node right after a commit and its bus publish (e.g. the ETag cache). */
export type CommitListener = (events: readonly BusEvent[]) => void | Promise<void>;

/** Listeners for the users a committed transaction touched (Tx.touchedUsers); not awaited by the writer. */
export type UsersTouchedListener = (userIds: readonly number[]) => void;

@Injectable()
export class EventLogService {
  private readonly logger = new Logger(EventLogService.name);
  private readonly commitListeners: CommitListener[] = [];
  private readonly usersTouchedListeners: UsersTouchedListener[] = [];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onCommit(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  onUsersTouched(listener: UsersTouchedListener): void {
    this.usersTouchedListeners.push(listener);
  }

  private tellTouched(tx: Tx): void {
    if (!tx.touchedUsers.size) return;
    const ids = [...tx.touchedUsers];
    for (const l of this.usersTouchedListeners) {
      try {
        l(ids);
      } catch (err) {
        this.logger.warn({ err }, 'users-touched listener failed');
      }
    }
  }

  /**
   * Runs `fn`, which writes in exactly ONE statement (atomic on its own), on a pooled
   * connection without BEGIN/COMMIT; its recorded events are published after it.
   */
  async autocommit<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    // The pool checks a connection out for the one statement and back in (no TypeORM runner)
    const tx = new Tx(this.ds.manager, pgPool(this.ds));
    const result = await fn(tx);
    if (tx.recorded.length) await this.publish(tx.recorded);
    this.tellTouched(tx);
    return result;
  }

  /** Runs `fn` in one transaction; its recorded events are published after COMMIT. */
  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    let tx: Tx;
    let result: R;
    try {
      await runner.startTransaction();
      try {
        tx = new Tx(runner.manager, (runner as unknown as { databaseConnection: SqlClient }).databaseConnection);
        result = await fn(tx);
        await tx.flush();
        await runner.commitTransaction();
      } catch (err) {
        await runner.rollbackTransaction();
        throw err;
      }
    } finally {
      await runner.release();
    }
    if (tx.recorded.length) await this.publish(tx.recorded);
    this.tellTouched(tx);
    return result;
  }

  private async publish(events: BusEvent[]): Promise<void> {
    // Synchronous local delivery, fire-and-forget to other nodes: a lost publish is repaired
    // from the log, so the request never waits on (or fails because of) the bus.
    this.bus.publish(events);
    countEventsPublished(events.length);
    // Then the listeners (ETag cache): awaited, so the writer's next poll already sees the change.
    for (const l of this.commitListeners) {
      try {
        await l(events);
      } catch (err) {
        this.logger.warn({ err }, 'commit listener failed');
      }
    }
  }

  /** Events of a noteable with after < seq <= upTo, in order (for replay and gap fill). */
  async eventsAfter(type: NoteableType, id: number, after: number, limit = 1000, upTo = 2_147_483_647): Promise<AnyRealtimeEvent[]> {
    const rows: Array<{ seq: number; type: EventType; payload: { payload: unknown; actor: UserBasic | null; issue: EventIssueRef }; created_at: Date }> =
      await this.ds.query(
        `SELECT seq, type, payload, created_at FROM issue_events
         WHERE noteable_type = $1 AND noteable_id = $2 AND seq > $3 AND seq <= $4 ORDER BY seq LIMIT $5`,
        [type, id, after, upTo, limit],
      );
    return rows.map(
      (r) =>
        ({ type: r.type, seq: r.seq, issue: r.payload.issue, payload: r.payload.payload, actor: r.payload.actor, at: r.created_at.toISOString() }) as AnyRealtimeEvent,
    );
  }

  /** The committed head seq of each noteable (absent ids no longer exist). */
  async currentSeqs(type: NoteableType, ids: readonly number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows: Array<{ id: number; event_seq: number }> = await this.ds.query(
      `SELECT id, event_seq FROM ${SEQ_TABLE[type]} WHERE id = ANY($1)`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.event_seq]));
  }

  /** The oldest seq still in the log for a noteable (null if none retained). */
  async oldestRetainedSeq(type: NoteableType, id: number): Promise<number | null> {
    const rows: Array<{ min: number | null }> = await this.ds.query(
      'SELECT min(seq) AS min FROM issue_events WHERE noteable_type = $1 AND noteable_id = $2',
      [type, id],
    );
    return rows[0]?.min ?? null;
  }

  /** Deletes events older than the retention window; returns how many. */
  async prune(olderThanMs: number): Promise<number> {
    const [, count] = (await this.ds.query(`DELETE FROM issue_events WHERE created_at < now() - ($1 || ' milliseconds')::interval`, [
      String(Math.floor(olderThanMs)),
    ])) as [unknown, number];
    return count;
  }
}
