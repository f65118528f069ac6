"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.currentRequestBaseUrl = currentRequestBaseUrl;
exports.runWithRequestBase = runWithRequestBase;
exports.isValidHost = isValidHost;
exports.requestBaseUrlMiddleware = requestBaseUrlMiddleware;
exports.plainJsonContentType = plainJsonContentType;
const node_async_hooks_1 = require("node:async_hooks");
const requestBase = new node_async_hooks_1.AsyncLocalStorage();
/** The base URL of the request being handled, if any (set by requestBaseUrlMiddleware). */
function currentRequestBaseUrl() {
    return requestBase.getStore();
}
// A Host header is a host name or an [IPv6] literal, with an optional port: nothing else is echoed back
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** Runs fn with `base` as the request's base URL (for a request handled ahead of Express). */
function runWithRequestBase(base, fn) {
    return requestBase.run(base, fn);
}
/** True when `host` (a Host header) may be echoed back in URLs. */
function isValidHost(host) {
    return !!host && HOST.test(host);
}
/**
 * Runs the rest of the request with the URL the client used (scheme and Host; with TRUST_PROXY,
 * Express reads X-Forwarded-Proto/Host for them) as its base, so URLs Tandem returns point where
 * the client can reach them when PUBLIC_URL is not configured.
 */
function requestBaseUrlMiddleware(req, _res, next) {
    const host = req.host;
    if (!host || !HOST.test(host))
        return next();
    requestBase.run(`${req.protocol}://${host}`, next);
}
/**
 * JSON as GitLab sends it: `application/json` without a charset parameter (JSON is UTF-8 by
 * definition), which strict clients such as python-gitlab compare exactly. Express adds the
 * charset in res.json/res.send, so it is taken off just before the headers go out.
 */
function plainJsonContentType(_req, res, next) {
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
        const type = this.getHeader('Content-Type');
        if (typeof type === 'string' && type.toLowerCase() === 'application/json; charset=utf-8') {
            this.setHeader('Content-Type', 'application/json');
        }
        return writeHead.apply(this, args);
    };
    next();
}
//# sourceMappingURL=request-base-url.js.map