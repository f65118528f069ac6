import { describe, expect, it } from 'vitest';
import type { ResolvedAuth } from '../auth.service';
import { TokenCache } from '../token-cache';

const auth = (userId: number, expiresAt: Date | null = null): ResolvedAuth =>
  ({ actor: { id: userId, username: `u${userId}`, isAdmin: false, scopes: ['api'] }, user: { id: userId } as ResolvedAuth['user'], expiresAt }) as ResolvedAuth;

describe('TokenCache', () => {
  it('holds a resolved token for the TTL and no longer', () => {
    const c = new TokenCache(1000);
    c.set('d1', auth(1), c.mark(), 10_000);
    expect(c.get('d1', 10_999)?.actor.id).toBe(1);
    expect(c.get('d1', 11_000)).toBeNull();
    expect(c.get('d1', 10_500)).toBeNull(); // dropped once stale
  });

  it('never serves a token past its own expiry', () => {
    const c = new TokenCache(1000);
    c.set('d1', auth(1, new Date(10_100)), c.mark(), 10_000);
    expect(c.get('d1', 10_050)).not.toBeNull();
    expect(c.get('d1', 10_100)).toBeNull();
  });

  it('drops a revoked credential at once, and a user whose access changed', () => {
    const c = new TokenCache(1000);
    c.set('d1', auth(1), c.mark(), 0);
    c.set('d2', auth(2), c.mark(), 0);
    c.set('d3', auth(2), c.mark(), 0);
    c.onControl({ kind: 'credential_revoked', credential: 'd1' });
    expect(c.get('d1', 1)).toBeNull();
    expect(c.get('d2', 1)).not.toBeNull();
    c.onControl({ kind: 'recheck_user', userId: 2 });
    expect(c.get('d2', 1)).toBeNull();
    expect(c.get('d3', 1)).toBeNull();
  });

  it('does not keep what a lookup found if a revocation arrived while it ran', () => {
    const c = new TokenCache(1000);
    const mark = c.mark(); // the lookup starts
    c.onControl({ kind: 'credential_revoked', credential: 'd1' }); // revoked meanwhile
    c.set('d1', auth(1), mark, 0); // the lookup's (stale) answer
    expect(c.get('d1', 1)).toBeNull();
    c.set('d1', auth(1), c.mark(), 0);
    c.clear(); // the bus lost messages
    expect(c.get('d1', 1)).toBeNull();
  });
});
