import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '@tandem/shared-types';
import { signMailRoomToken } from '../src/modules/incoming-email/mail-room-auth';
import { bootApp, call, DB_MODES, insertPat, signIn, type TestApp } from './harness';

/**
 * Issue email (spec: Issue email copy field; GitLab's create_note_email and mail_room): with
 * INCOMING_EMAIL_ADDRESS set, the issue page gives each user who may comment their own
 * unguessable address; mail delivered to it, posted by mail_room with the shared-secret JWT,
 * becomes that user's comment (live like any). Unknown sender, wrong key and wrong secret are
 * rejected and write nothing.
 */
const PUBLIC = 'acme/tandem';
const SECRET = 'a-long-shared-mail-room-secret';
const ENV = { INCOMING_EMAIL_ADDRESS: 'incoming+%{key}@mail.example.com', INCOMING_EMAIL_SECRET: SECRET };

const pageData = async (app: TestApp, user: string | null, path: string) => {
  const auth = user ? await signIn(app, user) : undefined;
  const page = await call(app, 'GET', path, { auth, headers: { accept: 'text/html' } });
  return JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData;
};

const mail = (o: { to: string; from: string; body: string; id?: string }) =>
  [
    `From: ${o.from}`,
    `To: ${o.to}`,
    'Subject: Re: an issue',
    `Message-ID: <${o.id ?? Math.random().toString(36).slice(2)}@mail.example.com>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.body,
    '',
  ].join('\r\n');

describe.each(DB_MODES)('incoming email on %s', (mode) => {
  let app: TestApp;
  const post = (raw: string, token: string | undefined = signMailRoomToken(SECRET)) =>
    call<{ status?: string; note_id?: number; message?: string }>(app, 'POST', '/api/v4/internal/mail_room/incoming_email', {
      headers: { 'content-type': 'message/rfc822', ...(token ? { 'gitlab-mailroom-api-request': token } : {}) },
      rawBody: raw,
    });
  const notes = async (iid: number) =>
    (await app.ds.query(
      `SELECT n.note, u.username FROM notes n JOIN users u ON u.id = n.author_id JOIN issues i ON i.id = n.noteable_id JOIN projects p ON p.id = i.project_id
       WHERE n.noteable_type = 'Issue' AND p.full_path = $1 AND i.iid = $2 AND NOT n.system ORDER BY n.id`,
      [PUBLIC, iid],
    )) as Array<{ note: string; username: string }>;

  beforeAll(async () => {
    app = await bootApp(mode, ENV);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("gives each user their own unguessable address for the issue; none to visitors", async () => {
    const bob = (await pageData(app, 'bob', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail!;
    const carol = (await pageData(app, 'carol', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail!;
    expect(bob).toMatch(/^incoming\+acme-tandem-\d+-[a-z0-9]{26}-issue-2@mail\.example\.com$/);
    expect(carol).not.toBe(bob);
    // stable for the same user and issue; another issue differs only by its iid
    expect((await pageData(app, 'bob', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail).toBe(bob);
    expect((await pageData(app, 'bob', `/${PUBLIC}/-/issues/3`)).issue!.createNoteEmail).toBe(bob.replace('-issue-2@', '-issue-3@'));
    expect((await pageData(app, null, `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail ?? null).toBeNull();
  });

  it("a mail from the address's user becomes their comment (quoted reply trimmed), live to watchers", async () => {
    const to = (await pageData(app, 'bob', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail!;
    const before = await notes(2);
    const watcher: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, 'carol') }, reconnection: false });
    const live: string[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        watcher.once('connect', () => resolve());
        watcher.once('connect_error', reject);
      });
      watcher.on('note.created', (e: { payload: { note: { note: string; author: { username: string } } } }) => live.push(`${e.payload.note.author.username}: ${e.payload.note.note}`));
      expect(await watcher.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 2 })).toMatchObject({ ok: true });
      const res = await post(mail({ to, from: 'Bob <bob@example.com>', body: 'Replying by mail.\n\nOn Mon, someone wrote:\n> the original' }));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('processed');
      const deadline = Date.now() + 5000;
      while (!live.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(live).toEqual(['bob: Replying by mail.']);
    } finally {
      watcher.close();
    }
    const after = await notes(2);
    expect(after.slice(before.length)).toEqual([{ note: 'Replying by mail.', username: 'bob' }]);
  });

  it('rejects, writing nothing: another sender, a wrong key, a wrong or missing secret, an empty mail, a user who may not comment', async () => {
    const to = (await pageData(app, 'bob', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail!;
    const before = (await notes(2)).length;
    const spoofed = await post(mail({ to, from: 'carol@example.com', body: 'Pretending to be bob' }));
    expect(spoofed.status).toBe(422);
    expect(spoofed.body.message).toBe("We couldn't figure out what user corresponds to the email.");
    const guessed = await post(mail({ to: to.replace(/-[a-z0-9]{26}-/, '-aaaaaaaaaaaaaaaaaaaaaaaaaa-'), from: 'bob@example.com', body: 'Guessed key' }));
    expect(guessed.status).toBe(422);
    const elsewhere = await post(mail({ to: 'someone@mail.example.com', from: 'bob@example.com', body: 'Not an issue address' }));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe("We couldn't figure out what the email is for.");
    expect((await post(mail({ to, from: 'bob@example.com', body: 'No secret' }), '')).status).toBe(401);
    expect((await post(mail({ to, from: 'bob@example.com', body: 'Wrong secret' }), signMailRoomToken('another-secret-of-enough-length'))).status).toBe(401);
    expect((await post(mail({ to, from: 'bob@example.com', body: 'Stale token' }), signMailRoomToken(SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await post(mail({ to, from: 'bob@example.com', body: '> only a quote' }))).status).toBe(422);
    // a locked discussion: bob (developer) may still comment (reporter+); dave (guest) may not
    const daveTo = (await pageData(app, 'dave', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail!;
    await app.ds.query(`UPDATE issues SET discussion_locked = true WHERE iid = 2 AND project_id = (SELECT id FROM projects WHERE full_path = $1)`, [PUBLIC]);
    const locked = await post(mail({ to: daveTo, from: 'dave@example.com', body: 'Locked out' }));
    await app.ds.query(`UPDATE issues SET discussion_locked = false WHERE iid = 2 AND project_id = (SELECT id FROM projects WHERE full_path = $1)`, [PUBLIC]);
    expect(locked.status).toBe(422);
    expect(locked.body.message).toBe('You are not allowed to perform this action.');
    expect((await notes(2)).length).toBe(before);
  });
});

describe('incoming email not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await bootApp('pglite');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has no issue email and no mail_room endpoint', async () => {
    expect((await pageData(app, 'bob', `/${PUBLIC}/-/issues/2`)).issue!.createNoteEmail ?? null).toBeNull();
    const res = await call(app, 'POST', '/api/v4/internal/mail_room/incoming_email', { headers: { 'content-type': 'message/rfc822', 'gitlab-mailroom-api-request': signMailRoomToken(SECRET) }, rawBody: 'From: a@b.c\r\n\r\nhi' });
    expect(res.status).toBe(404);
  });
});
