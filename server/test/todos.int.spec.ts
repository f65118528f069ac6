import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ApiTodo } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, insertPat, type Cast, type TestApp } from './harness';

/**
 * To-dos as their user sees them: created when someone assigns or @mentions them (only users
 * who may read the issue, never for oneself), added and marked done from the sidebar, REST and
 * GraphQL; an issue the user can no longer read is not listed; every change pushes the new
 * count on the user's own socket room.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

interface ApiIssue {
  id: number;
  iid: number;
}

describe.each(DB_MODES)('to-dos on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  const todos = async (auth: Cast[keyof Cast], query = '') => {
    const res = await call<ApiTodo[]>(app, 'GET', `/api/v4/todos${query}`, { auth });
    expect(res.status).toBe(200);
    return res.body;
  };
  const newIssue = async (project: string, body: Record<string, unknown>) =>
    (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(project)}/issues`, { auth: who.alice, body })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('assigning someone gives them an assigned to-do; assigning yourself does not', async () => {
    const before = (await todos(who.bob)).length;
    const issue = await newIssue(PUBLIC, { title: 'To-do on assign' });
    const [bob] = (await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>;
    const [alice] = (await app.ds.query(`SELECT id FROM users WHERE username = 'alice'`)) as Array<{ id: number }>;
    const put = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.alice, body: { assignee_ids: [bob!.id, alice!.id] } });
    expect(put.status).toBe(200);
    const list = await todos(who.bob);
    expect(list.length).toBe(before + 1);
    expect(list[0]).toMatchObject({ action_name: 'assigned', state: 'pending', target_type: 'Issue', target: { iid: issue.iid, title: 'To-do on assign' }, author: { username: 'alice' } });
    expect(list[0]!.target_url).toContain(`/${PUBLIC}/-/issues/${issue.iid}`);
    expect((await todos(who.alice)).some((t) => t.target.id === issue.id)).toBe(false);
  });

  it('assignees named at creation get a to-do too', async () => {
    const [carol] = (await app.ds.query(`SELECT id FROM users WHERE username = 'carol'`)) as Array<{ id: number }>;
    const issue = await newIssue(PUBLIC, { title: 'Assigned at creation', assignee_ids: [carol!.id] });
    expect((await todos(who.carol)).find((t) => t.target.id === issue.id)?.action_name).toBe('assigned');
  });

  it('a comment that @mentions users gives a to-do to those who can read the issue, not the author', async () => {
    const issue = await newIssue(PRIVATE, { title: 'Secret mention' });
    const res = await call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: 'Have a look @bob, @erin and @alice (not `@carol`)' } });
    expect(res.status).toBe(201);
    const bobs = (await todos(who.bob)).filter((t) => t.target.id === issue.id);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ action_name: 'mentioned', body: expect.stringContaining('Have a look') });
    // erin cannot read the private project; alice wrote it; carol was in a code span
    expect((await todos(who.erin)).some((t) => t.target.id === issue.id)).toBe(false);
    expect((await todos(who.alice)).some((t) => t.target.id === issue.id)).toBe(false);
    expect((await todos(who.carol)).some((t) => t.target.id === issue.id)).toBe(false);
  });

  it('a mention in a description gives a to-do once while it stays pending', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Described mention', description: 'cc @dave' });
    expect((await todos(who.dave)).filter((t) => t.target.id === issue.id)).toHaveLength(1);
    await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.alice, body: { description: 'cc @dave again' } });
    expect((await todos(who.dave)).filter((t) => t.target.id === issue.id)).toHaveLength(1);
  });

  it('the sidebar toggle adds and marks done, answering the count and the delete path', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Sidebar toggle' });
    const path = `/${PUBLIC}/-/todos`;
    const start = (await todos(who.carol)).length;
    const added = await call<{ count: number; delete_path: string }>(app, 'POST', path, { auth: who.carol, body: { issuable_id: issue.id, issuable_type: 'issue' } });
    expect(added.status).toBe(200);
    expect(added.body.count).toBe(start + 1);
    expect(added.body.delete_path).toMatch(/^\/dashboard\/todos\/\d+$/);
    const state = await call<{ todo_id: number | null; count: number }>(app, 'GET', `${path}?issuable_id=${issue.id}&issuable_type=issue`, { auth: who.carol });
    expect(state.body.todo_id).toBe(Number(added.body.delete_path.split('/').pop()));
    const removed = await call<{ count: number; delete_path: null }>(app, 'DELETE', path, { auth: who.carol, body: { issuable_id: issue.id, issuable_type: 'issue' } });
    expect(removed.body).toEqual({ count: start, delete_path: null });
    expect((await todos(who.carol, '?state=done')).some((t) => t.target.id === issue.id)).toBe(true);
  });

  it('bad toggle input is a 400 naming the field; an unreadable issue is a 404', async () => {
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', `/${PUBLIC}/-/todos`, { auth: who.carol, body: { issuable_id: 'x', issuable_type: 'issue' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message)).toContain('issuable_id');
    const secret = await newIssue(PRIVATE, { title: 'Not for erin' });
    const denied = await call(app, 'POST', `/${PRIVATE}/-/todos`, { auth: who.erin, body: { issuable_id: secret.id, issuable_type: 'issue' } });
    expect(denied.status).toBe(404);
    expect((await call(app, 'GET', '/api/v4/todos', {})).status).toBe(401);
    expect((await call(app, 'GET', '/api/v4/todos?state=nope', { auth: who.bob })).status).toBe(400);
  });

  it('REST: POST .../todo is 201 then 304; mark one done; mark all done; filters', async () => {
    const issue = await newIssue(PUBLIC, { title: 'REST todo' });
    const first = await call<ApiTodo>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/todo`, { auth: who.dave });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ action_name: 'marked', state: 'pending' });
    expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/todo`, { auth: who.dave })).status).toBe(304);
    expect((await todos(who.dave, '?action=marked')).every((t) => t.action_name === 'marked')).toBe(true);
    // someone else's to-do is not found
    expect((await call(app, 'POST', `/api/v4/todos/${first.body.id}/mark_as_done`, { auth: who.bob })).status).toBe(404);
    const done = await call<ApiTodo>(app, 'POST', `/api/v4/todos/${first.body.id}/mark_as_done`, { auth: who.dave });
    expect(done.status).toBe(201);
    expect(done.body.state).toBe('done');
    expect((await call(app, 'POST', '/api/v4/todos/mark_as_done', { auth: who.dave })).status).toBe(204);
    expect(await todos(who.dave)).toEqual([]);
  });

  it('GraphQL: todoCreate, currentUser.todos, todoMarkDone, todosMarkAllDone', async () => {
    const issue = await newIssue(PUBLIC, { title: 'GraphQL todo' });
    const created = await gql<{ todoCreate: { todo: { id: string; action: string; target: { iid: string } }; errors: string[] } }>(
      app,
      `mutation($input: TodoCreateInput!) { todoCreate(input: $input) { todo { id action target { iid } } errors } }`,
      { input: { targetId: `gid://gitlab/Issue/${issue.id}` } },
      who.carol,
    );
    expect(created.data!.todoCreate).toMatchObject({ errors: [], todo: { action: 'marked', target: { iid: String(issue.iid) } } });
    const list = await gql<{ currentUser: { todos: { nodes: Array<{ id: string }> } } }>(app, `{ currentUser { todos(state: pending) { nodes { id } } } }`, {}, who.carol);
    expect(list.data!.currentUser.todos.nodes.map((n) => n.id)).toContain(created.data!.todoCreate.todo.id);
    const done = await gql<{ todoMarkDone: { todo: { state: string } } }>(app, `mutation($input: TodoMarkDoneInput!) { todoMarkDone(input: $input) { todo { state } errors } }`, { input: { id: created.data!.todoCreate.todo.id } }, who.carol);
    expect(done.data!.todoMarkDone.todo.state).toBe('done');
    const other = await gql(app, `mutation($input: TodoMarkDoneInput!) { todoMarkDone(input: $input) { errors } }`, { input: { id: created.data!.todoCreate.todo.id } }, who.bob);
    expect(other.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const second = await gql<{ todoCreate: { todo: { id: string } } }>(app, `mutation($input: TodoCreateInput!) { todoCreate(input: $input) { todo { id } errors } }`, { input: { targetId: `gid://gitlab/Issue/${issue.id}` } }, who.carol);
    const all = await gql<{ todosMarkAllDone: { errors: string[]; todos: Array<{ id: string; state: string }> } }>(app, `mutation { todosMarkAllDone(input: {}) { errors todos { id state } } }`, {}, who.carol);
    expect(all.data!.todosMarkAllDone.errors).toEqual([]);
    expect(all.data!.todosMarkAllDone.todos).toContainEqual({ id: second.data!.todoCreate.todo.id, state: 'done' });
    expect(await todos(who.carol)).toEqual([]);
  });

  it('a to-do on an issue the user can no longer read is not listed', async () => {
    const issue = await newIssue(PUBLIC, { title: 'Soon confidential' });
    await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/todo`, { auth: who.erin });
    expect((await todos(who.erin)).some((t) => t.target.id === issue.id)).toBe(true);
    await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.alice, body: { confidential: true } });
    expect((await todos(who.erin)).some((t) => t.target.id === issue.id)).toBe(false);
  });

  it("each change pushes the user's pending count to their own sockets only", async () => {
    const frank = await insertPat(app, 'bob');
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: frank }, reconnection: false });
    const carolToken = await insertPat(app, 'carol');
    const carolSocket: Socket = io(app.url, { transports: ['websocket'], auth: { token: carolToken }, reconnection: false });
    try {
      // The first socket may have connected while carol's token was written: its 'connect' is past
      await Promise.all([socket, carolSocket].map((s) => new Promise<void>((resolve, reject) => {
        if (s.connected) return resolve();
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      })));
      const carolCounts: number[] = [];
      carolSocket.on('todos.count', (s: { count: number }) => carolCounts.push(s.count));
      const pushed = new Promise<number>((resolve) => socket.once('todos.count', (s: { count: number }) => resolve(s.count)));
      const issue = await newIssue(PUBLIC, { title: 'Live count' });
      await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: 'ping @bob' } });
      const count = await pushed;
      expect(count).toBe((await todos(who.bob)).length);
      expect(carolCounts).toEqual([]);
    } finally {
      socket.close();
      carolSocket.close();
    }
  });
});
