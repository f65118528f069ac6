import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CSRF_HEADER, ERRORS, SESSION_COOKIE } from '@tandem/shared-types';
import type { AuthedRequest, RequestAuth } from '../../core/http/request-context';
import { headerToken } from '../../core/http/request-token';
import { bindSpamRequest, spamRequestOfRequest } from '../../core/spam/spam-request';
import { CredentialResolver, type PresentedCredential } from './credential-resolver';
import { safeEqual } from './tokens';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that happen before a session exists (or replace it): signing in, the OAuth password
 * grant, and the forgotten-password request and reset (their controllers check the Origin).
 */
const CSRF_EXEMPT = new Set(['/users/sign_in', '/oauth/token', '/users/password']);
/** The alert webhook carries its project's alert token (Bearer), checked by the alert module, not a user credential. */
const ALERT_WEBHOOK = /\/alerts\/notify\.json$/;

/**
 * Authenticates every request: PRIVATE-TOKEN header, Authorization: Bearer, the
 * private_token/access_token query parameters, or the session cookie. A bad token is a 401
 * (never a silent downgrade to anonymous). Cookie-authenticated writes must carry the
 * session's CSRF token in X-CSRF-Token.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware {
  constructor(private readonly credentials: CredentialResolver) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      if (req.method === 'POST' && ALERT_WEBHOOK.test(pathOf(req))) {
        (req as AuthedRequest).auth = { actor: null, method: 'none', sessionId: null, csrfToken: null };
        next();
        return;
      }
      const result = await this.authenticate(req);
      if (result === 'invalid_token') {
        res.status(401).json({ message: ERRORS.UNAUTHORIZED.message });
        return;
      }
      (req as AuthedRequest).auth = result;
      if (result.method === 'session' && UNSAFE.has(req.method) && !CSRF_EXEMPT.has(pathOf(req))) {
        const sent = req.get(CSRF_HEADER) ?? '';
        if (!result.csrfToken || !safeEqual(sent, result.csrfToken)) {
          res.status(403).json({ message: ERRORS.CSRF.message });
          return;
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  }

  async authenticate(req: Request): Promise<RequestAuth | 'invalid_token'> {
    const r = await this.credentials.resolve(presentedBy(req));
    if (r === 'invalid_token') return r;
    // A write's actor carries its request's spam facts (spam-request.ts)
    return { actor: r.actor && bindSpamRequest(r.actor, spamRequestOfRequest(req)), method: r.method, sessionId: r.sessionId, csrfToken: r.csrfToken };
  }
}

/**
 * The request's full path: this middleware is mounted for every route, and Express takes the
 * mount path off `req.path` (it reads "/" here), so the exemptions are matched on originalUrl.
 */
function pathOf(req: Request): string {
  const p = req.originalUrl.split('?')[0]!;
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** A token (header, bearer or query parameter) wins over the session cookie. */
function presentedBy(req: Request): PresentedCredential {
  const q = req.query as Record<string, unknown>;
  const token =
    headerToken(req.headers) ??
    (typeof q.private_token === 'string' ? q.private_token : undefined) ??
    (typeof q.access_token === 'string' ? q.access_token : undefined);
  if (token) return { token };
  const cookie = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  return cookie ? { session: cookie } : null;
}
