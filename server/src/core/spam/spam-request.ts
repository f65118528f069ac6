import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { CAPTCHA_HEADERS } from '@tandem/shared-types';
import type { Actor } from '../policy/policy';

/**
 * What the spam check needs to know about the request making a write: a captcha answer the
 * client added to a retried request (REST/page bodies: `captcha_response` + `spam_log_id`;
 * GraphQL and any request: GitLab's X-GitLab-Captcha-Response / X-GitLab-Spam-Log-Id headers),
 * and where it came from (kept on the spam log). Carried by the request's own copy of its actor
 * (bindSpamRequest), so the actions that check spam need no extra parameter on every controller
 * and resolver, and no AsyncLocalStorage (docs/decisions.md, "No AsyncLocalStorage on the
 * request path").
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

/** Each request's actor (its own copy) -> that request's spam facts. */
const byActor = new WeakMap<Actor, SpamRequest>();
/** Each write request -> its spam facts, from spamRequestMiddleware until the actor is known. */
const byRequest = new WeakMap<object, SpamRequest>();

/**
 * The actor as the request's own: a copy (actors are cached and shared by concurrent requests)
 * that carries the request's spam facts to the spam check. Without facts, the actor itself.
 */
export function bindSpamRequest(actor: Actor, facts: SpamRequest | null | undefined): Actor {
  if (!facts) return actor;
  const own = { ...actor };
  byActor.set(own, facts);
  return own;
}

/** The spam facts of the request `actor` came with (null for an actor from elsewhere: a socket, a job). */
export function spamRequestFor(actor: Actor): SpamRequest | null {
  return byActor.get(actor) ?? null;
}

/** The facts spamRequestMiddleware read from a request, for the authentication to bind to its actor. */
export function spamRequestOfRequest(req: object): SpamRequest | undefined {
  return byRequest.get(req);
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

/** Express middleware, after the body parsers and ahead of the authentication (which binds the facts to the actor). */
export function spamRequestMiddleware(req: Request, _res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') byRequest.set(req, spamRequestOf(req.path, req.body, req.headers, req.ip ?? null));
  next();
}
