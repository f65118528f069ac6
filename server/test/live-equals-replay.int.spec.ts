import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ApiEpic, ApiIssue, ApiNote, RelatedIssue } from '@tandem/shared-types';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/**
 * A write appends its events in its own statement, filling what only the statement knows (its
 * now(), a new note's id) into the stored payloads in SQL and into the live events in JS
 * (core/realtime/event-append.ts): a client that replays the log must see exactly what a live
 * watcher saw. Every kind of write that appends events is here (issue columns, notes, awards,
 * issue links, epics); a drift between the two fails.
 */
const PUBLIC = 'acme/tandem';

interface Live {
  type: string;
  seq: number;
  issue: { id: number; iid: number; project_path: string };
  payload: unknown;
  at: string;
}

describe.each(DB_MODES)('live events equal their replay on %s', (mode) => {
  let app: TestApp;
  let token: string;
  let auth: Auth;

  beforeAll(async () => {
    app = await bootApp(mode);
    token = await insertPat(app, 'bob');
    auth = tokenAuth(token);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A socket subscribed to the noteables, collecting the typed events it is sent. */
  async function watch(targets: Array<{ channel?: 'IssuesChannel' | 'EpicsChannel'; project_path: string; iid: number }>, types: string[]) {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Live[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    for (const type of types) socket.on(type, (e: Live) => live.push(e));
    for (const t of targets) expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', ...t })).toMatchObject({ ok: true });
    return {
      live,
      close: () => socket.close(),
      /** Waits for `n` events, then gives them with their order of types. */
      async settle(n: number): Promise<Live[]> {
        const deadline = Date.now() + 5000;
        while (live.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 50));
        return live;
      },
    };
  }

  /** Each noteable's live events are its stored rows of issue_events, exactly, with contiguous seqs. */
  async function expectReplayed(noteableType: 'Issue' | 'Epic', live: Live[]) {
    const ids = [...new Set(live.map((e) => e.issue.id))];
    for (const id of ids) {
      const mine = live.filter((e) => e.issue.id === id);
      const stored = (await app.ds.query(`SELECT seq, type, payload, created_at FROM issue_events WHERE noteable_type = $1 AND noteable_id = $2 AND seq = ANY($3::int[]) ORDER BY seq`, [
        noteableType,
        id,
        mine.map((e) => e.seq),
      ])) as Array<{ seq: number; type: string; payload: { payload: unknown } | string; created_at: Date }>;
      const rows = stored.map((r) => ({ seq: r.seq, type: r.type, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload, at: new Date(r.created_at).toISOString() }));
      expect(mine.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, at: e.at }))).toEqual(rows);
      expect(mine.map((e) => e.seq - mine[0]!.seq)).toEqual(mine.map((_, k) => k));
    }
  }

  const issueId = async (iid: number) =>
    ((await app.ds.query(`SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = $2`, [PUBLIC, iid])) as [{ id: number }])[0].id;
  const newIssue = async (title: string) => (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth, body: { title } })).body;
  const notePayload = (e: Live) => (e.payload as { note: ApiNote }).note;

  it('a title change and a close: note.created and issue.updated as emitted are the rows of issue_events', async () => {
    const w = await watch([{ project_path: PUBLIC, iid: 6 }], ['note.created', 'issue.updated']);
    try {
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth, body: { title: `Replayed title ${Date.now()}` } })).status).toBe(200);
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth, body: { state_event: 'close' } })).status).toBe(200);
      const live = await w.settle(4);
      expect(live.map((e) => e.type)).toEqual(['note.created', 'issue.updated', 'note.created', 'issue.updated']);
      await expectReplayed('Issue', live);
      // what the statement filled in is there, not a stand-in
      const note = notePayload(live[0]!);
      expect(Number(note.id)).toBeGreaterThan(0);
      expect(note.noteable_note_url.endsWith(`#note_${note.id}`)).toBe(true);
      expect(note.created_at).not.toBe(new Date(0).toISOString());
      const closed = (live[3]!.payload as { fields: { closed_at: string; updated_at: string } }).fields;
      expect(closed.closed_at).toBe(closed.updated_at);
      expect(closed.closed_at).not.toBe(new Date(0).toISOString());
    } finally {
      w.close();
    }
  });

  it('note writes: create, a reply converting a comment, edit, resolve and delete emit what issue_events stores', async () => {
    const w = await watch([{ project_path: PUBLIC, iid: 7 }], ['note.created', 'note.updated', 'note.deleted']);
    try {
      const id = await issueId(7);
      const create = (body: Record<string, unknown>) => call<{ id: string; discussion_id: string }>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${id}`, { auth, body });
      const comment = await create({ note: { note: 'Live comment' } });
      expect(comment.status).toBe(200);
      const reply = await create({ note: { note: 'Live reply' }, in_reply_to_discussion_id: comment.body.discussion_id });
      expect(reply.status).toBe(200);
      expect((await call(app, 'PUT', `/${PUBLIC}/notes/${reply.body.id}`, { auth, body: { note: { note: 'Live reply, edited' } } })).status).toBe(200);
      expect((await call(app, 'PUT', `/${PUBLIC}/-/issues/7/discussions/${comment.body.discussion_id}/resolve`, { auth })).status).toBe(200);
      expect((await call(app, 'DELETE', `/${PUBLIC}/notes/${reply.body.id}`, { auth })).status).toBe(200);
      const live = await w.settle(7);
      expect(live.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'note.created', 'note.updated', 'note.updated', 'note.updated', 'note.deleted']);
      await expectReplayed('Issue', live);
      const created = notePayload(live[0]!);
      expect(created.id).toBe(comment.body.id);
      expect(created.noteable_note_url.endsWith(`#note_${created.id}`)).toBe(true);
      expect(created.created_at).not.toBe(new Date(0).toISOString());
      expect(notePayload(live[1]!)).toMatchObject({ id: comment.body.id, type: 'DiscussionNote', resolvable: true });
      const resolved = notePayload(live[4]!);
      expect(resolved.resolved).toBe(true);
      expect(resolved.resolved_at).toBe(resolved.updated_at);
      expect(live[6]!.payload).toEqual({ note_id: reply.body.id, discussion_id: comment.body.discussion_id });
    } finally {
      w.close();
    }
  });

  it('award toggles on an issue (the other thumb taken off in the same write) and on a note', async () => {
    const issue = await newIssue('Awarded live');
    const w = await watch([{ project_path: PUBLIC, iid: issue.iid }], ['award.toggled', 'note.created']);
    try {
      const toggle = (path: string, name: string) => call<{ toggled_on: boolean }>(app, 'POST', path, { auth, body: { name } });
      const onIssue = `/${PUBLIC}/-/issues/${issue.iid}/toggle_award_emoji`;
      expect((await toggle(onIssue, 'thumbsup')).body.toggled_on).toBe(true);
      expect((await toggle(onIssue, 'thumbsdown')).body.toggled_on).toBe(true);
      expect((await toggle(onIssue, 'thumbsdown')).body.toggled_on).toBe(false);
      const note = await call<{ id: string }>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${issue.id}`, { auth, body: { note: { note: 'Award me' } } });
      expect((await toggle(`/${PUBLIC}/notes/${note.body.id}/toggle_award_emoji`, 'rocket')).body.toggled_on).toBe(true);
      expect((await toggle(`/${PUBLIC}/notes/${note.body.id}/toggle_award_emoji`, 'rocket')).body.toggled_on).toBe(false);
      const live = await w.settle(7);
      const award = (e: Live) => e.payload as { awardable_type: string; name: string; toggled_on: boolean };
      expect(live.map((e) => (e.type === 'award.toggled' ? `${award(e).awardable_type} ${award(e).name} ${award(e).toggled_on}` : e.type))).toEqual([
        'Issue thumbsup true',
        'Issue thumbsup false',
        'Issue thumbsdown true',
        'Issue thumbsdown false',
        'note.created',
        'Note rocket true',
        'Note rocket false',
      ]);
      await expectReplayed('Issue', live);
    } finally {
      w.close();
    }
  });

  it('adding and removing a related issue: both issues get their system notes and issue.links as stored', async () => {
    const a = await newIssue('Live link source');
    const b = await newIssue('Live link target');
    const w = await watch(
      [a, b].map((i) => ({ project_path: PUBLIC, iid: i.iid })),
      ['note.created', 'issue.links'],
    );
    try {
      const links = `/${PUBLIC}/-/issues/${a.iid}/links`;
      const added = await call<{ issuables: RelatedIssue[] }>(app, 'POST', links, { auth, body: { issuable_references: [`#${b.iid}`] } });
      expect(added.status).toBe(200);
      expect((await call(app, 'DELETE', `${links}/${added.body.issuables[0]!.id_link}`, { auth })).status).toBe(200);
      const live = await w.settle(8);
      for (const side of [a, b]) expect(live.filter((e) => e.issue.id === side.id).map((e) => e.type)).toEqual(['note.created', 'issue.links', 'note.created', 'issue.links']);
      await expectReplayed('Issue', live);
      const first = notePayload(live.find((e) => e.issue.id === a.id)!);
      expect(first.note).toContain(`#${b.iid}`);
      expect(first.noteable_note_url.endsWith(`#note_${first.id}`)).toBe(true);
    } finally {
      w.close();
    }
  });

  it('epic changes: an edit with its system notes, a comment, awards and an issue joining it (its note and epic.updated), as the epic stream stores them', async () => {
    const epic = (await call<ApiEpic>(app, 'POST', `/api/v4/groups/acme/epics`, { auth, body: { title: 'Live epic' } })).body;
    const w = await watch([{ channel: 'EpicsChannel', project_path: 'groups/acme', iid: epic.iid }], ['note.created', 'epic.updated', 'award.toggled']);
    try {
      expect((await call(app, 'PUT', `/api/v4/groups/acme/epics/${epic.iid}`, { auth, body: { title: 'Live epic, renamed', state_event: 'close' } })).status).toBe(200);
      const page = `/groups/acme/-/epics/${epic.iid}`;
      const comment = await call<ApiNote>(app, 'POST', `${page}/notes`, { auth, body: { note: { note: 'On the epic' } } });
      expect(comment.status).toBe(200);
      expect((await call(app, 'POST', `${page}/toggle_award_emoji`, { auth, body: { name: 'tada' } })).status).toBe(200);
      expect((await call(app, 'POST', `${page}/notes/${comment.body.id}/toggle_award_emoji`, { auth, body: { name: 'eyes' } })).status).toBe(200);
      const issue = await newIssue('Joins the live epic');
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth, body: { epic_id: epic.id } })).status).toBe(200);
      const live = await w.settle(8);
      expect(live.map((e) => e.type)).toEqual(['note.created', 'note.created', 'epic.updated', 'note.created', 'award.toggled', 'award.toggled', 'note.created', 'epic.updated']);
      await expectReplayed('Epic', live);
      const made = notePayload(live[3]!);
      expect(made.id).toBe(comment.body.id);
      expect(made.noteable_note_url.endsWith(`#note_${made.id}`)).toBe(true);
    } finally {
      w.close();
    }
  });
});
