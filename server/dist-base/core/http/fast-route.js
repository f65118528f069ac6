"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.installFastRoutes = installFastRoutes;
exports.captureHeaders = captureHeaders;
const shared_types_1 = require("@tandem/shared-types");
const request_base_url_1 = require("../config/request-base-url");
const app_error_1 = require("../errors/app-error");
const http_exception_filter_1 = require("../errors/http-exception.filter");
const metrics_1 = require("../metrics/metrics");
const input_guard_middleware_1 = require("./input-guard.middleware");
const BEARER = /^Bearer\s+(.+)$/i;
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
/** The token a request carries in a header (PRIVATE-TOKEN wins, as in AuthMiddleware), if any. */
function headerToken(req) {
    const pt = req.headers['private-token'];
    if (typeof pt === 'string')
        return pt;
    const a = req.headers.authorization;
    return a ? BEARER.exec(a)?.[1] : undefined;
}
/**
 * Puts `routes` in front of every request listener of `server` (Express, Socket.IO), as
 * answerMatchingPollsFirst does for 304 polls.
 */
function installFastRoutes(server, routes, deps) {
    const listeners = server.listeners('request');
    server.removeAllListeners('request');
    const fallback = (req, res) => {
        for (const l of listeners)
            l.call(server, req, res);
    };
    const configured = !!deps.config.PUBLIC_URL;
    server.on('request', (req, res) => {
        const m = req.method;
        if (m !== 'PUT' && m !== 'POST')
            return fallback(req, res);
        const url = req.url ?? '';
        let route;
        let match = null;
        for (const r of routes) {
            if (r.method === m && (match = r.pattern.exec(url))) {
                route = r;
                break;
            }
        }
        if (!route || !match)
            return fallback(req, res);
        const token = headerToken(req);
        const type = req.headers['content-type'];
        const length = Number(req.headers['content-length']);
        if (!token ||
            !type ||
            !JSON_TYPE.test(type) ||
            !(length >= 0 && length <= shared_types_1.LIMITS.bodyLimitBytes) ||
            req.headers['content-encoding'] ||
            (!configured && deps.config.TRUST_PROXY))
            return fallback(req, res);
        let params;
        try {
            params = match.slice(1).map((p) => decodeURIComponent(p));
        }
        catch {
            return fallback(req, res);
        }
        const host = req.headers.host;
        const run = () => void answer(route, params, token, length, req, res, deps);
        if (!configured && (0, request_base_url_1.isValidHost)(host))
            (0, request_base_url_1.runWithRequestBase)(`${req.socket.encrypted ? 'https' : 'http'}://${host}`, run);
        else
            run();
    });
}
function readBody(req, length) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let got = 0;
        req.on('data', (c) => {
            got += c.length;
            if (got <= length)
                chunks.push(c);
        });
        req.once('end', () => {
            // as body-parser: a body that does not match its Content-Length is a 400
            if (got !== length)
                reject(Object.assign(new Error('request size did not match content length'), { status: 400, type: 'request.size.invalid' }));
            else
                resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
        });
        req.once('error', reject);
        // a client that goes away mid-body: settle (the answer is then dropped), do not wait forever
        req.once('close', () => {
            if (!req.complete)
                reject(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
        });
    });
}
/** body-parser's strict JSON: an object or array; anything else is the same 400 it gives. */
function parseJson(text) {
    if (text.length === 0)
        return {};
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[')
        throw Object.assign(new SyntaxError('not a JSON object or array'), { status: 400, type: 'entity.parse.failed' });
    try {
        return JSON.parse(text);
    }
    catch (e) {
        throw Object.assign(e, { status: 400, type: 'entity.parse.failed' });
    }
}
async function answer(route, params, token, length, req, res, deps) {
    const start = process.hrtime.bigint();
    let status = 200;
    let payload;
    let extra;
    try {
        const body = parseJson(await readBody(req, length));
        (0, input_guard_middleware_1.guardInput)(req.url ?? '', {}, body);
        const actor = await deps.authenticate(token.trim());
        if (actor === 'invalid_token')
            throw new app_error_1.AppError('UNAUTHORIZED');
        if (deps.throttle)
            await deps.throttle(actor);
        payload = JSON.stringify(await route.handle(actor, params, body));
    }
    catch (err) {
        const http = (0, http_exception_filter_1.toHttp)(err);
        status = http.status;
        if (status >= 500)
            deps.logError(err, (req.url ?? '').split('?')[0]);
        if (err instanceof app_error_1.AppError && err.headers)
            extra = err.headers();
        payload = JSON.stringify(http.body);
    }
    if (res.headersSent || res.destroyed)
        return;
    for (const [k, v] of deps.headers)
        res.setHeader(k, v);
    if (extra)
        for (const [k, v] of Object.entries(extra))
            res.setHeader(k, v);
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', Buffer.byteLength(payload));
    res.statusCode = status;
    res.end(payload);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    (0, metrics_1.observeHttpRequest)(req.method, route.metricRoute, status, seconds);
    if (deps.logger.isLevelEnabled('info')) {
        deps.logger.info({ req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress }, res: { statusCode: status }, responseTime: Math.round(seconds * 1000), node: deps.config.nodeName }, 'request completed');
    }
}
/** The headers a middleware (helmet) sets on every response, recorded once from a stand-in response. */
function captureHeaders(middleware) {
    const headers = new Map();
    const res = {
        setHeader: (k, v) => headers.set(k.toLowerCase(), [k, v]),
        removeHeader: (k) => headers.delete(k.toLowerCase()),
        getHeader: (k) => headers.get(k.toLowerCase())?.[1],
    };
    let done = false;
    middleware({ method: 'PUT', url: '/', headers: {} }, res, (err) => {
        if (err)
            throw err instanceof Error ? err : new Error(String(err));
        done = true;
    });
    if (!done)
        throw new Error('the header middleware did not finish synchronously');
    return [...headers.values()];
}
//# sourceMappingURL=fast-route.js.map