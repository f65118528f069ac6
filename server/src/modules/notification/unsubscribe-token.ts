import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { NotifiedType } from './notification-recipients';

/**
 * The unsubscribe link's token: the user and the issue (or merge request), signed (HMAC-SHA256)
 * with the instance's secret, so the link works without signing in and cannot be forged for
 * someone else or another issue. `<user id>.<issue id>.<mac>`; a merge request's is
 * `<user id>.m<merge request id>.<mac>`, signed over its type too, so an issue's token never
 * names the merge request with the same id.
 */
export function signUnsubscribe(secret: Buffer, userId: number, targetId: number, type: NotifiedType = 'Issue'): string {
  return `${userId}.${type === 'MergeRequest' ? 'm' : ''}${targetId}.${mac(secret, userId, targetId, type)}`;
}

/** The user and the issue or merge request a token names, or null when it is malformed or not ours. */
export function verifyUnsubscribe(secret: Buffer, token: string): { userId: number; type: NotifiedType; id: number } | null {
  const m = /^(\d{1,10})\.(m?)(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const type: NotifiedType = m[2] ? 'MergeRequest' : 'Issue';
  const id = Number(m[3]);
  const want = Buffer.from(mac(secret, userId, id, type));
  const got = Buffer.from(m[4]!);
  return want.length === got.length && timingSafeEqual(want, got) ? { userId, type, id } : null;
}

// An issue's input is the one the first links were signed with, so they keep working
const mac = (secret: Buffer, userId: number, id: number, type: NotifiedType) =>
  createHmac('sha256', secret).update(type === 'Issue' ? `unsubscribe\n${userId}\n${id}` : `unsubscribe\n${userId}\n${type}\n${id}`).digest('base64url');

/** The instance's named secret: written once by whichever node asks first, the same for every node and restart. */
export async function instanceSecret(ds: DataSource, name: string): Promise<Buffer> {
  await ds.query('INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('hex')]);
  const [row] = (await ds.query('SELECT value FROM instance_secrets WHERE name = $1', [name])) as Array<{ value: string }>;
  return Buffer.from(row!.value, 'hex');
}
