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
var SubscribeService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.SubscribeService = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const noteable_room_1 = require("./noteable-room");
const room_access_service_1 = require("./room-access.service");
const room_delivery_service_1 = require("./room-delivery.service");
const room_registry_1 = require("./room-registry");
/** A client further behind than this refetches instead of replaying. */
const MAX_REPLAY = 5000;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;
/** Which noteables a channel streams (the port that checks them is looked up by type). */
const CHANNEL_NOTEABLE = { [shared_types_1.ISSUES_CHANNEL]: 'Issue' };
/**
 * A socket's `subscribe` and `unsubscribe` (docs/realtime.md "Socket protocol"): the payload
 * checked with the shared schema, access checked through the NoteableAccess port, then a replay
 * of `(after, room.seq]` from the log before the socket joins live delivery with no gap and no
 * repeat.
 */
let SubscribeService = SubscribeService_1 = class SubscribeService {
    log;
    rooms;
    access;
    delivery;
    logger = new common_1.Logger(SubscribeService_1.name);
    constructor(log, rooms, access, delivery) {
        this.log = log;
        this.rooms = rooms;
        this.access = access;
        this.delivery = delivery;
    }
    /** Registers the socket's handlers (after its handshake). */
    attach(socket) {
        // Policy: read_issue (the NoteableAccess port: IssueLoader.findReadable; re-checked when access changes)
        socket.on('subscribe', (raw, ack) => void this.onSubscribe(socket, raw, typeof ack === 'function' ? ack : () => undefined));
        // Policy: none (a socket only leaves its own subscriptions)
        socket.on('unsubscribe', (raw, ack) => {
            const ok = this.onUnsubscribe(socket, raw);
            if (typeof ack === 'function')
                ack({ ok });
        });
        socket.on('disconnect', () => {
            for (const sub of [...socket.data.subs.values()])
                this.rooms.remove(sub);
        });
    }
    onUnsubscribe(socket, raw) {
        const parsed = shared_types_1.unsubscribeRequestSchema.safeParse(raw);
        if (!parsed.success)
            return false;
        const { channel, ...target } = parsed.data;
        const access = this.access.accessFor(CHANNEL_NOTEABLE[channel]);
        if (!access)
            return false;
        const key = access.targetKey(target);
        let ok = false;
        for (const sub of socket.data.subs.values()) {
            if (sub.room.access === access && sub.room.targetKey === key) {
                this.rooms.remove(sub);
                ok = true;
            }
        }
        return ok;
    }
    async onSubscribe(socket, raw, ack) {
        const parsed = shared_types_1.subscribeRequestSchema.safeParse(raw);
        if (!parsed.success)
            return ack({ ok: false, code: 'invalid', message: (0, shared_types_1.firstIssue)(parsed.error) });
        const { channel, after, ...target } = parsed.data;
        const access = this.access.accessFor(CHANNEL_NOTEABLE[channel]);
        if (!access)
            return ack({ ok: false, code: 'invalid', message: `channel ${channel} is not served` });
        let grant;
        try {
            grant = await this.access.resolve(socket.data.actor, access, target);
        }
        catch (e) {
            if (e instanceof app_error_1.AppError)
                return ack({ ok: false, code: 'not_found', message: e.message });
            this.logger.error({ err: e }, 'subscribe failed');
            return ack({ ok: false, message: shared_types_1.ERRORS.INTERNAL.message });
        }
        if (!socket.connected)
            return;
        const room = this.delivery.roomFor(grant, access);
        let sub = socket.data.subs.get(room.key);
        if (!sub) {
            if (socket.data.subs.size >= MAX_SUBSCRIPTIONS_PER_SOCKET)
                return ack({ ok: false, code: 'invalid', message: `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection` });
            sub = this.rooms.subscribe(socket, room);
        }
        sub.privileged = grant.abilities.readInternalNotes;
        const s = sub;
        s.chain = s.chain.then(() => this.catchUp(s, after, ack)).catch((err) => {
            this.logger.error({ err }, 'replay failed');
            ack({ ok: false, message: 'replay failed' });
        });
    }
    /** Replays (after, room.seq] from the log, then joins the live room with no gap and no repeat. */
    async catchUp(sub, after, ack) {
        const { room, socket } = sub;
        const gone = () => ack({ ok: false, code: 'not_found', message: shared_types_1.ERRORS.ISSUE_NOT_FOUND.message });
        await room.ready;
        if (sub.cancelled || room.closed)
            return gone();
        // Stop live delivery while replaying: the replay covers everything up to room.seq
        this.rooms.leaveLive(sub);
        let from = room.seq;
        let pruned = false;
        if (after !== undefined && after < room.seq) {
            if (room.seq - after > MAX_REPLAY)
                pruned = true;
            else
                from = after;
        }
        let replayed = 0;
        for (let rounds = 0; !pruned && from < room.seq && rounds < 50; rounds++) {
            const events = await this.replayPage(room, from, room.seq);
            if (sub.cancelled)
                return gone();
            // The log no longer starts right after `from`: pruned (the client must refetch)
            if (!events.length || events[0].seq !== from + 1) {
                pruned = true;
                break;
            }
            const bySeq = new Map(events.map((e) => [e.seq, e]));
            let checkedTx = null;
            for (const e of events) {
                // Access may have changed at this point of the history: check again before going on
                if (checkedTx !== e.at && room.txChangesAccess(e, (s) => bySeq.get(s))) {
                    checkedTx = e.at;
                    if (!(await this.access.verify(sub)))
                        return gone();
                }
                (0, noteable_room_1.emitTo)(socket, sub.privileged, e);
                from = e.seq;
                replayed++;
            }
        }
        if (sub.cancelled || room.closed)
            return gone();
        if (pruned || from < room.seq) {
            const signal = { ...room.where, seq: room.seq, reason: 'log_pruned' };
            socket.emit('resync', signal);
        }
        // Synchronously from here: join at room.seq, before any further broadcast can run
        this.rooms.joinLive(sub);
        ack({ ok: true, seq: room.seq, replayed });
    }
    /**
     * One log read shared by every member replaying the same range at the same time (after a
     * node restart, all watchers of a noteable come back with the same `after`).
     */
    replayPage(room, from, upTo) {
        const key = `${from}:${upTo}`;
        let p = room.replayReads.get(key);
        if (!p) {
            p = this.log.eventsAfter(room.noteable.type, room.noteable.id, from, 1000, upTo);
            room.replayReads.set(key, p);
            const forget = () => room.replayReads.delete(key);
            p.then(forget, forget);
        }
        return p;
    }
};
exports.SubscribeService = SubscribeService;
exports.SubscribeService = SubscribeService = SubscribeService_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService,
        room_registry_1.RoomRegistry,
        room_access_service_1.RoomAccess,
        room_delivery_service_1.RoomDelivery])
], SubscribeService);
//# sourceMappingURL=subscribe.service.js.map