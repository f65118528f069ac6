import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const digest = (token: string) => createHash('sha256').update(token).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const PAT_PREFIX = 'tdpat-';
export const OAUTH_PREFIX = 'tdoat-';

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
