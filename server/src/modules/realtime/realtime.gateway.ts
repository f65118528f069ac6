import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { EVENT_BUS, type EventBus } from '../../core/realtime/event-bus';
import { createSocketIoAdapter, REDIS_CONNECTIONS, type RedisConnections } from '../../core/realtime/redis';
import type { Io, TandemSocket } from './noteable-room';
import { RoomAccess } from './room-access.service';
import { RoomDelivery } from './room-delivery.service';
import { SocketAuth } from './socket-auth.service';
import { PresenceService } from './presence.service';
import { ProjectWatchService } from './project-watch.service';
import { ErrorWatchService } from './error-watch.service';
import { SubscribeService } from './subscribe.service';
import { trackSocketServer } from '../../core/metrics/metrics';
import { UserChannel } from '../../core/realtime/user-channel';
import { userRoom } from '@tandem/shared-types';

/**
 * The Socket.IO server of the IssuesChannel (docs/realtime.md, "Code layout"): it opens the
 * server, routes the bus to the parts and runs their lifecycle. The parts: SocketAuth (the
 * handshake, expiry and revocation), SubscribeService (subscribe, replay, unsubscribe),
 * RoomDelivery (bus events to rooms, heartbeats) and RoomAccess (re-checks through the
 * NoteableAccess port) and PresenceService (volatile presence on the same rooms).
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private io!: Io;
  private untrackSockets: (() => void) | null = null;
  private unsubscribeBus: (() => void) | null = null;

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REDIS_CONNECTIONS) private readonly redis: RedisConnections | null,
    private readonly auth: SocketAuth,
    private readonly subscribe: SubscribeService,
    private readonly delivery: RoomDelivery,
    private readonly access: RoomAccess,
    private readonly presence: PresenceService,
    private readonly projectWatch: ProjectWatchService,
    private readonly errorWatch: ErrorWatchService,
    private readonly userChannel: UserChannel,
  ) {}

  /** The name of each user's room, once per user rather than a copy per socket. */
  private readonly userRooms = new Map<number, string>();

  private userRoomOf(userId: number): string {
    let name = this.userRooms.get(userId);
    if (name === undefined) {
      if (this.userRooms.size >= 100_000) this.userRooms.clear();
      this.userRooms.set(userId, (name = userRoom(userId)));
    }
    return name;
  }

  /** Sockets connected to this node (for metrics and benchmarks). */
  get localSocketCount(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  onApplicationBootstrap(): void {
    const httpServer = this.host.httpAdapter.getHttpServer() as HttpServer;
    this.io = new Server(httpServer, {
      path: '/socket.io/',
      serveClient: false,
      // Same origin only: no CORS headers; cookie sockets are origin-checked (SocketAuth)
      maxHttpBufferSize: 64 * 1024,
      perMessageDeflate: false,
      httpCompression: false,
      connectTimeout: 10_000,
    });
    if (this.redis) {
      // Cluster-wide io-level operations (fetchSockets, serverSideEmit, io.emit) go through
      // Redis; noteable events do not: they come from the bus and are emitted locally.
      this.io.adapter(createSocketIoAdapter(this.redis));
    }
    this.untrackSockets = trackSocketServer(this.io);
    this.auth.start(this.io);
    this.delivery.start(this.io, this.bus.lossy);
    this.access.start();
    this.presence.start(this.io);
    this.projectWatch.start(this.io);
    this.errorWatch.start(this.io);
    this.userChannel.bind(this.io);
    this.io.on('connection', (s) => {
      const socket = s as TandemSocket;
      this.auth.forgetHandshake(socket);
      this.delivery.joinHeartbeat(socket);
      this.subscribe.attach(socket);
      this.presence.attach(socket);
      this.projectWatch.attach(socket);
      this.errorWatch.attach(socket);
      // Policy: own user only (the handshake's actor): the private room of the user channel
      if (socket.data.actor) void socket.join(this.userRoomOf(socket.data.actor.id));
    });
    // One subscription, routed: handlers run synchronously in bus order, so a control message
    // marks its rooms before the next events are handled
    this.unsubscribeBus = this.bus.subscribe({
      events: (batch) => this.delivery.onBusEvents(batch),
      control: (msg) => {
        if (msg.kind === 'credential_revoked') this.auth.closeCredential(msg.credential);
        else if (msg.kind !== 'ingest_keys_changed') this.access.onControl(msg);
      },
      resync: () => {
        void this.delivery.sweep();
        void this.access.recheckAll();
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.untrackSockets?.();
    this.unsubscribeBus?.();
    this.auth.stop();
    this.access.stop();
    this.delivery.stop();
    this.projectWatch.stop();
    this.errorWatch.stop();
    this.userChannel.bind(null);
    if (this.io) {
      // Disconnect clients so they reconnect to another node at once; Nest closes the HTTP server.
      this.io.local.disconnectSockets(true);
      await Promise.race([new Promise((r) => setTimeout(r, 2000)), this.io.of('/').adapter.close?.()]);
      this.io.engine.close();
    }
  }
}
