import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ResyncSignal } from '@tandem/shared-types';
import { trackRooms } from '../../core/metrics/metrics';
import type { NoteableRoom, Subscription, TandemSocket } from './noteable-room';

/**
 * The rooms this node holds and their members: the state subscribe, delivery and access
 * share. Membership of the Socket.IO rooms (`room.key`, and `room.internalKey` for members
 * who may read internal notes) is changed here only.
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
    const sub: Subscription = { socket, room, live: false, privileged: false, cancelled: false, chain: Promise.resolve() };
    socket.data.subs.set(room.key, sub);
    room.members.set(socket.id, sub);
    return sub;
  }

  joinLive(sub: Subscription): void {
    void sub.socket.join(sub.room.key);
    if (sub.privileged) void sub.socket.join(sub.room.internalKey);
    sub.live = true;
  }

  leaveLive(sub: Subscription): void {
    void sub.socket.leave(sub.room.key);
    void sub.socket.leave(sub.room.internalKey);
    sub.live = false;
  }

  /** A live member whose right to internal notes changed moves in or out of the internal room. */
  setPrivileged(sub: Subscription, privileged: boolean): void {
    if (privileged === sub.privileged) return;
    sub.privileged = privileged;
    if (sub.live) void (privileged ? sub.socket.join(sub.room.internalKey) : sub.socket.leave(sub.room.internalKey));
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
