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
exports.UserStatusStore = exports.NO_STATUS = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
exports.NO_STATUS = { availability: 'not_set', message: null };
/** Reads and writes user_statuses (raw SQL: no entity, TypeORM never maps it). */
let UserStatusStore = class UserStatusStore {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** The statuses of many users in one query; users without a row have NO_STATUS. */
    async forUsers(userIds) {
        const out = new Map();
        if (!userIds.length)
            return out;
        const rows = (await this.ds.query('SELECT user_id, availability, message FROM user_statuses WHERE user_id = ANY($1::int[])', [[...new Set(userIds)]]));
        for (const r of rows)
            out.set(Number(r.user_id), { availability: r.availability, message: r.message });
        return out;
    }
    async set(userId, status) {
        await this.ds.query(`INSERT INTO user_statuses (user_id, availability, message, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET availability = EXCLUDED.availability, message = EXCLUDED.message, updated_at = now()`, [userId, status.availability, status.message]);
        return status;
    }
};
exports.UserStatusStore = UserStatusStore;
exports.UserStatusStore = UserStatusStore = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], UserStatusStore);
//# sourceMappingURL=user-status.store.js.map