import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NoteableType } from '@tandem/shared-types';
import type { Actor } from '../../core/policy/policy';
import type { BusControl } from '../../core/realtime/event-bus';
import { NOTEABLE_ACCESS, type NoteableAccess, type NoteableAccessRegistry, type NoteableGrant } from '../../core/realtime/noteable-access';
import type { NoteableRoom, Subscription } from './noteable-room';
import { RoomRegistry } from './room-registry';

/**
 * Subscribe checks are remembered this long per (user, token scopes, target): a mass reconnect
 * after a node restart then costs one check per user and noteable, not per socket. Any event
 * or control message that can change access to the noteable clears its entries on every node first.
 */
const CHECK_CACHE_MS = 5000;
const CHECK_CACHE_MAX = 50_000;
/** Every room's members are re-checked this often (memberships that expire by date, lost control messages). */
const RECHECK_ALL_MS = 10 * 60_000;

/**
 * Who may stay in a room: the subscribe check (through the NoteableAccess port, cached
 * briefly), re-checks of a room's members when access may have changed, and revocation of
 * those who lost it. Re-checks run under the room's delivery lock (RoomDelivery.drain calls
 * `recheckIfAsked`), so no event reaches a member after the change that removed it.
 */
@Injectable()
export class RoomAccess {
  private readonly logger = new Logger(RoomAccess.name);
  private readonly checks = new Map<string, { grant: NoteableGrant; expires: number }>();
  /** Checks in flight by the same key: sockets of one user subscribing together share one (a restart's reconnections). */
  private readonly inflight = new Map<string, Promise<NoteableGrant>>();
  /** Bumped whenever cached checks are dropped: a check that began before is neither kept nor shared after. */
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  private recheckingAll = false;

