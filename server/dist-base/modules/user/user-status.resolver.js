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
exports.UserStatusResolver = exports.UserStatusType = exports.AvailabilityEnum = void 0;
const graphql_1 = require("@nestjs/graphql");
const global_id_1 = require("../../core/graphql/global-id");
const user_graphql_types_1 = require("./user.graphql-types");
const user_status_store_1 = require("./user-status.store");
var AvailabilityEnum;
(function (AvailabilityEnum) {
    AvailabilityEnum["NOT_SET"] = "not_set";
    AvailabilityEnum["BUSY"] = "busy";
})(AvailabilityEnum || (exports.AvailabilityEnum = AvailabilityEnum = {}));
(0, graphql_1.registerEnumType)(AvailabilityEnum, { name: 'AvailabilityEnum', description: 'User availability status' });
let UserStatusType = class UserStatusType {
    availability;
    message;
};
exports.UserStatusType = UserStatusType;
__decorate([
    (0, graphql_1.Field)(() => AvailabilityEnum),
    __metadata("design:type", String)
], UserStatusType.prototype, "availability", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UserStatusType.prototype, "message", void 0);
exports.UserStatusType = UserStatusType = __decorate([
    (0, graphql_1.ObjectType)('UserStatus')
], UserStatusType);
/** GitLab's `UserCore.status`: the sidebar's '(Busy)' reads it. */
let UserStatusResolver = class UserStatusResolver {
    statuses;
    constructor(statuses) {
        this.statuses = statuses;
    }
    /** Policy: public (as the user's basic profile). */
    async status(u) {
        const id = (0, global_id_1.parseGlobalId)(u.id, ['User']);
        if (id === null)
            return null;
        const s = (await this.statuses.forUsers([id])).get(id) ?? user_status_store_1.NO_STATUS;
        return { availability: s.availability, message: s.message };
    }
};
exports.UserStatusResolver = UserStatusResolver;
__decorate([
    (0, graphql_1.ResolveField)(() => UserStatusType, { nullable: true }),
    __param(0, (0, graphql_1.Parent)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [user_graphql_types_1.UserType]),
    __metadata("design:returntype", Promise)
], UserStatusResolver.prototype, "status", null);
exports.UserStatusResolver = UserStatusResolver = __decorate([
    (0, graphql_1.Resolver)(() => user_graphql_types_1.UserType),
    __metadata("design:paramtypes", [user_status_store_1.UserStatusStore])
], UserStatusResolver);
//# sourceMappingURL=user-status.resolver.js.map