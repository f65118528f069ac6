import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ERRORS,
  firstIssue,
  EPICS_CHANNEL,
  MERGE_REQUESTS_CHANNEL,
  ISSUES_CHANNEL,
  type StreamChannel,
  parseSubscribeRequest,
  parseUnsubscribeRequest,
  type AnyRealtimeEvent,
  type NoteableType,
  type ResyncSignal,
  type SubscribeAck,
} from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { EVENT_AUDIENCE, type EventAudience } from '../../core/realtime/event-audience';
import { EventLogService } from '../../core/realtime/event-log.service';
import type { NoteableGrant } from '../../core/realtime/noteable-access';
import { emitTo, isRestricted, SETTLED, type NoteableRoom, type Subscription, type TandemSocket } from './noteable-room';
import { RoomAccess } from './room-access.service';
import { RoomDelivery } from './room-delivery.service';
import { RoomRegistry } from './room-registry';

/** A client further behind than this refetches instead of replaying. */
const MAX_REPLAY = 5000;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/** Which noteables a channel streams (the port that checks them is looked up by type). */
const CHANNEL_NOTEABLE: Record<StreamChannel, NoteableType> = { [ISSUES_CHANNEL]: 'Issue', [EPICS_CHANNEL]: 'Epic', [MERGE_REQUESTS_CHANNEL]: 'MergeRequest' };

type Ack = (res: SubscribeAck) => void;

/**
 * A socket's `subscribe` and `unsubscribe` (docs/realtime.md "Socket protocol"): the payload
 * checked with the shared schema, access checked through the NoteableAccess port, then a replay
 * of `(after, room.seq]` from the log before the socket joins live delivery with no gap and no
 * repeat.
 */
@Injectable()
export class SubscribeService {
  private readonly logger = new Logger(SubscribeService.name);

  constructor(
    private readonly log: EventLogService,
    private readonly rooms: RoomRegistry,
    private readonly access: RoomAccess,
    private readonly delivery: RoomDelivery,
    @Inject(EVENT_AUDIENCE) private readonly audience: EventAudience,
  ) {}

  /** Registers the socket's handlers (after its handshake). */
  attach(socket: TandemSocket): void {
    // Policy: read_issue (the NoteableAccess port: IssueLoader.findReadable; re-checked when access changes)
    socket.on('subscribe', this.handlers.subscribe);
    // Policy: none (a socket only leaves its own subscriptions)
    socket.on('unsubscribe', this.handlers.unsubscribe);
    socket.on('disconnect', this.handlers.disconnect);
  }

  /** One set of handlers for every socket (the socket is `this`): no closures per socket. */
  private readonly handlers = ((svc: SubscribeService) => ({
    // Policy: read_issue (the NoteableAccess port: IssueLoader.findReadable; re-checked when access changes)
    subscribe(this: TandemSocket, raw: unknown, ack: unknown) {
      void svc.onSubscribe(this, raw, typeof ack === 'function' ? (ack as Ack) : () => undefined);
    },
    // Policy: none (a socket only leaves its own subscriptions)
    unsubscribe(this: TandemSocket, raw: unknown, ack: unknown) {
      const ok = svc.onUnsubscribe(this, raw);
      if (typeof ack === 'function') (ack as (res: { ok: boolean }) => void)({ ok });
    },
    disconnect(this: TandemSocket) {
      for (const sub of [...this.data.subs.values()]) svc.rooms.remove(sub);
    },
  }))(this);

  private onUnsubscribe(socket: TandemSocket, raw: unknown): boolean {
    const parsed = parseUnsubscribeRequest(raw);
    if (!parsed.success) return false;
    const { channel, ...target } = parsed.data;
    const access = this.access.accessFor(CHANNEL_NOTEABLE[channel]);
    if (!access) return false;
    const key = access.targetKey(target);
    let ok = false;
    for (const sub of socket.data.subs.values()) {
      if (sub.room.access === access && sub.room.targetKey === key) {
        this.rooms.remove(sub);
        ok = true;
      }
    }
    return ok;
  }

  private async onSubscribe(socket: TandemSocket, raw: unknown, ack: Ack): Promise<void> {
    const parsed = parseSubscribeRequest(raw);
    if (!parsed.success) return ack({ ok: false, code: 'invalid', message: firstIssue(parsed.error) });
    const { channel, after, ...target } = parsed.data;
    const access = this.access.accessFor(CHANNEL_NOTEABLE[channel]);
    if (!access) return ack({ ok: false, code: 'invalid', message: `channel ${channel} is not served` });
    let grant: NoteableGrant;
    const mark = this.access.mark;
    try {
      grant = await this.access.resolve(socket.data.actor, access, target);
    } catch (e) {
      if (e instanceof AppError) return ack({ ok: false, code: 'not_found', message: e.message });
      this.logger.error({ err: e }, 'subscribe failed');
      return ack({ ok: false, message: ERRORS.INTERNAL.message });
    }
    if (!socket.connected) return;
    const room = this.delivery.roomFor(grant, access);
    let sub = socket.data.subs.get(room.key);
    if (!sub) {
      if (socket.data.subs.size >= MAX_SUBSCRIPTIONS_PER_SOCKET)
        return ack({ ok: false, code: 'invalid', message: `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection` });
      sub = this.rooms.subscribe(socket, room);
    }
    sub.privileged = grant.abilities.readInternalNotes;
    const s = sub;
    // Access changed while the check ran (its answer may be stale, and the room's re-check may
    // have run before this member was in it): this member is checked again before it gets anything
    const recheck = this.access.changedSince(mark);
    const chain: Promise<void> = s.chain
      .then(async () => {
        if (recheck && !(await this.access.verify(s))) return ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
        return this.catchUp(s, after, ack);
      })
      .catch((err: unknown) => {
        this.logger.error({ err }, 'replay failed');
        ack({ ok: false, message: 'replay failed' });
      })
      // Nothing queued behind it: an idle subscription holds the shared settled promise, not its own
      .then(() => {
        if (s.chain === chain) s.chain = SETTLED;
      });
    s.chain = chain;
  }

