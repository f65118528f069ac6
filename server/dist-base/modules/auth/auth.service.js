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
exports.AuthService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("@nestjs/typeorm");
const pg_pool_1 = require("../../core/database/pg-pool");
const user_row_1 = require("../user/user.row");
const typeorm_2 = require("typeorm");
const argon2_1 = require("@node-rs/argon2");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const event_bus_1 = require("../../core/realtime/event-bus");
const user_entity_1 = require("../user/user.entity");
const auth_entities_1 = require("./auth.entities");
const tokens_1 = require("./tokens");
const toActor = (u, scopes) => ({ id: u.id, username: u.username, isAdmin: u.isAdmin, scopes });
let AuthService = class AuthService {
    ds;
    config;
    bus;
    constructor(ds, config, bus) {
        this.ds = ds;
        this.config = config;
        this.bus = bus;
    }
    hashPassword(password) {
        return (0, argon2_1.hash)(password);
    }
    /** Checks a login (username or email) and password; the same error for either mistake. */
    async verifyCredentials(login, password) {
        if (!login || !password)
            throw new app_error_1.AppError('INVALID_CREDENTIALS');
        const user = await this.ds
            .getRepository(user_entity_1.User)
            .createQueryBuilder('u')
            .addSelect('u.passwordHash')
            .where('lower(u.username) = lower(:login) OR lower(u.email) = lower(:login)', { login })
            .getOne();
        const ok = user?.passwordHash ? await (0, argon2_1.verify)(user.passwordHash, password).catch(() => false) : false;
        if (!user || !ok || user.state !== 'active')
            throw new app_error_1.AppError('INVALID_CREDENTIALS');
        return user;
    }
    async createSession(userId) {
        const token = (0, tokens_1.randomToken)();
        const csrfToken = (0, tokens_1.randomToken)(24);
        const expiresAt = new Date(Date.now() + this.config.SESSION_TTL_HOURS * 3600_000);
        await this.ds.getRepository(auth_entities_1.Session).insert({ id: (0, tokens_1.digest)(token), userId, csrfToken, expiresAt });
        return { token, csrfToken, expiresAt };
    }
    async destroySession(sessionId) {
        await this.ds.getRepository(auth_entities_1.Session).delete({ id: sessionId });
        this.bus.publishControl({ kind: 'credential_revoked', credential: sessionId });
    }
    async resolveSession(token) {
        const id = (0, tokens_1.digest)(token);
        const { rows } = await (0, pg_pool_1.pgPool)(this.ds).query({
            name: 'auth.session',
            text: `SELECT ${user_row_1.USER_COLUMNS}, s.csrf_token, s.expires_at AS session_expires_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND u.state = 'active'`,
            values: [id],
        });
        const s = rows[0];
        if (!s || s.session_expires_at.getTime() < Date.now())
            return null;
        const user = (0, user_row_1.userFromRow)(s);
        return { actor: toActor(user, null), user, sessionId: id, csrfToken: s.csrf_token, expiresAt: s.session_expires_at };
    }
    /** Resolves a PAT or OAuth token and its (active) user in one query. */
    async resolveToken(token) {
        const oauth = token.startsWith(tokens_1.OAUTH_PREFIX);
        const { rows } = await (0, pg_pool_1.pgPool)(this.ds).query({
            name: oauth ? 'auth.oauth-token' : 'auth.personal-token',
            text: `SELECT ${user_row_1.USER_COLUMNS}, t.id AS token_id, t.scopes, t.revoked, ${oauth ? 't.expires_at AS expires_at, NULL AS last_used_at' : 't.expires_at::text AS expires_at, t.last_used_at'}
       FROM ${oauth ? 'oauth_access_tokens' : 'personal_access_tokens'} t JOIN users u ON u.id = t.user_id
       WHERE t.token_digest = $1 AND u.state = 'active'`,
            values: [(0, tokens_1.digest)(token)],
        });
        const r = rows[0];
        if (!r || r.revoked)
            return null;
        const expires = r.expires_at === null ? null : oauth ? new Date(r.expires_at) : new Date(`${String(r.expires_at)}T23:59:59.999Z`);
        if (expires && expires.getTime() < Date.now())
            return null;
        const user = (0, user_row_1.userFromRow)(r);
        // last_used_at is advisory: update at most once a minute, never block the request on it
        if (!oauth && (!r.last_used_at || Date.now() - r.last_used_at.getTime() > 60_000))
            void this.ds.getRepository(auth_entities_1.PersonalAccessToken).update(r.token_id, { lastUsedAt: new Date() }).catch(() => undefined);
        return { actor: toActor(user, r.scopes), user, expiresAt: expires };
    }
    /** `input` is validated at the boundary (personalAccessTokenSchema in shared-types). */
    async createPersonalAccessToken(userId, input) {
        const { name, scopes, expires_at: expiresAt = null } = input;
        const token = tokens_1.PAT_PREFIX + (0, tokens_1.randomToken)();
        const repo = this.ds.getRepository(auth_entities_1.PersonalAccessToken);
        const record = await repo.save(repo.create({ userId, name, scopes, expiresAt, tokenDigest: (0, tokens_1.digest)(token), revoked: false }));
        return { token, record };
    }
    listPersonalAccessTokens(userId) {
        return this.ds.getRepository(auth_entities_1.PersonalAccessToken).find({ where: { userId }, order: { id: 'DESC' } });
    }
    async revokePersonalAccessToken(userId, id) {
        const [rows] = (await this.ds.query('UPDATE personal_access_tokens SET revoked = true WHERE id = $1 AND user_id = $2 AND NOT revoked RETURNING token_digest', [id, userId]));
        const revoked = rows[0];
        // Open sockets authenticated with it are closed on every node
        if (revoked)
            this.bus.publishControl({ kind: 'credential_revoked', credential: revoked.token_digest });
        return revoked !== undefined;
    }
    /** OAuth2 password grant: username + password -> bearer token with scope api. */
    async passwordGrant(username, password, scope) {
        const user = await this.verifyCredentials(username, password).catch(() => {
            throw new app_error_1.AppError('INVALID_GRANT');
        });
        const scopes = (scope ?? 'api').split(/[\s+]+/).filter(Boolean);
        if (!scopes.every((s) => shared_types_1.TOKEN_SCOPES.includes(s)))
            throw new app_error_1.AppError('INVALID_GRANT', 'invalid_scope');
        const accessToken = tokens_1.OAUTH_PREFIX + (0, tokens_1.randomToken)();
        const refreshToken = (0, tokens_1.randomToken)();
        const ttl = this.config.OAUTH_TOKEN_TTL_SECONDS;
        const created = new Date();
        await this.ds.getRepository(auth_entities_1.OauthAccessToken).insert({
            userId: user.id,
            tokenDigest: (0, tokens_1.digest)(accessToken),
            refreshDigest: (0, tokens_1.digest)(refreshToken),
            scopes,
            expiresAt: new Date(created.getTime() + ttl * 1000),
            revoked: false,
        });
        return {
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: ttl,
            refresh_token: refreshToken,
            scope: scopes.join(' '),
            created_at: Math.floor(created.getTime() / 1000),
        };
    }
};
exports.AuthService = AuthService;
exports.AuthService = AuthService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, typeorm_1.InjectDataSource)()),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __param(2, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __metadata("design:paramtypes", [typeorm_2.DataSource, Object, Object])
], AuthService);
//# sourceMappingURL=auth.service.js.map