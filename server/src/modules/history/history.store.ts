import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { countHistoryReplayed } from '../../core/metrics/metrics';
import { SEQ_TABLE } from '../../core/realtime/event-append';
import {
  applyHistoryEvent,
  emptyHistoryState,
  HISTORY_CHECKPOINT_EVERY,
  RESOURCE_EVENT_ID_STRIDE,
  RESOURCE_EVENT_SOURCES,
  resourceChangesOf,
  type AnyRealtimeEvent,
  type EventIssueRef,
  type EventType,
  type HistoryState,
  type NoteableType,
  type ResourceChange,
  type ResourceEventKind,
  type UserBasic,
} from '@tandem/shared-types';

/** One event of the log with the id of its row (resource event ids come from it). */
export interface LoggedEvent {
  rowId: number;
  event: AnyRealtimeEvent;
}

/** A resource event as the API lists it, before its REST shape. */
export interface ResourceEventRecord {
  id: number;
  actor: UserBasic | null;
  createdAt: string;
  change: ResourceChange;
}

export interface NoteableKey {
  type: NoteableType;
  id: number;
}

/** Events read at once: the most of one noteable's log the server holds in memory (replay and compaction alike). */
export const HISTORY_CHUNK = 1000;

type Db = DataSource | EntityManager;

/**
 * The history's reads of the event log (written only by core/realtime's one writer) and the
 * compacted form pruning leaves behind (history_snapshots, resource_events).
 */
@Injectable()
export class HistoryStore {
  /** Seqs between checkpoints (HISTORY_CHECKPOINT_EVERY; a test sets fewer). */
  checkpointEvery = HISTORY_CHECKPOINT_EVERY;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Events with after < seq, in seq order, at most `limit`; only `types` when given. */
  async eventsAfter(n: NoteableKey, after: number, limit: number, types?: readonly EventType[], db: Db = this.ds, upTo = 2_147_483_647): Promise<LoggedEvent[]> {
    const rows: Array<{ id: string; seq: number; type: EventType; payload: { payload: unknown; actor: UserBasic | null; issue: EventIssueRef }; created_at: Date }> = await db.query(
      `SELECT id, seq, type, payload, created_at FROM issue_events
       WHERE noteable_type = $1 AND noteable_id = $2 AND seq > $3 AND seq <= $4 ${types ? 'AND type = ANY($6)' : ''} ORDER BY seq LIMIT $5`,
      [n.type, n.id, after, upTo, limit, ...(types ? [types] : [])],
    );
    return rows.map((r) => ({
      rowId: Number(r.id),
      event: { type: r.type, seq: r.seq, issue: r.payload.issue, payload: r.payload.payload, actor: r.payload.actor, at: r.created_at.toISOString() } as AnyRealtimeEvent,
    }));
  }

  async headSeq(n: NoteableKey, db: Db = this.ds): Promise<number> {
    const rows: Array<{ event_seq: number }> = await db.query(`SELECT event_seq FROM ${SEQ_TABLE[n.type]} WHERE id = $1`, [n.id]);
    return rows[0]?.event_seq ?? 0;
  }

  /** The state the pruned prefix of the log replays to (null: nothing was pruned). */
  async snapshot(n: NoteableKey, db: Db = this.ds): Promise<{ seq: number; state: HistoryState } | null> {
    const rows: Array<{ seq: number; state: HistoryState }> = await db.query('SELECT seq, state FROM history_snapshots WHERE noteable_type = $1 AND noteable_id = $2', [n.type, n.id]);
    return rows[0] ?? null;
  }

  /** The seq of the last event at or before `at` (null: none is, in the retained log). */
  async seqAt(n: NoteableKey, at: Date): Promise<number | null> {
    const rows: Array<{ seq: number | null }> = await this.ds.query('SELECT max(seq) AS seq FROM issue_events WHERE noteable_type = $1 AND noteable_id = $2 AND created_at <= $3', [n.type, n.id, at]);
    return rows[0]?.seq ?? null;
  }

  /** The nearest kept state at or before `seq`: a checkpoint, the compacted snapshot, or the empty start. */
  private async nearestKept(n: NoteableKey, seq: number, db: Db): Promise<HistoryState> {
    const [cp, snap] = await Promise.all([
      db.query('SELECT seq, state FROM history_checkpoints WHERE noteable_type = $1 AND noteable_id = $2 AND seq <= $3 ORDER BY seq DESC LIMIT 1', [n.type, n.id, seq]) as Promise<Array<{ seq: number; state: HistoryState }>>,
      this.snapshot(n, db),
    ]);
    return [cp[0], snap].reduce<HistoryState>((best, c) => (c && c.seq <= seq && c.seq >= best.seq ? c.state : best), emptyHistoryState());
  }

