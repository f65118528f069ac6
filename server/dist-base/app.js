"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.startApp = startApp;
require("reflect-metadata");
const core_1 = require("@nestjs/core");
const cookie_parser_1 = __importDefault(require("cookie-parser"));
const helmet_1 = __importDefault(require("helmet"));
const express_1 = __importDefault(require("express"));
const node_path_1 = __importDefault(require("node:path"));
const nestjs_pino_1 = require("nestjs-pino");
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_module_1 = require("./app.module");
const data_source_1 = require("./core/database/data-source");
const entities_1 = require("./modules/entities");
const demo_seed_1 = require("./modules/demo/demo.seed");
const etag_poll_middleware_1 = require("./modules/realtime/etag-poll.middleware");
const request_base_url_1 = require("./core/config/request-base-url");
const fast_route_1 = require("./core/http/fast-route");
const throttle_service_1 = require("./core/throttle/throttle.service");
const credential_resolver_1 = require("./modules/auth/credential-resolver");
const issue_controller_1 = require("./modules/issue/issue.controller");
const issue_fast_routes_1 = require("./modules/issue/issue-fast-routes");
/**
 * A poll whose If-None-Match matches the cached ETag is answered 304 before Express (and so
 * before headers, body parsing, logging and authentication, whose session lookup is SQL) even
 * sees it. Installed after listen, in front of every request listener (Express, Socket.IO).
 */
function answerMatchingPollsFirst(server, etagPoll) {
    const listeners = server.listeners('request');
    server.removeAllListeners('request');
    server.on('request', (req, res) => etagPoll.use(req, res, () => {
        for (const l of listeners)
            l.call(server, req, res);
    }));
}
/** What the routes answered ahead of Express (core/http/fast-route.ts) use of the app. */
function fastRouteDeps(app, config, securityHeaders) {
    const credentials = app.get(credential_resolver_1.CredentialResolver);
    const throttle = app.get(throttle_service_1.ThrottleService);
    const errors = new common_1.Logger('HttpError');
    return {
        config,
        authenticate: async (token) => {
            const r = await credentials.resolve({ token });
            return r === 'invalid_token' ? r : r.actor;
        },
        throttle: throttle.enabled('api_writes_per_user') ? (actor) => throttle.consume('api_writes_per_user', actor.id) : null,
        headers: (0, fast_route_1.captureHeaders)(securityHeaders),
        logger: nestjs_pino_1.PinoLogger.root,
        logError: (err, path) => errors.error({ err, path }, 'request failed'),
    };
}
/**
 * Builds and starts Tandem: database (Postgres or embedded PGlite), migrations, demo seed on
 * an empty database, then the HTTP server. Used by main.ts and by the integration tests.
 */
async function startApp(config, opts = {}) {
    const db = await (0, data_source_1.openDatabase)({ url: config.DATABASE_URL, dataDir: config.dataDir }, entities_1.ENTITIES, { pglite: opts.pglite });
    try {
        if (config.RUN_MIGRATIONS)
            await (0, data_source_1.runMigrations)(db.dataSource, db.mode);
        if (config.SEED_DEMO)
            await (0, demo_seed_1.seedDemo)(db.dataSource);
    }
    catch (e) {
        await db.close();
        throw e;
    }
    const app = await core_1.NestFactory.create(app_module_1.AppModule.forRoot(config, db.dataSource), {
        bufferLogs: true,
        bodyParser: false,
    });
    app.useLogger(app.get(nestjs_pino_1.Logger));
    app.set('trust proxy', config.TRUST_PROXY);
    app.set('query parser', 'extended');
    app.use(request_base_url_1.requestBaseUrlMiddleware);
    app.use(request_base_url_1.plainJsonContentType);
    const securityHeaders = (0, helmet_1.default)({
        contentSecurityPolicy: {
            directives: {
                defaultSrc: ["'self'"],
                scriptSrc: ["'self'"],
                styleSrc: ["'self'", "'unsafe-inline'"],
                imgSrc: ["'self'", 'data:', 'https:', 'http:'],
                connectSrc: ["'self'", 'ws:', 'wss:'],
                objectSrc: ["'none'"],
                frameAncestors: ["'self'"],
                upgradeInsecureRequests: null,
            },
        },
        crossOriginEmbedderPolicy: false,
    });
    app.use(securityHeaders);
    app.use((0, cookie_parser_1.default)());
    app.use(express_1.default.json({ limit: shared_types_1.LIMITS.bodyLimitBytes, type: ['application/json', 'application/*+json'] }));
    app.use(express_1.default.urlencoded({ limit: shared_types_1.LIMITS.bodyLimitBytes, extended: true }));
    app.use('/assets', express_1.default.static(node_path_1.default.join(config.clientDist, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    // Looked up per request, not once at boot: a client built after the server started is served too
    const icons = express_1.default.static(config.clientDist, { index: false, maxAge: '1d', fallthrough: true });
    app.use((req, res, next) => req.path === '/favicon.svg' || req.path === '/favicon.ico' ? icons(req, res, next) : next());
    await app.listen(config.PORT, config.HOST);
    answerMatchingPollsFirst(app.getHttpServer(), app.get(etag_poll_middleware_1.EtagPollMiddleware));
    (0, fast_route_1.installFastRoutes)(app.getHttpServer(), (0, issue_fast_routes_1.issueFastRoutes)(app.get(issue_controller_1.IssueController)), fastRouteDeps(app, config, securityHeaders));
    const addr = app.getHttpServer().address();
    const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
    let closed = false;
    return {
        app,
        db,
        url: `http://127.0.0.1:${port}`,
        close: async () => {
            if (closed)
                return;
            closed = true;
            await app.close();
            await db.close();
        },
    };
}
//# sourceMappingURL=app.js.map