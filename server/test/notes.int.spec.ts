import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiNote, IssuePermissions, NotesPollResponse, PageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, issueRow, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * Notes as a client sees them: the polling endpoint's note shape and per-viewer current_user,
 * internal notes kept from guests, system notes written with a change and broadcast in the
 * same shape, and the issue page's embedded permission flags, on Postgres and PGlite.
 */
const PUBLIC = 'acme/tandem';
const ROLES = ['anonymous', 'erin', 'dave', 'carol', 'bob', 'mallory', 'alice'] as const;
type Role = (typeof ROLES)[number];

describe.each(DB_MODES)('notes on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let pub: number;
  const as = (r: Role): Auth => cast[r];
  const poll = async (r: Role, issueId: number, since = '0') =>
    call<NotesPollResponse>(app, 'GET', `/${PUBLIC}/noteable/issue/${issueId}/notes`, { auth: as(r), headers: { 'x-last-fetched-at': since } });

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    pub = await projectId(app, PUBLIC);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('polls notes in the page note shape, with what each viewer may do with each note', async () => {
    const issue = (await issueRow(app, PUBLIC, 2))!;
    // bob's own note: he edits it; maintainers and up edit anyone's; everyone signed in reacts
    const canEdit: Record<Role, boolean> = { anonymous: false, erin: false, dave: false, carol: false, bob: true, mallory: true, alice: true };
    for (const r of ROLES) {
      const res = await poll(r, issue.id);
      expect({ r, status: res.status }).toEqual({ r, status: 200 });
      const note = res.body.notes.find((n) => n.note === 'I can pick this up this week.')!;
      expect(note).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        body: 'I can pick this up this week.',
        note_html: '<p>I can pick this up this week.</p>\n',
        author: { username: 'bob', path: '/bob' },
        system: false,
        system_note_icon_name: null,
        noteable_type: 'Issue',
        noteable_id: issue.id,
        noteable_iid: 2,
        project_id: pub,
        discussion_id: expect.stringMatching(/^[0-9a-f]{40}$/),
        individual_note: true,
        internal: false,
        resolvable: false,
        resolved: false,
        emoji_awardable: true,
      });
      expect(note.noteable_note_url).toBe(`${app.url}/${PUBLIC}/-/issues/2#note_${note.id}`);
      expect({ r, current_user: note.current_user }).toEqual({
        r,
        current_user: { can_edit: canEdit[r], can_award_emoji: r !== 'anonymous', can_resolve: false, can_resolve_discussion: false },
      });
    }
  });

  it('keeps internal notes from guests and outsiders; reporters and up read them', async () => {
    const issue = (await issueRow(app, PUBLIC, 3))!;
    const [carolId] = (await app.ds.query(`SELECT id FROM users WHERE username = 'carol'`)) as Array<{ id: number }>;
    await app.ds.query(
      `INSERT INTO notes (noteable_type, noteable_id, project_id, author_id, note, note_html, discussion_id, internal) VALUES ('Issue', $1, $2, $3, 'Only for the team', '<p>Only for the team</p>', $4, true)`,
      [issue.id, pub, carolId!.id, 'b'.repeat(40)],
    );
    const sees: Record<Role, boolean> = { anonymous: false, erin: false, dave: false, carol: true, bob: true, mallory: true, alice: true };
    for (const r of ROLES) {
      const notes = (await poll(r, issue.id)).body.notes;
      const internal = notes.find((n) => n.note === 'Only for the team');
      expect({ r, sees: internal !== undefined }).toEqual({ r, sees: sees[r] });
      if (internal) expect(internal).toMatchObject({ internal: true, confidential: true, author: { username: 'carol' } });
    }
  });

  it('writes a system note with a change, and broadcasts it in the shape the poll returns', async () => {
    const before = (await issueRow(app, PUBLIC, 5))!;
    const [stateEvent, stateNote, icon] = before.state === 'closed' ? ['reopen', 'reopened', 'issue-reopen'] : ['close', 'closed', 'issue-close'];
    const res = await call(app, 'PUT', `/api/v4/projects/${pub}/issues/5`, { auth: as('bob'), body: { title: 'Renamed for the notes test', state_event: stateEvent } });
    expect(res.status).toBe(200);
    const polled = (await poll('carol', before.id)).body.notes.filter((n) => n.system && n.author?.username === 'bob');
    expect(polled.map((n) => n.note).sort()).toEqual([`changed title from **${before.title}** to **Renamed for the notes test**`, stateNote].sort());
    const events = (await app.ds.query(
      `SELECT payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND type = 'note.created' ORDER BY seq`,
      [before.id],
    )) as Array<{ payload: { payload: { note: ApiNote } } }>;
    // the stored event, as the socket sends it
    const broadcast = events.map((e) => e.payload.payload.note);
    expect(broadcast.map((n) => n.id).sort()).toEqual(polled.map((n) => n.id).sort());
    for (const sent of broadcast) {
      // one shape: the event is the polled note without the per-viewer block
      const { current_user, ...same } = polled.find((n) => n.id === sent.id)!;
      expect(current_user).toEqual({ can_edit: false, can_award_emoji: false, can_resolve: false, can_resolve_discussion: false });
      expect(sent).toEqual(same);
      expect(sent.author).toMatchObject({ username: 'bob', path: '/bob' });
    }
    const state = broadcast.find((n) => n.note === stateNote)!;
    expect(state).toMatchObject({ system: true, system_note_icon_name: icon, note_html: `<p>${stateNote}</p>\n`, emoji_awardable: false });
  });

  it('embeds the page permission flags each role gets', async () => {
    const pageData = async (r: Role): Promise<PageData> => {
      const res = await call(app, 'GET', `/${PUBLIC}/-/issues/2`, { auth: as(r), headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      const m = /<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(res.text);
      return JSON.parse(m![1]!) as PageData;
    };
    const f = false;
    const t = true;
    const flags = (u: boolean, a: boolean, d: boolean, n: boolean, c: boolean, internal: boolean): IssuePermissions => ({
      canUpdateIssue: u, canReopenIssue: u, canCreateIssue: c, canDestroy: d, canAdmin: a, canCreateNote: n, canUpdate: u, canCreateInternalNote: internal, canAwardEmoji: n,
      // signed in and not bob (the author of #2); no admin in the cast; Delete with canDestroy
      canReportAbuse: n, canReportSpam: false, canPromoteToEpic: a, showDeleteButton: d,
      // issue 2 is not locked; a locked discussion takes comments from reporters and up
      canCreateNoteWhenLocked: internal, canCreateNoteWhenUnlocked: n,
      // reactions follow the lock the same way (a locked discussion takes them from those who may still comment)
      canAwardEmojiWhenLocked: internal, canAwardEmojiWhenUnlocked: n,
    });
    const want: Record<Role, IssuePermissions> = {
      anonymous: flags(f, f, f, f, f, f),
      erin: flags(f, f, f, t, t, f),
      dave: flags(f, f, f, t, t, f),
      carol: flags(t, t, f, t, t, t),
      bob: { ...flags(t, t, f, t, t, t), canReportAbuse: false },
      mallory: flags(t, t, f, t, t, t),
      alice: flags(t, t, t, t, t, t),
    };
    for (const r of ROLES) expect({ r, permissions: (await pageData(r)).issue?.permissions }).toEqual({ r, permissions: want[r] });
  });
});
