import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DESK_TEXTS, VALIDATION, type ApiIssue, type ApiProject, type PageData } from '@tandem/shared-types';
import { signMailRoomToken } from '../src/modules/incoming-email/mail-room-auth';
import { bootApp, call, DB_MODES, insertPat, signIn, type TestApp } from './harness';

/**
 * Service Desk (GitLab's): maintainers turn it on per project (PUT /projects/:id
 * service_desk_enabled); mail to the project's address (posted by mail_room) becomes a
 * confidential issue by the Support Bot with the sender as external author
 * (service_desk_reply_to), live in issue lists; public comments are mailed to that sender (the
 * outbox); after a move into a project without Service Desk no mail goes, and the page data says
 * the moved-issue warning applies.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const SECRET = 'a-long-shared-mail-room-secret';
const ENV = { INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@mail.example.com', INCOMING_EMAIL_SECRET: SECRET, OUTBOX_PUBLIC: 'true' };
const enc = encodeURIComponent;
const CUSTOMER = 'customer@outside.example';

const mail = (o: { to: string; from: string; subject: string; body: string }) =>
  [`From: ${o.from}`, `To: ${o.to}`, `Subject: ${o.subject}`, `Message-ID: <${Math.random().toString(36).slice(2)}@outside.example>`, 'Content-Type: text/plain; charset=utf-8', '', o.body, ''].join('\r\n');

describe.each(DB_MODES)('service desk on %s', (mode) => {
  let app: TestApp;
  let who: Record<'alice' | 'bob' | 'erin', Awaited<ReturnType<typeof signIn>>>;
  let address = '';
  let iid = 0;
  let movedIid = 0;

  const post = (raw: string) =>
    call<{ status?: string; issue_iid?: number; project_id?: number; message?: string }>(app, 'POST', '/api/v4/internal/mail_room/incoming_email', {
      headers: { 'content-type': 'message/rfc822', 'gitlab-mailroom-api-request': signMailRoomToken(SECRET) },
      rawBody: raw,
    });
  const outbox = async () => (await call<Array<{ to: string; subject: string; body: string; reply_to: string | null }>>(app, 'GET', '/-/outbox')).body;
  const notesOf = async (project: string, n: number) =>
    (await call<Array<{ body: string; author: { username: string }; system: boolean }>>(app, 'GET', `/api/v4/projects/${enc(project)}/issues/${n}/notes?sort=asc&per_page=100`, { auth: who.alice })).body.filter((x) => !x.system);
  let replyTo = '';
  const mailsTo = async (to: string) => (await outbox()).filter((m) => m.to === to);
  const issueCount = async () => ((await app.ds.query('SELECT count(*)::int AS n FROM issues')) as Array<{ n: number }>)[0]!.n;
  const pageData = async (user: keyof typeof who, path: string) => {
    const page = await call(app, 'GET', path, { auth: who[user], headers: { accept: 'text/html' } });
    return JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData;
  };

  beforeAll(async () => {
    app = await bootApp(mode, ENV);
    who = { alice: await signIn(app, 'alice'), bob: await signIn(app, 'bob'), erin: await signIn(app, 'erin') };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /projects/:id shows the setting (off) and the address to reporters and up; only maintainers change it; bad input is 400', async () => {
    const shown = await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.bob });
    expect(shown.body.service_desk_enabled).toBe(false);
    address = shown.body.service_desk_address!;
    expect(address).toBe(`incoming+acme-tandem-${shown.body.id}-issue-@mail.example.com`);
    // Not a member: the setting, not the address
    const outsider = await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.erin });
    expect(outsider.body.service_desk_enabled).toBe(false);
    expect(outsider.body.service_desk_address).toBeUndefined();

    const dev = await call<{ message: string }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.bob, body: { service_desk_enabled: true } });
    expect(dev.status).toBe(403);
    const bad = await call<{ message: Record<string, string[]> }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.alice, body: { service_desk_enabled: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({ service_desk_enabled: [VALIDATION.notBoolean] });
    expect((await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.alice })).body.service_desk_enabled).toBe(false);
  });

  it('refuses mail to the address while Service Desk is off, with a clear status, and creates nothing', async () => {
    const before = await issueCount();
    const res = await post(mail({ to: address, from: CUSTOMER, subject: 'Too early', body: 'Anyone there?' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Service Desk is not enabled for this project.');
    expect(await issueCount()).toBe(before);
    expect(await mailsTo(CUSTOMER)).toEqual([]);
  });

  it('mail to the address creates a confidential issue by the Support Bot with the sender as external author, live in issue lists', async () => {
    const on = await call<ApiProject>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}`, { auth: who.alice, body: { service_desk_enabled: true } });
    expect(on.status).toBe(200);
    expect(on.body.service_desk_enabled).toBe(true);

    const watcher: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, 'bob') }, reconnection: false });
    let signals = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        watcher.once('connect', () => resolve());
        watcher.once('connect_error', reject);
      });
      watcher.on('project_issues', (e: { project_path: string }) => {
        if (e.project_path === PUBLIC) signals++;
      });
      expect(await watcher.timeout(10_000).emitWithAck('watch_project', { project_path: PUBLIC })).toEqual({ ok: true });
      const res = await post(mail({ to: `Acme Support <${address}>`, from: `A Customer <${CUSTOMER}>`, subject: 'Printer on fire', body: 'The printer in room 4 is on fire.\nPlease help.' }));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('processed');
      iid = res.body.issue_iid!;
      const deadline = Date.now() + 5000;
      while (!signals && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(signals).toBeGreaterThan(0);
    } finally {
      watcher.close();
    }

    const issue = (await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.bob })).body;
    expect(issue).toMatchObject({ title: 'Printer on fire', description: 'The printer in room 4 is on fire.\nPlease help.', confidential: true, service_desk_reply_to: CUSTOMER, state: 'opened' });
    expect(issue.author.username).toBe('support-bot');
    expect(issue.author.name).toBe('Support Bot');
    // Confidential: not for those outside the project
    expect((await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.erin })).status).toBe(404);
    const open = (await call<ApiIssue[]>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues?state=opened&per_page=100`, { auth: who.bob })).body;
    expect(open.map((i) => i.iid)).toContain(iid);
    // The sender is told their request was received
    const [thanks] = await mailsTo(CUSTOMER);
    expect(thanks!.subject).toBe(SERVICE_DESK_TEXTS.thankYouSubject(`${PUBLIC}#${iid}`, 'Printer on fire'));
    // The bot cannot sign in
    const token = await call(app, 'POST', '/oauth/token', { body: { grant_type: 'password', username: 'support-bot', password: '' } });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
  });

  it('a public comment by a team member is mailed to the external author; an internal note is not', async () => {
    const before = (await mailsTo(CUSTOMER)).length;
    const note = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/notes`, { auth: who.bob, body: { body: 'We sent the fire brigade.' } });
    expect(note.status).toBe(201);
    const internal = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/notes`, { auth: who.alice, body: { body: 'Internal: bill them.', internal: true } });
    expect(internal.status).toBe(201);
    const mails = await mailsTo(CUSTOMER);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe(SERVICE_DESK_TEXTS.noteSubject(`${PUBLIC}#${iid}`, 'Printer on fire'));
    expect(mails[0]!.body).toContain('We sent the fire brigade.');
    expect(mails[0]!.body).not.toContain('bill them');
  });

  it("the external author's reply to the mails' Reply-To becomes a Support Bot comment: plain text, from their address only, once", async () => {
    const mails = await mailsTo(CUSTOMER);
    // the thank-you and the comment mail both answer to the issue's own reply address
    replyTo = mails[0]!.reply_to!;
    expect(replyTo).toMatch(/^incoming\+[0-9a-f]{32}@mail\.example\.com$/);
    expect(new Set(mails.map((m) => m.reply_to))).toEqual(new Set([replyTo]));
    // the key is a secret: the issue's API answer does not carry it
    const shown = await call<Record<string, unknown>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.alice });
    expect(JSON.stringify(shown.body)).not.toContain(replyTo.slice('incoming+'.length, replyTo.indexOf('@')));

    const before = (await notesOf(PUBLIC, iid)).length;
    const raw = mail({ to: replyTo, from: 'Customer <CUSTOMER@outside.example>', subject: 'Re: Printer on fire', body: 'Thanks, it is out now.\n/confidential false\n/close\n\nOn Mon, team wrote:\n> We sent the fire brigade.' });
    const res = await post(raw);
    expect(res.status).toBe(200);
    expect(res.body.issue_iid).toBe(iid);
    const notes = await notesOf(PUBLIC, iid);
    expect(notes.length).toBe(before + 1);
    const reply = notes[notes.length - 1]!;
    expect(reply.author.username).toBe('support-bot');
    // the quoted mail is cut; the outsider's commands are text, and ran nothing
    expect(reply.body).toBe('Thanks, it is out now.\n/confidential false\n/close');
    const issue = await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.alice });
    expect(issue.body).toMatchObject({ confidential: true, state: 'opened' });
    // the bot's comment is not mailed back to them
    expect((await mailsTo(CUSTOMER)).length).toBe(mails.length);
    // the same mail delivered twice is one comment
    expect((await post(raw)).status).toBe(200);
    expect((await notesOf(PUBLIC, iid)).length).toBe(before + 1);

    // someone else writing to the reply address is refused, nothing written
    const stranger = await post(mail({ to: replyTo, from: 'mallory@elsewhere.example', subject: 'Re: Printer on fire', body: 'Close this please' }));
    expect(stranger.status).toBe(422);
    expect(stranger.body.message).toBe("We couldn't figure out what user corresponds to the email.");
    const unknown = await post(mail({ to: `incoming+${'0'.repeat(32)}@mail.example.com`, from: CUSTOMER, subject: 'Re: ?', body: 'Hello?' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('The thread you are replying to no longer exists.');
    // a locked discussion takes no outside comments either
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.alice, body: { discussion_locked: true } })).status).toBe(200);
    const locked = await post(mail({ to: replyTo, from: CUSTOMER, subject: 'Re: Printer on fire', body: 'Hello?' }));
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe('You are not allowed to perform this action.');
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth: who.alice, body: { discussion_locked: false } })).status).toBe(200);
    expect((await notesOf(PUBLIC, iid)).length).toBe(before + 1);
  });

  it('after a move into a project without Service Desk: the copy keeps its external author, no more mail, the page data says the warning applies', async () => {
    const [target] = (await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PRIVATE])) as Array<{ id: number }>;
    const moved = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}/move`, { auth: who.bob, body: { to_project_id: target!.id } });
    expect(moved.status).toBe(201);
    movedIid = moved.body.iid;
    expect(moved.body.service_desk_reply_to).toBe(CUSTOMER);
    expect(moved.body.confidential).toBe(true);

    const before = (await mailsTo(CUSTOMER)).length;
    const note = await call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/issues/${movedIid}/notes`, { auth: who.bob, body: { body: 'Anyone still reading?' } });
    expect(note.status).toBe(201);
    expect((await mailsTo(CUSTOMER)).length).toBe(before);

    expect((await pageData('bob', `/${PRIVATE}/-/issues/${movedIid}`)).issue!.movedServiceDeskWarning).toBe(true);
    // The original (in the service desk project) and an ordinary issue: no warning
    expect((await pageData('bob', `/${PUBLIC}/-/issues/${iid}`)).issue!.movedServiceDeskWarning).toBe(false);
    expect((await pageData('bob', `/${PUBLIC}/-/issues/2`)).issue!.movedServiceDeskWarning).toBe(false);

    // Turning Service Desk on there ends the warning and the mails flow again
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(PRIVATE)}`, { auth: who.alice, body: { service_desk_enabled: true } })).status).toBe(200);
    expect((await pageData('bob', `/${PRIVATE}/-/issues/${movedIid}`)).issue!.movedServiceDeskWarning).toBe(false);
    await call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/issues/${movedIid}/notes`, { auth: who.bob, body: { body: 'Back on.' } });
    expect((await mailsTo(CUSTOMER))[0]!.body).toContain('Back on.');
    // their replies now reach the copy (same address), not the closed original
    expect((await mailsTo(CUSTOMER))[0]!.reply_to).toBe(replyTo);
    expect((await post(mail({ to: replyTo, from: CUSTOMER, subject: 'Re: Back on', body: 'Still here.' }))).body.issue_iid).toBe(movedIid);
    expect((await notesOf(PRIVATE, movedIid)).map((n) => n.body)).toContain('Still here.');
  });

  it('refuses, writing nothing: a mail without a sender, an unknown project id', async () => {
    const before = await issueCount();
    const noFrom = await post(['To: ' + address, 'Subject: Nobody', '', 'Who am I?', ''].join('\r\n'));
    expect(noFrom.status).toBe(422);
    expect(noFrom.body.message).toBe("We couldn't find the sender's email address.");
    const unknown = await post(mail({ to: 'incoming+nowhere-999999-issue-@mail.example.com', from: CUSTOMER, subject: 'Lost', body: 'Where?' }));
    expect(unknown.status).toBe(422);
    expect(await issueCount()).toBe(before);
  });
});
