"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RealtimeGateway = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const socket_io_1 = require("socket.io");
const event_bus_1 = require("../../core/realtime/event-bus");
const redis_1 = require("../../core/realtime/redis");
const room_access_service_1 = require("./room-access.service");
const room_delivery_service_1 = require("./room-delivery.service");
const socket_auth_service_1 = require("./socket-auth.service");
const presence_service_1 = require("./presence.service");
const project_watch_service_1 = require("./project-watch.service");
const subscribe_service_1 = require("./subscribe.service");
const metrics_1 = require("../../core/metrics/metrics");
const user_channel_1 = require("../../core/realtime/user-channel");
const shared_types_1 = require("@tandem/shared-types");
/**
 * The Socket.IO server of the IssuesChannel (docs/realtime.md, "Code layout"): it opens the
 * server, routes the bus to the parts and runs their lifecycle. The parts: SocketAuth (the
 * handshake, expiry and revocation), SubscribeService (subscribe, replay, unsubscribe),
 * RoomDelivery (bus events to rooms, heartbeats) and RoomAccess (re-checks through the
 * NoteableAccess port) and PresenceService (volatile presence on the same rooms).
 */
let RealtimeGateway = class RealtimeGateway {
    host;
    bus;
    redis;
    auth;
    subscribe;
    delivery;
    access;
    presence;
    projectWatch;
    userChannel;
    io;
    untrackSockets = null;
    unsubscribeBus = null;
    constructor(host, bus, redis, auth, subscribe, delivery, access, presence, projectWatch, userChannel) {
        this.host = host;
        this.bus = bus;
        this.redis = redis;
        this.auth = auth;
        this.subscribe = subscribe;
        this.delivery = delivery;
        this.access = access;
        this.presence = presence;
        this.projectWatch = projectWatch;
        this.userChannel = userChannel;
    }
    /** Sockets connected to this node (for metrics and benchmarks). */
    get localSocketCount() {
        return this.io?.of('/').sockets.size ?? 0;
    }
    onApplicationBootstrap() {
        const httpServer = this.host.httpAdapter.getHttpServer();
        this.io = new socket_io_1.Server(httpServer, {
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
            this.io.adapter((0, redis_1.createSocketIoAdapter)(this.redis));
        }
        this.untrackSockets = (0, metrics_1.trackSocketServer)(this.io);
        this.auth.start(this.io);
        this.delivery.start(this.io, this.bus.lossy);
        this.access.start();
        this.presence.start(this.io);
        this.projectWatch.start(this.io);
        this.userChannel.bind(this.io);
        this.io.on('connection', (s) => {
            const socket = s;
            this.auth.forgetHandshake(socket);
            this.delivery.joinHeartbeat(socket);
            this.subscribe.attach(socket);
            this.presence.attach(socket);
            this.projectWatch.attach(socket);
            // Policy: own user only (the handshake's actor): the private room of the user channel
            if (socket.data.actor)
                void socket.join((0, shared_types_1.userRoom)(socket.data.actor.id));
        });
        // One subscription, routed: handlers run synchronously in bus order, so a control message
        // marks its rooms before the next events are handled
        this.unsubscribeBus = this.bus.subscribe({
            events: (batch) => this.delivery.onBusEvents(batch),
            control: (msg) => {
                if (msg.kind === 'credential_revoked')
                    this.auth.closeCredential(msg.credential);
                else
                    this.access.onControl(msg);
            },
            resync: () => {
                void this.delivery.sweep();
                void this.access.recheckAll();
            },
        });
    }
    async beforeApplicationShutdown() {
        this.untrackSockets?.();
        this.unsubscribeBus?.();
        this.auth.stop();
        this.access.stop();
        this.delivery.stop();
        this.projectWatch.stop();
        this.userChannel.bind(null);
        if (this.io) {
            // Disconnect clients so they reconnect to another node at once; Nest closes the HTTP server.
            this.io.local.disconnectSockets(true);
            await Promise.race([new Promise((r) => setTimeout(r, 2000)), this.io.of('/').adapter.close?.()]);
            this.io.engine.close();
        }
    }
};
exports.RealtimeGateway = RealtimeGateway;
exports.RealtimeGateway = RealtimeGateway = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __param(2, (0, common_1.Inject)(redis_1.REDIS_CONNECTIONS)),
    __metadata("design:paramtypes", [core_1.HttpAdapterHost, Object, Object, socket_auth_service_1.SocketAuth,
        subscribe_service_1.SubscribeService,
        room_delivery_service_1.RoomDelivery,
        room_access_service_1.RoomAccess,
        presence_service_1.PresenceService,
        project_watch_service_1.ProjectWatchService,
        user_channel_1.UserChannel])
], RealtimeGateway);
//# sourceMappingURL=realtime.gateway.js.map