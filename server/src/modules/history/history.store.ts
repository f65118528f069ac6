import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SEQ_TABLE } from '../../core/realtime/event-append';
import {
  applyHistoryEvent,
  emptyHistoryState,
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

  async headSeq(n: NoteableKey): Promise<number> {
    const rows: Array<{ event_seq: number }> = await this.ds.query(`SELECT event_seq FROM ${SEQ_TABLE[n.type]} WHERE id = $1`, [n.id]);
    return rows[0]?.event_seq ?? 0;
  }

  /** The state the pruned prefix of the log replays to (null: nothing was pruned). */
  async snapshot(n: NoteableKey, db: Db = this.ds): Promise<{ seq: number; state: HistoryState } | null> {
    const rows: Array<{ seq: number; state: HistoryState }> = await db.query('SELECT seq, state FROM history_snapshots WHERE noteable_type = $1 AND noteable_id = $2', [n.type, n.id]);
    return rows[0] ?? null;
  }

  /** Every resource event of one kind, compacted ones first, then those the retained log makes, by id. */
  async resourceEvents(n: NoteableKey, kind: ResourceEventKind): Promise<ResourceEventRecord[]> {
    const compacted: Array<{ id: string; actor: UserBasic | null; change: ResourceChange; created_at: Date }> = await this.ds.query(
      'SELECT id, actor, change, created_at FROM resource_events WHERE noteable_type = $1 AND noteable_id = $2 AND kind = $3 ORDER BY id',
      [n.type, n.id, kind],
    );
    const out: ResourceEventRecord[] = compacted.map((r) => ({ id: Number(r.id), actor: r.actor, createdAt: r.created_at.toISOString(), change: r.change }));
    const snap = await this.snapshot(n);
    let state = snap?.state ?? emptyHistoryState();
    // Only the events that can make one: the fields and labels they compare are all they change
    for (let after = snap?.seq ?? 0; ; ) {
      const chunk = await this.eventsAfter(n, after, HISTORY_CHUNK, RESOURCE_EVENT_SOURCES);
      for (const { rowId, event } of chunk) {
        resourceChangesOf(state, event).forEach((change, k) => {
          if (change.kind === kind) out.push({ id: rowId * RESOURCE_EVENT_ID_STRIDE + k, actor: event.actor, createdAt: event.at, change });
        });
        state = applyHistoryEvent(state, event);
      }
      if (chunk.length < HISTORY_CHUNK) break;
      after = chunk[chunk.length - 1]!.event.seq;
    }
    return out;
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
        after = chunk[chunk.length - 1]!.event.seq;
      }
      await m.query(
        `INSERT INTO history_snapshots (noteable_type, noteable_id, seq, state) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (noteable_type, noteable_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, compacted_at = now()
         WHERE history_snapshots.seq < excluded.seq`,
        [n.type, n.id, state.seq, JSON.stringify(state)],
      );
    });
  }
}
