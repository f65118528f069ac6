import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, LIMITS } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, issueRow, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * REST v4 issues against the real app on Postgres and on PGlite: who may read and write what
 * (exact statuses and GitLab's {"message"} bodies), pagination headers, filters, validation,
 * the page's lock_version 409, body limits.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const ROLES = ['anonymous', 'erin', 'dave', 'carol', 'bob', 'mallory', 'alice'] as const;
type Role = (typeof ROLES)[number];

const iidsOf = (body: unknown) => (body as Array<{ iid: number }>).map((i) => i.iid).sort((a, b) => a - b);

describe.each(DB_MODES)('REST issues on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let pub: number;
  let priv: number;
  const as = (r: Role): Auth => cast[r];

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    pub = await projectId(app, PUBLIC);
    priv = await projectId(app, PRIVATE);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('reading', () => {
    it('a public issue is readable by everyone, anonymous included', async () => {
      for (const r of ROLES) {
        const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues/1`, { auth: as(r) });
        expect({ r, status: res.status }).toEqual({ r, status: 200 });
        expect(res.body).toMatchObject({ iid: 1, project_id: pub, title: 'Real-time updates for the issue page', state: 'opened', type: 'ISSUE', web_url: `${app.url}/acme/tandem/-/issues/1` });
      }
    });

    it('the confidential issue #4 is 404 for anonymous, non-members and guests; visible to reporters and up', async () => {
      const want: Record<Role, number> = { anonymous: 404, erin: 404, dave: 404, carol: 200, bob: 200, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        const res = await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/4`, { auth: as(r) });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
        if (want[r] === 404) expect(res.body).toEqual({ message: '404 Issue Not Found' });
        else expect(res.body).toMatchObject({ iid: 4, confidential: true });
      }
    });

    it('the private project answers 404 Project Not Found to outsiders, by id and by URL-encoded path', async () => {
      const want: Record<Role, number> = { anonymous: 404, erin: 404, dave: 200, carol: 200, bob: 200, mallory: 200, alice: 200 };
      for (const id of [String(priv), enc(PRIVATE)]) {
        for (const r of ROLES) {
          for (const path of [`/api/v4/projects/${id}`, `/api/v4/projects/${id}/issues`, `/api/v4/projects/${id}/issues/1`]) {
            const res = await call(app, 'GET', path, { auth: as(r) });
            expect({ r, path, status: res.status }).toEqual({ r, path, status: want[r] });
            if (want[r] === 404) expect(res.body).toEqual({ message: '404 Project Not Found' });
          }
        }
      }
      const ok = await call(app, 'GET', `/api/v4/projects/${enc(PRIVATE)}/issues/2`, { auth: as('dave') });
      expect(ok.body).toMatchObject({ iid: 2, title: 'Q3 pricing experiment', project_id: priv });
    });

    it('unknown projects and issues are 404 with GitLab bodies; a non-numeric iid is not a 500', async () => {
      expect((await call(app, 'GET', '/api/v4/projects/acme%2Fnope/issues/1', { auth: as('alice') })).body).toEqual({ message: '404 Project Not Found' });
      const missing = await call(app, 'GET', `/api/v4/projects/${pub}/issues/9999`, { auth: as('alice') });
      expect([missing.status, missing.body]).toEqual([404, { message: '404 Issue Not Found' }]);
      const junk = await call(app, 'GET', `/api/v4/projects/${pub}/issues/abc`, { auth: as('alice') });
      expect(junk.status).toBe(404);
    });

    it('lists leave the confidential issue out for those who may not read it', async () => {
      const totals: Record<Role, string> = { anonymous: '21', erin: '21', dave: '21', carol: '22', bob: '22', mallory: '22', alice: '22' };
      for (const r of ROLES) {
        const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=100`, { auth: as(r) });
        expect(res.status).toBe(200);
        expect({ r, total: res.headers.get('x-total') }).toEqual({ r, total: totals[r] });
        expect(iidsOf(res.body).includes(4)).toBe(totals[r] === '22');
      }
    });

    it('paginates with X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and Link', async () => {
      const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=5&page=2&state=all`, { auth: as('alice') });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(5);
      const h = (n: string) => res.headers.get(n);
      expect([h('x-total'), h('x-total-pages'), h('x-page'), h('x-per-page'), h('x-next-page'), h('x-prev-page')]).toEqual(['22', '5', '2', '5', '3', '1']);
      const link = h('link')!;
      for (const rel of ['prev', 'next', 'first', 'last']) expect(link).toContain(`rel="${rel}"`);
      expect(link).toMatch(/<[^>]*\/api\/v4\/projects\/\d+\/issues\?[^>]*page=3[^>]*>; rel="next"/);
      expect(link.split(', ').every((l) => l.startsWith(`<${app.url}/api/v4/projects/${pub}/issues?`))).toBe(true);
      expect(link).toMatch(/<[^>]*page=5[^>]*>; rel="last"/);
      expect(link).toContain('state=all');

      const last = await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=5&page=5`, { auth: as('alice') });
      expect(last.body).toHaveLength(2);
      expect(last.headers.get('x-next-page')).toBe('');
      expect(last.headers.get('link')).not.toContain('rel="next"');

      // the pages together hold every issue once, newest first
      const all: number[] = [];
      for (let p = 1; p <= 5; p++) all.push(...((await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=5&page=${p}`, { auth: as('alice') })).body as Array<{ iid: number }>).map((i) => i.iid));
      expect(all).toEqual(Array.from({ length: 22 }, (_, k) => 22 - k));
    });

    it('filters by state, search, labels and assignee_id', async () => {
      const [{ id: bobId }] = (await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>;
      const q = async (query: string, r: Role = 'alice') => iidsOf((await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=100&${query}`, { auth: as(r) })).body);
      expect(await q('state=closed')).toEqual([5]);
      expect(await q('state=opened')).toHaveLength(21);
      expect(await q('search=credentials')).toEqual([4]);
      expect(await q('search=credentials', 'dave')).toEqual([]);
      expect(await q('search=CHECKOUT')).toEqual([3, 18]);
      expect(await q('labels=bug')).toEqual([2, 6, 9, 22]);
      expect(await q('labels=bug,ui')).toEqual([2]);
      expect(await q(`assignee_id=${bobId}`)).toEqual([1, 3, 4]);
      expect(await q(`assignee_id=${bobId}`, 'dave')).toEqual([1, 3]);
      expect(await q('assignee_id=None&labels=feature')).toEqual([7, 11, 12, 13, 14, 17, 19, 21]);
      expect(await q('issue_type=incident')).toEqual([3]);
    });

    it('bad list parameters are a 400 naming the parameter', async () => {
      const res = await call(app, 'GET', `/api/v4/projects/${pub}/issues?state=sideways`, { auth: as('alice') });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { state: ['does not have a valid value (opened, closed, all)'] } });
      const pp = await call(app, 'GET', `/api/v4/projects/${pub}/issues?per_page=0`, { auth: as('alice') });
      expect([pp.status, pp.body]).toEqual([400, { message: { per_page: ['must be a positive integer'] } }]);
    });
  });

  describe('writing', () => {
    const put = (r: Role, project: string | number, iid: number, body: unknown) => call(app, 'PUT', `/api/v4/projects/${project}/issues/${iid}`, { auth: as(r), body });

    it('editing a public issue: 401 anonymous, 403 non-member and guest, 200 reporter and up', async () => {
      const want: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 200, bob: 200, mallory: 200, alice: 200 };
      const bodies: Partial<Record<number, unknown>> = { 401: { message: '401 Unauthorized' }, 403: { message: '403 Forbidden' } };
      for (const r of ROLES) {
        const before = await issueRow(app, PUBLIC, 7);
        const res = await put(r, pub, 7, { title: `Edited by ${r}` });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
        const after = await issueRow(app, PUBLIC, 7);
        if (want[r] === 200) {
          expect(res.body).toMatchObject({ iid: 7, title: `Edited by ${r}` });
          expect(after!.lock_version).toBe(before!.lock_version + 1);
        } else {
          expect(res.body).toEqual(bodies[want[r]]);
          expect(after).toEqual(before);
        }
      }
    });

    it('a guest may edit the issue they wrote, but not its metadata', async () => {
      const own = await put('dave', pub, 6, { title: 'Task lists in the preview (by the author)' });
      expect([own.status, (own.body as { title: string }).title]).toEqual([200, 'Task lists in the preview (by the author)']);
      const before = await issueRow(app, PUBLIC, 6);
      const meta = await put('dave', pub, 6, { labels: 'wontfix' });
      expect([meta.status, meta.body]).toEqual([403, { message: '403 Forbidden' }]);
      expect(await issueRow(app, PUBLIC, 6)).toEqual(before);
    });

    it('the confidential issue: 404 for those who cannot see it, 200 for its assignee and reporters', async () => {
      const want: Record<Role, number> = { anonymous: 401, erin: 404, dave: 404, carol: 200, bob: 200, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        const res = await put(r, pub, 4, { description: `Rotate now (${r})` });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
        if (want[r] === 404) expect(res.body).toEqual({ message: '404 Issue Not Found' });
      }
    });

    it('the private project: 404 to non-members, 403 to its guest, 200 to reporters', async () => {
      const want: Record<Role, number> = { anonymous: 401, erin: 404, dave: 403, carol: 200, bob: 200, mallory: 200, alice: 200 };
      for (const r of ROLES) {
        const res = await put(r, enc(PRIVATE), 1, { title: `Acquire competitor (${r})` });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
      }
    });

    it('creating: 401 anonymous; any signed-in reader may report; non-members get 404 on the private project', async () => {
      const pubWant: Record<Role, number> = { anonymous: 401, erin: 201, dave: 201, carol: 201, bob: 201, mallory: 201, alice: 201 };
      const privWant: Record<Role, number> = { anonymous: 401, erin: 404, dave: 201, carol: 201, bob: 201, mallory: 201, alice: 201 };
      for (const r of ROLES) {
        const a = await call(app, 'POST', `/api/v4/projects/${pub}/issues`, { auth: as(r), body: { title: `Reported by ${r}` } });
        expect({ r, status: a.status }).toEqual({ r, status: pubWant[r] });
        if (a.status === 201) expect(a.body).toMatchObject({ title: `Reported by ${r}`, state: 'opened', author: { username: r }, confidential: false });
        const b = await call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/issues`, { auth: as(r), body: { title: `Private report by ${r}` } });
        expect({ r, status: b.status }).toEqual({ r, status: privWant[r] });
      }
      const guestMeta = await call(app, 'POST', `/api/v4/projects/${pub}/issues`, { auth: as('dave'), body: { title: 'With labels', labels: 'bug' } });
      expect([guestMeta.status, guestMeta.body]).toEqual([403, { message: '403 Forbidden' }]);
    });

    it('deleting is for owners only: 204 for alice, 403 for everyone else who can see it, 401 anonymous', async () => {
      const created = await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${pub}/issues`, { auth: as('carol'), body: { title: 'To be deleted' } });
      const iid = created.body.iid;
      const want: Record<Role, number> = { anonymous: 401, erin: 403, dave: 403, carol: 403, bob: 403, mallory: 403, alice: 204 };
      for (const r of ROLES) {
        const res = await call(app, 'DELETE', `/api/v4/projects/${pub}/issues/${iid}`, { auth: as(r) });
        expect({ r, status: res.status }).toEqual({ r, status: want[r] });
        if (want[r] === 204) expect(res.text).toBe('');
        else expect(await issueRow(app, PUBLIC, iid)).toBeDefined();
      }
      expect(await issueRow(app, PUBLIC, iid)).toBeUndefined();
      expect((await call(app, 'GET', `/api/v4/projects/${pub}/issues/${iid}`, { auth: as('alice') })).status).toBe(404);
      const events = (await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [(created.body as unknown as { id: number }).id])) as Array<{ type: string }>;
      expect(events.map((e) => e.type)).toEqual(['issue.created', 'issue.deleted']);
    });

    it('bad input is a 400 naming the field, and changes nothing', async () => {
      const cases: Array<[unknown, unknown]> = [
        [{ title: '' }, { title: ["can't be blank"] }],
        [{ title: 'x'.repeat(256) }, { title: ['is too long (maximum is 255 characters)'] }],
        [{ description: 'd'.repeat(LIMITS.descriptionMaxLength + 1) }, { description: ['is too long (maximum is 1048576 characters)'] }],
        [{ state_event: 'open' }, { state_event: ['must be one of: close, reopen'] }],
        [{ confidential: 'perhaps' }, { confidential: ['must be a boolean'] }],
        [{ due_date: '2030-02-30' }, { due_date: ['must be a date in YYYY-MM-DD format'] }],
        [{ title: 'fine', assignee_ids: ['x'] }, { assignee_ids: ['must be a list of positive integers'] }],
      ];
      for (const [body, message] of cases) {
        const before = await issueRow(app, PUBLIC, 8);
        const res = await put('alice', pub, 8, body);
        expect([res.status, res.body]).toEqual([400, { message }]);
        expect(await issueRow(app, PUBLIC, 8)).toEqual(before);
      }
      const none = await put('alice', pub, 8, { lock_version: 1 });
      expect(none.status).toBe(400);
      expect(JSON.stringify(none.body)).toContain('at least one parameter must be provided');
      const malformed = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/8`, { auth: as('alice'), rawBody: '{"title": ' });
      expect(malformed.status).toBe(400);
    });

    it('a 1,048,576-character description is accepted', async () => {
      const res = await put('alice', pub, 8, { description: 'a'.repeat(LIMITS.descriptionMaxLength) });
      expect(res.status).toBe(200);
      expect((await issueRow(app, PUBLIC, 8))!.description).toHaveLength(LIMITS.descriptionMaxLength);
    });

    it('a body over the size limit is refused with 413 and changes nothing', async () => {
      const before = await issueRow(app, PUBLIC, 9);
      const res = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/9`, { auth: as('alice'), body: { title: 'big', description: 'x'.repeat(LIMITS.bodyLimitBytes + 1024) } });
      expect([res.status, res.body]).toEqual([413, { message: ERRORS.PAYLOAD_TOO_LARGE.message }]);
      expect(await issueRow(app, PUBLIC, 9)).toEqual(before);
    });

    it('state_event closes and reopens, with closed_at and closed_by', async () => {
      const closed = await put('bob', pub, 10, { state_event: 'close' });
      expect(closed.body).toMatchObject({ state: 'closed', closed_by: { username: 'bob' } });
      expect((closed.body as { closed_at: string }).closed_at).toBeTruthy();
      const reopened = await put('bob', pub, 10, { state_event: 'reopen' });
      expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null, closed_by: null });
    });
  });

  describe('the page endpoint PUT {issue}.json with lock_version', () => {
    const pageUrl = (iid: number) => `/${PUBLIC}/-/issues/${iid}.json`;

    it('applies a write carrying the current lock_version and refuses a stale one with 409, changing nothing', async () => {
      const start = (await issueRow(app, PUBLIC, 11))!;
      const ok = await call(app, 'PUT', pageUrl(11), { auth: as('bob'), body: { title: 'Emoji reactions (v1)', lock_version: start.lock_version, lockedWarningVisible: false } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ title: 'Emoji reactions (v1)', lock_version: start.lock_version + 1 });

      const before = await issueRow(app, PUBLIC, 11);
      const stale = await call(app, 'PUT', pageUrl(11), { auth: as('carol'), body: { issue: { title: 'Overwrite!', description: 'gone', lock_version: start.lock_version } } });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({ errors: [ERRORS.ISSUE_STALE.message] });
      expect(await issueRow(app, PUBLIC, 11)).toEqual(before);
    });

    it('invalid input is 422 {"errors": [...]} with Rails full messages, changing nothing', async () => {
      const before = await issueRow(app, PUBLIC, 11);
      const res = await call(app, 'PUT', pageUrl(11), { auth: as('bob'), body: { title: '', lock_version: before!.lock_version } });
      expect([res.status, res.body]).toEqual([422, { errors: ["Title can't be blank"] }]);
      const lv = await call(app, 'PUT', pageUrl(11), { auth: as('bob'), body: { title: 'x', lock_version: 'abc' } });
      expect([lv.status, lv.body]).toEqual([422, { errors: ['Lock version must be an integer'] }]);
      expect(await issueRow(app, PUBLIC, 11)).toEqual(before);
    });

    it('keeps the same permissions as the API', async () => {
      const lv = (await issueRow(app, PUBLIC, 11))!.lock_version;
      expect((await call(app, 'PUT', pageUrl(11), { body: { title: 'anon', lock_version: lv } })).status).toBe(401);
      expect((await call(app, 'PUT', pageUrl(11), { auth: as('dave'), body: { title: 'guest', lock_version: lv } })).status).toBe(403);
      expect((await call(app, 'PUT', pageUrl(4), { auth: as('dave'), body: { title: 'guest', lock_version: 0 } })).status).toBe(404);
    });

    it('realtime_changes answers with the spec shape and Poll-Interval', async () => {
      const res = await call(app, 'GET', `/${PUBLIC}/-/issues/11/realtime_changes`);
      expect(res.status).toBe(200);
      expect(res.headers.get('poll-interval')).toBe('3000');
      expect(res.body).toMatchObject({ title_text: 'Emoji reactions (v1)', lock_version: expect.any(Number), task_completion_status: { count: 0, completed_count: 0 } });
      expect((await call(app, 'GET', `/${PUBLIC}/-/issues/4/realtime_changes`)).status).toBe(404);
    });
  });
});
