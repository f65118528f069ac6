import { Inject, Injectable, Logger } from '@nestjs/common';
import { REALTIME, roomFor, type AnyRealtimeEvent, type NoteableType } from '@tandem/shared-types';
import type { BusEvent } from '../../core/realtime/event-bus';
import { EVENT_AUDIENCE, type AudienceCheck, type EventAudience } from '../../core/realtime/event-audience';
import { EventLogService } from '../../core/realtime/event-log.service';
import type { NoteableAccess, NoteableGrant } from '../../core/realtime/noteable-access';
import { emitTo, isRestricted, NoteableRoom, type Io, type Subscription, type TandemSocket } from './noteable-room';
import { RoomAccess } from './room-access.service';
import { RoomRegistry } from './room-registry';
import { countEventsDelivered, observeDeliveryLag } from '../../core/metrics/metrics';
import { TurnBatch } from '../../core/database/turn-batch';

/** Wait this long for an out-of-order bus event before reading the gap from the log. */
const GAP_WAIT_MS = 40;
/** With a lossy bus (Redis), rooms are checked against the log this often. */
const SWEEP_MS = 2000;
/** Room heads read by one statement, at most (an `id = ANY($1)` of primary keys). */
const HEADS_READ_MAX = 1000;
/**
 * Heartbeats are spread over this many rooms, one room per tick (REALTIME.heartbeatMs / N):
 * every socket still hears one every heartbeatMs, but the node never writes to all of its
 * sockets in one go (10,000 writes at once hold the event loop for hundreds of ms on a small
 * machine, and every issue event queued behind them waits).
 */
const HEARTBEAT_BUCKETS = 12;
// The names exist once: every socket's room set holds the same string, not a copy of its own
const HEARTBEAT_ROOMS = Array.from({ length: HEARTBEAT_BUCKETS }, (_, n) => `heartbeat:${n}`);
const heartbeatRoom = (n: number): string => HEARTBEAT_ROOMS[n % HEARTBEAT_BUCKETS]!;

type Emitter = { emit: (ev: string, payload: unknown) => boolean };

/** Who got what in one run of events delivered together (for the `updated` signal after it). */
interface Run {
  /** The last seq sent to every live member in one broadcast (null: none). */
  all: number | null;
  /** Members sent events one by one (some were withheld from others), and the last seq each got. */
  each: Map<Subscription, number>;
}

/**
 * Committed events from the bus to this node's rooms (docs/realtime.md "Guarantees"): per
 * room in seq order and without gaps (late or lost bus messages are read from the log), each
 * run followed by the `updated` signal; heartbeats to every socket.
 */
@Injectable()
export class RoomDelivery {
  private readonly logger = new Logger(RoomDelivery.name);
  private io!: Io;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatTick = 0;
  private connections = 0;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private closing = false;

  constructor(
    private readonly log: EventLogService,
    private readonly rooms: RoomRegistry,
    private readonly access: RoomAccess,
    @Inject(EVENT_AUDIENCE) private readonly audience: EventAudience,
  ) {}

  start(io: Io, lossyBus: boolean): void {
    this.io = io;
    this.heartbeat = setInterval(() => {
      this.io.local.to(heartbeatRoom(this.heartbeatTick++)).emit('heartbeat', Date.now());
    }, REALTIME.heartbeatMs / HEARTBEAT_BUCKETS);
    this.heartbeat.unref();
    if (lossyBus) {
      this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    }
  }

