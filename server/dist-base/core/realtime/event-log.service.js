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
var EventLogService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.EventLogService = exports.Tx = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const pg_pool_1 = require("../database/pg-pool");
const metrics_1 = require("../metrics/metrics");
const event_bus_1 = require("./event-bus");
/** Which table holds a noteable's sequence counter. */
const SEQ_TABLE = { Issue: 'issues', Epic: 'epics', MergeRequest: 'merge_requests' };
/** A write transaction that records events; they are published only after commit. */
class Tx {
    manager;
    sql;
    recorded = [];
    /** Users whose own lists (to-dos) this transaction changed: told after COMMIT (EventLogService.onUsersTouched). */
    touchedUsers = new Set();
    queued = [];
    constructor(manager, 
    /** The same connection as `manager`, for hot-path statements prepared by name. */
    sql) {
        this.manager = manager;
        this.sql = sql;
    }
    /** A prepared statement on this transaction's connection. */
    async query(name, text, values) {
        return (await this.sql.query({ name, text, values })).rows;
    }
    /** Events the caller appended itself (in one statement with its write), to publish after commit. */
    recordAppended(noteable, events) {
        for (const event of events)
            this.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event });
    }
    /**
     * Takes the noteable's next sequence number (the row lock also orders concurrent writers)
     * and appends the event to the log, inside this transaction, now. Use it when later
     * statements depend on the event being written (e.g. before the noteable's row goes).
     */
    async record(noteable, type, payload, actor) {
        await this.flush();
        const [event] = await this.append(noteable, [{ type, payload, actor }]);
        return event;
    }
    /**
     * Queues an event; queued events are appended in one statement per noteable when the
     * transaction's work is done (EventLogService.transaction flushes before COMMIT), in the
     * order they were queued.
     */
    recordLater(noteable, type, payload, actor) {
        this.queued.push({ noteable, type, payload, actor });
    }
    /** Appends every queued event (one round trip per noteable). */
    async flush() {
        while (this.queued.length) {
            const first = this.queued[0].noteable;
            const same = (n) => n.type === first.type && n.id === first.id;
            const batch = this.queued.filter((q) => same(q.noteable));
            this.queued.splice(0, this.queued.length, ...this.queued.filter((q) => !same(q.noteable)));
            await this.append(first, batch);
        }
    }
    async append(noteable, items) {
        const table = SEQ_TABLE[noteable.type];
        const n = items.length;
        // One round trip: take the next n seqs (the row lock orders concurrent writers) and append
        const rows = (await this.manager.query(`WITH next AS (UPDATE ${table} SET event_seq = event_seq + $3 WHERE id = $1 RETURNING event_seq)
       INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id)
       SELECT $2, $1, next.event_seq - $3 + e.ord::int, e.type, e.payload::jsonb, e.actor_id
       FROM next, unnest($4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS e(type, payload, actor_id, ord)
       RETURNING seq, created_at`, [
            noteable.id,
            noteable.type,
            n,
            items.map((i) => i.type),
            items.map((i) => JSON.stringify({ payload: i.payload, actor: i.actor, issue: noteable.ref })),
            items.map((i) => i.actor?.id ?? null),
        ]));
        if (rows.length !== n)
            throw new Error(`${noteable.type} ${noteable.id} not found for events ${items.map((i) => i.type).join(', ')}`);
        rows.sort((a, b) => a.seq - b.seq);
        return items.map((item, k) => {
            const event = {
                type: item.type,
                seq: rows[k].seq,
                issue: noteable.ref,
                payload: item.payload,
                actor: item.actor,
                at: rows[k].created_at.toISOString(),
            };
            this.recorded.push({ noteableType: noteable.type, noteableId: noteable.id, event });
            return event;
        });
    }
}
exports.Tx = Tx;
let EventLogService = EventLogService_1 = class EventLogService {
    ds;
    bus;
    logger = new common_1.Logger(EventLogService_1.name);
    commitListeners = [];
    usersTouchedListeners = [];
    constructor(ds, bus) {
        this.ds = ds;
        this.bus = bus;
    }
    onCommit(listener) {
        this.commitListeners.push(listener);
    }
    onUsersTouched(listener) {
        this.usersTouchedListeners.push(listener);
    }
    tellTouched(tx) {
        if (!tx.touchedUsers.size)
            return;
        const ids = [...tx.touchedUsers];
        for (const l of this.usersTouchedListeners) {
            try {
                l(ids);
            }
            catch (err) {
                this.logger.warn({ err }, 'users-touched listener failed');
            }
        }
    }
    /**
     * Runs `fn`, which writes in exactly ONE statement (atomic on its own), on a pooled
     * connection without BEGIN/COMMIT; its recorded events are published after it.
     */
    async autocommit(fn) {
        // The pool checks a connection out for the one statement and back in (no TypeORM runner)
        const tx = new Tx(this.ds.manager, (0, pg_pool_1.pgPool)(this.ds));
        const result = await fn(tx);
        if (tx.recorded.length)
            await this.publish(tx.recorded);
        this.tellTouched(tx);
        return result;
    }
    /** Runs `fn` in one transaction; its recorded events are published after COMMIT. */
    async transaction(fn) {
        const runner = this.ds.createQueryRunner();
        await runner.connect();
        let tx;
        let result;
        try {
            await runner.startTransaction();
            try {
                tx = new Tx(runner.manager, runner.databaseConnection);
                result = await fn(tx);
                await tx.flush();
                await runner.commitTransaction();
            }
            catch (err) {
                await runner.rollbackTransaction();
                throw err;
            }
        }
        finally {
            await runner.release();
        }
        if (tx.recorded.length)
            await this.publish(tx.recorded);
        this.tellTouched(tx);
        return result;
    }
    async publish(events) {
        // Synchronous local delivery, fire-and-forget to other nodes: a lost publish is repaired
        // from the log, so the request never waits on (or fails because of) the bus.
        this.bus.publish(events);
        (0, metrics_1.countEventsPublished)(events.length);
        // Then the listeners (ETag cache): awaited, so the writer's next poll already sees the change.
        for (const l of this.commitListeners) {
            try {
                await l(events);
            }
            catch (err) {
                this.logger.warn({ err }, 'commit listener failed');
            }
        }
    }
    /** Events of a noteable with after < seq <= upTo, in order (for replay and gap fill). */
    async eventsAfter(type, id, after, limit = 1000, upTo = 2_147_483_647) {
        const rows = await this.ds.query(`SELECT seq, type, payload, created_at FROM issue_events
         WHERE noteable_type = $1 AND noteable_id = $2 AND seq > $3 AND seq <= $4 ORDER BY seq LIMIT $5`, [type, id, after, upTo, limit]);
        return rows.map((r) => ({ type: r.type, seq: r.seq, issue: r.payload.issue, payload: r.payload.payload, actor: r.payload.actor, at: r.created_at.toISOString() }));
    }
    /** The committed head seq of each noteable (absent ids no longer exist). */
    async currentSeqs(type, ids) {
        if (!ids.length)
            return new Map();
        const rows = await this.ds.query(`SELECT id, event_seq FROM ${SEQ_TABLE[type]} WHERE id = ANY($1)`, [ids]);
        return new Map(rows.map((r) => [r.id, r.event_seq]));
    }
    /** The oldest seq still in the log for a noteable (null if none retained). */
    async oldestRetainedSeq(type, id) {
        const rows = await this.ds.query('SELECT min(seq) AS min FROM issue_events WHERE noteable_type = $1 AND noteable_id = $2', [type, id]);
        return rows[0]?.min ?? null;
    }
    /** Deletes events older than the retention window; returns how many. */
    async prune(olderThanMs) {
        const [, count] = (await this.ds.query(`DELETE FROM issue_events WHERE created_at < now() - ($1 || ' milliseconds')::interval`, [
            String(Math.floor(olderThanMs)),
        ]));
        return count;
    }
};
exports.EventLogService = EventLogService;
exports.EventLogService = EventLogService = EventLogService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], EventLogService);
//# sourceMappingURL=event-log.service.js.map