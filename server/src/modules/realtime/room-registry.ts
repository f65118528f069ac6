import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ResyncSignal } from '@tandem/shared-types';
import { trackRooms } from '../../core/metrics/metrics';
import { SETTLED, type NoteableRoom, type Subscription, type TandemSocket } from './noteable-room';

/**
 * The rooms this node holds and their members: the state subscribe, delivery and access
 * share. Membership of the Socket.IO room (`room.key`, the live members) is changed here only.
 */
@Injectable()
export class RoomRegistry implements OnModuleDestroy {
  private readonly rooms = new Map<string, NoteableRoom>();
  private readonly removeListeners: Array<(sub: Subscription) => void> = [];
  // The rooms gauge reads the map's size at scrape time: opening a room costs nothing extra
  private readonly untrack = trackRooms(() => this.rooms.size);

  onModuleDestroy(): void {
    this.untrack();
  }

  get size(): number {
    return this.rooms.size;
  }

  get(key: string): NoteableRoom | undefined {
    return this.rooms.get(key);
  }

  add(room: NoteableRoom): void {
    this.rooms.set(room.key, room);
  }

  /** A copy: callers may close rooms while they go through it. */
  all(): NoteableRoom[] {
    return [...this.rooms.values()];
  }

  /** Registers a socket in a room (not live yet: it replays first). */
  subscribe(socket: TandemSocket, room: NoteableRoom): Subscription {
    const sub: Subscription = { socket, room, live: false, privileged: false, cancelled: false, chain: SETTLED };
    socket.data.subs.set(room.key, sub);
    room.members.set(socket.id, sub);
    return sub;
  }

  /** `owedPrev`: the replay ended with events withheld from it, the last seq it has (its next live event says so). */
  joinLive(sub: Subscription, owedPrev: number | null = null): void {
    void sub.socket.join(sub.room.key);
    sub.live = true;
    if (owedPrev !== null) sub.room.owed.set(sub, owedPrev);
  }

  leaveLive(sub: Subscription): void {
    void sub.socket.leave(sub.room.key);
    sub.live = false;
    sub.room.owed.delete(sub);
  }

  /** A member whose right to internal notes changed (delivery reads it per event). */
  setPrivileged(sub: Subscription, privileged: boolean): void {
    sub.privileged = privileged;
  }

  /** Called for every subscription that ends (unsubscribe, disconnect, revocation). */
  onRemove(listener: (sub: Subscription) => void): void {
    this.removeListeners.push(listener);
  }

  remove(sub: Subscription): void {
    if (!sub.cancelled) for (const l of this.removeListeners) l(sub);
    sub.cancelled = true;
    this.leaveLive(sub);
    sub.socket.data.subs.delete(sub.room.key);
    const room = sub.room;
    if (room.members.get(sub.socket.id) === sub) room.members.delete(sub.socket.id);
    if (room.members.size === 0) this.close(room);
  }

  /** The server ends a subscription and tells the client why. */
  revoke(sub: Subscription, reason: ResyncSignal['reason']): void {
    const { room, socket } = sub;
    this.remove(sub);
    socket.emit('unsubscribed', { ...room.where, seq: room.seq ?? 0, reason });
  }

  close(room: NoteableRoom): void {
    room.closed = true;
    if (room.gapTimer) clearTimeout(room.gapTimer);
    room.gapTimer = null;
    if (this.rooms.get(room.key) === room) this.rooms.delete(room.key);
  }
}
