import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type TestApp } from './harness';

/**
 * The one-statement write fills the statement's now() and the notes' ids into the stored
 * payloads in SQL, and into the live events in JS: a client that replays the log must see
 * exactly what a live watcher saw. A drift between the two fails here.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('live events equal their replay on %s', (mode) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await bootApp(mode);
    token = await insertPat(app, 'bob');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a title change and a close: note.created and issue.updated as emitted are the rows of issue_events', async () => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Array<{ type: string; seq: number; payload: unknown; at: string }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      for (const type of ['note.created', 'issue.updated']) socket.on(type, (e: { type: string; seq: number; payload: unknown; at: string }) => live.push(e));
      const ack = await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 6 });
      expect(ack).toMatchObject({ ok: true });

      const auth = tokenAuth(token);
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth, body: { title: `Replayed title ${Date.now()}` } })).status).toBe(200);
      expect((await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/6`, { auth, body: { state_event: 'close' } })).status).toBe(200);
      const deadline = Date.now() + 5000;
      while (live.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(live.map((e) => e.type)).toEqual(['note.created', 'issue.updated', 'note.created', 'issue.updated']);

      const [{ id }] = (await app.ds.query(`SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 6`, [PUBLIC])) as [{ id: number }];
      const stored = (await app.ds.query(`SELECT seq, type, payload, created_at FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND seq = ANY($2::int[]) ORDER BY seq`, [
        id,
        live.map((e) => e.seq),
      ])) as Array<{ seq: number; type: string; payload: { payload: unknown } | string; created_at: Date }>;
      const rows = stored.map((r) => ({ seq: r.seq, type: r.type, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload, at: new Date(r.created_at).toISOString() }));
      expect(live.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, at: e.at }))).toEqual(rows);
      // what the statement filled in is there, not a stand-in
      const note = (live[0]!.payload as { note: { id: string; created_at: string; noteable_note_url: string } }).note;
      expect(Number(note.id)).toBeGreaterThan(0);
      expect(note.noteable_note_url.endsWith(`#note_${note.id}`)).toBe(true);
      expect(note.created_at).not.toBe(new Date(0).toISOString());
      const closed = (live[3]!.payload as { fields: { closed_at: string; updated_at: string } }).fields;
      expect(closed.closed_at).toBe(closed.updated_at);
      expect(closed.closed_at).not.toBe(new Date(0).toISOString());
    } finally {
      socket.close();
    }
  });
  it('note writes: create, a reply converting a comment, edit, resolve and delete emit what issue_events stores', async () => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Array<{ type: string; seq: number; payload: unknown; at: string }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      for (const type of ['note.created', 'note.updated', 'note.deleted']) socket.on(type, (e: { type: string; seq: number; payload: unknown; at: string }) => live.push(e));
      const ack = await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'IssuesChannel', project_path: PUBLIC, iid: 7 });
      expect(ack).toMatchObject({ ok: true });

      const auth = tokenAuth(token);
      const [{ id }] = (await app.ds.query(`SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 7`, [PUBLIC])) as [{ id: number }];
      const create = (body: Record<string, unknown>) => call<{ id: string; discussion_id: string }>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${id}`, { auth, body });
      const comment = await create({ note: { note: 'Live comment' } });
      expect(comment.status).toBe(200);
      const reply = await create({ note: { note: 'Live reply' }, in_reply_to_discussion_id: comment.body.discussion_id });
      expect(reply.status).toBe(200);
      expect((await call(app, 'PUT', `/${PUBLIC}/notes/${reply.body.id}`, { auth, body: { note: { note: 'Live reply, edited' } } })).status).toBe(200);
      expect((await call(app, 'PUT', `/${PUBLIC}/-/issues/7/discussions/${comment.body.discussion_id}/resolve`, { auth })).status).toBe(200);
      expect((await call(app, 'DELETE', `/${PUBLIC}/notes/${reply.body.id}`, { auth })).status).toBe(200);
      const deadline = Date.now() + 5000;
      while (live.length < 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(live.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'note.created', 'note.updated', 'note.updated', 'note.updated', 'note.deleted']);

      const stored = (await app.ds.query(`SELECT seq, type, payload, created_at FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND seq = ANY($2::int[]) ORDER BY seq`, [
        id,
        live.map((e) => e.seq),
      ])) as Array<{ seq: number; type: string; payload: { payload: unknown } | string; created_at: Date }>;
      const rows = stored.map((r) => ({ seq: r.seq, type: r.type, payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).payload, at: new Date(r.created_at).toISOString() }));
      expect(live.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, at: e.at }))).toEqual(rows);
      // seqs are contiguous and the statement's values are filled in
      expect(live.map((e) => e.seq - live[0]!.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const created = (live[0]!.payload as { note: { id: string; created_at: string; noteable_note_url: string } }).note;
      expect(created.id).toBe(comment.body.id);
      expect(created.noteable_note_url.endsWith(`#note_${created.id}`)).toBe(true);
      expect(created.created_at).not.toBe(new Date(0).toISOString());
      const converted = (live[1]!.payload as { note: { id: string; type: string; resolvable: boolean } }).note;
      expect(converted).toMatchObject({ id: comment.body.id, type: 'DiscussionNote', resolvable: true });
      const resolved = (live[4]!.payload as { note: { resolved: boolean; resolved_at: string; updated_at: string } }).note;
      expect(resolved.resolved).toBe(true);
      expect(resolved.resolved_at).toBe(resolved.updated_at);
      expect(live[6]!.payload).toEqual({ note_id: reply.body.id, discussion_id: comment.body.discussion_id });
    } finally {
      socket.close();
    }
  });
});
