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
exports.AuthController = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const typeorm_1 = require("@nestjs/typeorm");
const typeorm_2 = require("typeorm");
const common_2 = require("@nestjs/common");
const config_1 = require("../../core/config/config");
const app_error_1 = require("../../core/errors/app-error");
const request_context_1 = require("../../core/http/request-context");
const zod_input_1 = require("../../core/http/zod-input");
const rate_limited_error_1 = require("../../core/throttle/rate-limited.error");
const throttle_service_1 = require("../../core/throttle/throttle.service");
const user_entity_1 = require("../user/user.entity");
const user_mapper_1 = require("../user/user.mapper");
const auth_service_1 = require("./auth.service");
const patJson = (t) => ({
    id: t.id,
    name: t.name,
    revoked: t.revoked,
    created_at: t.createdAt.toISOString(),
    scopes: t.scopes,
    user_id: t.userId,
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    active: !t.revoked && (!t.expiresAt || t.expiresAt >= new Date().toISOString().slice(0, 10)),
    expires_at: t.expiresAt,
});
let AuthController = class AuthController {
    auth;
    ds;
    config;
    throttle;
    constructor(auth, ds, config, throttle) {
        this.auth = auth;
        this.ds = ds;
        this.config = config;
        this.throttle = throttle;
    }
    /** Policy: public (credentials are the check). Sign in with username or email; sets the httpOnly session cookie. */
    async signIn(req, res, body) {
        this.checkSameOrigin(req);
        const { login, password } = (0, zod_input_1.parseInput)(shared_types_1.signInSchema, body);
        const user = await this.throttledSignIn(req, login, () => this.auth.verifyCredentials(login, password));
        const existing = (0, request_context_1.authOf)(req).sessionId;
        if (existing)
            await this.auth.destroySession(existing);
        const s = await this.auth.createSession(user.id);
        res.cookie(shared_types_1.SESSION_COOKIE, s.token, {
            httpOnly: true,
            sameSite: 'lax',
            secure: this.config.publicUrl.startsWith('https://'),
            expires: s.expiresAt,
            path: '/',
        });
        return { user: (0, user_mapper_1.toCurrentUser)(user, this.config.publicUrl), csrf_token: s.csrfToken };
    }
    /** Policy: own session only (ends the caller's session, if any). */
    async signOut(req, res) {
        const { sessionId } = (0, request_context_1.authOf)(req);
        if (sessionId)
            await this.auth.destroySession(sessionId);
        res.clearCookie(shared_types_1.SESSION_COOKIE, { path: '/' });
    }
    /** Policy: public (credentials are the check). OAuth 2 resource-owner password grant, as GitLab's /oauth/token. */
    async token(req, body, res) {
        res.setHeader('Cache-Control', 'no-store');
        const input = (0, zod_input_1.parseInput)(shared_types_1.passwordGrantSchema, body);
        if (input.grant_type !== 'password') {
            res.status(400);
            return { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' };
        }
        try {
            // INVALID_GRANT without a body is a credential failure; 'invalid_scope' is not counted
            return await this.throttledSignIn(req, input.username, () => this.auth.passwordGrant(input.username, input.password, input.scope || undefined), (e) => e.body === undefined);
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && !(e instanceof rate_limited_error_1.RateLimitedError)) {
                res.status(400);
                return { error: 'invalid_grant', error_description: e.message };
            }
            throw e;
        }
    }
    /** Policy: signed-in (401 otherwise); the caller's own profile. */
    async currentUser(req) {
        const actor = (0, request_context_1.authOf)(req).actor;
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        const user = await this.ds.getRepository(user_entity_1.User).findOneByOrFail({ id: actor.id });
        return (0, user_mapper_1.toCurrentUser)(user, this.config.publicUrl);
    }
    /** Policy: signed-in with a session or an `api`-scoped token; creates the caller's own token. */
    async createToken(req, body) {
        const actor = this.sessionOrApiActor(req);
        const { token, record } = await this.auth.createPersonalAccessToken(actor.id, (0, zod_input_1.parseInput)(shared_types_1.personalAccessTokenSchema, body));
        return { ...patJson(record), token };
    }
    /** Policy: signed-in; lists the caller's own tokens. */
    async listTokens(req) {
        const actor = (0, request_context_1.authOf)(req).actor;
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        return (await this.auth.listPersonalAccessTokens(actor.id)).map(patJson);
    }
    /** Policy: signed-in (session or `api` scope); revokes only the caller's own token (404 otherwise). */
    async revokeToken(req, id) {
        const actor = this.sessionOrApiActor(req);
        // Beyond the id column's range no token can match: not found, without asking the database
        if (id <= 0 || id > 2_147_483_647 || !(await this.auth.revokePersonalAccessToken(actor.id, id)))
            throw new app_error_1.AppError('NOT_FOUND');
    }
    /**
     * Failed sign-ins are limited per login and per client address (a 429 before any password
     * is hashed); unknown logins count like wrong passwords, and a success clears its login.
     */
    async throttledSignIn(req, login, attempt, isCredentialFailure = (_e) => true) {
        const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
        await this.throttle.assertSignInAllowed(login, ip);
        try {
            const result = await attempt();
            await this.throttle.clearFailedSignIns(login);
            return result;
        }
        catch (e) {
            if (e instanceof app_error_1.AppError && isCredentialFailure(e))
                await this.throttle.recordFailedSignIn(login, ip);
            throw e;
        }
    }
    sessionOrApiActor(req) {
        const actor = (0, request_context_1.authOf)(req).actor;
        if (!actor)
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (actor.scopes && !actor.scopes.includes('api'))
            throw new app_error_1.AppError('INSUFFICIENT_SCOPE');
        return actor;
    }
    /** Login CSRF: a browser's cross-site form post carries a foreign Origin. */
    checkSameOrigin(req) {
        const origin = req.get('origin');
        if (!origin)
            return;
        const host = req.get('host');
        try {
            if (new URL(origin).host !== host && origin !== this.config.publicUrl)
                throw new app_error_1.AppError('CSRF');
        }
        catch (e) {
            if (e instanceof app_error_1.AppError)
                throw e;
            throw new app_error_1.AppError('CSRF');
        }
    }
};
exports.AuthController = AuthController;
__decorate([
    (0, common_1.Post)('users/sign_in'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Res)({ passthrough: true })),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "signIn", null);
