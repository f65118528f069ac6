import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CUSTOM_EVENTS, type ApiNotificationSettingsPage } from '@tandem/shared-types';
import { JobQueue } from '../src/core/jobs/job-queue';
import { bootApp, call, castOf, DB_MODES, enc, mailsOf as mailsOfAction, recipients, userIds, type Auth, type Cast, type TestApp } from './harness';

const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

/**
 * Notification mail as its readers get it (outbox rows, what /-/outbox shows): who is mailed
 * about a comment, a mention, an assignment, a close and a due date; confidential issues and
 * internal notes only to those who may read them; one mail per person, threaded per issue; the
 * signed unsubscribe link, signed out; GitLab's notification settings API. The mail is written
 * by the 'notify' job (drained here), not by the request.
 */
describe.each(DB_MODES)('notification mail on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let ids: Record<string, number>;
  const newIssue = async (project: string, body: Record<string, unknown>, auth: Auth = who.alice) =>
    (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(project)}/issues`, { auth, body })).body;
  const comment = (project: string, iid: number, body: string, auth: Auth, internal = false) =>
    call(app, 'POST', `/api/v4/projects/${enc(project)}/issues/${iid}/notes`, { auth, body: { body, internal } });
  const drain = () => app.running.app.get(JobQueue).drain();
  const mailsOf = (act: () => Promise<unknown>) => mailsOfAction(app, act);
  const to = recipients;

  beforeAll(async () => {
    app = await bootApp(mode, { JOBS_POLL_SECONDS: '0' });
    who = await castOf(app);
    ids = await userIds(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a comment mails the participants and the mentioned, not its author, one threaded mail each', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Mail on comment', assignee_ids: [ids.bob] });
    const mails = await mailsOf(() => comment(PUBLIC, issue.iid, 'Ping @carol and @carol again', who.dave));
    // alice wrote the issue, bob is assigned, carol is mentioned; dave commented
    expect(to(mails)).toEqual(['alice', 'bob', 'carol']);
    const carol = mails.find((m) => m.to === 'carol@example.com')!;
    expect(carol.subject).toBe(`Re: Tandem | Mail on comment (#${issue.iid})`);
    expect(carol.body).toContain('Dave Diaz mentioned you:');
    expect(carol.body).toContain('Ping @carol and @carol again');
    const thread = carol.headers!['In-Reply-To']!;
    expect(thread).toMatch(new RegExp(`^<issue_${issue.id}@`));
    expect(carol.headers!.References).toBe(thread);
    expect(new Set(mails.map((m) => m.headers!['Message-ID'])).size).toBe(3);
    expect(carol.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/-\/unsubscribe\/.+>$/);
    expect(carol.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const alice = mails.find((m) => m.to === 'alice@example.com')!;
    expect(alice.body).toContain('Dave Diaz commented:');
  });

  it('a confidential issue mails only those who may read it; an internal note only reporters and up', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Confidential mail', confidential: true });
    // dave (guest) and erin (no member) may not read a confidential issue; carol (reporter) may
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'cc @dave @erin @carol', who.bob)))).toEqual(['alice', 'carol']);
    const open = await newIssue(PUBLIC, { title: 'Internal note mail' }, who.dave);
    // dave wrote the issue but may not read internal notes; erin may not either
    expect(to(await mailsOf(() => comment(PUBLIC, open.iid, 'internal: @erin @carol', who.alice, true)))).toEqual(['carol']);
    // a private project: erin, mentioned, is not mailed
    const secret = await newIssue(PRIVATE, { title: 'Private mail' });
    expect(to(await mailsOf(() => comment(PRIVATE, secret.iid, '@erin @bob', who.alice)))).toEqual(['bob']);
  });

  it('assignment, closing and the due date mail participants; the unsubscribe link (signed out) stops the next mail, not a mention', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Lifecycle mail' });
    const api = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`;
    const assigned = await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { assignee_ids: [ids.carol] } }));
    expect(to(assigned)).toEqual(['carol']);
    expect(assigned[0]!.body).toContain('Alice Adams assigned this issue to Carol Chen.');
    const due = await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { due_date: '2030-01-02' } }));
    expect(to(due)).toEqual(['carol']);
    expect(due[0]!.body).toContain('Alice Adams changed the due date to 2030-01-02.');
    const link = /<(.+)>/.exec(due[0]!.headers!['List-Unsubscribe']!)![1]!;
    const path = new URL(link).pathname;
    // a forged token (another user's id with carol's signature) does nothing
    const forged = path.replace(/\/(\d+)\./, `/${ids.bob}.`);
    expect((await call(app, 'GET', forged)).status).toBe(404);
    const page = await call<string>(app, 'GET', path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`You have been unsubscribed from ${PUBLIC}#${issue.iid}.`);
    expect((await call<{ subscribed: boolean }>(app, 'GET', api, { auth: who.carol })).body.subscribed).toBe(false);
    expect(to(await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { state_event: 'close' } })))).toEqual([]);
    // a mention still reaches an unsubscribed user (GitLab's rule)
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'still need you @carol', who.alice)))).toEqual(['carol']);
  });

  it('a change that writes only a system note queues no job; a comment queues one (the trigger as queuesNotification)', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Jobs per event' });
    const api = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`;
    await drain();
    // The jobs ever written, by their id sequence: a job run (and deleted) at once still counts
    const written = async () => {
      const [row] = (await app.ds.query(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM background_jobs_id_seq`)) as Array<{ n: number | string }>;
      return Number(row!.n);
    };
    const before = await written();
    // a title change: issue.updated (title) and the system note's note.created; neither mails anyone
    expect((await call(app, 'PUT', api, { auth: who.alice, body: { title: 'Jobs per event, renamed' } })).status).toBe(200);
    expect((await call(app, 'PUT', api, { auth: who.alice, body: { weight: 3 } })).status).toBe(200);
    expect(await written()).toBe(before);
    expect((await comment(PUBLIC, issue.iid, 'A comment that may mail', who.bob)).status).toBe(201);
    expect(await written()).toBe(before + 1);
    await drain();
  });

  it('notification settings: GitLab API, validated; a project watcher gets every comment, a disabled user none', async () => {
    expect((await call(app, 'GET', '/api/v4/notification_settings')).status).toBe(401);
    expect((await call(app, 'GET', '/api/v4/notification_settings', { auth: who.dave })).body).toEqual({ level: 'participating', notification_email: 'dave@example.com' });
    const bad = await call<{ message: unknown }>(app, 'PUT', '/api/v4/notification_settings', { auth: who.dave, body: { level: 'loud' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('level');
    expect((await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.dave, body: { level: 'global' } })).status).toBe(400);
    const projectApi = `/api/v4/projects/${enc(PUBLIC)}/notification_settings`;
    expect((await call(app, 'GET', projectApi, { auth: who.dave })).body).toEqual({ level: 'global' });
    expect((await call(app, 'PUT', projectApi, { auth: who.dave, body: { level: 'watch' } })).body).toEqual({ level: 'watch' });
    expect((await call(app, 'GET', `/api/v4/projects/${enc(PRIVATE)}/notification_settings`, { auth: who.erin })).status).toBe(404);
    const issue = await newIssue(PUBLIC, { title: 'Watched' });
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'a plain comment', who.bob)))).toEqual(['alice', 'dave']);
    expect((await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.alice, body: { level: 'disabled' } })).body).toMatchObject({ level: 'disabled' });
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'another @alice', who.bob)))).toEqual(['dave']);
    await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.alice, body: { level: 'participating' } });
    await call(app, 'PUT', projectApi, { auth: who.dave, body: { level: 'global' } });
  });

  it('custom level and group settings: GitLab API (events only while custom), validated; the chosen events mail, the project level overrides the group', async () => {
    const groupApi = '/api/v4/groups/acme/notification_settings';
    const projectApi = `/api/v4/projects/${enc(PUBLIC)}/notification_settings`;
    expect((await call(app, 'GET', groupApi)).status).toBe(401);
    expect((await call(app, 'GET', groupApi, { auth: who.carol })).body).toEqual({ level: 'global' });
    expect((await call(app, 'GET', '/api/v4/groups/no-such-group/notification_settings', { auth: who.carol })).status).toBe(404);
    const none = Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.map((e) => [e, false]));
    expect((await call(app, 'PUT', groupApi, { auth: who.carol, body: { level: 'custom', close_issue: true } })).body).toEqual({ level: 'custom', events: { ...none, close_issue: true } });
    const bad = await call<{ message: unknown }>(app, 'PUT', groupApi, { auth: who.carol, body: { new_note: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('new_note');
    // GitLab's form values 'true' / 'false' are flags too
    expect((await call(app, 'PUT', groupApi, { auth: who.carol, body: { new_note: 'true' } })).body).toEqual({ level: 'custom', events: { ...none, close_issue: true, new_note: true } });
    // the global level may be custom too; its events are shown only while it is
    expect((await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.erin, body: { level: 'custom', reopen_issue: true } })).body).toEqual({
      level: 'custom', notification_email: 'erin@example.com', events: { ...none, reopen_issue: true },
    });
    expect((await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.erin, body: { level: 'participating' } })).body).toEqual({ level: 'participating', notification_email: 'erin@example.com' });
    // the settings page lists carol's group (custom) and its projects (global)
    const page = await call<ApiNotificationSettingsPage>(app, 'GET', '/-/profile/notifications.json', { auth: who.carol });
    expect(page.body.global).toEqual({ level: 'participating', notification_email: 'carol@example.com' });
    expect(page.body.groups.find((g) => g.full_path === 'acme')?.setting).toEqual({ level: 'custom', events: { ...none, close_issue: true, new_note: true } });
    expect(page.body.projects.find((p) => p.path_with_namespace === PUBLIC)?.setting).toEqual({ level: 'global' });
    expect((await call(app, 'GET', '/-/profile/notifications.json')).status).toBe(401);

    // carol takes part in nothing here: the group's custom events alone bring the mail
    const issue = await newIssue(PUBLIC, { title: 'Custom events' });
    const api = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`;
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'a plain comment', who.bob)))).toEqual(['alice', 'carol']);
    expect(to(await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { state_event: 'close' } })))).toEqual(['bob', 'carol']);
    // reopen_issue is not chosen
    expect(to(await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { state_event: 'reopen' } })))).toEqual(['bob']);
    // the project's own level wins over the group's
    expect((await call(app, 'PUT', projectApi, { auth: who.carol, body: { level: 'participating' } })).body).toEqual({ level: 'participating' });
    expect(to(await mailsOf(() => comment(PUBLIC, issue.iid, 'another plain comment', who.bob)))).toEqual(['alice']);
    await call(app, 'PUT', projectApi, { auth: who.carol, body: { level: 'global' } });
    await call(app, 'PUT', groupApi, { auth: who.carol, body: { level: 'global' } });
  });

  it('a description edit mails only the users it newly mentions, by the mention rules', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Mentions by edit', description: 'cc @bob' });
    const api = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`;
    const added = await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { description: 'cc @bob and @carol' } }));
    expect(to(added)).toEqual(['carol']);
    expect(added[0]!.subject).toBe(`Re: Tandem | Mentions by edit (#${issue.iid})`);
    expect(added[0]!.body).toContain('You have been mentioned in an issue.');
    expect(added[0]!.body).toContain('cc @bob and @carol');
    // the editor is never mailed; a disabled user is not; removing a mention mails no one
    await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.dave, body: { level: 'disabled' } });
    expect(to(await mailsOf(() => call(app, 'PUT', api, { auth: who.bob, body: { description: 'cc @bob, @carol, @alice and @dave' } })))).toEqual(['alice']);
    await call(app, 'PUT', '/api/v4/notification_settings', { auth: who.dave, body: { level: 'participating' } });
    expect(to(await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { description: 'cc @carol' } })))).toEqual([]);
    // closing and mentioning in one edit: the close mail and the mention, one each
    const both = await mailsOf(() => call(app, 'PUT', api, { auth: who.alice, body: { state_event: 'close', description: 'cc @carol and @erin' } }));
    expect(to(both)).toEqual(['erin']);
    expect(both[0]!.body).toContain('You have been mentioned in an issue.');
    // a confidential issue: a newly mentioned user who may not read it is not mailed
    const secret = await newIssue(PUBLIC, { title: 'Confidential mentions', confidential: true });
    const secretApi = `/api/v4/projects/${enc(PUBLIC)}/issues/${secret.iid}`;
    expect(to(await mailsOf(() => call(app, 'PUT', secretApi, { auth: who.alice, body: { description: '@erin @dave @carol' } })))).toEqual(['carol']);
  });

  it('the job queue: a failing job is retried with its error kept, then marked failed; a due job is run once by racing claims', async () => {
    const q = app.running.app.get(JobQueue);
    const seen: number[] = [];
    let fail = 1;
    q.register<{ n: number }>(`test-${mode}`, async (job) => {
      seen.push(job.payload.n);
      if (fail-- > 0) throw new Error('not yet');
    }, { maxAttempts: 2, retryBaseSeconds: 0.01 });
    await q.enqueue(`test-${mode}`, { n: 1 });
    await Promise.all([q.runDue(), q['claimAndRun'](), q['claimAndRun']()]);
    const [row] = (await app.ds.query(`SELECT state, attempts, last_error FROM background_jobs WHERE queue = $1`, [`test-${mode}`])) as Array<{ state: string; attempts: number; last_error: string }>;
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'not yet' });
    await new Promise((r) => setTimeout(r, 50));
    await q.drain();
    expect(seen).toEqual([1, 1]);
    expect(await app.ds.query(`SELECT 1 FROM background_jobs WHERE queue = $1`, [`test-${mode}`])).toHaveLength(0);
    fail = 5;
    await q.enqueue(`test-${mode}`, { n: 2 });
    await q.drain();
    await new Promise((r) => setTimeout(r, 50));
    await q.drain();
    const [failed] = (await app.ds.query(`SELECT state, attempts FROM background_jobs WHERE queue = $1`, [`test-${mode}`])) as Array<{ state: string; attempts: number }>;
    expect(failed).toMatchObject({ state: 'failed', attempts: 2 });
  });
});
