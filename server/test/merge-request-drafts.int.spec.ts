import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { DRAFT_ERRORS, mergeRequestStreamPath, type ApiDiffFile, type ApiDraftNote, type ApiMergeRequest, type ApiNote, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { REVIEW_DEMO } from '../src/modules/merge-request/diffs/review-demo';
import { RepositoryService } from '../src/modules/repository';
import { EVENT_BUS, type BusEvent, type EventBus } from '../src/core/realtime/event-bus';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * Batch review on Postgres and PGlite: GitLab's draft notes API (CRUD, private to their author,
 * validated), a submitted review publishing every draft at once (one transaction, one batch of
 * events for the other page's socket, nothing visible before), a reply that resolves its
 * thread, and two racing submits publishing the drafts once.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
type D = { id: string; individual_note: boolean; resolved?: boolean; notes: Array<{ id: number; body: string; resolved: boolean }> };
type Ev = { type: string; seq: number; payload: { note?: ApiNote; batch?: { index: number; size: number } } };

describe.each(DB_MODES)('review drafts on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let iid: number;
  let api: string;
  let diff: MergeRequestDiffsResponse;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    const base = await repo.writeCommit({ branch: 'drafts-base', startSha: null, message: 'Base', author: me, actions: REVIEW_DEMO.base() });
    await repo.writeCommit({ branch: 'drafts-head', startSha: base.sha, message: 'Change', author: me, actions: REVIEW_DEMO.change() });
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Review drafts', source_branch: 'drafts-head', target_branch: 'drafts-base' } });
    expect(mr.status).toBe(201);
    iid = mr.body.iid;
    api = `/api/v4/projects/${enc(P)}/merge_requests/${iid}`;
    diff = (await call<MergeRequestDiffsResponse>(app, 'GET', `/${P}/-/merge_requests/${iid}/diffs.json`, { auth: who.bob })).body;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  const file = (p: string) => diff.diff_files.find((f: ApiDiffFile) => f.new_path === p)!;
  const position = (newLine: number) => {
    const r = diff.diff_refs;
    return { position_type: 'text', base_sha: r.base_sha, start_sha: r.start_sha, head_sha: r.head_sha, old_path: 'src/search.ts', new_path: 'src/search.ts', new_line: newLine };
  };
  const draft = (auth: Auth, body: Record<string, unknown>) => call<ApiDraftNote>(app, 'POST', `${api}/draft_notes`, { auth, body });
  const discussions = async (auth: Auth) => (await call<D[]>(app, 'GET', `${api}/discussions?per_page=100`, { auth })).body;
  const listen = async (auth: Auth) => {
    const s = io(app.url, { transports: ['websocket'], auth: { token: (auth as { token: string }).token }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got: Ev[] = [];
    for (const t of ['note.created', 'note.updated']) s.on(t, (e: Ev) => got.push(e));
    // a batch message (a submitted review) carries its events in order
    s.on('batch', (b: { events: Ev[] }) => got.push(...b.events));
    expect(await s.timeout(10_000).emitWithAck('subscribe', { channel: 'MergeRequestsChannel', project_path: mergeRequestStreamPath(P), iid })).toMatchObject({ ok: true });
    return got;
  };
  /** A socket subscribed from `after`, recording every message by name (a batch with its events). */
  const frames = async (auth: Auth, after?: number) => {
    const s = io(app.url, { transports: ['websocket'], auth: { token: (auth as { token: string }).token }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got: Array<{ name: string; events: Ev[] }> = [];
    s.onAny((name: string, body: Ev | { events: Ev[] }) => {
      if (name === 'batch') got.push({ name, events: (body as { events: Ev[] }).events });
      else if (name.startsWith('note.')) got.push({ name, events: [body as Ev] });
    });
    const ack = (await s.timeout(10_000).emitWithAck('subscribe', { channel: 'MergeRequestsChannel', project_path: mergeRequestStreamPath(P), iid, ...(after === undefined ? {} : { after }) })) as { ok: boolean; seq: number };
    expect(ack).toMatchObject({ ok: true });
    return { socket: s, got, seq: ack.seq };
  };

  it('CRUD: drafts are their author\'s only; bad input is a 400 naming the field and writes nothing', async () => {
    const added = code();
    const made = await draft(who.bob, { note: 'Pending **thought**', position: position(added) });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ note: 'Pending **thought**', resolve_discussion: false, discussion_id: null, file_path: 'src/search.ts', position: { new_line: added, new_path: 'src/search.ts' } });
    expect(made.body.note_html).toContain('<strong>thought</strong>');
    const id = made.body.id;
    // Only the author sees it
    expect((await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.bob })).body.map((d) => d.id)).toEqual([id]);
    expect((await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.alice })).body).toEqual([]);
    expect((await call(app, 'GET', `${api}/draft_notes/${id}`, { auth: who.alice })).status).toBe(404);
    expect((await call(app, 'PUT', `${api}/draft_notes/${id}`, { auth: who.alice, body: { note: 'hijack' } })).status).toBe(404);
    expect((await call(app, 'DELETE', `${api}/draft_notes/${id}`, { auth: who.alice })).status).toBe(404);
    expect((await call(app, 'PUT', `${api}/draft_notes/${id}/publish`, { auth: who.alice })).status).toBe(404);
    expect((await call(app, 'GET', `${api}/draft_notes`, { auth: who.anonymous })).status).toBe(401);
    // Nor does it show in the discussions
    expect((await discussions(who.alice)).some((d) => d.notes.some((n) => n.body.includes('Pending')))).toBe(false);
    // Edit and read back
    const edited = await call<ApiDraftNote>(app, 'PUT', `${api}/draft_notes/${id}`, { auth: who.bob, body: { note: 'Pending, edited', resolve_discussion: true } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'Pending, edited', resolve_discussion: true });
    expect((await call<ApiDraftNote>(app, 'GET', `${api}/draft_notes/${id}`, { auth: who.bob })).body.note).toBe('Pending, edited');
    // Bad input
    const bad = async (body: Record<string, unknown>) => {
      const r = await draft(who.bob, body);
      expect(r.status).toBe(400);
      return r.body as unknown as { message: Record<string, string[]> };
    };
    expect((await bad({ note: '  ' })).message.note).toEqual(["can't be blank"]);
    expect((await bad({ note: 'x', position: position(9999) })).message.position).toEqual(['line is not a line of the diff']);
    expect((await bad({ note: 'x', in_reply_to_discussion_id: 'nope' })).message.in_reply_to_discussion_id).toEqual(['is invalid']);
    expect((await bad({ note: 'x', in_reply_to_discussion_id: 'a'.repeat(40) })).message.in_reply_to_discussion_id).toEqual([DRAFT_ERRORS.discussionNotFound]);
    expect((await bad({ note: 'x', resolve_discussion: 'maybe' })).message.resolve_discussion).toEqual(['must be a boolean']);
    expect((await call(app, 'PUT', `${api}/draft_notes/${id}`, { auth: who.bob, body: { note: '' } })).status).toBe(400);
    expect((await call(app, 'GET', `${api}/draft_notes/abc`, { auth: who.bob })).status).toBe(404);
    // Signed-out visitors may not draft
    expect((await draft(who.anonymous, { note: 'x' })).status).toBe(401);
    expect((await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.bob })).body).toHaveLength(1);
    // Delete
    expect((await call(app, 'DELETE', `${api}/draft_notes/${id}`, { auth: who.bob })).status).toBe(204);
    expect((await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.bob })).body).toEqual([]);
  });

  it("a reply draft to an ordinary thread (no diff position) answers GitLab's REST fields; published, it lands in the thread and resolves it", async () => {
    const thread = await call<D>(app, 'POST', `${api}/discussions`, { auth: who.alice, body: { body: 'An overview question' } });
    expect(thread.status).toBe(201);
    const made = await draft(who.bob, { note: 'Answered in the overview', in_reply_to_discussion_id: thread.body.id, resolve_discussion: true });
    expect(made.status).toBe(201);
    // GitLab's API::Entities::DraftNote, every field of it
    expect(Object.keys(made.body)).toEqual(expect.arrayContaining(['id', 'author_id', 'merge_request_id', 'resolve_discussion', 'discussion_id', 'note', 'commit_id', 'line_code', 'position']));
    expect(made.body).toMatchObject({ discussion_id: thread.body.id, resolve_discussion: true, position: null, line_code: null, file_path: null });
    expect((await call(app, 'PUT', `${api}/draft_notes/${made.body.id}/publish`, { auth: who.bob })).status).toBe(204);
    const after = (await discussions(who.alice)).find((d) => d.id === thread.body.id)!;
    expect(after.notes.map((n) => [n.body, n.resolved])).toEqual([['An overview question', true], ['Answered in the overview', true]]);
  });

  function code(): number {
    return file('src/search.ts').highlighted_diff_lines.find((l) => l.type === 'new')!.new_line!;
  }

  it('bulk_publish: every draft and the summary become notes at once, in one transaction, as one batch of events on the other page', async () => {
    // A thread of Alice's that Bob's review replies to and resolves
    const thread = await call<D>(app, 'POST', `${api}/discussions`, { auth: who.alice, body: { body: 'Is this right?', position: position(code()) } });
    expect(thread.status).toBe(201);
    const aliceSees = await listen(who.alice);
    const a = await draft(who.bob, { note: 'First pending', position: position(code()) });
    const b = await draft(who.bob, { note: 'Second pending' });
    const c = await draft(who.bob, { note: 'Agreed, fixed', in_reply_to_discussion_id: thread.body.id, resolve_discussion: true });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(c.body.position).toMatchObject({ new_line: code() });
    // Nothing reached Alice while Bob drafted
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceSees).toEqual([]);
    const before = (await discussions(who.alice)).length;

    const batches: Array<readonly BusEvent[]> = [];
    const off = app.running.app.get<EventBus>(EVENT_BUS).subscribe({ events: (b) => batches.push(b) });
    const res = await call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.bob, body: { note: 'Looks good overall' } });
    off();
    expect(res.status).toBe(204);
    // one committed transaction, one message on the bus: the four notes and the resolve
    expect(batches.map((b) => b.map((e) => e.event.type))).toEqual([['note.created', 'note.created', 'note.created', 'note.created', 'note.updated']]);
    const deadline = Date.now() + 5000;
    while (aliceSees.filter((e) => e.type === 'note.created').length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const created = aliceSees.filter((e) => e.type === 'note.created');
    expect(created.map((e) => [e.payload.note!.note, e.payload.batch])).toEqual([
      ['First pending', { index: 1, size: 4 }],
      ['Second pending', { index: 2, size: 4 }],
      ['Agreed, fixed', { index: 3, size: 4 }],
      ['Looks good overall', { index: 4, size: 4 }],
    ]);
    // consecutive seqs: one transaction took them in a row
    expect(created.map((e) => e.seq - created[0]!.seq)).toEqual([0, 1, 2, 3]);
    expect(created[0]!.payload.note).toMatchObject({ type: 'DiffNote', position: { new_line: code() } });
    expect(created[3]!.payload.note).toMatchObject({ type: null, individual_note: true });
    // the replied thread is resolved, live too
    while (!aliceSees.some((e) => e.type === 'note.updated') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(aliceSees.find((e) => e.type === 'note.updated')!.payload.note).toMatchObject({ id: String(thread.body.notes[0]!.id), resolved: true });
    const after = await discussions(who.alice);
    expect(after.length).toBe(before + 3);
    const resolved = after.find((d) => d.id === thread.body.id)!;
    expect(resolved.notes.map((n) => [n.body, n.resolved])).toEqual([['Is this right?', true], ['Agreed, fixed', true]]);
    // the drafts are gone
    expect((await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.bob })).body).toEqual([]);
  });

  it('a 30-draft review reaches a subscribed socket as ONE batch message with every note in order; a reconnecting socket replays the same notes once', async () => {
    const live = await frames(who.alice);
    const start = live.seq;
    const texts = Array.from({ length: 30 }, (_, k) => `Batch draft ${k + 1}`);
    for (const t of texts) expect((await draft(who.bob, { note: t })).status).toBe(201);
    expect((await call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.bob })).status).toBe(204);
    const deadline = Date.now() + 5000;
    while (!live.got.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200)); // nothing else follows
    // one message, named batch, carrying the 30 note.created events in seq order
    expect(live.got.map((f) => f.name)).toEqual(['batch']);
    const events = live.got[0]!.events;
    expect(events.map((e) => e.payload.note!.note)).toEqual(texts);
    expect(events.map((e) => e.type)).toEqual(texts.map(() => 'note.created'));
    expect(events.map((e) => e.seq)).toEqual(texts.map((_, k) => start + 1 + k));
    expect(events.map((e) => e.payload.batch)).toEqual(texts.map((_, k) => ({ index: k + 1, size: 30 })));
    live.socket.close();

    // A socket that missed it (subscribes with the seq it had) gets each note once from the log
    const back = await frames(who.alice, start);
    expect(back.seq).toBe(start + 30);
    const replayed = back.got.flatMap((f) => f.events);
    expect(replayed.map((e) => e.payload.note!.note)).toEqual(texts);
    expect(new Set(replayed.map((e) => e.seq)).size).toBe(30);
    // and nothing more arrives afterwards (no duplicate live delivery)
    await new Promise((r) => setTimeout(r, 300));
    expect(back.got.flatMap((f) => f.events)).toHaveLength(30);
    // the notes are there for a plain read too
    const bodies = (await discussions(who.alice)).flatMap((d) => d.notes.map((n) => n.body));
    for (const t of texts) expect(bodies.filter((b) => b === t)).toHaveLength(1);
  });

  it('a review written in one statement: two replies turn an individual comment into a thread once, and each event names its stored note (id, permalink, order)', async () => {
    const comment = await call<ApiNote>(app, 'POST', `${api}/notes`, { auth: who.alice, body: { body: 'A plain comment' } });
    expect(comment.status).toBe(201);
    const root = (await discussions(who.alice)).find((d) => d.notes.some((n) => n.id === Number(comment.body.id)))!;
    expect(root.individual_note).toBe(true);
    const aliceSees = await listen(who.alice);
    expect((await draft(who.mallory, { note: 'Reply one', in_reply_to_discussion_id: root.id })).status).toBe(201);
    expect((await draft(who.mallory, { note: 'A thought of its own' })).status).toBe(201);
    expect((await draft(who.mallory, { note: 'Reply two', in_reply_to_discussion_id: root.id })).status).toBe(201);
    expect((await call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.mallory })).status).toBe(204);
    const deadline = Date.now() + 5000;
    while (aliceSees.filter((e) => e.type === 'note.created').length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    // the root's conversion is announced once, before the first reply, and seqs run without a gap
    expect(aliceSees.map((e) => [e.type, e.payload.note!.note])).toEqual([
      ['note.updated', 'A plain comment'],
      ['note.created', 'Reply one'],
      ['note.created', 'A thought of its own'],
      ['note.created', 'Reply two'],
    ]);
    expect(aliceSees.map((e) => e.seq - aliceSees[0]!.seq)).toEqual([0, 1, 2, 3]);
    expect(aliceSees[0]!.payload.note).toMatchObject({ id: String(comment.body.id), type: 'DiscussionNote' });
    // each event carries its own note's id and permalink, ids in the drafts' order
    const after = await discussions(who.alice);
    const thread = after.find((d) => d.id === root.id)!;
    expect(thread.individual_note).toBe(false);
    expect(thread.notes.map((n) => n.body)).toEqual(['A plain comment', 'Reply one', 'Reply two']);
    const stored = new Map(after.flatMap((d) => d.notes).map((n) => [n.body, n.id]));
    const created = aliceSees.filter((e) => e.type === 'note.created');
    for (const e of created) {
      expect(e.payload.note!.id).toBe(String(stored.get(e.payload.note!.note)));
      expect(e.payload.note!.noteable_note_url).toMatch(new RegExp(`#note_${stored.get(e.payload.note!.note)}$`));
    }
    const ids = created.map((e) => Number(e.payload.note!.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(created.map((e) => e.payload.note!.discussion_id)).toEqual([root.id, expect.any(String), root.id]);
  });

  it('two racing submits publish the drafts once; publishing one draft leaves the others pending', async () => {
    for (const n of ['One', 'Two', 'Three']) expect((await draft(who.carol, { note: `Race ${n}` })).status).toBe(201);
    const count = async () => (await discussions(who.alice)).filter((d) => d.notes.some((n) => n.body.startsWith('Race '))).length;
    const [r1, r2] = await Promise.all([
      call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.carol }),
      call(app, 'POST', `${api}/draft_notes/bulk_publish`, { auth: who.carol }),
    ]);
    expect([r1.status, r2.status]).toEqual([204, 204]);
    expect(await count()).toBe(3);

    const one = await draft(who.carol, { note: 'Single publish' });
    await draft(who.carol, { note: 'Still pending' });
    expect((await call(app, 'PUT', `${api}/draft_notes/${one.body.id}/publish`, { auth: who.carol })).status).toBe(204);
    const left = (await call<ApiDraftNote[]>(app, 'GET', `${api}/draft_notes`, { auth: who.carol })).body;
    expect(left.map((d) => d.note)).toEqual(['Still pending']);
    expect((await discussions(who.alice)).some((d) => d.notes.some((n) => n.body === 'Single publish'))).toBe(true);
  });
});
