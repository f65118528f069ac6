import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

const requestBase = new AsyncLocalStorage<string>();

/** The base URL of the request being handled, if any (set by requestBaseUrlMiddleware). */
export function currentRequestBaseUrl(): string | undefined {
  return requestBase.getStore();
}

// A Host header is a host name or an [IPv6] literal, with an optional port: nothing else is echoed back
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Runs fn with `base` as the request's base URL (for a request handled ahead of Express). */
export function runWithRequestBase<T>(base: string, fn: () => T): T {
  return requestBase.run(base, fn);
}

/** True when `host` (a Host header) may be echoed back in URLs. */
export function isValidHost(host: string | undefined): host is string {
  return !!host && HOST.test(host);
}

/**
 * Runs the rest of the request with the URL the client used (scheme and Host; with TRUST_PROXY,
 * Express reads X-Forwarded-Proto/Host for them) as its base, so URLs Tandem returns point where
 * the client can reach them when PUBLIC_URL is not configured.
 */
export function requestBaseUrlMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const host = req.host;
  if (!host || !HOST.test(host)) return next();
  requestBase.run(`${req.protocol}://${host}`, next);
}

/**
 * JSON as GitLab sends it: `application/json` without a charset parameter (JSON is UTF-8 by
 * definition), which strict clients such as python-gitlab compare exactly. Express adds the
 * charset in res.json/res.send, so it is taken off just before the headers go out.
 */
export function plainJsonContentType(_req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const type = this.getHeader('Content-Type');
    if (typeof type === 'string' && type.toLowerCase() === 'application/json; charset=utf-8') {
      this.setHeader('Content-Type', 'application/json');
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  next();
}
