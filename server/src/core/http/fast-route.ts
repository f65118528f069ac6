import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger as PinoLogger } from 'pino';
import { LIMITS } from '@tandem/shared-types';
import type { AppConfig } from '../config/config';
import { isValidHost, runWithRequestBase } from '../config/request-base-url';
import { AppError } from '../errors/app-error';
import { bindSpamRequest, spamRequestOf } from '../spam/spam-request';
import { toHttp } from '../errors/http-exception.filter';
import { observeHttpRequest } from '../metrics/metrics';
import type { Actor } from '../policy/policy';
import { guardInput } from './input-guard.middleware';
import { headerToken } from './request-token';

/**
 * A JSON write route answered at the HTTP server, ahead of Express and Nest (the hot write
 * path: issue #9). It does what the middleware chain does for such a request and nothing
 * else: token authentication (the same CredentialResolver), the per-user write limit, the NUL
 * input guard, the JSON body (same limit), the security headers helmet sets (captured once at
 * boot from helmet itself), the request metric and the request log line; errors become the
 * same `{"message"}` answers as HttpExceptionFilter's (its toHttp). The handler is the
 * controller method, so the route's logic stays in one place.
 *
 * Anything else goes to Express untouched (decided before the body is read): another method or
 * path, a query string, no token header (session cookies need CSRF), a body that is not plain
 * `application/json` with a Content-Length within the limit, a Content-Encoding, or
 * TRUST_PROXY without PUBLIC_URL (Express works out the client's scheme and host then).
 */
export interface FastRoute {
  method: 'PUT' | 'POST';
  /** Matched against the raw path; the groups are URL-decoded and handed to the handler. */
  pattern: RegExp;
  /** Express's route path, for the request metric's label. */
  metricRoute: string;
  handle(actor: Actor, params: string[], body: unknown): Promise<unknown>;
}

/** What a fast route needs from the app, looked up once at boot. */
export interface FastRouteDeps {
  config: AppConfig;
  /** Token -> actor, as AuthMiddleware resolves it; 'invalid_token' is a 401. */
  authenticate(token: string): Promise<Actor | 'invalid_token'>;
  /** The per-user write limit (throws RateLimited), or null when the limit is off. */
  throttle: ((actor: Actor) => Promise<void>) | null;
  /** The response headers every Express answer carries (helmet's), as [name, value]. */
  headers: ReadonlyArray<readonly [string, string | string[]]>;
  /** Express's own ETag function (`app.get('etag fn')`): res.send sets a weak ETag on every body. */
  etag: ((body: string, encoding: 'utf8') => string | undefined) | null;
  logger: PinoLogger;
  logError(err: unknown, path: string): void;
}

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/**
 * Puts `routes` in front of every request listener of `server` (Express, Socket.IO), as
 * answerMatchingPollsFirst does for 304 polls.
 */
export function installFastRoutes(server: http.Server, routes: readonly FastRoute[], deps: FastRouteDeps): void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const fallback: Listener = (req, res) => {
    for (const l of listeners) l.call(server, req, res);
  };
  const configured = !!deps.config.PUBLIC_URL;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = req.method;
    if (m !== 'PUT' && m !== 'POST') return fallback(req, res);
    const url = req.url ?? '';
    let route: FastRoute | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of routes) {
      if (r.method === m && (match = r.pattern.exec(url))) {
        route = r;
        break;
      }
    }
    if (!route || !match) return fallback(req, res);
    const token = headerToken(req.headers);
    const type = req.headers['content-type'];
    const length = Number(req.headers['content-length']);
    if (
      !token ||
      !type ||
      !JSON_TYPE.test(type) ||
      !(length >= 0 && length <= LIMITS.bodyLimitBytes) ||
      req.headers['content-encoding'] ||
      (!configured && deps.config.TRUST_PROXY)
    )
      return fallback(req, res);
    let params: string[];
    try {
      params = match.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      return fallback(req, res);
    }
    const host = req.headers.host;
    const run = () => void answer(route, params, token, length, req, res, deps);
    if (!configured && isValidHost(host)) runWithRequestBase(`${(req.socket as TLSSocket).encrypted ? 'https' : 'http'}://${host}`, run);
    else run();
  });
}

function readBody(req: http.IncomingMessage, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    req.on('data', (c: Buffer) => {
      got += c.length;
      if (got <= length) chunks.push(c);
    });
    req.once('end', () => {
      // as body-parser: a body that does not match its Content-Length is a 400
      if (got !== length) reject(Object.assign(new Error('request size did not match content length'), { status: 400, type: 'request.size.invalid' }));
      else resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    req.once('error', reject);
    // a client that goes away mid-body: settle (the answer is then dropped), do not wait forever
    req.once('close', () => {
      if (!req.complete) reject(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    });
  });
}

/** body-parser's strict JSON: an object or array; anything else is the same 400 it gives. */
function parseJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw Object.assign(new SyntaxError('not a JSON object or array'), { status: 400, type: 'entity.parse.failed' });
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw Object.assign(e as Error, { status: 400, type: 'entity.parse.failed' });
  }
}

async function answer(route: FastRoute, params: string[], token: string, length: number, req: http.IncomingMessage, res: http.ServerResponse, deps: FastRouteDeps): Promise<void> {
  const start = process.hrtime.bigint();
  let status = 200;
  let payload: string;
  let extra: Record<string, string> | undefined;
  try {
    const body = parseJson(await readBody(req, length));
    guardInput(req.url ?? '', {}, body);
    const actor = await deps.authenticate(token.trim());
    if (actor === 'invalid_token') throw new AppError('UNAUTHORIZED');
    if (deps.throttle) await deps.throttle(actor);
    const spam = spamRequestOf(req.url ?? '', body, req.headers, req.socket.remoteAddress ?? null);
    payload = JSON.stringify(await route.handle(bindSpamRequest(actor, spam), params, body));
  } catch (err) {
    const http = toHttp(err);
    status = http.status;
    if (status >= 500) deps.logError(err, (req.url ?? '').split('?')[0]!);
    if (err instanceof AppError && err.headers) extra = err.headers();
    payload = JSON.stringify(http.body);
  }
  if (res.headersSent || res.destroyed) return;
  for (const [k, v] of deps.headers) res.setHeader(k, v);
  if (extra) for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  const etag = deps.etag?.(payload, 'utf8');
  if (etag) res.setHeader('ETag', etag);
  res.statusCode = status;
  res.end(payload);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  observeHttpRequest(req.method!, route.metricRoute, status, seconds);
  // The line Express's requests get (RequestLogMiddleware): the logger's req and res serializers
  // read the request and the response themselves (a plain { statusCode } read as null), and its
  // redaction hides the credential headers
  if (deps.logger.isLevelEnabled('info')) deps.logger.info({ req, res, responseTime: Math.round(seconds * 1000), node: deps.config.nodeName }, 'request completed');
}

/** The headers a middleware (helmet) sets on every response, recorded once from a stand-in response. */
export function captureHeaders(middleware: (req: unknown, res: unknown, next: (err?: unknown) => void) => void): Array<[string, string | string[]]> {
  const headers = new Map<string, [string, string | string[]]>();
  const res = {
    setHeader: (k: string, v: string | string[]) => headers.set(k.toLowerCase(), [k, v]),
    removeHeader: (k: string) => headers.delete(k.toLowerCase()),
    getHeader: (k: string) => headers.get(k.toLowerCase())?.[1],
  };
  let done = false;
  middleware({ method: 'PUT', url: '/', headers: {} }, res, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('the header middleware did not finish synchronously');
  return [...headers.values()];
}