  /** Replays the log of `n` from `state` up to `seq`, HISTORY_CHUNK events at a time; `chunkDone` sees the states at checkpoint seqs of each chunk. */
  private async replay(n: NoteableKey, state: HistoryState, seq: number, db: Db, chunkDone?: (checkpoints: HistoryState[]) => Promise<void>): Promise<{ state: HistoryState; replayed: number }> {
    let replayed = 0;
    for (let after = state.seq; after < seq; ) {
      const chunk = await this.eventsAfter(n, after, HISTORY_CHUNK, undefined, db, seq);
      if (!chunk.length) break;
      const made: HistoryState[] = [];
      for (const { event } of chunk) {
        state = applyHistoryEvent(state, event);
        if (event.seq % this.checkpointEvery === 0) made.push(state);
      }
      replayed += chunk.length;
      if (chunkDone && made.length) await chunkDone(made);
      after = chunk[chunk.length - 1]!.event.seq;
    }
    return { state, replayed };
  }

  /**
   * The state after `seq` (at or after where the history starts: the compacted snapshot's seq):
   * from the nearest checkpoint or snapshot at or before it, so at most `checkpointEvery` events
   * once the checkpoint job (writeCheckpoints) has run. A read never writes a checkpoint: the
   * events it replays are counted (tandem_history_replayed_events_total{by="read"}).
   */
  async stateAt(n: NoteableKey, seq: number, db: Db = this.ds): Promise<HistoryState> {
    const { state, replayed } = await this.replay(n, await this.nearestKept(n, seq, db), seq, db);
    countHistoryReplayed('read', replayed);
    return state;
  }

  /**
   * The checkpoint job's work (HistoryCheckpointJob): keeps the state at every checkpoint seq up
   * to the log's head that is not kept yet, replayed from the last one kept, each chunk's
   * checkpoints written as it is done (a job that dies keeps its progress). Never one at or below
   * the compacted snapshot (a compaction meanwhile deletes those). Returns the events replayed.
   */
  async writeCheckpoints(n: NoteableKey): Promise<number> {
    const target = Math.floor((await this.headSeq(n)) / this.checkpointEvery) * this.checkpointEvery;
    if (target <= 0) return 0;
    const from = await this.nearestKept(n, target, this.ds);
    if (from.seq >= target) return 0;
    const { replayed } = await this.replay(n, from, target, this.ds, async (made) => {
      await this.ds.query(
        `INSERT INTO history_checkpoints (noteable_type, noteable_id, seq, state)
         SELECT $1::varchar, $2::int, c.seq, c.state FROM unnest($3::int[], $4::jsonb[]) AS c(seq, state)
         WHERE NOT EXISTS (SELECT 1 FROM history_snapshots s WHERE s.noteable_type = $1::varchar AND s.noteable_id = $2::int AND s.seq >= c.seq)
         ON CONFLICT DO NOTHING`,
        [n.type, n.id, made.map((m) => m.seq), made.map((m) => JSON.stringify(m))],
      );
    });
    countHistoryReplayed('job', replayed);
    return replayed;
  }

  /**
   * One page of the resource events of one kind, and how many there are, in SQL: the log's
   * events up to its head are first derived into `resource_events` (once; `resource_event_marks`
   * says how far), beside those its pruning compacted there, ids as before.
   */
  async resourceEvents(n: NoteableKey, kind: ResourceEventKind, page: { limit: number; offset: number } | { id: number }): Promise<{ total: number; rows: ResourceEventRecord[] }> {
    await this.deriveResourceEvents(n);
    const where = 'noteable_type = $1 AND noteable_id = $2 AND kind = $3';
    const rows: Array<{ id: string; actor: UserBasic | null; change: ResourceChange; created_at: Date }> =
      'id' in page
        ? await this.ds.query(`SELECT id, actor, change, created_at FROM resource_events WHERE ${where} AND id = $4`, [n.type, n.id, kind, page.id])
        : await this.ds.query(`SELECT id, actor, change, created_at FROM resource_events WHERE ${where} ORDER BY id LIMIT $4 OFFSET $5`, [n.type, n.id, kind, page.limit, page.offset]);
    const total = 'id' in page ? rows.length : Number(((await this.ds.query(`SELECT count(*) AS n FROM resource_events WHERE ${where}`, [n.type, n.id, kind])) as Array<{ n: string }>)[0]!.n);
    return { total, rows: rows.map((r) => ({ id: Number(r.id), actor: r.actor, createdAt: r.created_at.toISOString(), change: r.change })) };
  }