__decorate([
    (0, common_1.Post)('users/sign_out'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "signOut", null);
__decorate([
    (0, common_1.Post)('oauth/token'),
    (0, common_1.HttpCode)(200),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Body)()),
    __param(2, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "token", null);
__decorate([
    (0, common_1.Get)('api/v4/user'),
    __param(0, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "currentUser", null);
__decorate([
    (0, common_1.Post)('api/v4/user/personal_access_tokens'),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "createToken", null);
__decorate([
    (0, common_1.Get)('api/v4/personal_access_tokens'),
    __param(0, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "listTokens", null);
__decorate([
    (0, common_1.Delete)('api/v4/personal_access_tokens/:id'),
    (0, common_1.HttpCode)(204),
    __param(0, (0, common_1.Req)()),
    __param(1, (0, common_1.Param)('id', common_1.ParseIntPipe)),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Number]),
    __metadata("design:returntype", Promise)
], AuthController.prototype, "revokeToken", null);
exports.AuthController = AuthController = __decorate([
    (0, common_1.Controller)(),
    __param(1, (0, typeorm_1.InjectDataSource)()),
    __param(2, (0, common_2.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [auth_service_1.AuthService,
        typeorm_2.DataSource, Object, throttle_service_1.ThrottleService])
], AuthController);
//# sourceMappingURL=auth.controller.js.map