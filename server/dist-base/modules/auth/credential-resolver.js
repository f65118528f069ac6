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
exports.CredentialResolver = void 0;
const common_1 = require("@nestjs/common");
const event_bus_1 = require("../../core/realtime/event-bus");
const auth_service_1 = require("./auth.service");
const token_cache_1 = require("./token-cache");
const tokens_1 = require("./tokens");
const ANONYMOUS = { actor: null, method: 'none', sessionId: null, csrfToken: null, credential: null, expiresAt: null };
/**
 * The one credential check behind the HTTP AuthMiddleware and the socket handshake, so both
 * transports accept and refuse the same credentials.
 */
let CredentialResolver = class CredentialResolver {
    auth;
    /** Resolved tokens for up to a second, dropped at once on revocation (token-cache.ts). */
    tokens = new token_cache_1.TokenCache();
    unsubscribe;
    constructor(auth, bus) {
        this.auth = auth;
        this.unsubscribe = bus.subscribe({ events: () => undefined, control: (msg) => this.tokens.onControl(msg), resync: () => this.tokens.clear() });
    }
    onModuleDestroy() {
        this.unsubscribe();
    }
    /**
     * A token that does not authenticate (unknown, revoked, expired, blocked user) is
     * 'invalid_token': refused, never downgraded to anonymous. A session cookie that no longer
     * resolves is anonymous (the browser still holds a stale cookie).
     */
    async resolve(presented) {
        if (!presented)
            return ANONYMOUS;
        if ('token' in presented) {
            const token = presented.token.trim();
            const credential = (0, tokens_1.digest)(token);
            let r = this.tokens.get(credential);
            if (!r) {
                const mark = this.tokens.mark();
                r = await this.auth.resolveToken(token);
                if (!r)
                    return 'invalid_token';
                this.tokens.set(credential, r, mark);
            }
            return {
                actor: r.actor,
                method: token.startsWith(tokens_1.OAUTH_PREFIX) ? 'oauth' : 'personal_access_token',
                sessionId: null,
                csrfToken: null,
                credential,
                expiresAt: r.expiresAt,
            };
        }
        const s = await this.auth.resolveSession(presented.session);
        if (!s)
            return ANONYMOUS;
        return { actor: s.actor, method: 'session', sessionId: s.sessionId, csrfToken: s.csrfToken, credential: s.sessionId, expiresAt: s.expiresAt };
    }
};
exports.CredentialResolver = CredentialResolver;
exports.CredentialResolver = CredentialResolver = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __metadata("design:paramtypes", [auth_service_1.AuthService, Object])
], CredentialResolver);
//# sourceMappingURL=credential-resolver.js.map