import type { IncomingHttpHeaders } from 'node:http';

const BEARER = /^Bearer\s+(.+)$/i;

/**
 * The token a request carries in a header: PRIVATE-TOKEN wins over Authorization: Bearer.
 * The one reading of token headers, shared by AuthMiddleware and the routes answered ahead of
 * Express (fast-route.ts), so the two cannot disagree on who is asking.
 */
export function headerToken(headers: IncomingHttpHeaders): string | undefined {
  const pt = headers['private-token'];
  if (typeof pt === 'string') return pt;
  const a = headers.authorization;
  return a ? BEARER.exec(a)?.[1] : undefined;
}
