import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerToken } from '../../http/request-token';
import { EtagCacheService, pollKeyOf, type PollKey } from '../etag-cache.service';
import { pollScopeOf } from '../poll-scope';

// The 304 path's own work, kept small (docs/realtime.md, "Polling fallback"): the credential a
// poll presents, read without a match array, and ETags remembered per path and state so a
// repeated poll builds no MAC input. Both must give exactly what the slow way gives.

const URL = '/acme/tandem/-/issues/1/realtime_changes';

describe('pollScopeOf', () => {
  const scope = (headers: Record<string, string>, url = URL) => pollScopeOf({ headers, url });

  it('reads a Bearer token as the authentication does', () => {
    for (const authorization of ['Bearer abc', 'bearer abc', 'BEARER   abc  ', 'Bearer\tabc', 'Bearer a b', 'Bearer  ', 'Bearer x']) {
      const token = headerToken({ authorization });
      expect(scope({ authorization }), JSON.stringify(authorization)).toBe(`t:${token!.trim()}`);
    }
    for (const authorization of ['Bearer', 'Bearer ', 'Bearerabc', 'Basic abc', 'Token abc', '']) {
      expect(headerToken({ authorization }) ?? null, JSON.stringify(authorization)).toBeNull();
      expect(scope({ authorization }), JSON.stringify(authorization)).toBe('anon');
    }
  });

  it('takes PRIVATE-TOKEN first, then Bearer, then one token parameter, then the session cookie', () => {
    expect(scope({ 'private-token': 'p', authorization: 'Bearer b' })).toBe('t:p');
    expect(scope({ authorization: 'Bearer b', cookie: '_tandem_session=s' }, `${URL}?private_token=q`)).toBe('t:b');
    expect(scope({ cookie: '_tandem_session=s' }, `${URL}?access_token=q`)).toBe('t:q');
    expect(scope({ cookie: '_tandem_session=s' }, `${URL}?access_token=q&access_token=r`)).toBe('s:s');
    expect(scope({})).toBe('anon');
  });
});

describe('EtagCacheService.etagOf', () => {
  const secretOf = (c: EtagCacheService) => (c as unknown as { secret: Buffer }).secret;
  /** The ETag computed the slow way: the HMAC of the path key, the state and the credential. */
  const slow = (c: EtagCacheService, k: string, seq: number, salt: string, scope: string) =>
    `W/"${seq}-${createHmac('sha256', secretOf(c)).update(`${k}\n${seq}\n${salt}\n${scope}`).digest('base64url').slice(0, 16)}"`;

  it('gives each path, state and credential its own ETag, the same when asked again', () => {
    const c = new EtagCacheService(null);
    const key = pollKeyOf(URL)!;
    const sameIssueFromEvent: PollKey = { kind: 'realtime_changes', projectPath: 'Acme/Tandem', iid: 1 };
    const notes = pollKeyOf('/acme/tandem/noteable/issue/7/notes')!;
    const a = { seq: 3, salt: 'salt-a' };
    const b = { seq: 4, salt: 'salt-b' };
    const cases: Array<[PollKey, string, typeof a, string]> = [
      [key, 'rc:acme/tandem:1', a, 't:alice'],
      [key, 'rc:acme/tandem:1', a, 't:bob'],
      [key, 'rc:acme/tandem:1', b, 't:alice'],
      [sameIssueFromEvent, 'rc:acme/tandem:1', b, 't:bob'],
      [notes, 'n:acme/tandem:7', a, 't:alice'],
      [key, 'rc:acme/tandem:1', { seq: 4, salt: 'salt-c' }, 't:alice'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [k, ks, entry, scope] of cases) expect(c.etagOf(k, entry, scope)).toBe(slow(c, ks, entry.seq, entry.salt, scope));
    }
    expect(new Set(cases.map(([k, , e, s]) => c.etagOf(k, e, s))).size).toBe(cases.length);
  });

  it('stays right past the bound on remembered ETags', () => {
    const c = new EtagCacheService(null);
    const key = pollKeyOf(URL)!;
    const entry = { seq: 1, salt: 's' };
    for (let i = 0; i < 50_010; i++) c.etagOf(key, entry, `t:${i}`);
    expect((c as unknown as { etagMemoSize: number }).etagMemoSize).toBeLessThanOrEqual(50_000);
    expect(c.etagOf(key, entry, 't:0')).toBe(slow(c, 'rc:acme/tandem:1', 1, 's', 't:0'));
    expect(c.etagOf(key, entry, 't:50009')).toBe(slow(c, 'rc:acme/tandem:1', 1, 's', 't:50009'));
  });
});
