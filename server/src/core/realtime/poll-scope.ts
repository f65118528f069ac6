import type { IncomingMessage } from 'node:http';
import { SESSION_COOKIE } from '@tandem/shared-types';

/**
 * The credential a request presents, as one string, read from the raw request without any
 * lookup: the polling ETag is bound to it (etag-cache.service.ts), so an ETag matches only for
 * the credential it was handed to. Same precedence as AuthMiddleware: PRIVATE-TOKEN, Bearer,
 * the private_token / access_token parameters (one value), then the session cookie; 'anon'
 * for none. Whether the credential is valid is not checked here: an ETag was only ever handed
 * to a request the application authenticated and authorised.
 */
const BEARER = /^Bearer\s/i;

export function pollScopeOf(req: Pick<IncomingMessage, 'headers' | 'url'> & { originalUrl?: string }): string {
  const h = req.headers;
  const header = h['private-token'];
  if (typeof header === 'string' && header) return `t:${header.trim()}`;
  // `Bearer <token>` (AuthMiddleware's /^Bearer\s+(.+)$/i, without a match array on every poll)
  const auth = h.authorization;
  if (typeof auth === 'string' && auth.length > 7 && BEARER.test(auth)) return `t:${auth.slice(6).trim()}`;
  const url = req.originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  if (q >= 0) {
    const params = new URLSearchParams(url.slice(q + 1));
    for (const name of ['private_token', 'access_token']) {
      const all = params.getAll(name);
      if (all.length === 1 && all[0]) return `t:${all[0].trim()}`;
    }
  }
  const session = cookieValue(h.cookie, SESSION_COOKIE);
  return session ? `s:${session}` : 'anon';
}

/** The first value of a cookie in a Cookie header (URI-decoded as cookie-parser does), or null. */
function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let v = part.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    try {
      return decodeURIComponent(v) || null;
    } catch {
      return v || null;
    }
  }
  return null;
}
