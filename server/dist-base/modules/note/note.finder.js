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
exports.NoteFinder = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const user_entity_1 = require("../user/user.entity");
const user_mapper_1 = require("../user/user.mapper");
const user_row_1 = require("../user/user.row");
const note_entity_1 = require("./note.entity");
/** Read queries over notes. Visibility of internal notes is the caller's decision (`includeInternal`). */
let NoteFinder = class NoteFinder {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /**
     * Notes of a noteable updated after `sinceUs` (µs since the epoch), a page of `limit`, with
     * the database clock: one statement, so the clock and the page are one snapshot.
     */
    async changedSince(key, sinceUs, limit, includeInternal, m = this.ds.manager) {
        const qb = m
            .getRepository(note_entity_1.Note)
            .createQueryBuilder('n')
            .addSelect('(extract(epoch from n.updated_at) * 1000000)::bigint::text', 'updated_us')
            .addSelect('(extract(epoch from clock_timestamp()) * 1000000)::bigint::text', 'now_us')
            .where('n.noteable_type = :type AND n.noteable_id = :id', { type: key.type, id: key.id })
            .andWhere(`n.updated_at > timestamptz 'epoch' + (CAST(:since AS bigint) * interval '1 microsecond')`, { since: sinceUs.toString() })
            .orderBy('n.updated_at', 'ASC')
            .addOrderBy('n.id', 'ASC')
            .limit(limit + 1);
        if (!includeInternal)
            qb.andWhere('NOT n.internal');
        const { entities, raw } = (await qb.getRawAndEntities());
        const more = entities.length > limit;
        const notes = entities.slice(0, limit);
        const nowUs = raw[0] ? BigInt(raw[0].now_us) : await this.nowMicros(m);
        const lastUpdatedUs = notes.length ? BigInt(raw[notes.length - 1].updated_us) : null;
        return { notes, lastUpdatedUs, nowUs, more };
    }
    /** Every note of a noteable, oldest first (the activity list). */
    async listFor(key, includeInternal, m = this.ds.manager) {
        const qb = m
            .getRepository(note_entity_1.Note)
            .createQueryBuilder('n')
            .where('n.noteable_type = :type AND n.noteable_id = :id', { type: key.type, id: key.id })
            .orderBy('n.created_at', 'ASC')
            .addOrderBy('n.id', 'ASC');
        if (!includeInternal)
            qb.andWhere('NOT n.internal');
        return qb.getMany();
    }
    /** One note of a noteable (null when it is not there). */
    async byId(key, noteId, m = this.ds.manager) {
        if (!Number.isSafeInteger(noteId) || noteId <= 0 || noteId > 2_147_483_647)
            return null;
        return m.getRepository(note_entity_1.Note).createQueryBuilder('n').where('n.id = :noteId AND n.noteable_type = :type AND n.noteable_id = :id', { noteId, type: key.type, id: key.id }).getOne();
    }
    /** A note and every note of its discussion (oldest first), in one query; null when the note is not there. */
    async withDiscussion(key, noteId, m = this.ds.manager) {
        if (!Number.isSafeInteger(noteId) || noteId <= 0 || noteId > 2_147_483_647)
            return null;
        const notes = await m
            .getRepository(note_entity_1.Note)
            .createQueryBuilder('n')
            .where('n.noteable_type = :type AND n.noteable_id = :id', { type: key.type, id: key.id })
            .andWhere('n.discussion_id = (SELECT d.discussion_id FROM notes d WHERE d.id = :noteId AND d.noteable_type = :type AND d.noteable_id = :id)', { noteId })
            .orderBy('n.created_at', 'ASC')
            .addOrderBy('n.id', 'ASC')
            .getMany();
        const note = notes.find((n) => n.id === noteId);
        return note ? { note, discussion: notes } : null;
    }
    /**
     * One discussion's notes (oldest first), found by one of its notes or its id, with every user
     * they name plus `alsoUserId` (the actor), in ONE statement: what a note write reads.
     */
    async thread(key, by, alsoUserId, m = this.ds.manager) {
        if ('noteId' in by && (!Number.isSafeInteger(by.noteId) || by.noteId <= 0 || by.noteId > 2_147_483_647))
            return { notes: [], users: new Map() };
        if ('discussionId' in by && !/^[0-9a-f]{40}$/.test(by.discussionId))
            return { notes: [], users: new Map() };
        const discussion = 'noteId' in by ? `(SELECT d.discussion_id FROM notes d WHERE d.id = $3::int AND d.noteable_type = $1 AND d.noteable_id = $2)` : '$3::varchar';
        const rows = await m.query(`WITH t AS (SELECT n.* FROM notes n WHERE n.noteable_type = $1 AND n.noteable_id = $2 AND n.discussion_id = ${discussion})
       SELECT t.*, (SELECT COALESCE(json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name, 'email', u.email, 'avatar_url', u.avatar_url,
           'state', u.state, 'is_admin', u.is_admin, 'created_at', u.created_at, 'updated_at', u.updated_at)), '[]'::json)
         FROM users u WHERE u.id IN (SELECT author_id FROM t UNION SELECT updated_by_id FROM t WHERE last_edited_at IS NOT NULL
           UNION SELECT resolved_by_id FROM t WHERE resolved_at IS NOT NULL UNION SELECT $4::int)) AS users_json
       FROM t ORDER BY t.created_at, t.id`, [key.type, key.id, 'noteId' in by ? by.noteId : by.discussionId, alsoUserId]);
        const meta = m.connection.getMetadata(note_entity_1.Note);
        const notes = rows.map((r) => {
            const n = meta.create();
            for (const c of meta.columns)
                if (c.databaseName in r)
                    n[c.propertyName] = m.connection.driver.prepareHydratedValue(r[c.databaseName], c);
            return n;
        });
        const raw = rows[0]?.users_json;
        const list = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? []));
        return { notes, users: new Map(list.map((u) => [Number(u.id), (0, user_mapper_1.toUserBasic)((0, user_row_1.userFromRow)(u), this.config.publicUrl)])) };
    }
    /** The note an author created with an Idempotency-Key (the first submit a retry returns). */
    async byIdempotencyKey(authorId, idempotencyKey, m = this.ds.manager) {
        return m.getRepository(note_entity_1.Note).createQueryBuilder('n').where('n.author_id = :authorId AND n.idempotency_key = :idempotencyKey', { authorId, idempotencyKey }).getOne();
    }
    /** A page of a noteable's notes in the REST order (sort, order_by), with the total, in one query. */
    async page(key, includeInternal, opts, m = this.ds.manager) {
        const dir = opts.sort === 'asc' ? 'ASC' : 'DESC';
        const rows = await m.query(`SELECT n.*, count(*) OVER () AS total FROM notes n
       WHERE n.noteable_type = $1 AND n.noteable_id = $2${includeInternal ? '' : ' AND NOT n.internal'}
       ORDER BY n.${opts.orderBy} ${dir}, n.id ${dir} OFFSET $3 LIMIT $4`, [key.type, key.id, opts.offset, opts.limit]);
        const meta = m.connection.getMetadata(note_entity_1.Note);
        const notes = rows.map((r) => {
            const n = meta.create();
            for (const c of meta.columns)
                if (c.databaseName in r)
                    n[c.propertyName] = m.connection.driver.prepareHydratedValue(r[c.databaseName], c);
            return n;
        });
        let total = rows[0] ? Number(rows[0].total) : 0;
        // Past the last page the window has no row to count on
        if (!rows.length && opts.offset > 0)
            total = (await this.page(key, includeInternal, { ...opts, offset: 0, limit: 1 }, m)).total;
        return { notes, total };
    }
    /** The users notes name (authors, editors, resolvers), by id, in one query. */
    async users(ids, m = this.ds.manager) {
        if (!ids.length)
            return new Map();
        const users = await m.getRepository(user_entity_1.User).createQueryBuilder('u').whereInIds([...ids]).getMany();
        return new Map(users.map((u) => [u.id, (0, user_mapper_1.toUserBasic)(u, this.config.publicUrl)]));
    }
    async nowMicros(m) {
        const rows = await m.query(`SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint::text AS now_us`);
        return BigInt(rows[0].now_us);
    }
};
exports.NoteFinder = NoteFinder;
exports.NoteFinder = NoteFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], NoteFinder);
//# sourceMappingURL=note.finder.js.map