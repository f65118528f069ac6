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
exports.SubscriptionStore = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const subscribed_sql_1 = require("./subscribed-sql");
/** Per-user issue subscriptions (notifications on/off). Raw SQL: TypeORM never maps the table. */
let SubscriptionStore = class SubscriptionStore {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    async isSubscribed(issueId, userId, m = this.ds) {
        const [row] = (await m.query(`SELECT ${(0, subscribed_sql_1.subscribedSql)('$2::int')} AS subscribed FROM issues i WHERE i.id = $1`, [issueId, userId]));
        return row?.subscribed === true;
    }
    /** Many issues for one user (the issue list's bulk form), in one query. */
    async subscribedIssueIds(issueIds, userId) {
        if (!issueIds.length)
            return new Set();
        const rows = (await this.ds.query(`SELECT i.id FROM issues i WHERE i.id = ANY($1::int[]) AND ${(0, subscribed_sql_1.subscribedSql)('$2::int')}`, [[...issueIds], userId]));
        return new Set(rows.map((r) => Number(r.id)));
    }
    /**
     * Records the user's explicit choice; returns false when it already was in that state
     * (GitLab's 304). One statement: the state is read and the row written together.
     */
    async set(issueId, userId, subscribed) {
        const [row] = (await this.ds.query(`WITH cur AS (SELECT ${(0, subscribed_sql_1.subscribedSql)('$2::int')} AS s FROM issues i WHERE i.id = $1),
       put AS (INSERT INTO issue_subscriptions (issue_id, user_id, subscribed, updated_at)
         SELECT $1, $2, $3, now() FROM cur WHERE cur.s IS DISTINCT FROM $3::boolean
         ON CONFLICT (issue_id, user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed, updated_at = now() RETURNING 1)
       SELECT (SELECT count(*) FROM put)::int AS changed`, [issueId, userId, subscribed]));
        return Number(row?.changed ?? 0) > 0;
    }
};
exports.SubscriptionStore = SubscriptionStore;
exports.SubscriptionStore = SubscriptionStore = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], SubscriptionStore);
//# sourceMappingURL=subscription.store.js.map