  /** Derives the resource events of the log after the mark up to its head (one transaction, under the compaction's lock). */
  async deriveResourceEvents(n: NoteableKey): Promise<void> {
    const mark = async (db: Db) => Number(((await db.query('SELECT seq FROM resource_event_marks WHERE noteable_type = $1 AND noteable_id = $2', [n.type, n.id])) as Array<{ seq: number }>)[0]?.seq ?? 0);
    const [done, head] = await Promise.all([mark(this.ds), this.headSeq(n)]);
    if (done >= head) return;
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`history:${n.type}:${n.id}`]);
      const snap = await this.snapshot(n, m);
      const from = Math.max(await mark(m), snap?.seq ?? 0);
      const upTo = await this.headSeq(n, m);
      if (from >= upTo) return;
      // Only the events that can make one: the fields and labels they compare are all they change
      let state = await this.stateAt(n, from, m);
      for (let after = from; after < upTo; ) {
        const chunk = await this.eventsAfter(n, after, HISTORY_CHUNK, RESOURCE_EVENT_SOURCES, m, upTo);
        if (!chunk.length) break;
        state = await this.insertResourceEvents(m, n, state, chunk);
        after = chunk[chunk.length - 1]!.event.seq;
      }
      await m.query(
        `INSERT INTO resource_event_marks (noteable_type, noteable_id, seq) VALUES ($1, $2, $3)
         ON CONFLICT (noteable_type, noteable_id) DO UPDATE SET seq = GREATEST(resource_event_marks.seq, excluded.seq)`,
        [n.type, n.id, upTo],
      );
    });
  }

  /** Writes the resource events `chunk` makes from `state` (ids from the log rows: a second write of the same is nothing); the state after it. */
  private async insertResourceEvents(m: Db, n: NoteableKey, state: HistoryState, chunk: readonly LoggedEvent[]): Promise<HistoryState> {
    const made: Array<[number, number, ResourceChange, UserBasic | null, string]> = [];
    for (const { rowId, event } of chunk) {
      resourceChangesOf(state, event).forEach((c, k) => made.push([rowId * RESOURCE_EVENT_ID_STRIDE + k, event.seq, c, event.actor, event.at]));
      state = applyHistoryEvent(state, event);
    }
    if (made.length) {
      await m.query(
        `INSERT INTO resource_events (id, noteable_type, noteable_id, seq, kind, actor, change, created_at)
         SELECT r.id, $1, $2, r.seq, r.change->>'kind', r.actor, r.change, r.created_at
         FROM unnest($3::bigint[], $4::int[], $5::jsonb[], $6::jsonb[], $7::timestamptz[]) AS r(id, seq, change, actor, created_at)
         ON CONFLICT (id) DO NOTHING`,
        [n.type, n.id, made.map((x) => x[0]), made.map((x) => x[1]), made.map((x) => JSON.stringify(x[2])), made.map((x) => JSON.stringify(x[3])), made.map((x) => x[4])],
      );
    }
    return state;
  }

  /** Noteables with events older than `cutoff`, and the last seq of those events. */
  async compactable(cutoff: Date): Promise<Array<NoteableKey & { upTo: number }>> {
    const rows: Array<{ noteable_type: NoteableType; noteable_id: number; up_to: number }> = await this.ds.query(
      'SELECT noteable_type, noteable_id, max(seq) AS up_to FROM issue_events WHERE created_at < $1 GROUP BY noteable_type, noteable_id',
      [cutoff],
    );
    return rows.map((r) => ({ type: r.noteable_type, id: r.noteable_id, upTo: Number(r.up_to) }));
  }

  /**
   * Folds the log of `n` up to `upTo` into its snapshot and resource events, in one
   * transaction (a concurrent compaction of the same noteable waits, then finds it done).
   */
  async compact(n: NoteableKey, upTo: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`history:${n.type}:${n.id}`]);
      const snap = await this.snapshot(n, m);
      if (snap && snap.seq >= upTo) return;
      let state = snap?.state ?? emptyHistoryState();
      for (let after = snap?.seq ?? 0; after < upTo; ) {
        const chunk = await this.eventsAfter(n, after, HISTORY_CHUNK, undefined, m, upTo);
        if (!chunk.length) break;
        state = await this.insertResourceEvents(m, n, state, chunk);
        after = chunk[chunk.length - 1]!.event.seq;
      }
      await m.query(
        `INSERT INTO history_snapshots (noteable_type, noteable_id, seq, state) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (noteable_type, noteable_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, compacted_at = now()
         WHERE history_snapshots.seq < excluded.seq`,
        [n.type, n.id, state.seq, JSON.stringify(state)],
      );
      // The history starts at the snapshot now: checkpoints up to it serve nothing
      await m.query('DELETE FROM history_checkpoints WHERE noteable_type = $1 AND noteable_id = $2 AND seq <= $3', [n.type, n.id, state.seq]);
    });
  }
}
