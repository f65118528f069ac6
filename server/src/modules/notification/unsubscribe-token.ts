import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * The unsubscribe link's token: the user and the issue, signed (HMAC-SHA256) with the
 * instance's secret, so the link works without signing in and cannot be forged for someone
 * else or another issue. `<user id>.<issue id>.<mac>`.
 */
export function signUnsubscribe(secret: Buffer, userId: number, issueId: number): string {
  return `${userId}.${issueId}.${mac(secret, userId, issueId)}`;
}

/** The user and issue a token names, or null when it is malformed or not ours. */
export function verifyUnsubscribe(secret: Buffer, token: string): { userId: number; issueId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const issueId = Number(m[2]);
  const want = Buffer.from(mac(secret, userId, issueId));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? { userId, issueId } : null;
}

const mac = (secret: Buffer, userId: number, issueId: number) => createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${issueId}`).digest('base64url');

/** The instance's named secret: written once by whichever node asks first, the same for every node and restart. */
export async function instanceSecret(ds: DataSource, name: string): Promise<Buffer> {
  await ds.query('INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('hex')]);
  const [row] = (await ds.query('SELECT value FROM instance_secrets WHERE name = $1', [name])) as Array<{ value: string }>;
  return Buffer.from(row!.value, 'hex');
}
