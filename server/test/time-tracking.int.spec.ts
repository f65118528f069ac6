import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_TRACKING_TEXTS, type ApiNote } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Cast, type TestApp } from './harness';

/**
 * Time tracking as a client sees it: GitLab's REST endpoints answer time_stats, quick actions in
 * a comment do the same, each change leaves GitLab's system note, a timelog for spent time, and
 * an issue.updated event carrying the new time_stats; reporters and up only; bad durations 400.
 */
const PUBLIC = 'acme/tandem';
const P = `/${PUBLIC}`;
const H = 3600;

type PageAnswer = ApiNote & { quick_actions_status?: { messages: string[]; error_messages: string[] }; errors?: { commands_only?: string[] } };

describe.each(DB_MODES)('time tracking on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  const newIssue = async (title: string) => (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title } })).body;
  const api = (iid: number, what: string) => `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/${what}`;
  const systemNotes = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const timeEvents = async (issueId: number) =>
    ((await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_id = $1 AND type = 'issue.updated' ORDER BY seq`, [issueId])) as Array<{ payload: { payload: { fields: { time_stats?: unknown } } } }>)
      .map((r) => r.payload.payload.fields.time_stats)
      .filter(Boolean);
  const timelogs = async (issueId: number) =>
    (await app.ds.query(`SELECT time_spent, to_char(spent_at, 'YYYY-MM-DD') AS spent_at, summary FROM timelogs WHERE issue_id = $1 ORDER BY id`, [issueId])) as Array<{ time_spent: number; spent_at: string; summary: string | null }>;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('REST: estimate, spend, reset and time_stats in GitLab\'s shape, with system notes and live events', async () => {
    const issue = await newIssue('Track time by REST');
    const est = await call(app, 'POST', `${api(issue.iid, 'time_estimate')}?duration=3h30m`, { auth: who.carol });
    expect(est.status).toBe(200);
    expect(est.body).toEqual({ time_estimate: 3.5 * H, total_time_spent: 0, human_time_estimate: '3h 30m', human_total_time_spent: null });

    const spent = await call(app, 'POST', api(issue.iid, 'add_spent_time'), { auth: who.carol, body: { duration: '1d', summary: 'Investigation', spent_at: '2026-01-02' } });
    expect(spent.status).toBe(201);
    expect(spent.body).toEqual({ time_estimate: 3.5 * H, total_time_spent: 8 * H, human_time_estimate: '3h 30m', human_total_time_spent: '1d' });
    await call(app, 'POST', api(issue.iid, 'add_spent_time'), { auth: who.carol, body: { duration: '-2h' } });

    const stats = await call(app, 'GET', api(issue.iid, 'time_stats'), { auth: who.erin });
    expect(stats.body).toEqual({ time_estimate: 3.5 * H, total_time_spent: 6 * H, human_time_estimate: '3h 30m', human_total_time_spent: '6h' });
    const shown = await call<{ time_stats: unknown }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.erin });
    expect(shown.body.time_stats).toEqual(stats.body);

    expect((await call(app, 'POST', api(issue.iid, 'reset_spent_time'), { auth: who.carol })).body).toMatchObject({ total_time_spent: 0, human_total_time_spent: null });
    expect((await call(app, 'POST', api(issue.iid, 'reset_time_estimate'), { auth: who.carol })).body).toMatchObject({ time_estimate: 0, human_time_estimate: null });

    expect(await systemNotes(issue.id)).toEqual([
      'changed time estimate to 3h 30m',
      'added 1d of time spent at 2026-01-02',
      'subtracted 2h of time spent',
      'removed time spent',
      'removed time estimate',
    ]);
    expect(await timelogs(issue.id)).toEqual([
      { time_spent: 8 * H, spent_at: '2026-01-02', summary: 'Investigation' },
      { time_spent: -2 * H, spent_at: expect.any(String), summary: null },
      { time_spent: -6 * H, spent_at: expect.any(String), summary: null },
    ]);
    const live = await timeEvents(issue.id);
    expect(live[0]).toEqual({ time_estimate: 3.5 * H, total_time_spent: 0, human_time_estimate: '3h 30m', human_total_time_spent: null });
    expect(live[live.length - 1]).toEqual({ time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null });
  });

  it('refuses guests, anonymous users, bad durations and subtracting more than was spent; nothing changes', async () => {
    const issue = await newIssue('Refused time');
    expect((await call(app, 'POST', `${api(issue.iid, 'time_estimate')}?duration=1h`, { auth: who.dave })).status).toBe(403);
    expect((await call(app, 'POST', `${api(issue.iid, 'time_estimate')}?duration=1h`, { auth: who.anonymous })).status).toBe(401);
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', `${api(issue.iid, 'time_estimate')}?duration=soon`, { auth: who.carol });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({ duration: [TIME_TRACKING_TEXTS.invalidDuration] });
    const missing = await call<{ message: Record<string, string[]> }>(app, 'POST', api(issue.iid, 'add_spent_time'), { auth: who.carol, body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.message)).toEqual(['duration']);
    const negative = await call<{ message: Record<string, string[]> }>(app, 'POST', api(issue.iid, 'add_spent_time'), { auth: who.carol, body: { duration: '-1h' } });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toEqual({ duration: [TIME_TRACKING_TEXTS.exceedsSpent] });
    expect(await systemNotes(issue.id)).toEqual([]);
    expect(await timelogs(issue.id)).toEqual([]);
  });

  it('quick actions in a comment: /estimate and /spend apply with their messages; a guest\'s are refused', async () => {
    const issue = await newIssue('Track time by quick action');
    const comment = (auth: typeof who.bob, note: string) =>
      call<PageAnswer>(app, 'POST', `${P}/notes?target_type=issue&target_id=${issue.id}`, { auth, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note } } });
    const res = await comment(who.bob, 'Worked on it\n/estimate 2h\n/spend 30m');
    expect(res.status).toBe(200);
    expect(res.body.note).toBe('Worked on it');
    expect(res.body.quick_actions_status!.messages).toEqual(['Set time estimate to 2h.', 'Added 30m spent time.']);
    expect(await systemNotes(issue.id)).toEqual(['changed time estimate to 2h', 'added 30m of time spent']);
    const stats = await call(app, 'GET', api(issue.iid, 'time_stats'), { auth: who.bob });
    expect(stats.body).toEqual({ time_estimate: 2 * H, total_time_spent: 1800, human_time_estimate: '2h', human_total_time_spent: '30m' });

    const guest = await comment(who.dave, '/spend 1h');
    expect(guest.body.errors!.commands_only).toEqual(['Could not apply spend command.']);
    const cleared = await comment(who.bob, '/remove_estimate\n/remove_time_spent');
    expect(cleared.body.errors!.commands_only).toEqual(['Removed time estimate.', 'Removed spent time.']);
    expect((await call(app, 'GET', api(issue.iid, 'time_stats'), { auth: who.bob })).body).toMatchObject({ time_estimate: 0, total_time_spent: 0 });
  });

  it('GraphQL: Issue time fields and timelogs', async () => {
    const issue = await newIssue('Track time in GraphQL');
    await call(app, 'POST', api(issue.iid, 'add_spent_time'), { auth: who.carol, body: { duration: '1h 15m', summary: 'Review' } });
    await call(app, 'POST', `${api(issue.iid, 'time_estimate')}?duration=1w`, { auth: who.carol });
    const r = await gql<{ project: { issue: Record<string, unknown> } }>(
      app,
      `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { timeEstimate totalTimeSpent humanTimeEstimate humanTotalTimeSpent timelogs { nodes { timeSpent summary user { username } } } } } }`,
      { p: PUBLIC, iid: String(issue.iid) },
      who.bob,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.project.issue).toEqual({
      timeEstimate: 40 * H,
      totalTimeSpent: 4500,
      humanTimeEstimate: '1w',
      humanTotalTimeSpent: '1h 15m',
      timelogs: { nodes: [{ timeSpent: 4500, summary: 'Review', user: { username: 'carol' } }] },
    });
  });
});
