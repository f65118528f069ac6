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
var SocketAuth_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.SocketAuth = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const config_1 = require("../../core/config/config");
const policy_1 = require("../../core/policy/policy");
const credential_resolver_1 = require("../auth/credential-resolver");
/** How often sockets are checked for an expired credential. */
const EXPIRY_CHECK_MS = 1000;
/**
 * Who a socket is (docs/realtime.md "Handshake"): `auth.token` (a personal access or OAuth
 * token) or the session cookie, resolved by the same CredentialResolver as HTTP requests.
 * A socket lives no longer than its credential: revoked ones are closed on every node at
 * once, expired ones within a second.
 */
let SocketAuth = SocketAuth_1 = class SocketAuth {
    config;
    credentials;
    logger = new common_1.Logger(SocketAuth_1.name);
    io;
    expiry = null;
    constructor(config, credentials) {
        this.config = config;
        this.credentials = credentials;
    }
    start(io) {
        this.io = io;
        io.use((socket, next) => {
            this.authenticate(socket).then(() => next(), (err) => {
                if (err instanceof HandshakeRefused)
                    return next(err);
                // Not the client's fault (database unreachable...): say so without internals; clients retry
                this.logger.warn({ err }, 'socket handshake failed');
                next(new Error(shared_types_1.ERRORS.INTERNAL.message));
            });
        });
        this.expiry = setInterval(() => this.closeExpired(), EXPIRY_CHECK_MS);
        this.expiry.unref();
    }
    stop() {
        if (this.expiry)
            clearInterval(this.expiry);
    }
    /** A revoked token or an ended session: its sockets on this node go. */
    closeCredential(credential) {
        for (const socket of this.io.of('/').sockets.values()) {
            if (socket.data?.credential === credential)
                socket.disconnect(true);
        }
    }
    /** The upgrade request, the headers and the credential are not needed after the handshake: less memory per idle socket. */
    forgetHandshake(socket) {
        socket.conn.request = null;
        socket.handshake.headers = {};
        socket.handshake.auth = {};
    }
    async authenticate(socket) {
        const h = socket.handshake;
        const raw = h.auth?.token;
        const token = typeof raw === 'string' ? raw.trim() : '';
        const session = token ? null : cookieValue(h.headers.cookie, shared_types_1.SESSION_COOKIE);
        // Ambient credentials: only the server's own pages may use them (cross-site hijacking)
        if (session && !this.sameOrigin(h.headers))
            throw new HandshakeRefused(shared_types_1.ERRORS.FORBIDDEN.message);
        const presented = token ? { token } : session ? { session } : null;
        const r = await this.credentials.resolve(presented);
        // A bad token is refused, never downgraded to anonymous (as over HTTP)
        if (r === 'invalid_token' || (token && !(0, policy_1.scopeAllows)(r.actor, 'read_issue')))
            throw new HandshakeRefused(shared_types_1.ERRORS.UNAUTHORIZED.message);
        socket.data = { actor: r.actor, credential: r.credential, expiresAt: r.expiresAt?.getTime() ?? null, subs: new Map() };
    }
    /**
     * A socket lives no longer than its credential: an OAuth token or a session that expires
     * closes its sockets (one scan a second, a few microseconds per thousand sockets). The client
     * reconnects and is then anonymous or refused, as a new request would be.
     */
    closeExpired() {
        const now = Date.now();
        for (const socket of this.io.of('/').sockets.values()) {
            const at = socket.data?.expiresAt;
            if (at != null && at <= now)
                socket.disconnect(true);
        }
    }
    sameOrigin(headers) {
        const origin = headers.origin;
        // Browsers always send Origin cross-site; its absence means same-origin or a non-browser
        if (typeof origin !== 'string' || origin === '')
            return true;
        let host;
        try {
            host = new URL(origin).host.toLowerCase();
        }
        catch {
            return false;
        }
        const own = new Set([new URL(this.config.publicUrl).host.toLowerCase()]);
        const reqHost = headers.host;
        if (typeof reqHost === 'string')
            own.add(reqHost.toLowerCase());
        const fwd = headers['x-forwarded-host'];
        if (this.config.TRUST_PROXY && typeof fwd === 'string')
            own.add(fwd.split(',')[0].trim().toLowerCase());
        return own.has(host);
    }
};
exports.SocketAuth = SocketAuth;
exports.SocketAuth = SocketAuth = SocketAuth_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object, credential_resolver_1.CredentialResolver])
], SocketAuth);
/** A handshake refused for the client's credentials or origin (its message is for the client). */
class HandshakeRefused extends Error {
}
function cookieValue(header, name) {
    if (!header)
        return null;
    for (const part of header.split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0)
            continue;
        if (part.slice(0, eq).trim() !== name)
            continue;
        const v = part.slice(eq + 1).trim();
        try {
            return decodeURIComponent(v.startsWith('"') ? v.slice(1, -1) : v);
        }
        catch {
            return null;
        }
    }
    return null;
}
//# sourceMappingURL=socket-auth.service.js.map