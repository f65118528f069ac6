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
exports.TimelogFinder = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const user_row_1 = require("../../user/user.row");
/** An issue's time logs, oldest first, with their users (one statement). */
let TimelogFinder = class TimelogFinder {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    async forIssue(issueId) {
        const rows = (await this.ds.query(`SELECT t.id AS t_id, t.time_spent AS t_time_spent, to_char(t.spent_at, 'YYYY-MM-DD') AS t_spent_at, t.summary AS t_summary,
         t.created_at AS t_created_at, t.user_id AS t_user_id, ${user_row_1.USER_COLUMNS}
       FROM timelogs t LEFT JOIN users u ON u.id = t.user_id WHERE t.issue_id = $1 ORDER BY t.id`, [issueId]));
        return rows.map((r) => ({
            id: Number(r.t_id),
            timeSpent: Number(r.t_time_spent),
            spentAt: r.t_spent_at,
            summary: r.t_summary,
            createdAt: new Date(r.t_created_at),
            user: r.t_user_id === null ? null : (0, user_row_1.userFromRow)(r),
        }));
    }
};
exports.TimelogFinder = TimelogFinder;
exports.TimelogFinder = TimelogFinder = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __metadata("design:paramtypes", [typeorm_2.DataSource])
], TimelogFinder);
//# sourceMappingURL=timelog.finder.js.map