  constructor(
    @Inject(NOTEABLE_ACCESS) private readonly access: NoteableAccessRegistry,
    private readonly rooms: RoomRegistry,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.recheckAll(), RECHECK_ALL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The port for a noteable type (undefined: this app serves no live rooms for it). */
  accessFor(type: NoteableType): NoteableAccess | undefined {
    return this.access.get(type);
  }

  /** The subscribe check, through the short-lived cache (only successes are kept). */
  async resolve<T>(actor: Actor | null, access: NoteableAccess<T>, target: T): Promise<NoteableGrant> {
    const key = `${actor?.id ?? 0}:${actor?.scopes?.join(',') ?? ''}:${access.type}:${access.targetKey(target)}`;
    const hit = this.checks.get(key);
    if (hit && hit.expires > Date.now()) return hit.grant;
    const running = this.inflight.get(key);
    if (running) return running;
    const generation = this.generation;
    const check = access.resolve(actor, target);
    this.inflight.set(key, check);
    try {
      const grant = await check;
      // Access may have changed while it ran: its answer is this caller's, not the cache's
      if (generation === this.generation) {
        if (this.checks.size >= CHECK_CACHE_MAX) this.checks.clear();
        this.checks.set(key, { grant, expires: Date.now() + CHECK_CACHE_MS });
      }
      return grant;
    } finally {
      if (this.inflight.get(key) === check) this.inflight.delete(key);
    }
  }

  /** A mark to pass to `changedSince`. */
  get mark(): number {
    return this.generation;
  }

  /**
   * Whether access to anything may have changed since `mark` (a control message or an
   * access-changing event was handled): a check that ran across it may be stale, and a member
   * that joined its room after the room's re-check was not re-checked with the others.
   */
  changedSince(mark: number): boolean {
    return this.generation !== mark;
  }

  /** Every cached check goes, and checks in flight are no longer shared. */
  private forgetAll(): void {
    this.generation++;
    this.inflight.clear();
    this.checks.clear();
  }

  /** Forgets cached subscribe checks of a noteable (an event or message changed who may read it). */
  forget(type: NoteableType, id: number): void {
    this.forgetWhere((g) => g.noteable.id === id && g.noteable.type === type);
  }

  private forgetWhere(match: (grant: NoteableGrant) => boolean): void {
    // A check in flight may be for the noteable (its grant is not known yet): none is kept or shared
    this.generation++;
    this.inflight.clear();
    for (const [k, v] of this.checks) if (match(v.grant)) this.checks.delete(k);
  }

  /** Fresh check of one member (a replay crossing an access change); revokes it if it lost access. */
  async verify(sub: Subscription): Promise<boolean> {
    const abilities = await sub.room.access.verify(sub.socket.data.actor, sub.room);
    if (!abilities) {
      this.rooms.revoke(sub, 'access_revoked');
      return false;
    }
    sub.privileged = abilities.readInternalNotes;
    return true;
  }

  /** Runs the re-check a control message or an access-changing event asked for (under the delivery lock). */
  async recheckIfAsked(room: NoteableRoom): Promise<void> {
    while (room.needsRecheck && !room.closed) {
      room.needsRecheck = false;
      try {
        await this.recheckRoom(room);
      } catch (err) {
        // Fail closed: nobody gets this room's events until a re-check has succeeded
        room.needsRecheck = true;
        this.logger.warn({ err }, 'access re-check failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /**
   * Handles a "recheck_*" control message: synchronous up to the rooms' flags, so a live event
   * that arrives after the message waits for the re-check.
   */
  onControl(msg: Exclude<BusControl, { kind: 'credential_revoked' } | { kind: 'ingest_keys_changed' }>): void {
    if (msg.kind === 'recheck_noteable') this.forget(msg.noteableType, msg.noteableId);
    else if (msg.kind === 'recheck_project') this.forgetWhere((g) => g.projectId === msg.projectId);
    else this.forgetAll();
    this.requestRecheck(
      this.rooms.all().filter((r) => {
        if (msg.kind === 'recheck_noteable') return r.noteable.type === msg.noteableType && r.noteable.id === msg.noteableId;
        if (msg.kind === 'recheck_project') return r.projectId === msg.projectId;
        return [...r.members.values()].some((s) => s.socket.data.actor?.id === msg.userId);
      }),
    );
  }

  /**
   * Re-checks every room this node holds: after the bus reconnects (a control message may have
   * been lost with it) and every RECHECK_ALL_MS (memberships that expire by date announce
   * nothing). Rooms go one after another so the database sees a trickle, not a burst.
   */
  async recheckAll(): Promise<void> {
    if (this.recheckingAll) return;
    this.recheckingAll = true;
    try {
      this.forgetAll();
      for (const room of this.rooms.all()) {
        if (room.closed) continue;
        this.requestRecheck([room]);
        // wait for this room's re-check before the next one
        for (let i = 0; i < 200 && (room.needsRecheck || room.draining) && !room.closed; i++) await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      this.recheckingAll = false;
    }
  }

  /**
   * Asks for a re-check of rooms. A room whose head is not known yet (its first member is
   * still replaying) is checked at once; its members verify before they go live.
   */
  private requestRecheck(rooms: Iterable<NoteableRoom>): void {
    for (const room of rooms) {
      if (room.closed) continue;
      room.needsRecheck = true;
      if (room.seq === null) {
        room.needsRecheck = false;
        void this.recheckRoom(room).catch((err: unknown) => this.logger.warn({ err }, 'recheck failed'));
      } else room.wake();
    }
  }

  /**
   * Removes every member of a room that can no longer read the noteable, before the event that
   * changed access is delivered. Members that join while this runs are checked too.
   */
  private async recheckRoom(room: NoteableRoom): Promise<void> {
    const snapshot = await room.access.snapshot(room);
    const checked = new Set<Subscription>();
    for (;;) {
      const todo = [...room.members.values()].filter((s) => !checked.has(s));
      if (!todo.length) break;
      for (const sub of todo) {
        checked.add(sub);
        if (sub.cancelled) continue;
        if (!snapshot.found) {
          this.rooms.revoke(sub, snapshot.reason);
          continue;
        }
        const abilities = await snapshot.abilitiesOf(sub.socket.data.actor);
        if (sub.cancelled) continue;
        if (!abilities) this.rooms.revoke(sub, 'access_revoked');
        else this.rooms.setPrivileged(sub, abilities.readInternalNotes);
      }
    }
  }
}
