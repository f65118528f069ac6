import { Injectable } from '@nestjs/common';
import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';
import { BatchWindow, type BatchResult } from '../../core/realtime/batch-window';
import { EventLogService, type EventRange } from '../../core/realtime/event-log.service';

/** Reads asked within this window go to the database together. */
const WINDOW_MS = 5;
const BATCH_MAX = 500;
/** Events per replay page (a client further behind reads several pages). */
export const REPLAY_PAGE = 1000;

type Head = { type: NoteableType; id: number };

/**
 * The log reads of subscribing sockets, batched: after a node restart every watcher comes back
 * within seconds and each opens or joins a room (its head) and replays what it missed (a range).
 * Rooms opened within a few milliseconds read their heads in one statement, and the replays
 * of many rooms are one statement too (EventLogService.eventsAfterMany).
 */
@Injectable()
export class LogReads {
  private readonly heads: BatchWindow<Head, number | null>;
  private readonly ranges: BatchWindow<EventRange, AnyRealtimeEvent[]>;

  constructor(log: EventLogService) {
    this.heads = new BatchWindow(
      async (items) => {
        const byType = new Map<NoteableType, number[]>();
        for (const h of items) byType.set(h.type, [...(byType.get(h.type) ?? []), h.id]);
        const found = new Map<string, number>();
        for (const [type, ids] of byType) for (const [id, seq] of await log.currentSeqs(type, ids)) found.set(`${type}:${id}`, seq);
        return items.map((h): BatchResult<number | null> => ({ ok: true, value: found.get(`${h.type}:${h.id}`) ?? null }));
      },
      (h) => `${h.type}:${h.id}`,
      { windowMs: WINDOW_MS, max: BATCH_MAX },
    );
    this.ranges = new BatchWindow(
      async (items) => (await log.eventsAfterMany(items, REPLAY_PAGE)).map((value): BatchResult<AnyRealtimeEvent[]> => ({ ok: true, value })),
      (r) => `${r.type}:${r.id}:${r.after}:${r.upTo}`,
      { windowMs: WINDOW_MS, max: BATCH_MAX },
    );
  }

  /** The committed head seq of a noteable (null: it no longer exists). */
  head(type: NoteableType, id: number): Promise<number | null> {
    return this.heads.load({ type, id });
  }

  /** Up to REPLAY_PAGE events of a noteable with after < seq <= upTo, in order. */
  eventsAfter(range: EventRange): Promise<AnyRealtimeEvent[]> {
    return this.ranges.load(range);
  }
}
