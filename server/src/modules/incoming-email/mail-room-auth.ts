import { createHmac, timingSafeEqual } from 'node:crypto';

/** GitLab's mail_room request header: a JWT (HS256, issuer gitlab-mailroom) signed with the shared secret. */
export const MAIL_ROOM_HEADER = 'gitlab-mailroom-api-request';
const ISSUER = 'gitlab-mailroom';
/** A token may be at most this old (clock skew included), so a captured request cannot be replayed later. */
const MAX_AGE_S = 300;

const b64url = (b: Buffer) => b.toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** True when `token` is an HS256 JWT from mail_room signed with `secret` and recent enough. */
export function verifyMailRoomToken(token: string | undefined, secret: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [h, p, sig] = parts as [string, string, string];
  const expected = Buffer.from(b64url(createHmac('sha256', secret).update(`${h}.${p}`).digest()));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { iss?: string; iat?: number };
    if (header.alg !== 'HS256' || claims.iss !== ISSUER) return false;
    return typeof claims.iat === 'number' && Math.abs(nowS - claims.iat) <= MAX_AGE_S;
  } catch {
    return false;
  }
}

/** Signs a mail_room token (what mail_room's postback delivery sends; used by tests and tools). */
export function signMailRoomToken(secret: string, nowS = Math.floor(Date.now() / 1000)): string {
  const h = b64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const p = b64url(Buffer.from(JSON.stringify({ iss: ISSUER, iat: nowS })));
  return `${h}.${p}.${b64url(createHmac('sha256', secret).update(`${h}.${p}`).digest())}`;
}
