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
import { EVENT_BUS, type BusEvent, type EventBus } from './event-bus';

/** Which table holds a noteable's sequence counter. */
const SEQ_TABLE: Record<NoteableType, string> = { Issue: 'issues', Epic: 'epics', MergeRequest: 'merge_requests' };

export interface Noteable {
  type: NoteableType;
  id: number;
  ref: EventIssueRef;
}

/** A write transaction that records events; they are published only after commit. */
export class Tx {
  readonly recorded: BusEvent[] = [];
  constructor(readonly manager: EntityManager) {}

  /**
   * Takes the noteable's next sequence number (the row lock also orders concurrent writers)
   * and appends the event to the log, inside this transaction.
   */
  async record<T extends EventType>(
    noteable: Noteable,
    type: T,
    payload: EventPayloads[T],
    actor: UserBasic | null,
  ): Promise<RealtimeEvent<T>> {
    const table = SEQ_TABLE[noteable.type];
    // One round trip: take the next seq (the row lock orders concurrent writers) and append
    const rows = (await this.manager.query(
      `WITH next AS (UPDATE ${table} SET event_seq = event_seq + 1 WHERE id = $1 RETURNING event_seq)
       INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id)
       SELECT $2, $1, next.event_seq, $3, $4, $5 FROM next RETURNING seq, created_at`,
      [noteable.id, noteable.type, type, JSON.stringify({ payload, actor, issue: noteable.ref }), actor?.id ?? null],
    )) as Array<{ seq: number; created_at: Date }>;
    const inserted = rows[0];
    if (!inserted) throw new Error(`${noteable.type} ${noteable.id} not found for event ${type}`);
    const seq = inserted.seq;
    const event = {
      type,
      seq,
      issue: noteable.ref,
      payload,
      actor,
      at: inserted.created_at.toISOString(),
    } as RealtimeEvent<T>;
    this.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event: event as AnyRealtimeEvent });
    return event;
  }
}

/** Listeners run on this node right after a commit and its bus publish (e.g. the ETag cache). */
export type CommitListener = (events: readonly BusEvent[]) => void | Promise<void>;

@Injectable()
export class EventLogService {
  private readonly logger = new Logger(EventLogService.name);
  private readonly commitListeners: CommitListener[] = [];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onCommit(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  /** Runs `fn` in one transaction; its recorded events are published after COMMIT. */
  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    let tx!: Tx;
    const result = await this.ds.transaction(async (manager) => {
      tx = new Tx(manager);
      return fn(tx);
    });
    if (tx.recorded.length) await this.publish(tx.recorded);
    return result;
  }

  private async publish(events: BusEvent[]): Promise<void> {
    // Synchronous local delivery, fire-and-forget to other nodes: a lost publish is repaired
    // from the log, so the request never waits on (or fails because of) the bus.
    this.bus.publish(events);
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
