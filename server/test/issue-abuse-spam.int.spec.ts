import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_TEXTS, abuseReportPath, VALIDATION, type ApiDiscussion, type ApiEpic, type ApiNote } from '@tandem/shared-types';
import { EVENT_BUS, type BusEvent, type EventBus } from '../src/core/realtime/event-bus';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, enc, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * The issue and merge request headers' Report abuse (signed-in readers who are not the author;
 * stored for admins, listed at GET /api/v4/admin/abuse_reports), a comment's Report abuse on an
 * issue or a merge request (the notes' report_abuse_path), and Submit as spam (admins: the issue
 * is hidden from everyone else, a spam_logs row kept).
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('abuse reports and spam on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let admin: Auth;
  const newIssue = async (title: string) => (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.bob, body: { title } })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    await app.ds.query(`UPDATE users SET is_admin = true WHERE username = 'erin'`);
    admin = tokenAuth(await insertPat(app, 'erin'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores a report about the issue author and lists it for admins only', async () => {
    const issue = await newIssue('Reported issue');
    const res = await call<{ id: number; message: string }>(app, 'POST', '/-/abuse_reports', { auth: who.carol, body: { project_path: PUBLIC, iid: issue.iid, category: 'spam', message: 'Selling watches' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ABUSE_TEXTS.sent);

    const list = await call<Array<Record<string, unknown>>>(app, 'GET', '/api/v4/admin/abuse_reports', { auth: admin });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total')).toBe('1');
    expect(list.body[0]).toMatchObject({
      category: 'spam',
      message: 'Selling watches',
      reported_from_url: expect.stringContaining(`/${PUBLIC}/-/issues/${issue.iid}`),
      reporter: { username: 'carol' },
      user: { username: 'bob' },
    });
    expect((await call(app, 'GET', '/api/v4/admin/abuse_reports', { auth: who.alice })).status).toBe(403);
  });

  it('refuses the author, signed-out users and bad input', async () => {
    const issue = await newIssue('Own issue');
    const own = await call<{ errors: string[] }>(app, 'POST', '/-/abuse_reports', { auth: who.bob, body: { project_path: PUBLIC, iid: issue.iid, category: 'spam', message: 'x' } });
    expect(own.status).toBe(403);
    expect(own.body.errors).toEqual(['403 Forbidden']);
    expect((await call(app, 'POST', '/-/abuse_reports', { auth: who.anonymous, body: { project_path: PUBLIC, iid: issue.iid, category: 'spam', message: 'x' } })).status).toBe(401);
    const bad = await call<{ errors: string[] }>(app, 'POST', '/-/abuse_reports', { auth: who.carol, body: { project_path: PUBLIC, iid: issue.iid, category: 'rude', message: '  ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.stringMatching(/^category must be one of/), `message ${VALIDATION.required}`]);
  });

  it("reports a comment's author (note_id): not one's own comment, not a system note, not another issue's", async () => {
    const issue = await newIssue('Issue with a rude comment');
    const other = await newIssue('Another issue');
    const note = (await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: 'A rude remark' } })).body;
    const report = (auth: Auth, iid: number, noteId: number | string) =>
      call<{ id: number; errors?: string[] }>(app, 'POST', '/-/abuse_reports', { auth, body: { project_path: PUBLIC, iid, note_id: noteId, category: 'offensive', message: 'Rude' } });
    // bob wrote the issue, alice the comment: bob may report her comment
    const res = await report(who.bob, issue.iid, note.id);
    expect(res.status).toBe(201);
    const [row] = (await app.ds.query(`SELECT u.username, a.reported_from_url FROM abuse_reports a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, [res.body.id])) as Array<{ username: string; reported_from_url: string }>;
    expect(row).toEqual({ username: 'alice', reported_from_url: expect.stringMatching(new RegExp(`/-/issues/${issue.iid}#note_${note.id}$`)) });
    expect((await report(who.alice, issue.iid, note.id)).status).toBe(403);
    expect((await report(who.carol, other.iid, note.id)).status).toBe(404);
    await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob, body: { state_event: 'close' } });
    const [sys] = (await app.ds.query(`SELECT id FROM notes WHERE system AND noteable_type = 'Issue' AND noteable_id = $1`, [issue.id])) as Array<{ id: number }>;
    expect((await report(who.carol, issue.iid, sys!.id)).status).toBe(404);
    expect((await report(who.carol, issue.iid, 'x1')).status).toBe(400);
  });

  it("reports a merge request comment's author (noteable_type): the merge request named and readable, the comment visible to the reporter", async () => {
    const mr = await demoMergeRequest(app, who.alice, PUBLIC, 'Merge request with a rude comment');
    const noteOf = async (auth: Auth, api: string, body: Record<string, unknown>) => (await call<{ id: number }>(app, 'POST', `${api}/notes`, { auth, body })).body.id;
    const rude = await noteOf(who.carol, mr.api, { body: 'A rude review remark' });
    const internal = await noteOf(who.alice, mr.api, { body: 'Team only, and rude', internal: true });
    const report = (auth: Auth, body: Record<string, unknown>) =>
      call<{ id: number; errors?: string[] }>(app, 'POST', '/-/abuse_reports', { auth, body: { project_path: PUBLIC, iid: mr.iid, noteable_type: 'MergeRequest', category: 'offensive', message: 'Rude', ...body } });
    const res = await report(who.bob, { note_id: rude });
    expect(res.status).toBe(201);
    const [row] = (await app.ds.query(`SELECT u.username, a.reported_from_url, a.issue_id FROM abuse_reports a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, [res.body.id])) as Array<Record<string, unknown>>;
    expect(row).toEqual({ username: 'carol', issue_id: null, reported_from_url: expect.stringMatching(new RegExp(`/${PUBLIC}/-/merge_requests/${mr.iid}#note_${rude}$`)) });
    // the admins' list has it
    expect((await call<Array<{ id: number }>>(app, 'GET', '/api/v4/admin/abuse_reports', { auth: admin })).body.map((r) => r.id)).toContain(res.body.id);
    // one's own comment: 403; the comment under another merge request's iid, or as an issue's: 404
    expect((await report(who.carol, { note_id: rude })).status).toBe(403);
    expect((await report(who.bob, { note_id: rude, iid: mr.iid + 1000 })).status).toBe(404);
    expect((await report(who.bob, { note_id: rude, noteable_type: 'Issue' })).status).toBe(404);
    // an internal comment is not found for a guest (dave), reportable by a reporter (bob)
    expect((await report(who.dave, { note_id: internal })).status).toBe(404);
    expect((await report(who.bob, { note_id: internal })).status).toBe(201);
    // a merge request the reporter may not read: the same 404 as an unknown comment
    const secret = await demoMergeRequest(app, who.alice, 'acme/platform/secret-plans', 'Private merge request');
    const hidden = await noteOf(who.alice, secret.api, { body: 'Private remark' });
    const unreadable = await report(who.dave, { project_path: 'acme/platform/secret-plans', iid: secret.iid, note_id: hidden });
    const unknown = await report(who.dave, { project_path: 'acme/platform/secret-plans', iid: secret.iid, note_id: 987654321 });
    expect([unreadable.status, unreadable.body]).toEqual([unknown.status, unknown.body]);
    expect(unreadable.status).toBe(404);
    // validation names the field; nothing stored
    const before = Number(((await app.ds.query('SELECT count(*)::int AS n FROM abuse_reports')) as Array<{ n: number }>)[0]!.n);
    const badNote = await report(who.bob, { note_id: 'first' });
    expect(badNote.status).toBe(400);
    expect(badNote.body.errors).toEqual([`note_id ${VALIDATION.notInteger}`]);
    const badType = await report(who.bob, { note_id: rude, noteable_type: 'Epic' });
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toEqual([expect.stringMatching(/^noteable_type must be one of: Issue, MergeRequest/)]);
    expect(Number(((await app.ds.query('SELECT count(*)::int AS n FROM abuse_reports')) as Array<{ n: number }>)[0]!.n)).toBe(before);
  });

  it("reports a merge request's author (its header's Report abuse, no note_id): a reader who is not the author; listed with the issues' reports", async () => {
    const mr = await demoMergeRequest(app, who.alice, PUBLIC, 'Merge request reported from its header');
    const report = (auth: Auth, body: Record<string, unknown> = {}) =>
      call<{ id: number; message?: string; errors?: string[] }>(app, 'POST', '/-/abuse_reports', { auth, body: { project_path: PUBLIC, iid: mr.iid, noteable_type: 'MergeRequest', category: 'spam', message: 'Spammy merge request', ...body } });
    const pageFlag = async (auth: Auth) => (await call<{ permissions: { canReportAbuse?: boolean } }>(app, 'GET', `/${PUBLIC}/-/merge_requests/${mr.iid}/page.json`, { auth })).body.permissions.canReportAbuse;
    // the header offers it to a signed-in reader who is not the author
    expect([await pageFlag(who.bob), await pageFlag(who.alice), await pageFlag(who.anonymous)]).toEqual([true, false, false]);

    const res = await report(who.bob);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ABUSE_TEXTS.sent);
    const [row] = (await app.ds.query(`SELECT u.username, a.issue_id FROM abuse_reports a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, [res.body.id])) as Array<Record<string, unknown>>;
    expect(row).toEqual({ username: 'alice', issue_id: null });
    // the admins' list shows it as it shows the issues' reports
    const list = await call<Array<Record<string, unknown>>>(app, 'GET', '/api/v4/admin/abuse_reports?per_page=100', { auth: admin });
    expect(list.body.find((r) => r.id === res.body.id)).toMatchObject({
      category: 'spam',
      message: 'Spammy merge request',
      reported_from_url: expect.stringMatching(new RegExp(`/${PUBLIC}/-/merge_requests/${mr.iid}$`)),
      reporter: { username: 'bob' },
      user: { username: 'alice' },
    });

    // the author: the issue path's 403; signed out: 401
    const own = await report(who.alice);
    expect(own.status).toBe(403);
    expect(own.body.errors).toEqual(['403 Forbidden']);
    expect((await report(who.anonymous)).status).toBe(401);
    // a merge request the reporter may not read: the same 404 as one that does not exist
    const secret = await demoMergeRequest(app, who.alice, 'acme/platform/secret-plans', 'Private merge request reported');
    const unreadable = await report(who.dave, { project_path: 'acme/platform/secret-plans', iid: secret.iid });
    const unknown = await report(who.dave, { iid: mr.iid + 1000 });
    expect(unreadable.status).toBe(404);
    expect([unreadable.status, unreadable.body]).toEqual([unknown.status, unknown.body]);
    // bad input: 400 naming the field; nothing stored
    const before = Number(((await app.ds.query('SELECT count(*)::int AS n FROM abuse_reports')) as Array<{ n: number }>)[0]!.n);
    const badIid = await report(who.bob, { iid: 'first' });
    expect(badIid.status).toBe(400);
    expect(badIid.body.errors).toEqual([`iid ${VALIDATION.notInteger}`]);
    const noPath = await report(who.bob, { project_path: '', category: 'rude' });
    expect(noPath.status).toBe(400);
    expect(noPath.body.errors).toEqual([`project_path ${VALIDATION.required}`, expect.stringMatching(/^category must be one of/)]);
    expect(Number(((await app.ds.query('SELECT count(*)::int AS n FROM abuse_reports')) as Array<{ n: number }>)[0]!.n)).toBe(before);
  });

  it("notes carry their report_abuse_path (GitLab's NoteEntity) in discussions.json, polling and the live events: an issue's and a merge request's comments, and none on a system note or an epic's", async () => {
    const notesOf = (d: ApiDiscussion[]) => d.flatMap((x) => x.notes).map((n) => ({ id: n.id, system: n.system, path: n.report_abuse_path }));
    const createdEvents = async (type: string, id: number) =>
      ((await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_type = $1 AND noteable_id = $2 AND type = 'note.created' ORDER BY seq`, [type, id])) as Array<{ payload: unknown }>).map((r) => {
        const doc = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { payload: { note: ApiNote } };
        return { id: doc.payload.note.id, path: doc.payload.note.report_abuse_path };
      });

    // An issue: a comment through the page (its answer too), and the close's system note
    const issue = await newIssue('Issue whose comments may be reported');
    const created = await call<ApiNote>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${issue.id}`, { auth: who.alice, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note: 'A remark' } } });
    const issuePath = abuseReportPath(PUBLIC, issue.iid, 'Issue', created.body.id);
    expect(created.body.report_abuse_path).toBe(issuePath);
    await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob, body: { state_event: 'close' } });
    const issueNotes = notesOf((await call<ApiDiscussion[]>(app, 'GET', `/${PUBLIC}/-/issues/${issue.iid}/discussions.json`, { auth: who.carol })).body);
    const sys = issueNotes.find((n) => n.system)!;
    expect(issueNotes).toEqual([{ id: created.body.id, system: false, path: issuePath }, { id: sys.id, system: true, path: null }]);
    // the statement fills the new note's id into the stored (and live) event, as into its permalink
    expect(await createdEvents('Issue', issue.id)).toEqual([{ id: created.body.id, path: issuePath }, { id: sys.id, path: null }]);
    const polled = await call<{ notes: ApiNote[] }>(app, 'GET', `/${PUBLIC}/noteable/issue/${issue.id}/notes`, { auth: who.carol, headers: { 'x-last-fetched-at': '0' } });
    expect(polled.body.notes.map((n) => [n.id, n.report_abuse_path])).toEqual([[created.body.id, issuePath], [sys.id, null]]);

    // A merge request: a comment, and a review's notes published at once; the path names the merge request
    const mr = await demoMergeRequest(app, who.alice, PUBLIC, 'Merge request whose comments may be reported');
    const live: BusEvent[] = [];
    const off = app.running.app.get<EventBus>(EVENT_BUS).subscribe({ events: (b) => live.push(...b) });
    const comment = (await call<{ id: number }>(app, 'POST', `${mr.api}/notes`, { auth: who.carol, body: { body: 'A review remark' } })).body.id;
    expect((await call(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: 'Pending one' } })).status).toBe(201);
    expect((await call(app, 'POST', `${mr.api}/draft_notes/bulk_publish`, { auth: who.bob, body: { note: 'Review summary' } })).status).toBe(204);
    off();
    const mrNotes = notesOf((await call<ApiDiscussion[]>(app, 'GET', `/${PUBLIC}/-/merge_requests/${mr.iid}/discussions.json`, { auth: who.dave })).body).filter((n) => !n.system);
    expect(mrNotes).toHaveLength(3);
    for (const n of mrNotes) {
      expect(n.path).toBe(abuseReportPath(PUBLIC, mr.iid, 'MergeRequest', n.id));
      expect(n.path).toContain('noteable_type=MergeRequest');
    }
    expect(mrNotes[0]!.id).toBe(String(comment));
    expect((await createdEvents('MergeRequest', mr.id)).filter((e) => e.path !== null)).toEqual(mrNotes.map((n) => ({ id: n.id, path: n.path })));
    // the live events carry what the stored ones do
    const liveNotes = live.filter((e) => e.event.type === 'note.created').map((e) => (e.event.payload as { note: ApiNote }).note);
    expect(liveNotes.map((n) => ({ id: n.id, path: n.report_abuse_path }))).toEqual(mrNotes.map((n) => ({ id: n.id, path: n.path })));
    // the link's form reports that comment's author
    const q = new URLSearchParams(mrNotes[0]!.path!.split('?')[1]);
    const report = await call<{ id: number }>(app, 'POST', '/-/abuse_reports', {
      auth: who.dave,
      body: { project_path: q.get('project_path'), iid: q.get('iid'), noteable_type: q.get('noteable_type'), note_id: q.get('note_id'), category: 'spam', message: 'Spam' },
    });
    expect(report.status).toBe(201);
    expect(await app.ds.query(`SELECT u.username FROM abuse_reports a JOIN users u ON u.id = a.user_id WHERE a.id = $1`, [report.body.id])).toEqual([{ username: 'carol' }]);

    // An epic: its notes offer none
    const epic = (await call<ApiEpic>(app, 'POST', `/api/v4/groups/acme/epics`, { auth: who.carol, body: { title: 'Epic with a comment' } })).body;
    const epicNote = await call<ApiNote>(app, 'POST', `/groups/acme/-/epics/${epic.iid}/notes`, { auth: who.dave, body: { note: { note: 'An epic remark' } } });
    expect(epicNote.body.report_abuse_path).toBeNull();
    const epicNotes = notesOf((await call<ApiDiscussion[]>(app, 'GET', `/groups/acme/-/epics/${epic.iid}/discussions.json`, { auth: who.bob })).body);
    expect(epicNotes).toEqual([{ id: epicNote.body.id, system: false, path: null }]);
    expect(await createdEvents('Epic', epic.id)).toEqual([{ id: epicNote.body.id, path: null }]);
  });

  it('Submit as spam: admins only; the issue is then hidden from everyone else and logged', async () => {
    const issue = await newIssue('Buy cheap watches');
    const path = `/${PUBLIC}/-/issues/${issue.iid}/mark_as_spam`;
    expect((await call(app, 'POST', path, { auth: who.alice })).status).toBe(403);
    const res = await call<{ message: string }>(app, 'POST', path, { auth: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ABUSE_TEXTS.spamDone);
    for (const auth of [who.alice, who.bob, who.anonymous]) {
      expect((await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth })).status).toBe(404);
    }
    const listed = await call<Array<{ iid: number }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues?per_page=100`, { auth: who.alice });
    expect(listed.body.map((i) => i.iid)).not.toContain(issue.iid);
    expect((await call(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: admin })).status).toBe(200);
    const logs = (await app.ds.query(`SELECT s.title, r.username AS reporter FROM spam_logs s JOIN users r ON r.id = s.reporter_id WHERE s.issue_id = $1`, [issue.id])) as unknown[];
    expect(logs).toEqual([{ title: 'Buy cheap watches', reporter: 'erin' }]);
  });

  it('/zoom pins a meeting link on the issue with its system note and event; /remove_zoom removes it', async () => {
    const issue = await newIssue('Call about it');
    const comment = (note: string) => call<{ errors?: { commands_only?: string[] } }>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${issue.id}`, { auth: who.bob, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note } } });
    expect((await comment('/zoom https://acme.zoom.us/j/42')).body.errors!.commands_only).toEqual(['Zoom meeting added.']);
    const shown = await call<{ zoom_meeting_url: string | null }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.erin });
    expect(shown.body.zoom_meeting_url).toBe('https://acme.zoom.us/j/42');
    expect((await comment('/remove_zoom')).body.errors!.commands_only).toEqual(['Zoom meeting removed.']);
    const notes = ((await app.ds.query(`SELECT note FROM notes WHERE noteable_id = $1 AND system ORDER BY id`, [issue.id])) as Array<{ note: string }>).map((r) => r.note);
    expect(notes).toEqual(['added a Zoom call to this issue', 'removed a Zoom call from this issue']);
    const events = (await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_id = $1 AND type = 'issue.updated' ORDER BY seq`, [issue.id])) as Array<{ payload: { payload: { fields: { zoom_meeting_url?: string | null } } } }>;
    expect(events.map((e) => e.payload.payload.fields.zoom_meeting_url)).toEqual(['https://acme.zoom.us/j/42', null]);
  });
});
