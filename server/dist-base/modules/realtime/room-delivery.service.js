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
var RoomDelivery_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.RoomDelivery = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const noteable_room_1 = require("./noteable-room");
const room_access_service_1 = require("./room-access.service");
const room_registry_1 = require("./room-registry");
const metrics_1 = require("../../core/metrics/metrics");
/** Wait this long for an out-of-order bus event before reading the gap from the log. */
const GAP_WAIT_MS = 40;
/** With a lossy bus (Redis), rooms are checked against the log this often. */
const SWEEP_MS = 2000;
/**
 * Heartbeats are spread over this many rooms, one room per tick (REALTIME.heartbeatMs / N):
 * every socket still hears one every heartbeatMs, but the node never writes to all of its
 * sockets in one go (10,000 writes at once hold the event loop for hundreds of ms on a small
 * machine, and every issue event queued behind them waits).
 */
const HEARTBEAT_BUCKETS = 12;
const heartbeatRoom = (n) => `heartbeat:${n % HEARTBEAT_BUCKETS}`;
/**
 * Committed events from the bus to this node's rooms (docs/realtime.md "Guarantees"): per
 * room in seq order and without gaps (late or lost bus messages are read from the log), each
 * run followed by the `updated` signal; heartbeats to every socket.
 */
let RoomDelivery = RoomDelivery_1 = class RoomDelivery {
    log;
    rooms;
    access;
    logger = new common_1.Logger(RoomDelivery_1.name);
    io;
    heartbeat = null;
    heartbeatTick = 0;
    connections = 0;
    sweeper = null;
    sweeping = false;
    closing = false;
    constructor(log, rooms, access) {
        this.log = log;
        this.rooms = rooms;
        this.access = access;
    }
    start(io, lossyBus) {
        this.io = io;
        this.heartbeat = setInterval(() => {
            this.io.local.to(heartbeatRoom(this.heartbeatTick++)).emit('heartbeat', Date.now());
        }, shared_types_1.REALTIME.heartbeatMs / HEARTBEAT_BUCKETS);
        this.heartbeat.unref();
        if (lossyBus) {
            this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
            this.sweeper.unref();
        }
    }
    stop() {
        this.closing = true;
        if (this.heartbeat)
            clearInterval(this.heartbeat);
        if (this.sweeper)
            clearInterval(this.sweeper);
        for (const room of this.rooms.all())
            this.rooms.close(room);
    }
    /** Each socket hears heartbeats from one of the buckets. */
    joinHeartbeat(socket) {
        void socket.join(heartbeatRoom(this.connections++));
    }
    /** The room of a noteable, opened on first use: its head is read once bus events are kept. */
    roomFor(grant, access) {
        const existing = this.rooms.get((0, shared_types_1.roomFor)(grant.noteable.type, grant.noteable.id));
        if (existing)
            return existing;
        const room = new noteable_room_1.NoteableRoom(grant, access);
        room.wake = () => void this.drain(room);
        this.rooms.add(room);
        // Read the head after the room exists: bus events from now on are kept in `pending`
        room.ready = this.log.currentSeqs(room.noteable.type, [room.noteable.id]).then((m) => {
            room.seq = m.get(room.noteable.id) ?? grant.seq;
            room.dropStale();
            void this.drain(room);
        }, (err) => {
            this.logger.error({ err }, 'room init failed');
            room.seq = grant.seq;
            room.dropStale();
        });
        return room;
    }
    onBusEvents(batch) {
        const touched = new Set();
        for (const b of batch) {
            const room = this.rooms.get((0, shared_types_1.roomFor)(b.noteableType, b.noteableId));
            const access = room?.access ?? this.access.accessFor(b.noteableType);
            if (!access)
                continue;
            if (access.changesAccess(b.event) || b.event.type === 'issue.deleted')
                this.access.forget(b.noteableType, b.noteableId);
            if (room && room.offer(b.event))
                touched.add(room);
        }
        for (const room of touched)
            void this.drain(room);
    }
    /** Broadcasts pending events in seq order; a missing one is waited for, then read from the log. */
    async drain(room) {
        if (room.draining || room.seq === null || room.closed)
            return;
        room.draining = true;
        try {
            // An access change announced by a control message: re-check before anything else goes out
            await this.access.recheckIfAsked(room);
            let advanced = false;
            for (let e = room.pending.get(room.seq + 1); e; e = room.pending.get(room.seq + 1)) {
                room.pending.delete(e.seq);
                if (room.checkedTx !== e.at && room.txChangesAccess(e, (s) => room.pending.get(s))) {
                    room.checkedTx = e.at;
                    // Whatever way the event came (bus, gap fill, sweep): no cached check may outlive it
                    this.access.forget(room.noteable.type, room.noteable.id);
                    room.needsRecheck = true;
                }
                await this.access.recheckIfAsked(room);
                if (room.closed)
                    return;
                // Synchronous from the last await: broadcast and advance together
                this.broadcast(room, e);
                room.seq = e.seq;
                advanced = true;
                if (e.type === 'issue.deleted') {
                    this.signalUpdated(room);
                    for (const sub of [...room.members.values()])
                        this.rooms.revoke(sub, 'deleted');
                    this.rooms.close(room);
                    return;
                }
            }
            // The spec's plain signal, once per contiguous run (normally one per transaction)
            if (advanced)
                this.signalUpdated(room);
            if (room.pending.size)
                this.scheduleGapFill(room);
            else if (room.gapTimer) {
                clearTimeout(room.gapTimer);
                room.gapTimer = null;
            }
        }
        catch (err) {
            this.logger.error({ err }, 'room delivery failed');
        }
        finally {
            room.draining = false;
        }
        // Events (or access changes) that arrived while we were re-checking access
        if (!room.closed && (room.pending.has(room.seq + 1) || room.needsRecheck))
            void this.drain(room);
    }
    /** Checks every room this node holds against the committed heads (the bus may have lost messages). */
    async sweep() {
        if (this.sweeping || !this.rooms.size)
            return;
        this.sweeping = true;
        try {
            const byType = new Map();
            for (const r of this.rooms.all())
                if (r.seq !== null)
                    byType.set(r.noteable.type, [...(byType.get(r.noteable.type) ?? []), r]);
            await Promise.all([...byType].map(async ([type, rooms]) => {
                const heads = await this.log.currentSeqs(type, rooms.map((r) => r.noteable.id));
                await Promise.all(rooms.map((room) => {
                    const head = heads.get(room.noteable.id);
                    // A deleted noteable has no head: its log still ends with its deletion
                    if (head === undefined)
                        return this.fillFromLog(room, 2_147_483_647);
                    return head > room.seq ? this.fillFromLog(room, head) : undefined;
                }));
            }));
        }
        catch (err) {
            // during shutdown the database goes away under a sweep in flight: nothing to report
            if (!this.closing)
                this.logger.warn({ err }, 'sweep failed');
        }
        finally {
            this.sweeping = false;
        }
    }
    /** The spec's plain signal (once per run of events delivered together). */
    signalUpdated(room) {
        const { project_path, iid } = room.noteable.ref;
        this.io.local.to(room.key).emit('updated', { event: 'updated', project_path, iid, seq: room.seq });
    }
    broadcast(room, e) {
        (0, metrics_1.countEventsDelivered)();
        (0, metrics_1.observeDeliveryLag)(e.at);
        if ((0, noteable_room_1.isRestricted)(e)) {
            this.io.local.to(room.internalKey).emit(e.type, e);
            this.io.local.to(room.key).except(room.internalKey).emit(e.type, (0, noteable_room_1.redacted)(e));
        }
        else {
            this.io.local.to(room.key).emit(e.type, e);
        }
    }
    scheduleGapFill(room) {
        if (room.gapTimer || room.closed)
            return;
        room.gapTimer = setTimeout(() => {
            room.gapTimer = null;
            void this.fillFromLog(room);
        }, GAP_WAIT_MS);
    }
    /** Reads the events this node missed for a room (lost or late bus messages). */
    async fillFromLog(room, upTo) {
        if (room.closed || room.seq === null)
            return;
        const target = upTo ?? Math.max(...room.pending.keys());
        if (!(target > room.seq))
            return;
        try {
            let from = room.seq;
            while (from < target) {
                const events = await this.log.eventsAfter(room.noteable.type, room.noteable.id, from, 1000, target);
                if (!events.length)
                    break;
                for (const e of events)
                    room.offer(e);
                from = events[events.length - 1].seq;
            }
            if (room.seq !== null && room.pending.size && !room.pending.has(room.seq + 1)) {
                // The log does not have it either (pruned): skip ahead rather than stall the room
                const next = Math.min(...room.pending.keys());
                this.logger.warn(`room ${room.key}: events ${room.seq + 1}..${next - 1} missing from the log; skipping`);
                room.seq = next - 1;
            }
        }
        catch (err) {
            this.logger.warn({ err }, 'gap fill failed; retrying');
            this.scheduleGapFill(room);
            return;
        }
        await this.drain(room);
    }
};
exports.RoomDelivery = RoomDelivery;
exports.RoomDelivery = RoomDelivery = RoomDelivery_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        room_registry_1.RoomRegistry,
        room_access_service_1.RoomAccess])
], RoomDelivery);
//# sourceMappingURL=room-delivery.service.js.map