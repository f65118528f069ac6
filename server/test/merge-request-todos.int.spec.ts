import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { VALIDATION, TODO_ISSUABLE_TYPES, type ApiTodo, type TodoToggleResponse } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, enc, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * A merge request's to-do as its user sees it, on both databases: the sidebar's toggle (the page
 * endpoints {project}/-/todos with the merge request's id) adds one pending to-do, reads it and
 * marks it done, answering the count and pushing it to the user's sockets; GitLab's
 * POST .../merge_requests/:iid/todo answers 201 then 304; a bad issuable_type is refused with
 * the allowed values and writes nothing; a merge request the user cannot read is not found.
 */
const P = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

type State = TodoToggleResponse & { todo_id: number | null };

describe.each(DB_MODES)('merge request to-dos on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fresh merge request of Alice's on its own branches of the project. */
  const newMr = (project: string, title: string) => demoMergeRequest(app, who.alice, project, title);
  const pending = async (auth: Auth) => {
    const res = await call<ApiTodo[]>(app, 'GET', '/api/v4/todos', { auth });
    expect(res.status).toBe(200);
    return res.body;
  };
  const onMr = async (auth: Auth, mrId: number) => (await pending(auth)).filter((t) => t.target_type === 'MergeRequest' && t.target.id === mrId);
  const rowsOn = async (mrId: number) => ((await app.ds.query('SELECT user_id, state FROM todos WHERE merge_request_id = $1 ORDER BY id', [mrId])) as unknown[]).length;
  const toggle = (method: 'POST' | 'DELETE', auth: Auth, project: string, body: Record<string, unknown>) => call<TodoToggleResponse & { message?: Record<string, string[]> }>(app, method, `/${project}/-/todos`, { auth, body });
  /** The next `todos.count` the socket receives (a missing push fails in seconds, not at the test's timeout). */
  const nextCount = (socket: Socket) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no todos.count push')), 5000);
      socket.once('todos.count', (s: { count: number }) => {
        clearTimeout(timer);
        resolve(s.count);
      });
    });
  const state = (auth: Auth, project: string, id: number, type = 'merge_request') => call<State>(app, 'GET', `/${project}/-/todos?issuable_id=${id}&issuable_type=${type}`, { auth });

  it("the sidebar toggle adds one pending to-do on the merge request, reads it and marks it done, answering the user's count", async () => {
    const mr = await newMr(P, 'Sidebar to-do on a merge request');
    const start = (await pending(who.carol)).length;
    expect((await state(who.carol, P, mr.id)).body).toEqual({ todo_id: null, count: start, delete_path: null });

    const added = await toggle('POST', who.carol, P, { issuable_id: mr.id, issuable_type: 'merge_request' });
    expect(added.status).toBe(200);
    expect(added.body.count).toBe(start + 1);
    expect(added.body.delete_path).toMatch(/^\/dashboard\/todos\/\d+$/);
    const todoId = Number(added.body.delete_path!.split('/').pop());
    const listed = await onMr(who.carol, mr.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: todoId, action_name: 'marked', state: 'pending', target: { iid: mr.iid, title: 'Sidebar to-do on a merge request' } });
    expect(listed[0]!.target_url).toMatch(new RegExp(`/${P}/-/merge_requests/${mr.iid}$`));

    // a second click (or the class name GitLab's pages also send) adds nothing
    const again = await toggle('POST', who.carol, P, { issuable_id: mr.id, issuable_type: 'MergeRequest' });
    expect(again.body).toEqual({ count: start + 1, delete_path: `/dashboard/todos/${todoId}` });
    expect(await onMr(who.carol, mr.id)).toHaveLength(1);
    expect((await state(who.carol, P, mr.id)).body).toEqual({ todo_id: todoId, count: start + 1, delete_path: `/dashboard/todos/${todoId}` });
    // the to-do is Carol's alone
    expect((await state(who.bob, P, mr.id)).body.todo_id).toBeNull();

    const removed = await toggle('DELETE', who.carol, P, { issuable_id: mr.id, issuable_type: 'merge_request' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ count: start, delete_path: null });
    expect(await onMr(who.carol, mr.id)).toEqual([]);
    expect((await call<ApiTodo[]>(app, 'GET', '/api/v4/todos?state=done&type=MergeRequest', { auth: who.carol })).body.map((t) => t.id)).toContain(todoId);
    expect((await state(who.carol, P, mr.id)).body).toEqual({ todo_id: null, count: start, delete_path: null });
  });

  it('the sidebar reads a to-do added by /todo in a comment', async () => {
    const mr = await newMr(P, 'To-do by command, seen by the sidebar');
    expect((await call(app, 'POST', `${mr.api}/notes`, { auth: who.bob, body: { body: '/todo' } })).status).toBe(202);
    const [mine] = await onMr(who.bob, mr.id);
    expect((await state(who.bob, P, mr.id)).body.todo_id).toBe(mine!.id);
    // and the sidebar's "Mark as done" undoes it, as /done would
    await toggle('DELETE', who.bob, P, { issuable_id: mr.id, issuable_type: 'merge_request' });
    expect(await onMr(who.bob, mr.id)).toEqual([]);
  });

  it("each toggle pushes the user's new pending count to their own sockets", async () => {
    const mr = await newMr(P, 'Live count from the merge request sidebar');
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, 'dave') }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const start = (await pending(who.dave)).length;
      const up = nextCount(socket);
      await toggle('POST', who.dave, P, { issuable_id: mr.id, issuable_type: 'merge_request' });
      expect(await up).toBe(start + 1);
      const down = nextCount(socket);
      await toggle('DELETE', who.dave, P, { issuable_id: mr.id, issuable_type: 'merge_request' });
      expect(await down).toBe(start);
    } finally {
      socket.close();
    }
  });

  it('REST: POST .../merge_requests/:iid/todo is 201 with the to-do, then 304; 404 unreadable, 401 signed out, 403 read-only token', async () => {
    const mr = await newMr(P, 'REST to-do on a merge request');
    const path = `${mr.api}/todo`;
    const first = await call<ApiTodo>(app, 'POST', path, { auth: who.dave });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ action_name: 'marked', state: 'pending', target_type: 'MergeRequest', target: { id: mr.id, iid: mr.iid, title: 'REST to-do on a merge request' }, project: { path_with_namespace: P } });
    expect(first.body.target_url).toMatch(new RegExp(`/${P}/-/merge_requests/${mr.iid}$`));
    expect((await onMr(who.dave, mr.id)).map((t) => t.id)).toEqual([first.body.id]);

    const second = await call(app, 'POST', path, { auth: who.dave });
    expect(second.status).toBe(304);
    expect(await onMr(who.dave, mr.id)).toHaveLength(1);

    expect((await call(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests/999999/todo`, { auth: who.dave })).status).toBe(404);
    expect((await call(app, 'POST', path, {})).status).toBe(401);
    const readOnly = tokenAuth(await insertPat(app, 'bob', ['read_api']));
    expect((await call(app, 'POST', path, { auth: readOnly })).status).toBe(403);
    expect(await onMr(who.bob, mr.id)).toEqual([]);
  });

  it('a bad issuable_type is a 400 naming the allowed types and writes nothing', async () => {
    const mr = await newMr(P, 'Bad toggle input');
    const before = await rowsOn(mr.id);
    const bad = await toggle('POST', who.carol, P, { issuable_id: mr.id, issuable_type: 'epic' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({ issuable_type: [VALIDATION.notAllowed(TODO_ISSUABLE_TYPES)] });
    expect(bad.body.message!.issuable_type![0]).toContain('merge_request');
    expect((await state(who.carol, P, mr.id, 'MergeRequests')).status).toBe(400);
    expect((await toggle('DELETE', who.carol, P, { issuable_id: mr.id })).status).toBe(400);
    expect(await rowsOn(mr.id)).toBe(before);
  });

  it("a non-member (or a guest) cannot add a to-do on a private project's merge request: 404, nothing written", async () => {
    const mr = await newMr(PRIVATE, 'Secret merge request');
    for (const auth of [who.erin, who.dave]) {
      expect((await toggle('POST', auth, PRIVATE, { issuable_id: mr.id, issuable_type: 'merge_request' })).status).toBe(404);
      expect((await state(auth, PRIVATE, mr.id)).status).toBe(404);
      expect((await call(app, 'POST', `${mr.api}/todo`, { auth })).status).toBe(404);
    }
    // nor through another project's path
    expect((await toggle('POST', who.erin, P, { issuable_id: mr.id, issuable_type: 'merge_request' })).status).toBe(404);
    expect(await rowsOn(mr.id)).toBe(0);
    // a member may
    expect((await toggle('POST', who.carol, PRIVATE, { issuable_id: mr.id, issuable_type: 'merge_request' })).status).toBe(200);
    expect(await onMr(who.carol, mr.id)).toHaveLength(1);
  });
});
