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
exports.OauthAccessToken = exports.PersonalAccessToken = exports.Session = void 0;
const typeorm_1 = require("typeorm");
let Session = class Session {
    /** sha256 of the cookie value: a leaked table does not leak sessions. */
    id;
    userId;
    csrfToken;
    createdAt;
    expiresAt;
};
exports.Session = Session;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'varchar' }),
    __metadata("design:type", String)
], Session.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], Session.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'csrf_token' }),
    __metadata("design:type", String)
], Session.prototype, "csrfToken", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], Session.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'expires_at' }),
    __metadata("design:type", Date)
], Session.prototype, "expiresAt", void 0);
exports.Session = Session = __decorate([
    (0, typeorm_1.Entity)('sessions')
], Session);
let PersonalAccessToken = class PersonalAccessToken {
    id;
    userId;
    name;
    tokenDigest;
    scopes;
    expiresAt;
    revoked;
    lastUsedAt;
    createdAt;
};
exports.PersonalAccessToken = PersonalAccessToken;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], PersonalAccessToken.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], PersonalAccessToken.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar' }),
    __metadata("design:type", String)
], PersonalAccessToken.prototype, "name", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'token_digest' }),
    __metadata("design:type", String)
], PersonalAccessToken.prototype, "tokenDigest", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', array: true }),
    __metadata("design:type", Array)
], PersonalAccessToken.prototype, "scopes", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date', name: 'expires_at', nullable: true }),
    __metadata("design:type", Object)
], PersonalAccessToken.prototype, "expiresAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], PersonalAccessToken.prototype, "revoked", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'last_used_at', nullable: true }),
    __metadata("design:type", Object)
], PersonalAccessToken.prototype, "lastUsedAt", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], PersonalAccessToken.prototype, "createdAt", void 0);
exports.PersonalAccessToken = PersonalAccessToken = __decorate([
    (0, typeorm_1.Entity)('personal_access_tokens')
], PersonalAccessToken);
let OauthAccessToken = class OauthAccessToken {
    id;
    userId;
    tokenDigest;
    refreshDigest;
    scopes;
    expiresAt;
    revoked;
    createdAt;
};
exports.OauthAccessToken = OauthAccessToken;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)(),
    __metadata("design:type", Number)
], OauthAccessToken.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', name: 'user_id' }),
    __metadata("design:type", Number)
], OauthAccessToken.prototype, "userId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'token_digest' }),
    __metadata("design:type", String)
], OauthAccessToken.prototype, "tokenDigest", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', name: 'refresh_digest', nullable: true }),
    __metadata("design:type", Object)
], OauthAccessToken.prototype, "refreshDigest", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', array: true }),
    __metadata("design:type", Array)
], OauthAccessToken.prototype, "scopes", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', name: 'expires_at' }),
    __metadata("design:type", Date)
], OauthAccessToken.prototype, "expiresAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean' }),
    __metadata("design:type", Boolean)
], OauthAccessToken.prototype, "revoked", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz', name: 'created_at' }),
    __metadata("design:type", Date)
], OauthAccessToken.prototype, "createdAt", void 0);
exports.OauthAccessToken = OauthAccessToken = __decorate([
    (0, typeorm_1.Entity)('oauth_access_tokens')
], OauthAccessToken);
//# sourceMappingURL=auth.entities.js.map