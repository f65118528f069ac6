import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * GitLab's issue list filters and sorts over REST, on Postgres and PGlite: labels (and
 * None/Any), milestone titles and the pseudo-milestones None/Any/Upcoming/Started, assignee,
 * author, iteration (Current), epic, weight, health status, every `not[...]`, and each
 * `order_by` both ways; a bad value is a 400 naming the parameter.
 */
const PUBLIC = 'acme/tandem';
const api = `/api/v4/projects/${enc(PUBLIC)}/issues`;

describe.each(DB_MODES)('issue list filters on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  /** Titles of the matching test issues, in the list's order (search=flt narrows to them). */
  const titles = async (query: string) => {
    const res = await call<ApiIssue[]>(app, 'GET', `${api}?search=flt-&per_page=100&${query}`, { auth: who.bob });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.map((i) => i.title);
  };
  const sorted = async (query: string) => (await titles(query)).join(' ');

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const one = async <T>(sql: string, params: unknown[]) => ((await app.ds.query(sql, params)) as Array<{ id: T }>)[0]!.id;
    const v10 = await one<number>(`SELECT id FROM milestones WHERE title = 'v1.0'`, []);
    const v09 = await one<number>(`SELECT id FROM milestones WHERE title = 'v0.9'`, []);
    const sprint2 = await one<number>(`SELECT id FROM iterations WHERE title = 'Sprint 2'`, []);
    const sprint1 = await one<number>(`SELECT id FROM iterations WHERE title = 'Sprint 1'`, []);
    const [bobId, carolId] = [await one<number>(`SELECT id FROM users WHERE username = 'bob'`, []), await one<number>(`SELECT id FROM users WHERE username = 'carol'`, [])];
    const epic = await call<{ id: number }>(app, 'POST', '/api/v4/groups/acme/epics', { auth: who.alice, body: { title: 'flt epic' } });
    expect(epic.status).toBe(201);
    await app.ds.query(`UPDATE labels SET priority = CASE title WHEN 'bug' THEN 1 WHEN 'ui' THEN 2 END WHERE title IN ('bug', 'ui')`);
    const create = async (auth: Cast['bob'], title: string, fields: Record<string, unknown>) => {
      const c = await call<ApiIssue>(app, 'POST', api, { auth, body: { title } });
      expect(c.status).toBe(201);
      const u = await call(app, 'PUT', `${api}/${c.body.iid}`, { auth: who.alice, body: fields });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      return c.body.iid;
    };
    // Created in this order: A, B, C (so created_at desc is C B A)
    const a = await create(who.mallory, 'flt-A', { labels: 'bug,ui', assignee_ids: [bobId], milestone_id: v10, weight: 3, due_date: '2030-01-10', health_status: 'on_track', iteration_id: sprint2, epic_id: epic.body.id });
    await create(who.mallory, 'flt-B', { labels: 'bug', assignee_ids: [carolId], milestone_id: v09, weight: 1, due_date: '2030-01-05', health_status: 'at_risk', iteration_id: sprint1 });
    await create(who.bob, 'flt-C', { title: 'flt-C' });
    for (const auth of [who.bob, who.carol])
      expect((await call(app, 'POST', `${api}/${a}/award_emoji`, { auth, body: { name: 'thumbsup' } })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('labels: all of them, None, Any, and not[labels] (none of them)', async () => {
    expect(await sorted('labels=bug,ui')).toBe('flt-A');
    expect(await sorted('labels=bug')).toBe('flt-B flt-A');
    expect(await sorted('labels=None')).toBe('flt-C');
    expect(await sorted('labels=Any')).toBe('flt-B flt-A');
    expect(await sorted('not[labels]=ui')).toBe('flt-C flt-B');
    expect(await sorted('not[labels]=ui,bug')).toBe('flt-C');
    expect(await sorted('labels=bug&not[labels]=ui')).toBe('flt-B');
  });

  it('milestone: a title, None, Any, Upcoming (due after today), Started (open and started), and negated', async () => {
    expect(await sorted('milestone=v1.0')).toBe('flt-A');
    expect(await sorted('milestone=None')).toBe('flt-C');
    expect(await sorted('milestone=Any')).toBe('flt-B flt-A');
    expect(await sorted('milestone=Upcoming')).toBe('flt-A');
    expect(await sorted('milestone=Started')).toBe('flt-B flt-A');
    expect(await sorted('not[milestone]=v1.0')).toBe('flt-C flt-B');
    expect(await sorted('not[milestone]=Upcoming')).toBe('flt-C flt-B');
    expect(await sorted('not[milestone]=None')).toBe('flt-B flt-A');
  });

  it('assignee, author, iteration, epic, weight and health status, each also negated', async () => {
    expect(await sorted('assignee_username[]=bob')).toBe('flt-A');
    expect(await sorted('assignee_id=None')).toBe('flt-C');
    expect(await sorted('assignee_id=Any')).toBe('flt-B flt-A');
    expect(await sorted('not[assignee_username]=bob')).toBe('flt-C flt-B');
    expect(await sorted('author_username=bob')).toBe('flt-C');
    expect(await sorted('not[author_username]=bob')).toBe('flt-B flt-A');
    expect(await sorted('iteration_id=Current')).toBe('flt-A');
    expect(await sorted('iteration_title=Sprint 1')).toBe('flt-B');
    expect(await sorted('iteration_id=None')).toBe('flt-C');
    expect(await sorted('not[iteration_id]=Current')).toBe('flt-C flt-B');
    expect(await sorted('epic_id=Any')).toBe('flt-A');
    expect(await sorted('epic_id=None')).toBe('flt-C flt-B');
    expect(await sorted('not[epic_id]=None')).toBe('flt-A');
    expect(await sorted('weight=1')).toBe('flt-B');
    expect(await sorted('weight=None')).toBe('flt-C');
    expect(await sorted('not[weight]=1')).toBe('flt-C flt-A');
    expect(await sorted('health_status=at_risk')).toBe('flt-B');
    expect(await sorted('health_status=Any')).toBe('flt-B flt-A');
    expect(await sorted('not[health_status]=on_track')).toBe('flt-C flt-B');
    expect(await sorted('confidential=false&issue_type=issue&state=opened')).toBe('flt-C flt-B flt-A');
  });

  it('issue_type and not[issue_type]', async () => {
    await app.ds.query(`UPDATE issues SET issue_type = 'incident' WHERE title = 'flt-C'`);
    try {
      expect(await sorted('issue_type=incident')).toBe('flt-C');
      expect(await sorted('issue_type=issue')).toBe('flt-B flt-A');
      expect(await sorted('not[issue_type]=incident')).toBe('flt-B flt-A');
      expect(await sorted('not[issue_type]=issue')).toBe('flt-C');
      expect(await sorted('issue_type=issue&not[issue_type]=issue')).toBe('');
    } finally {
      await app.ds.query(`UPDATE issues SET issue_type = 'issue' WHERE title = 'flt-C'`);
    }
  });

  it('sorts by every order_by, both ways, empty values last', async () => {
    expect(await sorted('order_by=created_at&sort=asc')).toBe('flt-A flt-B flt-C');
    expect(await sorted('order_by=title&sort=desc')).toBe('flt-C flt-B flt-A');
    expect(await sorted('order_by=due_date&sort=asc')).toBe('flt-B flt-A flt-C');
    expect(await sorted('order_by=due_date&sort=desc')).toBe('flt-A flt-B flt-C');
    expect(await sorted('order_by=weight&sort=desc')).toBe('flt-A flt-B flt-C');
    expect(await sorted('order_by=weight&sort=asc')).toBe('flt-B flt-A flt-C');
    // v0.9 is due before v1.0
    expect(await sorted('order_by=milestone_due&sort=asc')).toBe('flt-B flt-A flt-C');
    expect(await sorted('order_by=popularity&sort=desc')).toBe('flt-A flt-C flt-B');
    // bug (priority 1) on both A and B; then milestone due: B's v0.9 first
    expect(await sorted('order_by=priority&sort=asc')).toBe('flt-B flt-A flt-C');
    // label priority alone: a tie, broken by id
    expect(await sorted('order_by=label_priority&sort=asc&labels=Any')).toBe('flt-A flt-B');
    const updated = await titles('order_by=updated_at&sort=desc');
    expect(updated).toHaveLength(3);
  });

  it('a list page of an unknown or unreadable project is a 404 from the server, flagged for the client', async () => {
    for (const [path, auth] of [
      ['/acme/no-such-project/-/issues', who.bob],
      ['/acme/no-such-project/-/incidents', who.bob],
      ['/acme/platform/secret-plans/-/issues?label_name[]=bug', who.erin],
      // no status page enabled: 404 here, so the page never asks for a list.json that is not there
      ['/-/status_page/acme/tandem', who.anonymous],
    ] as const) {
      const res = await call(app, 'GET', path, { auth, headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain('"notFound":true');
    }
    const ok = await call(app, 'GET', '/acme/tandem/-/issues', { auth: who.bob, headers: { accept: 'text/html' } });
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain('"notFound"');
  });

  it('a bad filter or sort is a 400 naming it, never a 500', async () => {
    for (const [q, name] of [
      ['order_by=nonsense', 'order_by'],
      ['weight=heavy', 'weight'],
      ['health_status=fine', 'health_status'],
      ['not[assignee_id]=x', 'not[assignee_id]'],
      ['epic_id=-1', 'epic_id'],
      ['not=1', 'not'],
      ['issue_type=task', 'issue_type'],
      ['not[issue_type]=epic', 'not[issue_type]'],
    ] as const) {
      const res = await call<{ message: unknown }>(app, 'GET', `${api}?${q}`, { auth: who.bob });
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body), q).toContain(name);
    }
  });
});
