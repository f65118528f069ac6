import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { mergeRequestStreamPath, type ApiDraftNote, type ApiNote, type MergeRequestPageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, type Auth, type Cast, type TestApp } from './harness';

/**
 * The review rows of the discussion spec on Postgres and PGlite: the page's create-note endpoint
 * taking GitLab's `draft_note` form (a draft, validated as the REST API's), a draft's
 * `references` (its mentions and its quick actions explained), a published reply setting its
 * thread's state (GitLab's set_discussion_resolve_status, live), and the page data's
 * `can_receive_suggestion`.
 */
const P = 'acme/tandem';
type D = { id: string; notes: Array<{ id: number; body: string; resolved: boolean; resolved_by: unknown }> };
type Ev = { type: string; payload: { note?: ApiNote } };

describe.each(DB_MODES)('merge request review on the page (%s)', (mode) => {
  let app: TestApp;
  let who: Cast;
  let iid: number;
  let api: string;
  let page: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const mr = await demoMergeRequest(app, who.alice, P, 'Review on the page');
    iid = mr.iid;
    api = mr.api;
    page = `/${P}/-/merge_requests/${iid}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  const drafts = async (auth: Auth) => (await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth })).body;
  const discussions = async (auth: Auth) => (await call<D[]>(app, 'GET', `${api}/discussions?per_page=100`, { auth })).body;
  const thread = async (body: string) => {
    const t = await call<D>(app, 'POST', `${api}/discussions`, { auth: who.alice, body: { body } });
    expect(t.status).toBe(201);
    return t.body;
  };
  const resolveThread = async (id: string) => expect((await call(app, 'PUT', `${api}/discussions/${id}?resolved=true`, { auth: who.alice })).status).toBe(200);
  const listen = async (auth: Auth) => {
    const s = io(app.url, { transports: ['websocket'], auth: { token: (auth as { token: string }).token }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got: Ev[] = [];
    s.on('note.updated', (e: Ev) => got.push(e));
    s.on('batch', (b: { events: Ev[] }) => got.push(...b.events.filter((e) => e.type === 'note.updated')));
    expect(await s.timeout(10_000).emitWithAck('subscribe', { channel: 'MergeRequestsChannel', project_path: mergeRequestStreamPath(P), iid })).toMatchObject({ ok: true });
    return got;
  };

  it("the page's create-note endpoint takes GitLab's draft_note form: a draft (no note), answered as GitLab's drafts endpoint; bad input is a 422 naming the problem and writes nothing", async () => {
    const t = await thread('A question on the page');
    const before = (await discussions(who.alice)).flatMap((d) => d.notes).length;
    const res = await call<ApiDraftNote>(app, 'POST', `${page}/notes`, { auth: who.bob, body: { draft_note: { note: 'Pending from the page', resolve_discussion: 'true' }, in_reply_to_discussion_id: t.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ note: 'Pending from the page', discussion_id: t.id, resolve_discussion: true, references: { users: [], commands: '' } });
    // A draft, only its author's: no note was written
    expect((await drafts(who.bob)).map((d) => d.note)).toEqual(['Pending from the page']);
    expect((await discussions(who.alice)).flatMap((d) => d.notes).length).toBe(before);

    // Validated as the REST API's; GitLab's answer {errors: "<sentence>"}
    const bad = async (body: Record<string, unknown>) => {
      const r = await call<{ errors: string }>(app, 'POST', `${page}/notes`, { auth: who.bob, body });
      expect(r.status).toBe(422);
      return r.body.errors;
    };
    expect(await bad({ draft_note: { note: '  ' } })).toBe("Note can't be blank");
    expect(await bad({ draft_note: { note: 'x' }, in_reply_to_discussion_id: 'nope' })).toBe('In reply to discussion id is invalid');
    expect(await bad({ draft_note: { note: 'x' }, in_reply_to_discussion_id: 'a'.repeat(40) })).toMatch(/^In reply to discussion id is not a discussion/);
    expect(await bad({ draft_note: { note: 'x', resolve_discussion: 'maybe' } })).toBe('Resolve discussion must be a boolean');
    expect(await bad({ draft_note: { note: 'x', position: '{not json' } })).toBe('Position is not valid JSON');
    expect(await bad({ draft_note: 42 })).toBe('Draft note is invalid');
    expect((await drafts(who.bob)).length).toBe(1);
    // Signed out: refused
    expect((await call(app, 'POST', `${page}/notes`, { auth: who.anonymous, body: { draft_note: { note: 'x' } } })).status).toBe(401);
    expect((await call(app, 'DELETE', `${api}/draft_notes/${res.body.id}`, { auth: who.bob })).status).toBe(204);
  });

  it("a draft's references: the users it mentions and its quick actions explained (GitLab's QuickActions explain), the text shown without them", async () => {
    const made = await call<ApiDraftNote>(app, 'POST', `${api}/draft_notes`, { auth: who.bob, body: { note: 'Ping @alice and @nobody_here\n/label ~bug\n/close\n/assign_reviewer @carol' } });
    expect(made.status).toBe(201);
    expect(made.body.references.users).toEqual(['alice']);
    const commands = made.body.references.commands;
    expect(commands).toContain('Closes this merge request.');
    expect(commands).toContain('Assigns');
    expect(commands).toContain('as reviewer.');
    expect(commands).toMatch(/Adds .*bug.* label\./);
    expect(made.body.note_html).toContain('Ping');
    expect(made.body.note_html).not.toContain('/close');
    // The list answers the same
    expect((await drafts(who.bob)).find((d) => d.id === made.body.id)!.references).toEqual(made.body.references);
    // No script in the explanation of a command's argument
    const evil = await call<ApiDraftNote>(app, 'POST', `${api}/draft_notes`, { auth: who.bob, body: { note: '/title <img src=x onerror=alert(1)>' } });
    expect(evil.status).toBe(201);
    expect(evil.body.references.commands).toContain('Changes the title to');
    expect(evil.body.references.commands).not.toMatch(/<img[^>]*onerror/i);
    for (const id of [made.body.id, evil.body.id]) expect((await call(app, 'DELETE', `${api}/draft_notes/${id}`, { auth: who.bob })).status).toBe(204);
  });

  it("a merge request comment's preview explains its commands as the draft does (target_type MergeRequest); an issue's stays an issue's", async () => {
    const preview = (body: Record<string, unknown>) => call<{ html: string; commands: string[] }>(app, 'POST', '/api/v4/markdown', { auth: who.bob, body: { text: 'Done\n/close\n/assign_reviewer @carol', project: P, quick_actions: true, ...body } });
    const mr = await preview({ target_type: 'MergeRequest' });
    expect(mr.status).toBe(201);
    expect(mr.body.commands).toEqual(['Closes this merge request.', 'Assigns @carol as reviewer.']);
    expect(mr.body.html).not.toContain('/close');
    const issue = await preview({});
    expect(issue.body.commands).toEqual(['Closes this issue.']);
    expect((await preview({ target_type: 'Epicish' })).status).toBe(400);
  });

  it('a published reply reopens a resolved thread unless it resolves it (and may): live, in the publish transaction', async () => {
    const reopened = await thread('Resolved, then questioned');
    const stays = await thread('Resolved, and confirmed');
    const guestTried = await thread('Resolved, a guest replies');
    for (const t of [reopened, stays, guestTried]) await resolveThread(t.id);
    const aliceSees = await listen(who.alice);
    const draft = (auth: Auth, body: Record<string, unknown>) => call(app, 'POST', `${api}/draft_notes`, { auth, body });
    expect((await draft(who.bob, { note: 'Not quite yet', in_reply_to_discussion_id: reopened.id })).status).toBe(201);
    expect((await draft(who.bob, { note: 'Confirmed', in_reply_to_discussion_id: stays.id, resolve_discussion: true })).status).toBe(201);
    expect((await call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.bob })).status).toBe(204);
    // A guest may not resolve Alice's thread: asking to resolve it, the reply still reopens it
    expect((await draft(who.dave, { note: 'Guest says', in_reply_to_discussion_id: guestTried.id, resolve_discussion: true })).status).toBe(201);
    expect((await call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.dave })).status).toBe(204);

    const after = await discussions(who.alice);
    const of = (id: string) => after.find((d) => d.id === id)!;
    expect(of(reopened.id).notes.map((n) => [n.body, n.resolved, n.resolved_by])).toEqual([
      ['Resolved, then questioned', false, null],
      ['Not quite yet', false, null],
    ]);
    expect(of(stays.id).notes.map((n) => n.resolved)).toEqual([true, true]);
    expect(of(guestTried.id).notes.map((n) => n.resolved)).toEqual([false, false]);
    // Other pages see the reopening live
    const deadline = Date.now() + 5000;
    const reopenedLive = () => aliceSees.filter((e) => e.payload.note?.resolved === false).map((e) => Number(e.payload.note!.id));
    while (reopenedLive().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(reopenedLive()).toEqual(expect.arrayContaining([reopened.notes[0]!.id, guestTried.notes[0]!.id].map(Number)));
  });

  it("the page data's can_receive_suggestion (GitLab's supports_suggestion?: a merge request's lines take suggestions from whoever comments)", async () => {
    for (const auth of [who.bob, who.carol, who.anonymous]) {
      const data = (await call<MergeRequestPageData>(app, 'GET', `${page}/page.json`, { auth })).body;
      expect(data.can_receive_suggestion).toBe(true);
    }
    // Applying stays the push rule
    expect((await call<MergeRequestPageData>(app, 'GET', `${page}/page.json`, { auth: who.carol })).body.permissions.canApplySuggestions).toBe(false);
    expect((await call<MergeRequestPageData>(app, 'GET', `${page}/page.json`, { auth: who.bob })).body.permissions.canApplySuggestions).toBe(true);
  });
});