  stop(): void {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sweeper) clearInterval(this.sweeper);
    for (const room of this.rooms.all()) this.rooms.close(room);
  }

  /** Each socket hears heartbeats from one of the buckets. */
  joinHeartbeat(socket: TandemSocket): void {
    void socket.join(heartbeatRoom(this.connections++));
  }

  /** The room of a noteable, opened on first use: its head is read once bus events are kept. */
  roomFor(grant: NoteableGrant, access: NoteableAccess): NoteableRoom {
    const existing = this.rooms.get(roomFor(grant.noteable.type, grant.noteable.id));
    if (existing) return existing;
    const room = new NoteableRoom(grant, access);
    room.wake = () => void this.drain(room);
    this.rooms.add(room);
    // Read the head after the room exists: bus events from now on are kept in `pending`
    room.ready = this.headOf(room.noteable.type, room.noteable.id).then(
      (head) => {
        room.seq = head ?? grant.seq;
        room.dropStale();
        void this.drain(room);
      },
      (err: unknown) => {
        this.logger.error({ err }, 'room init failed');
        room.seq = grant.seq;
        room.dropStale();
      },
    );
    return room;
  }

  /** Heads asked for in one turn of the event loop, by type: one read for all of them (core/database/turn-batch.ts). */
  private readonly heads = new Map<NoteableType, TurnBatch<number, number | undefined>>();

  /**
   * A noteable's committed head seq (undefined when it no longer exists). Rooms opened in the same
   * turn (a restart's reconnections) share one statement instead of one each; it runs after the
   * turn, so each room exists, keeping bus events, before its head is read.
   */
  private headOf(type: NoteableType, id: number): Promise<number | undefined> {
    let batch = this.heads.get(type);
    if (!batch) {
      batch = new TurnBatch(HEADS_READ_MAX, async (ids) => {
        const seqs = await this.log.currentSeqs(type, [...new Set(ids)]);
        return ids.map((i) => seqs.get(i));
      });
      this.heads.set(type, batch);
    }
    return batch.ask(id);
  }

  onBusEvents(batch: readonly BusEvent[]): void {
    const touched = new Set<NoteableRoom>();
    for (const b of batch) {
      const room = this.rooms.get(roomFor(b.noteableType, b.noteableId));
      const access = room?.access ?? this.access.accessFor(b.noteableType);
      if (!access) continue;
      if (access.changesAccess(b.event) || b.event.type === 'issue.deleted') this.access.forget(b.noteableType, b.noteableId);
      if (room && room.offer(b.event)) touched.add(room);
    }
    for (const room of touched) void this.drain(room);
  }

  /** Broadcasts pending events in seq order; a missing one is waited for, then read from the log. */
  async drain(room: NoteableRoom): Promise<void> {
    if (room.draining || room.seq === null || room.closed) return;
    room.draining = true;
    try {
      // An access change announced by a control message: re-check before anything else goes out
      await this.access.recheckIfAsked(room);
      const run: Run = { all: null, each: new Map() };
      for (let e = room.pending.get(room.seq + 1); e; e = room.pending.get(room.seq + 1)) {
        // A submitted review's notes, all here and for every member alike: one message
        const whole = this.wholeBatch(room, e);
        if (whole) {
          for (const b of whole) room.pending.delete(b.seq);
          this.broadcastBatch(room, whole, run);
          room.seq = whole[whole.length - 1]!.seq;
          continue;
        }
        room.pending.delete(e.seq);
        if (room.checkedTx !== e.at && room.txChangesAccess(e, (s) => room.pending.get(s))) {
          room.checkedTx = e.at;
          // Whatever way the event came (bus, gap fill, sweep): no cached check may outlive it
          this.access.forget(room.noteable.type, room.noteable.id);
          room.needsRecheck = true;
        }
        const check = this.audience.restrict(room.noteable.type, e);
        const allowed = new Map<Subscription, boolean>();
        // Until every live member has its answer (members may join while we wait)
        do {
          if (check) await this.checkMembers(room, check, allowed);
          await this.access.recheckIfAsked(room);
          if (room.closed) return;
        } while (check && [...room.members.values()].some((m) => m.live && !allowed.has(m)));
        // Synchronous from the last await: broadcast and advance together
        this.broadcast(room, e, check ? allowed : null, run);
        room.seq = e.seq;
        if (e.type === 'issue.deleted') {
          this.signalUpdated(room, run);
          for (const sub of [...room.members.values()]) this.rooms.revoke(sub, 'deleted');
          this.rooms.close(room);
          return;
        }
      }
      // The spec's plain signal, once per contiguous run (normally one per transaction)
      this.signalUpdated(room, run);
      if (room.pending.size) this.scheduleGapFill(room);
      else if (room.gapTimer) {
        clearTimeout(room.gapTimer);
        room.gapTimer = null;
      }
    } catch (err) {
      this.logger.error({ err }, 'room delivery failed');
    } finally {
      room.draining = false;
    }
    // Events (or access changes) that arrived while we were re-checking access
    if (!room.closed && (room.pending.has(room.seq + 1) || room.needsRecheck)) void this.drain(room);
  }

  /** Checks every room this node holds against the committed heads (the bus may have lost messages). */
  async sweep(): Promise<void> {
    if (this.sweeping || !this.rooms.size) return;
    this.sweeping = true;
    try {
      const byType = new Map<NoteableRoom['noteable']['type'], NoteableRoom[]>();
      for (const r of this.rooms.all()) if (r.seq !== null) byType.set(r.noteable.type, [...(byType.get(r.noteable.type) ?? []), r]);
      await Promise.all(
        [...byType].map(async ([type, rooms]) => {
          const heads = await this.log.currentSeqs(type, rooms.map((r) => r.noteable.id));
          await Promise.all(
            rooms.map((room) => {
              const head = heads.get(room.noteable.id);
              // A deleted noteable has no head: its log still ends with its deletion
              if (head === undefined) return this.fillFromLog(room, 2_147_483_647);
              return head > room.seq! ? this.fillFromLog(room, head) : undefined;
            }),
          );
        }),
      );
    } catch (err) {
      // during shutdown the database goes away under a sweep in flight: nothing to report
      if (!this.closing) this.logger.warn({ err }, 'sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * The spec's plain signal, once per run of events delivered together, to those who got
   * something in it, with the last seq they got: a run withheld from a member tells it nothing.
   */
  private signalUpdated(room: NoteableRoom, run: Run): void {
    const { project_path, iid } = room.noteable.ref;
    if (!run.each.size) {
      if (run.all !== null) this.io.local.to(room.key).emit('updated', { event: 'updated', project_path, iid, seq: run.all });
      return;
    }
    for (const sub of room.members.values()) {
      const seq = Math.max(run.each.get(sub) ?? -1, sub.live ? (run.all ?? -1) : -1);
      if (seq >= 0) sub.socket.emit('updated', { event: 'updated', project_path, iid, seq });
    }
  }

  /**
   * One event to the room's live members. Nearly always one broadcast. When some member may
   * not receive it (an internal note and a guest, a note naming what they may not read), or
   * some member is owed a `prev`, it goes member by member: those who may not receive it get
   * nothing, and their next event carries `prev` (noteable-room.ts, emitTo).
   */
  private broadcast(room: NoteableRoom, e: AnyRealtimeEvent, allowed: ReadonlyMap<Subscription, boolean> | null, run: Run): void {
    countEventsDelivered();
    observeDeliveryLag(e.at);
    const restricted = isRestricted(e);
    if (!restricted && !allowed && !room.owed.size) {
      (this.io.local.to(room.key) as unknown as Emitter).emit(e.type, e);
      run.all = e.seq;
      return;
    }
    for (const sub of room.members.values()) {
      if (!sub.live) continue;
      if ((!restricted || sub.privileged) && (!allowed || allowed.get(sub) === true)) {
        emitTo(sub.socket, e, room.owed.get(sub));
        room.owed.delete(sub);
        run.each.set(sub, e.seq);
      } else if (!room.owed.has(sub)) {
        room.owed.set(sub, e.seq - 1);
      }
    }
  }

  /**
   * The events of a batch (note.created events marked `batch` {index, size}: a submitted review)
   * starting at `e`, when every one of them is pending and each would go to every live member in
   * one broadcast anyway: none is an internal note or has an audience rule, nobody is owed a
   * `prev`, no re-check is due and the transaction changes no access. Otherwise null, and the
   * events go one by one as any others.
   */
  private wholeBatch(room: NoteableRoom, e: AnyRealtimeEvent): AnyRealtimeEvent[] | null {
    if (e.type !== 'note.created') return null;
    const size = e.payload.batch?.size ?? 0;
    if (size < 2 || e.payload.batch!.index !== 1 || room.owed.size || room.needsRecheck) return null;
    const events: AnyRealtimeEvent[] = [];
    for (let k = 0; k < size; k++) {
      const b = room.pending.get(e.seq + k);
      if (!b || b.type !== 'note.created' || b.at !== e.at || b.payload.batch?.index !== k + 1 || b.payload.batch.size !== size) return null;
      if (isRestricted(b) || this.audience.restrict(room.noteable.type, b)) return null;
      events.push(b);
    }
    return room.txChangesAccess(e, (s) => room.pending.get(s)) ? null : events;
  }

  /** A whole batch to the room's live members in one message (`batch`); the log keeps each event for replay. */
  private broadcastBatch(room: NoteableRoom, events: AnyRealtimeEvent[], run: Run): void {
    countEventsDelivered(events.length);
    observeDeliveryLag(events[0]!.at);
    this.io.local.to(room.key).emit('batch', { ...room.where, events });
    run.all = events[events.length - 1]!.seq;
  }

  /** Asks the audience check for every live member without an answer yet (a failed check withholds: fail closed). */
  private async checkMembers(room: NoteableRoom, check: AudienceCheck, answers: Map<Subscription, boolean>): Promise<void> {
    const todo = [...room.members.values()].filter((m) => m.live && !answers.has(m));
    const results = await Promise.all(
      todo.map((m) =>
        check(m.socket.data.actor).catch((err: unknown) => {
          this.logger.warn({ err }, 'audience check failed; event withheld');
          return false;
        }),
      ),
    );
    todo.forEach((m, i) => answers.set(m, results[i]!));
  }

  private scheduleGapFill(room: NoteableRoom): void {
    if (room.gapTimer || room.closed) return;
    room.gapTimer = setTimeout(() => {
      room.gapTimer = null;
      void this.fillFromLog(room);
    }, GAP_WAIT_MS);
  }

  /** Reads the events this node missed for a room (lost or late bus messages). */
  private async fillFromLog(room: NoteableRoom, upTo?: number): Promise<void> {
    if (room.closed || room.seq === null) return;
    const target = upTo ?? Math.max(...room.pending.keys());
    if (!(target > room.seq)) return;
    try {
      let from = room.seq;
      while (from < target) {
        const events = await this.log.eventsAfter(room.noteable.type, room.noteable.id, from, 1000, target);
        if (!events.length) break;
        for (const e of events) room.offer(e);
        from = events[events.length - 1]!.seq;
      }
      if (room.seq !== null && room.pending.size && !room.pending.has(room.seq + 1)) {
        // The log does not have it either (pruned): skip ahead rather than stall the room
        const next = Math.min(...room.pending.keys());
        this.logger.warn(`room ${room.key}: events ${room.seq + 1}..${next - 1} missing from the log; skipping`);
        room.seq = next - 1;
      }
    } catch (err) {
      this.logger.warn({ err }, 'gap fill failed; retrying');
      this.scheduleGapFill(room);
      return;
    }
    await this.drain(room);
  }
}
