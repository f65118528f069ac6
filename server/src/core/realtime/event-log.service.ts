import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnyRealtimeEvent, EventIssueRef, EventType, NoteableType, UserBasic } from '@tandem/shared-types';
import { pgPool } from '../database/pg-pool';
import { TurnBatch } from '../database/turn-batch';
import { countEventsPublished } from '../metrics/metrics';
import { SEQ_TABLE } from './event-append';
import { EVENT_BUS, type BusEvent, type EventBus } from './event-bus';
import { StatementTx, Tx, type SqlClient } from './write-tx';

export { SEQ_TABLE, type Noteable } from './event-append';
export { StatementTx, Tx, type SqlClient } from './write-tx';

/** Listeners run on this node right after a commit and its bus publish (e.g. the ETag cache). */
export type CommitListener = (events: readonly BusEvent[]) => void | Promise<void>;

/** Listeners for the users a committed transaction touched (Tx.touchedUsers); not awaited by the writer. */
export type UsersTouchedListener = (userIds: readonly number[]) => void;

/** Runs before the log loses the events older than `cutoff` (the history compacts them); a failure stops the prune. */
export type PruneListener = (cutoff: Date) => Promise<void>;

/** A row of the log as the replay reads it. */
type LogRow = { seq: number; type: EventType; payload: { payload: unknown; actor: UserBasic | null; issue: EventIssueRef }; created_at: Date };

const eventOfRow = (r: LogRow): AnyRealtimeEvent =>
  ({ type: r.type, seq: r.seq, issue: r.payload.issue, payload: r.payload.payload, actor: r.payload.actor, at: r.created_at.toISOString() }) as AnyRealtimeEvent;

/** One of eventsAfterInTurn's reads. */
interface ReplayRead {
  type: NoteableType;
  id: number;
  after: number;
  limit: number;
  upTo: number;
}

/** Replay reads of one turn in one statement, at most (eventsAfterInTurn). */
const REPLAY_TURN_MAX = 200;

@Injectable()
export class EventLogService {
  private readonly logger = new Logger(EventLogService.name);
  private readonly commitListeners: CommitListener[] = [];
  private readonly usersTouchedListeners: UsersTouchedListener[] = [];
  private readonly pruneListeners: PruneListener[] = [];
  /** eventsAfterInTurn's reads of one turn of the event loop, read together. */
  private readonly replaysInTurn = new TurnBatch(REPLAY_TURN_MAX, (part: readonly ReplayRead[]) => this.replays(part));

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  onCommit(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  onBeforePrune(listener: PruneListener): void {
    this.pruneListeners.push(listener);
  }

  onUsersTouched(listener: UsersTouchedListener): void {
    this.usersTouchedListeners.push(listener);
  }

  private tellTouched(tx: StatementTx): void {
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
   * Runs `fn`, which writes in exactly ONE statement (atomic on its own; its events appended
   * by it, an EventStatement), on a pooled connection without BEGIN/COMMIT; the events are
   * published after it. `fn` gets a StatementTx: recording an event apart is a type error.
   */
  async autocommit<R>(fn: (tx: StatementTx) => Promise<R>): Promise<R> {
    // The pool checks a connection out for the one statement and back in (no TypeORM runner)
    const tx = new StatementTx(this.ds.manager, pgPool(this.ds));
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
    const rows: LogRow[] = await this.ds.query(
      `SELECT seq, type, payload, created_at FROM issue_events
         WHERE noteable_type = $1 AND noteable_id = $2 AND seq > $3 AND seq <= $4 ORDER BY seq LIMIT $5`,
      [type, id, after, upTo, limit],
    );
    return rows.map(eventOfRow);
  }

  /**
   * eventsAfter for a burst of callers (a restart's replays, one per room coming back): the reads
   * asked in one turn of the event loop are ONE statement, each answered with what eventsAfter
   * answers it. A read alone in its turn is eventsAfter's own statement.
   */
  eventsAfterInTurn(type: NoteableType, id: number, after: number, limit = 1000, upTo = 2_147_483_647): Promise<AnyRealtimeEvent[]> {
    return this.replaysInTurn.ask({ type, id, after, limit, upTo });
  }

  /** The events of each of eventsAfterInTurn's reads, in their order: eventsAfter's statement for one, one statement for more. */
  private async replays(part: readonly ReplayRead[]): Promise<AnyRealtimeEvent[][]> {
    if (part.length === 1) {
      const q = part[0]!;
      return [await this.eventsAfter(q.type, q.id, q.after, q.limit, q.upTo)];
    }
    const { rows } = await pgPool(this.ds).query<LogRow & { ord: number }>({
      name: 'events.after.many',
      text: `SELECT k.ord::int AS ord, e.seq, e.type, e.payload, e.created_at
        FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) WITH ORDINALITY AS k(type, id, after, upto, lim, ord)
        CROSS JOIN LATERAL (SELECT seq, type, payload, created_at FROM issue_events
          WHERE noteable_type = k.type AND noteable_id = k.id AND seq > k.after AND seq <= k.upto ORDER BY seq LIMIT k.lim) e
        ORDER BY k.ord, e.seq`,
      values: [part.map((q) => q.type), part.map((q) => q.id), part.map((q) => q.after), part.map((q) => q.upTo), part.map((q) => q.limit)],
    });
    const byRead: AnyRealtimeEvent[][] = part.map(() => []);
    for (const r of rows) byRead[r.ord - 1]!.push(eventOfRow(r));
    return byRead;
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

  /**
   * Deletes events older than the retention window; returns how many. The prune listeners see
   * the same cutoff first (what they keep of the events is kept before the events go); when one
   * fails nothing is deleted.
   */
  async prune(olderThanMs: number): Promise<number> {
    const [{ cutoff }] = (await this.ds.query(`SELECT now() - ($1 || ' milliseconds')::interval AS cutoff`, [String(Math.floor(olderThanMs))])) as [{ cutoff: Date }];
    for (const l of this.pruneListeners) await l(cutoff);
    const [, count] = (await this.ds.query(`DELETE FROM issue_events WHERE created_at < $1`, [cutoff])) as [unknown, number];
    return count;
  }
}
