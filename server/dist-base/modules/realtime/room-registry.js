"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RoomRegistry = void 0;
const common_1 = require("@nestjs/common");
const metrics_1 = require("../../core/metrics/metrics");
/**
 * The rooms this node holds and their members: the state subscribe, delivery and access
 * share. Membership of the Socket.IO rooms (`room.key`, and `room.internalKey` for members
 * who may read internal notes) is changed here only.
 */
let RoomRegistry = class RoomRegistry {
    rooms = new Map();
    removeListeners = [];
    // The rooms gauge reads the map's size at scrape time: opening a room costs nothing extra
    untrack = (0, metrics_1.trackRooms)(() => this.rooms.size);
    onModuleDestroy() {
        this.untrack();
    }
    get size() {
        return this.rooms.size;
    }
    get(key) {
        return this.rooms.get(key);
    }
    add(room) {
        this.rooms.set(room.key, room);
    }
    /** A copy: callers may close rooms while they go through it. */
    all() {
        return [...this.rooms.values()];
    }
    /** Registers a socket in a room (not live yet: it replays first). */
    subscribe(socket, room) {
        const sub = { socket, room, live: false, privileged: false, cancelled: false, chain: Promise.resolve() };
        socket.data.subs.set(room.key, sub);
        room.members.set(socket.id, sub);
        return sub;
    }
    joinLive(sub) {
        void sub.socket.join(sub.room.key);
        if (sub.privileged)
            void sub.socket.join(sub.room.internalKey);
        sub.live = true;
    }
    leaveLive(sub) {
        void sub.socket.leave(sub.room.key);
        void sub.socket.leave(sub.room.internalKey);
        sub.live = false;
    }
    /** A live member whose right to internal notes changed moves in or out of the internal room. */
    setPrivileged(sub, privileged) {
        if (privileged === sub.privileged)
            return;
        sub.privileged = privileged;
        if (sub.live)
            void (privileged ? sub.socket.join(sub.room.internalKey) : sub.socket.leave(sub.room.internalKey));
    }
    /** Called for every subscription that ends (unsubscribe, disconnect, revocation). */
    onRemove(listener) {
        this.removeListeners.push(listener);
    }
    remove(sub) {
        if (!sub.cancelled)
            for (const l of this.removeListeners)
                l(sub);
        sub.cancelled = true;
        this.leaveLive(sub);
        sub.socket.data.subs.delete(sub.room.key);
        const room = sub.room;
        if (room.members.get(sub.socket.id) === sub)
            room.members.delete(sub.socket.id);
        if (room.members.size === 0)
            this.close(room);
    }
    /** The server ends a subscription and tells the client why. */
    revoke(sub, reason) {
        const { room, socket } = sub;
        this.remove(sub);
        socket.emit('unsubscribed', { ...room.where, seq: room.seq ?? 0, reason });
    }
    close(room) {
        room.closed = true;
        if (room.gapTimer)
            clearTimeout(room.gapTimer);
        room.gapTimer = null;
        if (this.rooms.get(room.key) === room)
            this.rooms.delete(room.key);
    }
};
exports.RoomRegistry = RoomRegistry;
exports.RoomRegistry = RoomRegistry = __decorate([
    (0, common_1.Injectable)()
], RoomRegistry);
//# sourceMappingURL=room-registry.js.map