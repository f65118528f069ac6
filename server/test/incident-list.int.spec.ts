import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue, IncidentListPage } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Auth, type Cast, type TestApp } from './harness';

/**
 * The incident list page's data (GET {project}/-/incidents.json) as clients see it, on Postgres
 * and PGlite: only incidents, by tab; sorted by created time, severity (CRITICAL first when
 * descending) and SLA due time (no SLA last); confidential incidents only for those who may
 * read them; the count of all incidents for the empty state; bad parameters are a 400.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const SET_SEVERITY = 'mutation($input: IssueSetSeverityInput!) { issueSetSeverity(input: $input) { errors } }';

describe.each(DB_MODES)('incident list on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const ids: Record<string, number> = {};
  const list = (auth: Auth, query = '', path = PUBLIC) => call<IncidentListPage>(app, 'GET', `/${path}/-/incidents.json${query}`, { auth });
  const mine = (page: IncidentListPage) => page.incidents.map((i) => i.title).filter((t) => t.startsWith('inc-'));

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const create = async (title: string, body: Record<string, unknown>) => {
      const res = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.mallory, body: { title, ...body } });
      expect(res.status).toBe(201);
      ids[title] = res.body.iid;
      return res.body;
    };
    await create('inc-A', { issue_type: 'incident' });
    await create('inc-B', { issue_type: 'incident', confidential: true });
    const c = await create('inc-C', { issue_type: 'incident' });
    // Severity as the list's dropdown sets it (REST create does not take it)
    for (const [title, severity] of [['inc-A', 'LOW'], ['inc-B', 'HIGH'], ['inc-C', 'MEDIUM']] as const) {
      const set = await gql<{ issueSetSeverity: { errors: string[] } }>(app, SET_SEVERITY, { input: { projectPath: PUBLIC, iid: String(ids[title]), severity } }, who.mallory);
      expect(set.data?.issueSetSeverity.errors).toEqual([]);
    }
    await create('inc-plain-issue', {});
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${c.iid}`, { auth: who.mallory, body: { state_event: 'close' } })).status).toBe(200);
    // SLA rows as the alert module writes them
    await app.ds.query(`INSERT INTO issuable_slas (issue_id, due_at) SELECT id, $2 FROM issues WHERE title = $1`, ['inc-A', '2030-01-01T10:00:00.000Z']);
    await app.ds.query(`INSERT INTO issuable_slas (issue_id, due_at) SELECT id, $2 FROM issues WHERE title = $1`, ['inc-C', '2030-01-01T12:00:00.000Z']);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists open incidents only (no plain issues), newest first, with severity, SLA due time and assignees', async () => {
    const res = await list(who.bob);
    expect(res.status).toBe(200);
    expect(mine(res.body)).toEqual(['inc-B', 'inc-A']);
    const a = res.body.incidents.find((i) => i.title === 'inc-A')!;
    expect(a).toMatchObject({ iid: ids['inc-A'], state: 'opened', severity: 'LOW', sla_due_at: '2030-01-01T10:00:00.000Z', assignees: [], closed_at: null });
    expect(res.body.incidents.every((i) => i.title !== 'inc-plain-issue')).toBe(true);
    expect(res.body.all_count).toBe(res.body.incidents.length + 1);
    expect((await list(who.bob, '?state=closed')).body.incidents.map((i) => i.title)).toEqual(['inc-C']);
    expect(mine((await list(who.bob, '?state=all')).body)).toEqual(['inc-C', 'inc-B', 'inc-A']);
  });

  it('confidential incidents only for those who may read them', async () => {
    const anon = await list(who.anonymous, '?state=all');
    expect(anon.status).toBe(200);
    expect(mine(anon.body)).toEqual(['inc-C', 'inc-A']);
    expect(mine((await list(who.dave, '?state=all')).body)).toEqual(['inc-C', 'inc-A']);
    expect(mine((await list(who.carol, '?state=all')).body)).toEqual(['inc-C', 'inc-B', 'inc-A']);
    expect(anon.body.all_count).toBe(anon.body.total);
  });

  it('sorts by severity (CRITICAL > HIGH > MEDIUM > LOW) and by SLA due time, no SLA last', async () => {
    const desc = (await list(who.bob, '?state=all&order_by=severity&sort=desc')).body;
    expect(desc.incidents[0]!.severity).toBe('CRITICAL'); // the demo's incident
    expect(mine(desc)).toEqual(['inc-B', 'inc-C', 'inc-A']);
    expect(mine((await list(who.bob, '?state=all&order_by=severity&sort=asc')).body)).toEqual(['inc-A', 'inc-C', 'inc-B']);
    const sla = (await list(who.bob, '?state=all&order_by=sla_due_at&sort=asc')).body;
    // the demo incident's SLA (due hours after it opened, long past) comes first; then ours; no SLA last
    expect(sla.incidents.slice(1, 3).map((i) => i.title)).toEqual(['inc-A', 'inc-C']);
    expect(sla.incidents[0]!.sla_due_at).not.toBeNull();
    expect(sla.incidents.slice(3).every((i) => i.sla_due_at === null)).toBe(true);
    expect(mine((await list(who.bob, '?state=all&order_by=sla_due_at&sort=desc')).body).slice(0, 2)).toEqual(['inc-C', 'inc-A']);
  });

  it('a severity change shows in the list; a project without incidents counts none; bad input is a 400; private projects stay hidden', async () => {
    const set = await gql<{ issueSetSeverity: { errors: string[] } }>(app, SET_SEVERITY, { input: { projectPath: PUBLIC, iid: String(ids['inc-A']), severity: 'CRITICAL' } }, who.bob);
    expect(set.data?.issueSetSeverity.errors).toEqual([]);
    expect((await list(who.bob)).body.incidents.find((i) => i.title === 'inc-A')!.severity).toBe('CRITICAL');
    const empty = await list(who.alice, '', PRIVATE);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ incidents: [], total: 0, all_count: 0 });
    expect((await list(who.anonymous, '', PRIVATE)).status).toBe(404);
    const bad = await call(app, 'GET', `/${PUBLIC}/-/incidents.json?state=bogus&order_by=title`, { auth: who.bob });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('state');
    expect(bad.text).toContain('order_by');
  });
});
