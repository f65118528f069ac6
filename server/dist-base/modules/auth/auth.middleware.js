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
exports.AuthMiddleware = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const credential_resolver_1 = require("./credential-resolver");
const tokens_1 = require("./tokens");
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes that happen before a session exists (or replace it). */
const CSRF_EXEMPT = new Set(['/users/sign_in', '/oauth/token']);
/** The alert webhook carries its project's alert token (Bearer), checked by the alert module, not a user credential. */
const ALERT_WEBHOOK = /\/alerts\/notify\.json$/;
/**
 * Authenticates every request: PRIVATE-TOKEN header, Authorization: Bearer, the
 * private_token/access_token query parameters, or the session cookie. A bad token is a 401
 * (never a silent downgrade to anonymous). Cookie-authenticated writes must carry the
 * session's CSRF token in X-CSRF-Token.
 */
let AuthMiddleware = class AuthMiddleware {
    credentials;
    constructor(credentials) {
        this.credentials = credentials;
    }
    async use(req, res, next) {
        try {
            if (req.method === 'POST' && ALERT_WEBHOOK.test(req.originalUrl.split('?')[0])) {
                req.auth = { actor: null, method: 'none', sessionId: null, csrfToken: null };
                next();
                return;
            }
            const result = await this.authenticate(req);
            if (result === 'invalid_token') {
                res.status(401).json({ message: shared_types_1.ERRORS.UNAUTHORIZED.message });
                return;
            }
            req.auth = result;
            if (result.method === 'session' && UNSAFE.has(req.method) && !CSRF_EXEMPT.has(req.path)) {
                const sent = req.get(shared_types_1.CSRF_HEADER) ?? '';
                if (!result.csrfToken || !(0, tokens_1.safeEqual)(sent, result.csrfToken)) {
                    res.status(403).json({ message: shared_types_1.ERRORS.CSRF.message });
                    return;
                }
            }
            next();
        }
        catch (err) {
            next(err);
        }
    }
    async authenticate(req) {
        const r = await this.credentials.resolve(presentedBy(req));
        if (r === 'invalid_token')
            return r;
        return { actor: r.actor, method: r.method, sessionId: r.sessionId, csrfToken: r.csrfToken };
    }
};
exports.AuthMiddleware = AuthMiddleware;
exports.AuthMiddleware = AuthMiddleware = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [credential_resolver_1.CredentialResolver])
], AuthMiddleware);
/** A token (header, bearer or query parameter) wins over the session cookie. */
function presentedBy(req) {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const q = req.query;
    const token = req.get('private-token') ??
        bearer ??
        (typeof q.private_token === 'string' ? q.private_token : undefined) ??
        (typeof q.access_token === 'string' ? q.access_token : undefined);
    if (token)
        return { token };
    const cookie = req.cookies?.[shared_types_1.SESSION_COOKIE];
    return cookie ? { session: cookie } : null;
}
//# sourceMappingURL=auth.middleware.js.map