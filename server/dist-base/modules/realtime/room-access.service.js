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
var RoomAccess_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.RoomAccess = void 0;
const common_1 = require("@nestjs/common");
const noteable_access_1 = require("../../core/realtime/noteable-access");
const room_registry_1 = require("./room-registry");
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
let RoomAccess = RoomAccess_1 = class RoomAccess {
    access;
    rooms;
    logger = new common_1.Logger(RoomAccess_1.name);
    checks = new Map();
    timer = null;
    recheckingAll = false;
    constructor(access, rooms) {
        this.access = access;
        this.rooms = rooms;
    }
    start() {
        this.timer = setInterval(() => void this.recheckAll(), RECHECK_ALL_MS);
        this.timer.unref();
    }
    stop() {
        if (this.timer)
            clearInterval(this.timer);
    }
    /** The port for a noteable type (undefined: this app serves no live rooms for it). */
    accessFor(type) {
        return this.access.get(type);
    }
    /** The subscribe check, through the short-lived cache (only successes are kept). */
    async resolve(actor, access, target) {
        const key = `${actor?.id ?? 0}:${actor?.scopes?.join(',') ?? ''}:${access.type}:${access.targetKey(target)}`;
        const hit = this.checks.get(key);
        if (hit && hit.expires > Date.now())
            return hit.grant;
        const grant = await access.resolve(actor, target);
        if (this.checks.size >= CHECK_CACHE_MAX)
            this.checks.clear();
        this.checks.set(key, { grant, expires: Date.now() + CHECK_CACHE_MS });
        return grant;
    }
    /** Forgets cached subscribe checks of a noteable (an event or message changed who may read it). */
    forget(type, id) {
        this.forgetWhere((g) => g.noteable.id === id && g.noteable.type === type);
    }
    forgetWhere(match) {
        for (const [k, v] of this.checks)
            if (match(v.grant))
                this.checks.delete(k);
    }
    /** Fresh check of one member (a replay crossing an access change); revokes it if it lost access. */
    async verify(sub) {
        const abilities = await sub.room.access.verify(sub.socket.data.actor, sub.room);
        if (!abilities) {
            this.rooms.revoke(sub, 'access_revoked');
            return false;
        }
        sub.privileged = abilities.readInternalNotes;
        return true;
    }
    /** Runs the re-check a control message or an access-changing event asked for (under the delivery lock). */
    async recheckIfAsked(room) {
        while (room.needsRecheck && !room.closed) {
            room.needsRecheck = false;
            try {
                await this.recheckRoom(room);
            }
            catch (err) {
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
    onControl(msg) {
        if (msg.kind === 'recheck_noteable')
            this.forget(msg.noteableType, msg.noteableId);
        else if (msg.kind === 'recheck_project')
            this.forgetWhere((g) => g.projectId === msg.projectId);
        else
            this.checks.clear();
        this.requestRecheck(this.rooms.all().filter((r) => {
            if (msg.kind === 'recheck_noteable')
                return r.noteable.type === msg.noteableType && r.noteable.id === msg.noteableId;
            if (msg.kind === 'recheck_project')
                return r.projectId === msg.projectId;
            return [...r.members.values()].some((s) => s.socket.data.actor?.id === msg.userId);
        }));
    }
    /**
     * Re-checks every room this node holds: after the bus reconnects (a control message may have
     * been lost with it) and every RECHECK_ALL_MS (memberships that expire by date announce
     * nothing). Rooms go one after another so the database sees a trickle, not a burst.
     */
    async recheckAll() {
        if (this.recheckingAll)
            return;
        this.recheckingAll = true;
        try {
            this.checks.clear();
            for (const room of this.rooms.all()) {
                if (room.closed)
                    continue;
                this.requestRecheck([room]);
                // wait for this room's re-check before the next one
                for (let i = 0; i < 200 && (room.needsRecheck || room.draining) && !room.closed; i++)
                    await new Promise((r) => setTimeout(r, 5));
            }
        }
        finally {
            this.recheckingAll = false;
        }
    }
    /**
     * Asks for a re-check of rooms. A room whose head is not known yet (its first member is
     * still replaying) is checked at once; its members verify before they go live.
     */
    requestRecheck(rooms) {
        for (const room of rooms) {
            if (room.closed)
                continue;
            room.needsRecheck = true;
            if (room.seq === null) {
                room.needsRecheck = false;
                void this.recheckRoom(room).catch((err) => this.logger.warn({ err }, 'recheck failed'));
            }
            else
                room.wake();
        }
    }
    /**
     * Removes every member of a room that can no longer read the noteable, before the event that
     * changed access is delivered. Members that join while this runs are checked too.
     */
    async recheckRoom(room) {
        const snapshot = await room.access.snapshot(room);
        const checked = new Set();
        for (;;) {
            const todo = [...room.members.values()].filter((s) => !checked.has(s));
            if (!todo.length)
                break;
            for (const sub of todo) {
                checked.add(sub);
                if (sub.cancelled)
                    continue;
                if (!snapshot.found) {
                    this.rooms.revoke(sub, snapshot.reason);
                    continue;
                }
                const abilities = await snapshot.abilitiesOf(sub.socket.data.actor);
                if (sub.cancelled)
                    continue;
                if (!abilities)
                    this.rooms.revoke(sub, 'access_revoked');
                else
                    this.rooms.setPrivileged(sub, abilities.readInternalNotes);
            }
        }
    }
};
exports.RoomAccess = RoomAccess;
exports.RoomAccess = RoomAccess = RoomAccess_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(noteable_access_1.NOTEABLE_ACCESS)),
    __metadata("design:paramtypes", [Object, room_registry_1.RoomRegistry])
], RoomAccess);
//# sourceMappingURL=room-access.service.js.map