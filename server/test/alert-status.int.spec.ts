import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Auth, type Cast, type TestApp } from './harness';

/**
 * An alert's status as GitLab clients set it (updateAlertStatus) and the incident's readers see
 * it, on Postgres and PGlite: developers set Triggered, Acknowledged or Resolved; each change is
 * a system note on the incident, none when the status does not change; reporters may read but
 * not change it, others do not see it; the alert keeps the payload's environment.
 */
const PUBLIC = 'acme/tandem';
const SET = `mutation($p: ID!, $iid: String!, $s: AlertManagementStatus!) {
  updateAlertStatus(input: { projectPath: $p, iid: $iid, status: $s }) { alert { iid status endedAt environment { name } } errors }
}`;
const READ = `query($p: ID!, $iid: String!) { project(fullPath: $p) { alertManagementAlert(iid: $iid) { status endedAt environment { name } } } }`;

describe.each(DB_MODES)('alert status on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let alertIid = '';
  let incidentIid = 0;
  const set = (status: string, auth: Auth) => gql<{ updateAlertStatus: { alert: { status: string; endedAt: string | null; environment: { name: string } | null } } | null }>(app, SET, { p: PUBLIC, iid: alertIid, s: status }, auth);
  const read = async (auth: Auth) => (await gql<{ project: { alertManagementAlert: { status: string; endedAt: string | null; environment: { name: string } | null } | null } }>(app, READ, { p: PUBLIC, iid: alertIid }, auth)).data?.project.alertManagementAlert;
  const statusNotes = async () =>
    ((await call<Array<{ body: string; system: boolean }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${incidentIid}/notes?per_page=100&sort=asc`, { auth: who.bob })).body)
      .filter((n) => n.system && n.body.includes('changed the status of alert'))
      .map((n) => n.body);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const reset = await call<{ token: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/incident_management_settings/alerts_token`, { auth: who.mallory });
    const posted = await call<Array<{ iid: number }>>(app, 'POST', `/${PUBLIC}/alerts/notify.json`, {
      body: { title: 'Disk full', gitlab_environment_name: 'production' },
      headers: { authorization: `Bearer ${reset.body.token}` },
    });
    expect(posted.status).toBe(200);
    const [row] = (await app.ds.query(`SELECT a.iid, i.iid AS issue_iid FROM alerts a JOIN issues i ON i.id = a.issue_id WHERE a.title = 'Disk full'`)) as Array<{ iid: number; issue_iid: number }>;
    alertIid = String(row!.iid);
    incidentIid = Number(row!.issue_iid);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a new alert is triggered and keeps its environment', async () => {
    expect(await read(who.carol)).toEqual({ status: 'TRIGGERED', endedAt: null, environment: { name: 'production' } });
  });

  it('a developer acknowledges, then resolves: each change is a system note on the incident; the same status again is none', async () => {
    const ack = await set('ACKNOWLEDGED', who.bob);
    expect(ack.errors).toBeUndefined();
    expect(ack.data?.updateAlertStatus?.alert).toMatchObject({ status: 'ACKNOWLEDGED', endedAt: null });
    expect(await statusNotes()).toEqual([`changed the status of alert ^alert#${alertIid} to **Acknowledged**`]);
    expect((await set('ACKNOWLEDGED', who.bob)).data?.updateAlertStatus?.alert.status).toBe('ACKNOWLEDGED');
    expect(await statusNotes()).toHaveLength(1);
    const resolved = await set('RESOLVED', who.bob);
    expect(resolved.data?.updateAlertStatus?.alert.status).toBe('RESOLVED');
    expect(resolved.data?.updateAlertStatus?.alert.endedAt).toEqual(expect.any(String));
    expect(await statusNotes()).toEqual([`changed the status of alert ^alert#${alertIid} to **Acknowledged**`, `changed the status of alert ^alert#${alertIid} to **Resolved**`]);
    // triggered again: open once more
    expect((await set('TRIGGERED', who.bob)).data?.updateAlertStatus?.alert).toMatchObject({ status: 'TRIGGERED', endedAt: null });
  });

  it('a reporter may not change it, a non-member does not see it, an unknown status is refused; nothing changes', async () => {
    const before = await read(who.bob);
    const byReporter = await set('RESOLVED', who.carol);
    expect(byReporter.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_AVAILABLE');
    const byStranger = await set('RESOLVED', who.erin);
    // GitLab's answer for both: the resource is not there for them
    expect(byStranger.errors?.[0]?.extensions?.code).toBe('RESOURCE_NOT_AVAILABLE');
    const anonymous = await set('RESOLVED', who.anonymous);
    expect(anonymous.errors?.length).toBeGreaterThan(0);
    const bogus = await set('IGNORED', who.bob);
    expect(bogus.errors?.[0]?.message).toContain('AlertManagementStatus');
    expect(await read(who.bob)).toEqual(before);
  });
});
