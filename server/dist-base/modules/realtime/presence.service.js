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
var PresenceService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.PresenceService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const shared_types_1 = require("@tandem/shared-types");
const room_registry_1 = require("./room-registry");
/**
 * Presence (shared-types realtime/presence.ts): a tab says it is viewing, editing or typing on
 * an issue it is subscribed to, and the room hears it. Volatile: nothing is stored or
 * replayed. Accepted only on a live subscription, so only readers of the issue are told, and
 * passed through the adapter (with Redis, to the room's sockets on every node). When the
 * subscription ends (unsubscribe, tab closed, access lost) the room hears 'left' at once;
 * clients also forget a tab not refreshed within PRESENCE.ttlMs (a node that died says nothing).
 */
let PresenceService = PresenceService_1 = class PresenceService {
    rooms;
    ds;
    logger = new common_1.Logger(PresenceService_1.name);
    io = null;
    constructor(rooms, ds) {
        this.rooms = rooms;
        this.ds = ds;
    }
    start(io) {
        this.io = io;
        this.rooms.onRemove((sub) => {
            if (sub.presence && sub.live)
                void this.announce(sub, 'left', false);
        });
    }
    attach(socket) {
        // Policy: read_issue, through the live subscription the announcement names (checked at subscribe, re-checked on access changes)
        socket.on('presence', (raw) => {
            const parsed = shared_types_1.presenceRequestSchema.safeParse(raw);
            if (!parsed.success || !socket.data.actor)
                return;
            const { project_path, iid, state } = parsed.data;
            const sub = [...socket.data.subs.values()].find((s) => s.live && s.room.where.iid === iid && s.room.where.project_path.toLowerCase() === project_path.toLowerCase());
            if (!sub)
                return;
            const now = Date.now();
            const prev = sub.presence;
            // A tab repeating itself faster than the refresh needs is not passed on
            if (prev && prev.state === state && now - prev.at < shared_types_1.PRESENCE.minIntervalMs)
                return;
            sub.presence = { state, at: now };
            void this.announce(sub, state, !prev);
        });
    }
    async announce(sub, state, hello) {
        const { socket, room } = sub;
        const user = await this.userOf(socket);
        if (!user || !this.io)
            return;
        // A 'left' goes out even though the subscription is gone; anything else only while it lasts
        if (state !== 'left' && sub.cancelled)
            return;
        const signal = { ...room.where, session: socket.id, user, state, hello };
        this.io.to(room.key).except(socket.id).emit('presence', signal);
    }
    userOf(socket) {
        const actor = socket.data.actor;
        if (!actor)
            return Promise.resolve(null);
        socket.data.presenceUser ??= this.ds
            .query('SELECT id, username, name, avatar_url FROM users WHERE id = $1', [actor.id])
            .then((rows) => rows[0] ?? null)
            .catch((err) => {
            this.logger.warn({ err }, 'presence user lookup failed');
            socket.data.presenceUser = undefined;
            return null;
        });
        return socket.data.presenceUser;
    }
};
exports.PresenceService = PresenceService;
exports.PresenceService = PresenceService = PresenceService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [room_registry_1.RoomRegistry,
        typeorm_2.DataSource])
], PresenceService);
//# sourceMappingURL=presence.service.js.map