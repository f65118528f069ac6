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
exports.UserCoreConnection = exports.UserType = void 0;
exports.toUserType = toUserType;
const graphql_1 = require("@nestjs/graphql");
const connection_1 = require("../../core/graphql/connection");
const global_id_1 = require("../../core/graphql/global-id");
/** GitLab's `UserCore` (the fields the sidebar's user fragment reads). */
let UserType = class UserType {
    id;
    username;
    name;
    avatarUrl;
    webUrl;
    webPath;
    state;
};
exports.UserType = UserType;
__decorate([
    (0, graphql_1.Field)(() => graphql_1.ID),
    __metadata("design:type", String)
], UserType.prototype, "id", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], UserType.prototype, "username", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], UserType.prototype, "name", void 0);
__decorate([
    (0, graphql_1.Field)(() => String, { nullable: true }),
    __metadata("design:type", Object)
], UserType.prototype, "avatarUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], UserType.prototype, "webUrl", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], UserType.prototype, "webPath", void 0);
__decorate([
    (0, graphql_1.Field)(),
    __metadata("design:type", String)
], UserType.prototype, "state", void 0);
exports.UserType = UserType = __decorate([
    (0, graphql_1.ObjectType)('UserCore')
], UserType);
let UserCoreConnection = class UserCoreConnection extends (0, connection_1.Connection)(UserType, 'UserCore') {
};
exports.UserCoreConnection = UserCoreConnection;
exports.UserCoreConnection = UserCoreConnection = __decorate([
    (0, graphql_1.ObjectType)('UserCoreConnection')
], UserCoreConnection);
function toUserType(u, baseUrl) {
    return {
        id: (0, global_id_1.toGlobalId)('User', u.id),
        username: u.username,
        name: u.name,
        avatarUrl: u.avatarUrl ?? `/-/avatars/${encodeURIComponent(u.username)}.svg`,
        webUrl: `${baseUrl}/${u.username}`,
        webPath: `/${u.username}`,
        state: u.state,
    };
}
//# sourceMappingURL=user.graphql-types.js.map