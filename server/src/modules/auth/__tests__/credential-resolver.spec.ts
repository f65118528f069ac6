import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../../../core/realtime/event-bus';
import type { AuthService, ResolvedAuth } from '../auth.service';
import { CredentialResolver } from '../credential-resolver';
import { digest } from '../tokens';

const auth = (userId: number): ResolvedAuth =>
  ({ actor: { id: userId, username: `u${userId}`, isAdmin: false, scopes: ['api'] }, user: { id: userId } as ResolvedAuth['user'], expiresAt: null }) as ResolvedAuth;

/** An AuthService whose token lookups are answered by hand, in order. */
function fakeAuth() {
  const pending: Array<{ token: string; answer: (r: ResolvedAuth | null) => void }> = [];
  const service = { resolveToken: (token: string) => new Promise<ResolvedAuth | null>((answer) => pending.push({ token, answer })) } as unknown as AuthService;
  return { service, pending };
}

describe('CredentialResolver', () => {
  it('shares one lookup among the requests presenting the same token meanwhile', async () => {
    const { service, pending } = fakeAuth();
    const resolver = new CredentialResolver(service, new InProcessEventBus());
    const same = Array.from({ length: 5 }, () => resolver.resolve({ token: 'glpat-one' }));
    const other = resolver.resolve({ token: 'glpat-two' });
    expect(pending.map((p) => p.token)).toEqual(['glpat-one', 'glpat-two']);
    pending[0]!.answer(auth(1));
    pending[1]!.answer(null);
    for (const r of await Promise.all(same)) expect(r !== 'invalid_token' && r.actor?.id).toBe(1);
    expect(await other).toBe('invalid_token');
    // Cached now: no lookup; an unknown token is asked again each time
    expect(await resolver.resolve({ token: 'glpat-one' })).not.toBe('invalid_token');
    const again = resolver.resolve({ token: 'glpat-two' });
    expect(pending).toHaveLength(3);
    pending[2]!.answer(null);
    expect(await again).toBe('invalid_token');
  });

  it('does not share a lookup begun before a revocation with a request after it', async () => {
    const { service, pending } = fakeAuth();
    const bus = new InProcessEventBus();
    const resolver = new CredentialResolver(service, bus);
    const before = resolver.resolve({ token: 'glpat-one' });
    bus.publishControl({ kind: 'credential_revoked', credential: digest('glpat-one') });
    const after = resolver.resolve({ token: 'glpat-one' });
    expect(pending).toHaveLength(2);
    pending[0]!.answer(auth(1));
    pending[1]!.answer(null);
    expect(await before).not.toBe('invalid_token');
    expect(await after).toBe('invalid_token');
  });
});
