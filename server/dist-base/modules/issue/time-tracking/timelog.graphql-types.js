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
Object.defineProperty(exports, "__esModule", { value: true });
exports.TimelogConnection = exports.TimelogType = void 0;
exports.toTimelogType = toTimelogType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../../core/graphql/connection");
const global_id_1 = require("../../../core/graphql/global-id");
const scalars_1 = require("../../../core/graphql/scalars");
const user_graphql_types_1 = require("../../user/user.graphql-types");
/** GitLab's `Timelog` (the fields its time-tracking report reads). */
let TimelogType = class TimelogType {
    id;
    timeSpent;
    spentAt;
    summary;
    createdAt;
    user;
};
exports.TimelogType = TimelogType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], TimelogType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(() => graphql_1.Int, { description: 'Time spent in seconds (negative: subtracted).' }),
    __metadata("design:type", Number)
], TimelogType.prototype, "timeSpent", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.DateScalar),
    __metadata("design:type", String)
], TimelogType.prototype, "spentAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], TimelogType.prototype, "summary", void 0);
__decorate([
    (0, graphql_1.Field)(() => scalars_1.TimeScalar),
    __metadata("design:type", String)
], TimelogType.prototype, "createdAt", void 0);
__decorate([
    (0, graphql_1.Field)(() => user_graphql_types_1.UserType, { nullable: true }),
    __metadata("design:type", Object)
], TimelogType.prototype, "user", void 0);
exports.TimelogType = TimelogType = __decorate([
    (0, graphql_1.ObjectType)('Timelog')
], TimelogType);
let TimelogConnection = class TimelogConnection extends (0, connection_1.Connection)(TimelogType, 'Timelog') {
};
exports.TimelogConnection = TimelogConnection;
exports.TimelogConnection = TimelogConnection = __decorate([
    (0, graphql_1.ObjectType)('TimelogConnection')
], TimelogConnection);
function toTimelogType(t, baseUrl) {
    return {
        id: (0, global_id_1.toGlobalId)('Timelog', t.id),
        timeSpent: t.timeSpent,
        spentAt: t.spentAt,
        summary: t.summary,
        createdAt: t.createdAt.toISOString(),
        user: t.user ? (0, user_graphql_types_1.toUserType)(t.user, baseUrl) : null,
    };
}
//# sourceMappingURL=timelog.graphql-types.js.map