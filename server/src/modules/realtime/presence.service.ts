import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PRESENCE, presenceRequestSchema, type PresenceSignal, type PresenceState } from '@tandem/shared-types';
import type { Io, Subscription, TandemSocket } from './noteable-room';
import { RoomRegistry } from './room-registry';

/**
 * Presence (shared-types realtime/presence.ts): a tab says it is viewing, editing or typing on
 * an issue it is subscribed to, and the room hears it. Volatile: nothing is stored or
 * replayed. Accepted only on a live subscription, so only readers of the issue are told, and
 * passed through the adapter (with Redis, to the room's sockets on every node). When the
 * subscription ends (unsubscribe, tab closed, access lost) the room hears 'left' at once;
 * clients also forget a tab not refreshed within PRESENCE.ttlMs (a node that died says nothing).
 */
@Injectable()
export class PresenceService {
  private readonly logger = new Logger(PresenceService.name);
  private io: Io | null = null;

  constructor(
    private readonly rooms: RoomRegistry,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  start(io: Io): void {
    this.io = io;
    this.rooms.onRemove((sub) => {
      if (sub.presence && sub.live) void this.announce(sub, 'left', false);
    });
  }

  attach(socket: TandemSocket): void {
    // Policy: read_issue, through the live subscription the announcement names (checked at subscribe, re-checked on access changes)
    socket.on('presence', this.onPresence);
  }

  // Policy: read_issue, through the live subscription the announcement names (checked at subscribe, re-checked on access changes)
  // One handler for every socket (the socket is `this`): no closure per socket
  private readonly onPresence = ((svc: PresenceService) =>
    function (this: TandemSocket, raw: unknown): void {
      svc.onPresenceOf(this, raw);
    })(this);

  private onPresenceOf(socket: TandemSocket, raw: unknown): void {
    const parsed = presenceRequestSchema.safeParse(raw);
    if (!parsed.success || !socket.data.actor) return;
    const { project_path, iid, state, answer } = parsed.data;
    const sub = [...socket.data.subs.values()].find((s) => s.live && s.room.where.iid === iid && s.room.where.project_path.toLowerCase() === project_path.toLowerCase());
    if (!sub) return;
    const now = Date.now();
    const prev = sub.presence;
    // A tab repeating itself faster than the refresh needs is not passed on, except its answer
    // to a newcomer's hello (the newcomer has heard nothing of it yet), once per interval
    if (prev && prev.state === state && now - prev.at < PRESENCE.minIntervalMs) {
      if (!answer || (prev.answeredAt !== undefined && now - prev.answeredAt < PRESENCE.minIntervalMs)) return;
    }
    sub.presence = { state, at: now, answeredAt: answer ? now : prev?.answeredAt };
    void this.announce(sub, state, !prev);
  }

  private async announce(sub: Subscription, state: PresenceState | 'left', hello: boolean): Promise<void> {
    const { socket, room } = sub;
    const user = await this.userOf(socket);
    if (!user || !this.io) return;
    // A 'left' goes out even though the subscription is gone; anything else only while it lasts
    if (state !== 'left' && sub.cancelled) return;
    const signal: PresenceSignal = { ...room.where, session: socket.id, user, state, hello };
    this.io.to(room.key).except(socket.id).emit('presence', signal);
  }

  private userOf(socket: TandemSocket): Promise<PresenceSignal['user'] | null> {
    const actor = socket.data.actor;
    if (!actor) return Promise.resolve(null);
    socket.data.presenceUser ??= this.ds
      .query('SELECT id, username, name, avatar_url FROM users WHERE id = $1', [actor.id])
      .then((rows: Array<PresenceSignal['user']>) => rows[0] ?? null)
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'presence user lookup failed');
        socket.data.presenceUser = undefined;
        return null;
      });
    return socket.data.presenceUser;
  }
}
