import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue, IncidentSettings } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Cast, type TestApp } from './harness';

/**
 * Alerts and incidents as clients see them, on Postgres and PGlite: maintainers generate the
 * alert endpoint's token and set the time to SLA; a posted generic alert needs that token
 * (401 otherwise), opens an incident (type, severity, SLA due time, system note) and repeats
 * of its fingerprint only count events; GraphQL reads the alert and the SLA.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('incidents on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let token = '';
  const settingsPath = `/api/v4/projects/${enc(PUBLIC)}/incident_management_settings`;
  const notify = (body: unknown, bearer: string | null = token) =>
    call<Array<{ iid: number; title: string }>>(app, 'POST', `/${PUBLIC}/alerts/notify.json`, { body, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  const incidentOf = async (alertIid: number) => {
    const [r] = (await app.ds.query(`SELECT a.event_count, a.status, i.iid, i.issue_type, i.severity, i.id FROM alerts a JOIN projects p ON p.id = a.project_id LEFT JOIN issues i ON i.id = a.issue_id WHERE p.full_path = $1 AND a.iid = $2`, [PUBLIC, alertIid])) as Array<{ event_count: number; status: string; iid: number | null; issue_type: string; severity: string; id: number }>;
    return r!;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('only maintainers see and change the settings; the token is shown once', async () => {
    expect((await call(app, 'GET', settingsPath, { auth: who.bob })).status).toBe(403);
    expect((await call(app, 'POST', `${settingsPath}/alerts_token`, { auth: who.bob })).status).toBe(403);
    const before = await call<IncidentSettings>(app, 'GET', settingsPath, { auth: who.mallory });
    expect(before.body).toEqual({ sla_minutes: null, alerts_enabled: false, alerts_url: `${app.url}/${PUBLIC}/alerts/notify.json` });
    const reset = await call<IncidentSettings & { token: string }>(app, 'POST', `${settingsPath}/alerts_token`, { auth: who.mallory });
    expect(reset.body.alerts_enabled).toBe(true);
    token = reset.body.token;
    expect(token.length).toBeGreaterThan(20);
    expect((await call<IncidentSettings>(app, 'GET', settingsPath, { auth: who.mallory })).body).not.toHaveProperty('token');
    const put = await call<IncidentSettings>(app, 'PUT', settingsPath, { auth: who.mallory, body: { sla_minutes: 90 } });
    expect(put.body.sla_minutes).toBe(90);
    expect((await call(app, 'PUT', settingsPath, { auth: who.mallory, body: { sla_minutes: -3 } })).status).toBe(400);
  });

  it('refuses alerts without the token or with a wrong one (401), and for unknown projects', async () => {
    expect((await notify({ title: 'x' }, null)).status).toBe(401);
    expect((await notify({ title: 'x' }, 'wrong-token')).status).toBe(401);
    expect((await call(app, 'POST', `/acme/nope/alerts/notify.json`, { body: { title: 'x' }, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const badTime = await notify({ title: 'x', start_time: 'not a time' });
    expect(badTime.text).toContain('start_time');
    expect(badTime.status).toBe(400);
  });

  it('a new alert opens an incident with its severity, SLA and note; its fingerprint then counts events', async () => {
    const payload = { title: 'DB down', description: 'Primary not answering', start_time: '2026-01-02T03:04:05Z', severity: 'high', service: 'db', monitoring_tool: 'Prometheus', hosts: 'db-1', fingerprint: 'db-down', runbook: 'https://runbooks/db' };
    const res = await notify(payload);
    expect(res.status).toBe(200);
    const iid = res.body[0]!.iid;
    expect(res.body).toEqual([{ iid, title: 'DB down' }]);
    const first = await incidentOf(iid);
    expect(first).toMatchObject({ event_count: 1, status: 'triggered', issue_type: 'incident', severity: 'HIGH' });
    const issue = (await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${first.iid}`, { auth: who.bob })).body;
    expect(issue.title).toBe('DB down');
    expect(issue.issue_type).toBe('incident');
    expect(issue.author.username).toBe('alert-bot');
    expect(issue.description).toContain('**Service:** db');
    const notes = (await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND system`, [first.id])) as Array<{ note: string }>;
    expect(notes.map((n) => n.note)).toEqual([`created incident from alert ^alert#${iid}`]);
    // the same fingerprint: one more event, no new incident
    expect((await notify({ ...payload, title: 'DB down again' })).body[0]!.iid).toBe(iid);
    expect((await incidentOf(iid)).event_count).toBe(2);
    const incidents = (await app.ds.query(`SELECT count(*)::int AS n FROM issues WHERE issue_type = 'incident' AND title LIKE 'DB down%'`)) as Array<{ n: number }>;
    expect(incidents[0]!.n).toBe(1);
    // an end_time resolves it; the next alert with that fingerprint is a new one
    await notify({ ...payload, end_time: '2026-01-02T05:00:00Z' });
    expect((await incidentOf(iid)).status).toBe('resolved');
    expect((await notify(payload)).body[0]!.iid).toBe(iid + 1);

    // GraphQL: the incident's alert and SLA (90 minutes after it was opened), the project's alert by iid
    const q = `query($path: ID!, $iid: String!) { project(fullPath: $path) { alertManagementAlert(iid: $iid) { iid title } issue(iid: $iid2) { slaDueAt createdAt alertManagementAlert { iid title severity status eventCount startedAt monitoringTool service hosts details detailsUrl } } } }`;
    const r = await gql<{ project: { alertManagementAlert: { title: string } | null; issue: { slaDueAt: string; createdAt: string; alertManagementAlert: Record<string, unknown> | null } } }>(
      app, q.replace('$iid: String!', '$iid: String!, $iid2: String!'), { path: PUBLIC, iid: String(iid), iid2: String(first.iid) }, who.carol,
    );
    expect(r.errors).toBeUndefined();
    const alert = r.data!.project.issue.alertManagementAlert!;
    expect(alert).toMatchObject({ iid: String(iid), title: 'DB down', severity: 'HIGH', status: 'RESOLVED', eventCount: 3, startedAt: '2026-01-02T03:04:05.000Z', monitoringTool: 'Prometheus', service: 'db', hosts: ['db-1'] });
    expect(alert.details).toEqual({ runbook: 'https://runbooks/db' });
    expect(alert.detailsUrl).toBe(`${app.url}/${PUBLIC}/-/issues/${first.iid}#alert-details`);
    const { slaDueAt, createdAt } = r.data!.project.issue;
    expect(Date.parse(slaDueAt) - Date.parse(createdAt)).toBe(90 * 60_000);
    expect(r.data!.project.alertManagementAlert!.title).toBe('DB down');
    // guests do not read alerts
    const guest = await gql<{ project: { issue: { alertManagementAlert: null } } }>(app, `query($p: ID!, $i: String!) { project(fullPath: $p) { issue(iid: $i) { alertManagementAlert { iid } } } }`, { p: PUBLIC, i: String(first.iid) }, who.dave);
    expect(guest.data!.project.issue.alertManagementAlert).toBeNull();
  });

  it('an incident made by hand gets the SLA: on create from its creation, on a type change from that moment', async () => {
    const issues = `/api/v4/projects/${enc(PUBLIC)}/issues`;
    const sla = async (iid: number) => {
      const r = await gql<{ project: { issue: { slaDueAt: string | null; createdAt: string } } }>(app, `query($p: ID!, $i: String!) { project(fullPath: $p) { issue(iid: $i) { slaDueAt createdAt } } }`, { p: PUBLIC, i: String(iid) }, who.bob);
      expect(r.errors).toBeUndefined();
      return r.data!.project.issue;
    };
    // the settings say 90 minutes (first test)
    const created = await call<ApiIssue>(app, 'POST', issues, { auth: who.bob, body: { title: 'Checkout failing', issue_type: 'incident' } });
    expect(created.status).toBe(201);
    const a = await sla(created.body.iid);
    expect(Date.parse(a.slaDueAt!) - Date.parse(a.createdAt)).toBe(90 * 60_000);

    const plain = await call<ApiIssue>(app, 'POST', issues, { auth: who.bob, body: { title: 'Just an issue' } });
    expect((await sla(plain.body.iid)).slaDueAt).toBeNull();
    const before = Date.now();
    const changed = await call<ApiIssue>(app, 'PUT', `${issues}/${plain.body.iid}`, { auth: who.bob, body: { issue_type: 'incident' } });
    expect(changed.status).toBe(200);
    expect(changed.body.issue_type).toBe('incident');
    const due = Date.parse((await sla(plain.body.iid)).slaDueAt!);
    expect(due).toBeGreaterThanOrEqual(before - 5_000 + 90 * 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 5_000 + 90 * 60_000);
    // back to an issue and an incident again: the first SLA stays
    await call(app, 'PUT', `${issues}/${plain.body.iid}`, { auth: who.bob, body: { issue_type: 'issue' } });
    await call(app, 'PUT', `${issues}/${plain.body.iid}`, { auth: who.bob, body: { issue_type: 'incident' } });
    expect(Date.parse((await sla(plain.body.iid)).slaDueAt!)).toBe(due);

    // without a time to SLA, no SLA
    await call(app, 'PUT', settingsPath, { auth: who.mallory, body: { sla_minutes: null } });
    const none = await call<ApiIssue>(app, 'POST', issues, { auth: who.bob, body: { title: 'No SLA here', issue_type: 'incident' } });
    expect((await sla(none.body.iid)).slaDueAt).toBeNull();
    await call(app, 'PUT', settingsPath, { auth: who.mallory, body: { sla_minutes: 90 } });
  });
});
