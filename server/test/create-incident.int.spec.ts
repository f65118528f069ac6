import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, signIn, type Auth, type Cast, type TestApp } from './harness';

/**
 * Security issue #18, point 9: opening an incident (or a test case) needs reporter access
 * (GitLab's create_incident / create_test_case), as changing an issue's type later does. Below
 * it the request is not refused: the issue is opened as a plain issue, as GitLab's
 * Issues::BuildService does. The same on every way in: REST with a token, the new-issue form
 * (REST with the session and its CSRF token), GraphQL's createIssue; the alert endpoint still
 * opens incidents. The project has a time to SLA, so an incident also gets an SLA row.
 */
const PUBLIC = 'acme/tandem';
const issuesPath = `/api/v4/projects/${enc(PUBLIC)}/issues`;
const CREATE = `mutation($input: CreateIssueInput!) { createIssue(input: $input) { errors issue { iid type } } }`;

describe.each(DB_MODES)('who may open an incident on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let daveForm: Auth;

  /** What was stored and announced for a new issue: its type, whether it has an SLA, the issue.created event's type. */
  const stored = async (iid: number) => {
    const [row] = (await app.ds.query(
      `SELECT i.issue_type, EXISTS (SELECT 1 FROM issuable_slas s WHERE s.issue_id = i.id) AS sla,
         (SELECT e.payload->'payload'->'fields'->>'issue_type' FROM issue_events e WHERE e.noteable_type = 'Issue' AND e.noteable_id = i.id AND e.type = 'issue.created') AS announced
       FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = $2`,
      [PUBLIC, iid],
    )) as Array<{ issue_type: string; sla: boolean; announced: string }>;
    return row!;
  };
  const rest = async (auth: Auth, body: Record<string, unknown>) => {
    const res = await call<ApiIssue>(app, 'POST', issuesPath, { auth, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const graphql = async (auth: Auth, type: string) => {
    const r = await gql<{ createIssue: { errors: string[]; issue: { iid: string; type: string } } }>(app, CREATE, { input: { projectPath: PUBLIC, title: `GraphQL ${type}`, type } }, auth);
    expect(r.errors).toBeUndefined();
    expect(r.data!.createIssue.errors).toEqual([]);
    return r.data!.createIssue.issue;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    daveForm = await signIn(app, 'dave');
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/incident_management_settings`, { auth: who.mallory, body: { sla_minutes: 60 } })).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a guest asking REST for an incident or a test case gets a plain issue: no SLA, announced as an issue', async () => {
    for (const issueType of ['incident', 'test_case']) {
      const issue = await rest(who.dave, { title: `Guest ${issueType}`, issue_type: issueType });
      expect([issue.issue_type, issue.type]).toEqual(['issue', 'ISSUE']);
      expect(await stored(issue.iid)).toEqual({ issue_type: 'issue', sla: false, announced: 'issue' });
    }
  });

  it("the new-issue form's path (REST with the session) answers a guest the same", async () => {
    const issue = await rest(daveForm, { title: 'Guest form incident', description: 'From the page', issue_type: 'incident' });
    expect(issue.issue_type).toBe('issue');
    expect((await stored(issue.iid)).issue_type).toBe('issue');
  });

  it("GraphQL's createIssue answers a guest the same", async () => {
    const issue = await graphql(who.dave, 'INCIDENT');
    expect(issue.type).toBe('ISSUE');
    expect(await stored(Number(issue.iid))).toEqual({ issue_type: 'issue', sla: false, announced: 'issue' });
  });

  it('a reporter opens incidents on every path, with their SLA', async () => {
    const viaRest = await rest(who.carol, { title: 'Reporter incident', issue_type: 'incident' });
    expect(viaRest.issue_type).toBe('incident');
    expect(await stored(viaRest.iid)).toEqual({ issue_type: 'incident', sla: true, announced: 'incident' });
    const viaForm = await rest(await signIn(app, 'carol'), { title: 'Reporter form incident', issue_type: 'incident' });
    expect(viaForm.issue_type).toBe('incident');
    const viaGraphql = await graphql(who.carol, 'INCIDENT');
    expect(viaGraphql.type).toBe('INCIDENT');
    expect((await stored(Number(viaGraphql.iid))).sla).toBe(true);
    expect((await graphql(who.carol, 'TEST_CASE')).type).toBe('TEST_CASE');
  });

  it("changing the type later needs the same reporter access: a guest author's change is refused, a reporter's made", async () => {
    const own = await rest(who.dave, { title: 'Guest issue to promote' });
    const refused = await call(app, 'PUT', `${issuesPath}/${own.iid}`, { auth: who.dave, body: { issue_type: 'incident' } });
    expect(refused.status).toBe(403);
    expect((await stored(own.iid)).issue_type).toBe('issue');
    const made = await call<ApiIssue>(app, 'PUT', `${issuesPath}/${own.iid}`, { auth: who.carol, body: { issue_type: 'incident' } });
    expect([made.status, made.body.issue_type]).toEqual([200, 'incident']);
  });

  it('the alert endpoint still opens incidents', async () => {
    const token = (await call<{ token: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/incident_management_settings/alerts_token`, { auth: who.mallory })).body.token;
    const res = await call<Array<{ iid: number }>>(app, 'POST', `/${PUBLIC}/alerts/notify.json`, { body: { title: 'Disk full' }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const [alert] = (await app.ds.query(
      `SELECT i.iid FROM alerts a JOIN issues i ON i.id = a.issue_id JOIN projects p ON p.id = a.project_id WHERE p.full_path = $1 AND a.title = 'Disk full'`,
      [PUBLIC],
    )) as Array<{ iid: number }>;
    expect(await stored(alert!.iid)).toEqual({ issue_type: 'incident', sla: true, announced: 'incident' });
  });
});
