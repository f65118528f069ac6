import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { CAPTCHA_HEADERS } from '@tandem/shared-types';

/**
 * What the spam check needs to know about the request making a write: a captcha answer the
 * client added to a retried request (REST/page bodies: `captcha_response` + `spam_log_id`;
 * GraphQL and any request: GitLab's X-GitLab-Captcha-Response / X-GitLab-Spam-Log-Id headers),
 * and where it came from (kept on the spam log). Carried with the request, so the actions that
 * check spam need no extra parameter on every controller and resolver.
 */
export interface SpamRequest {
  captchaResponse: string | null;
  spamLogId: number | null;
  ip: string | null;
  userAgent: string | null;
  viaApi: boolean;
  /** Set once a captcha answer was redeemed: the request's other checked writes go through too. */
  passed?: boolean;
}

const store = new AsyncLocalStorage<SpamRequest>();

/** The current request's spam facts (null outside a request, e.g. the alert endpoint's own writes are inside one). */
export function currentSpamRequest(): SpamRequest | null {
  return store.getStore() ?? null;
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name.toLowerCase()];
  return typeof v === 'string' && v !== '' ? v : null;
};
const id = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Reads the captcha answer from the body (not GraphQL's, whose body is the query) or the headers. */
export function spamRequestOf(path: string, body: unknown, headers: IncomingHttpHeaders, ip: string | null): SpamRequest {
  const b = !path.startsWith('/api/graphql') && typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const response = typeof b.captcha_response === 'string' && b.captcha_response !== '' ? b.captcha_response : header(headers, CAPTCHA_HEADERS.response);
  return {
    captchaResponse: response && response.length <= 20_000 ? response : null,
    spamLogId: id(b.spam_log_id) ?? id(header(headers, CAPTCHA_HEADERS.spamLogId)),
    ip,
    userAgent: header(headers, 'user-agent')?.slice(0, 500) ?? null,
    viaApi: path.startsWith('/api/'),
  };
}

export function runWithSpamRequest<T>(req: SpamRequest, fn: () => T): T {
  return store.run(req, fn);
}

/** Express middleware, after the body parsers. */
export function spamRequestMiddleware(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  store.run(spamRequestOf(req.path, req.body, req.headers, req.ip ?? null), next);
}
