import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, issueRow, signIn, type Auth, type Cast, type Res, type TestApp } from './harness';

/**
 * The polling ETag cache (answered ahead of authentication) tells nobody who may not read an
 * issue anything a missing issue would not: `If-None-Match: *` never matches, an ETag only
 * matches for the credential it was handed to, the notes path must be the issue's own
 * (docs/hardening.md, "Polling ETags"). Signed out, a non-member and a guest, on a confidential
 * issue and a private project's issue, compared with a missing issue's answer.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
/** Headers a client or a proxy acts on; their absence matters as much as their value. */
const HEADERS = ['content-type', 'content-length', 'etag', 'poll-interval', 'cache-control', 'x-tandem-from-cache', 'x-content-type-options'];

const FUTURE = () => String(Date.now() * 1000 + 60_000_000);

function shape(r: Res): Record<string, unknown> {
  return { status: r.status, headers: Object.fromEntries(HEADERS.map((h) => [h, r.headers.get(h)])), body: r.text };
}

describe.each(DB_MODES)('polling ETags and access on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let confidentialId: number;
  let privateId: number;
  let bobSession: Auth;
  const rc = (project: string, iid: number) => `/${project}/-/issues/${iid}/realtime_changes`;
  const notes = (project: string, id: number) => `/${project}/noteable/issue/${id}/notes`;
  const poll = (path: string, auth: Auth, inm?: string) =>
    call(app, 'GET', path, { auth, headers: { 'x-last-fetched-at': FUTURE(), ...(inm === undefined ? {} : { 'if-none-match': inm }) } });

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    confidentialId = (await issueRow(app, PUBLIC, 4))!.id;
    privateId = (await issueRow(app, PRIVATE, 1))!.id;
    bobSession = await signIn(app, 'bob');
    // Readers poll first, so the cache holds every issue below (the attack needs a primed entry)
    for (const [path, auth] of [
      [rc(PUBLIC, 4), who.bob],
      [notes(PUBLIC, confidentialId), who.bob],
      [rc(PRIVATE, 1), who.alice],
      [notes(PRIVATE, privateId), who.alice],
      [rc(PUBLIC, 2), who.bob],
    ] as const) {
      const r = await poll(path, auth);
      expect(r.status).toBe(200);
      expect(r.headers.get('etag')).toMatch(/^W\/"\d+-[\w-]{16}"$/);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('If-None-Match: * is never a match: a non-reader gets exactly what a missing issue gets', async () => {
    const cases: Array<[string, string, Auth]> = [
      [rc(PUBLIC, 4), rc(PUBLIC, 9999), who.anonymous],
      [rc(PUBLIC, 4), rc(PUBLIC, 9999), who.erin],
      [rc(PUBLIC, 4), rc(PUBLIC, 9999), who.dave],
      [rc(PRIVATE, 1), rc('acme/platform/no-such-project', 1), who.anonymous],
      [rc(PRIVATE, 1), rc('acme/platform/no-such-project', 1), who.erin],
      [notes(PUBLIC, confidentialId), notes(PUBLIC, 2_000_000), who.anonymous],
      [notes(PUBLIC, confidentialId), notes(PUBLIC, 2_000_000), who.dave],
      [notes(PRIVATE, privateId), notes('acme/platform/no-such-project', privateId), who.anonymous],
      [`/x/noteable/issue/${confidentialId}/notes`, `/x/noteable/issue/2000000/notes`, who.anonymous],
      [`/x/noteable/issue/${privateId}/notes`, `/x/noteable/issue/2000000/notes`, who.erin],
    ];
    for (const [hidden, missing, auth] of cases) {
      for (const inm of ['*', ' * ', 'W/"*"']) {
        const a = await poll(hidden, auth, inm);
        const b = await poll(missing, auth, inm);
        expect(a.status, `${hidden} with ${inm}`).toBe(404);
        expect(shape(a), hidden).toEqual(shape(b));
      }
    }
    // A reader sending * is answered in full, not 304
    const reader = await poll(rc(PUBLIC, 4), who.bob, '*');
    expect(reader.status).toBe(200);
    expect(reader.headers.get('x-tandem-from-cache')).toBeNull();
  });

  it('an ETag matches only for the credential it was handed to; a non-reader holding one gets the missing answer', async () => {
    const bobs = (await poll(rc(PUBLIC, 4), who.bob)).headers.get('etag')!;
    // bob's own ETag: 304 from the cache, in its weak form and in its strong form (weak comparison)
    const own = await poll(rc(PUBLIC, 4), who.bob, bobs);
    expect(own.status).toBe(304);
    expect(own.headers.get('etag')).toBe(bobs);
    expect(own.headers.get('x-tandem-from-cache')).toBe('true');
    expect((await poll(rc(PUBLIC, 4), who.bob, bobs.replace(/^W\//, ''))).status).toBe(304);
    expect((await poll(rc(PUBLIC, 4), who.bob, `"other", ${bobs}`)).status).toBe(304);
    // bob's session was handed a different ETag than his token
    const bySession = (await poll(rc(PUBLIC, 4), bobSession)).headers.get('etag')!;
    expect(bySession).not.toBe(bobs);
    expect((await poll(rc(PUBLIC, 4), bobSession, bySession)).status).toBe(304);
    expect((await poll(rc(PUBLIC, 4), bobSession, bobs)).status).toBe(200);
    // The same ETag from anyone else: the full check, and the missing issue's answer
    for (const auth of [who.anonymous, who.erin, who.dave]) {
      const a = await poll(rc(PUBLIC, 4), auth, bobs);
      const b = await poll(rc(PUBLIC, 9999), auth, bobs);
      expect(a.status).toBe(404);
      expect(shape(a)).toEqual(shape(b));
    }
    // A signed-out reader of a public issue: ETags are per credential there too
    const anon = (await poll(rc(PUBLIC, 2), who.anonymous)).headers.get('etag')!;
    expect((await poll(rc(PUBLIC, 2), who.anonymous, anon)).status).toBe(304);
    expect((await poll(rc(PUBLIC, 2), who.erin, anon)).status).toBe(200);
  });

  it('the notes path is the issue’s own: another project prefix never gets a 304', async () => {
    const p = notes(PRIVATE, privateId);
    const etag = (await poll(p, who.alice)).headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await poll(p, who.alice, etag)).status).toBe(304);
    expect((await poll(notes(PRIVATE.toUpperCase(), privateId), who.alice, etag)).status).toBe(304);
    for (const prefix of ['x', PUBLIC, 'acme/platform']) {
      const a = await poll(notes(prefix, privateId), who.alice, etag);
      expect(a.status, prefix).toBe(404);
      expect(a.headers.get('x-tandem-from-cache')).toBeNull();
    }
  });
});