  /** Replays (after, room.seq] from the log, then joins the live room with no gap and no repeat. */
  private async catchUp(sub: Subscription, after: number | undefined, ack: Ack): Promise<void> {
    const { room, socket } = sub;
    const gone = () => ack({ ok: false, code: 'not_found', message: ERRORS.ISSUE_NOT_FOUND.message });
    await room.ready;
    if (sub.cancelled || room.closed) return gone();
    // Stop live delivery while replaying: the replay covers everything up to room.seq
    this.rooms.leaveLive(sub);
    let from = room.seq!;
    let pruned = false;
    if (after !== undefined && after < room.seq!) {
      if (room.seq! - after > MAX_REPLAY) pruned = true;
      else from = after;
    }
    let replayed = 0;
    // Set while events are withheld from this member: the last seq it has (its next event says so)
    let owedPrev: number | null = null;
    for (let rounds = 0; !pruned && from < room.seq! && rounds < 50; rounds++) {
      const events = await this.replayPage(room, from, room.seq!);
      if (sub.cancelled) return gone();
      // The log no longer starts right after `from`: pruned (the client must refetch)
      if (!events.length || events[0]!.seq !== from + 1) {
        pruned = true;
        break;
      }
      const bySeq = new Map(events.map((e) => [e.seq, e]));
      let checkedTx: string | null = null;
      for (const e of events) {
        // Access may have changed at this point of the history: check again before going on
        if (checkedTx !== e.at && room.txChangesAccess(e, (s) => bySeq.get(s))) {
          checkedTx = e.at;
          if (!(await this.access.verify(sub))) return gone();
        }
        const check = this.audience.restrict(room.noteable.type, e);
        if ((!isRestricted(e) || sub.privileged) && (!check || (await check(socket.data.actor).catch(() => false)))) {
          emitTo(socket, e, owedPrev ?? undefined);
          owedPrev = null;
          replayed++;
        } else if (owedPrev === null) {
          owedPrev = e.seq - 1;
        }
        if (sub.cancelled) return gone();
        from = e.seq;
      }
    }
    if (sub.cancelled || room.closed) return gone();
    if (pruned || from < room.seq!) {
      const signal: ResyncSignal = { ...room.where, seq: room.seq!, reason: 'log_pruned' };
      socket.emit('resync', signal);
    }
    // Synchronously from here: join at room.seq, before any further broadcast can run
    this.rooms.joinLive(sub, owedPrev);
    ack({ ok: true, seq: room.seq!, replayed });
  }

  /**
   * One log read shared by every member replaying the same range at the same time (after a
   * node restart, all watchers of a noteable come back with the same `after`).
   */
  private replayPage(room: NoteableRoom, from: number, upTo: number): Promise<AnyRealtimeEvent[]> {
    const kept = keptPage(room, from, upTo);
    if (kept) return Promise.resolve(kept);
    const key = `${from}:${upTo}`;
    let p = room.replayReads.get(key);
    if (!p) {
      p = this.log.eventsAfterInTurn(room.noteable.type, room.noteable.id, from, REPLAY_PAGE, upTo);
      room.replayReads.set(key, p);
      const forget = () => room.replayReads.delete(key);
      p.then((events) => {
        forget();
        // A contiguous page from `from` on: later members replaying from inside it read it here
        if (!events.length || !events.every((e, i) => e.seq === from + 1 + i)) return;
        const page = { from, upTo, events, at: Date.now() };
        room.lastReplay = page;
        // Not held longer than it is used: an idle room keeps no page
        setTimeout(() => {
          if (room.lastReplay === page) room.lastReplay = null;
        }, REPLAY_KEEP_MS).unref();
      }, forget);
    }
    return p;
  }
}

/** Events per replay read. */
const REPLAY_PAGE = 1000;
/** How long a room keeps its last replay read (a restart's reconnections come within a few seconds). */
const REPLAY_KEEP_MS = 5000;

/**
 * What a log read of (from, upTo] would return, from the room's last replay read when that read
 * covers it: the same upper bound, a start at or before `from`, and events past `from` (a page cut
 * short by its size answers only up to its last event; the replay then reads on from there).
 */
function keptPage(room: NoteableRoom, from: number, upTo: number): AnyRealtimeEvent[] | null {
  const kept = room.lastReplay;
  if (!kept || kept.upTo !== upTo || kept.from > from || Date.now() - kept.at > REPLAY_KEEP_MS) return null;
  const last = kept.events[kept.events.length - 1]!.seq;
  if (from >= last) return null;
  // Seqs are contiguous from kept.from + 1: the event after `from` is at this index
  return kept.events.slice(from - kept.from);
}
