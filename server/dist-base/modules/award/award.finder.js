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
exports.AwardFinder = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const config_1 = require("../../core/config/config");
const pg_pool_1 = require("../../core/database/pg-pool");
const user_mapper_1 = require("../user/user.mapper");
const user_row_1 = require("../user/user.row");
const award_mapper_1 = require("./award.mapper");
const SELECT = `SELECT a.id AS award_id, a.name AS award_name, a.awardable_type, a.awardable_id, a.created_at AS award_created_at,
    a.updated_at AS award_updated_at, ${user_row_1.USER_COLUMNS}
  FROM award_emoji a JOIN users u ON u.id = a.user_id`;
/** Reads awards (oldest first, as GitLab lists them). Visibility is the caller's: it checked the awardable. */
let AwardFinder = class AwardFinder {
    ds;
    config;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    /** Awards of many notes in one statement (discussions.json fills ApiNote.award_emoji with it). */
    async forNotes(noteIds) {
        const out = new Map();
        if (!noteIds.length)
            return out;
        const rows = await this.query('award.notes', `${SELECT} WHERE a.awardable_type = 'Note' AND a.awardable_id = ANY($1::int[]) ORDER BY a.id`, [[...noteIds]]);
        for (const r of rows) {
            const list = out.get(r.awardableId) ?? [];
            list.push((0, award_mapper_1.toNoteAward)(r));
            out.set(r.awardableId, list);
        }
        return out;
    }
    /** The awards on an issue itself (the awards bar under its description). */
    async forIssue(issueId) {
        return (await this.list('Issue', issueId)).map(award_mapper_1.toNoteAward);
    }
    /** Every award on one awardable, with its user (REST). */
    async list(type, id) {
        return this.query('award.list', `${SELECT} WHERE a.awardable_type = $1 AND a.awardable_id = $2::int ORDER BY a.id`, [type, id]);
    }
    /** One award of an awardable by its id, or null. */
    async find(type, id, awardId) {
        if (!Number.isSafeInteger(awardId) || awardId <= 0 || awardId > 2_147_483_647)
            return null;
        const rows = await this.query('award.one', `${SELECT} WHERE a.awardable_type = $1 AND a.awardable_id = $2::int AND a.id = $3::int`, [type, id, awardId]);
        return rows[0] ?? null;
    }
    async query(name, text, values) {
        const { rows } = await (0, pg_pool_1.pgPool)(this.ds).query({ name, text, values });
        return rows.map((r) => ({
            id: Number(r.award_id),
            name: r.award_name,
            awardableType: r.awardable_type,
            awardableId: Number(r.awardable_id),
            createdAt: new Date(r.award_created_at),
            updatedAt: new Date(r.award_updated_at),
            user: (0, user_mapper_1.toUserBasic)((0, user_row_1.userFromRow)(r), this.config.publicUrl),
        }));
    }
};
exports.AwardFinder = AwardFinder;
exports.AwardFinder = AwardFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object])
], AwardFinder);
//# sourceMappingURL=award.finder.js.map