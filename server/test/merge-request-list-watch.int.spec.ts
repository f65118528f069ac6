import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue, PageData, ProjectIssuesSignal } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, enc, insertPat, type Cast, type TestApp } from './harness';

/**
 * The merge request list follows its project live through the project watch, as the issue list
 * does: a merge request created, edited or merged sends the project's watchers one
 * `project_issues` signal naming `merge_requests` (an issue change names `issues` only), and
 * nothing to watchers of another project. The list page of a project one may not read is a 404.
 */
const P = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

describe.each(DB_MODES)('merge request list watch on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const sockets: Socket[] = [];

  /** A socket of `username` watching `project`, and the signals it has heard. */
  const watcher = async (username: string, project: string) => {
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, username) }, reconnection: false });
    sockets.push(socket);
    const heard: ProjectIssuesSignal[] = [];
    socket.on('project_issues', (s: ProjectIssuesSignal) => heard.push(s));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(10_000).emitWithAck('watch_project', { project_path: project })).toEqual({ ok: true });
    return heard;
  };
  /** Runs `act`, then waits for a signal after it that names `list`; returns the signals heard after `act`. */
  const signalled = async (heard: ProjectIssuesSignal[], list: 'issues' | 'merge_requests', act: () => Promise<unknown>) => {
    const from = heard.length;
    await act();
    const deadline = Date.now() + 5000;
    while (!heard.slice(from).some((s) => s.lists?.includes(list)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return heard.slice(from);
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
  });

  it('creating, editing and merging a merge request signal the project list watchers with merge_requests; an issue change with issues', async () => {
    const bob = await watcher('bob', P);
    const other = await watcher('alice', PRIVATE);

    let iid = 0;
    const created = await signalled(bob, 'merge_requests', async () => (iid = (await demoMergeRequest(app, who.bob, P, 'Listed live')).iid));
    expect(created).toContainEqual({ project_path: P, lists: ['merge_requests'] });

    const api = `/api/v4/projects/${enc(P)}/merge_requests/${iid}`;
    const edited = await signalled(bob, 'merge_requests', async () => expect((await call(app, 'PUT', api, { auth: who.bob, body: { title: 'Listed live, renamed' } })).status).toBe(200));
    expect(edited).toContainEqual({ project_path: P, lists: ['merge_requests'] });

    const merged = await signalled(bob, 'merge_requests', async () => expect((await call(app, 'PUT', `${api}/merge`, { auth: who.bob, body: {} })).status).toBe(200));
    expect(merged.some((s) => s.project_path === P && s.lists?.includes('merge_requests'))).toBe(true);

    const issue = await signalled(bob, 'issues', async () => expect((await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'Not a merge request' } })).status).toBe(201));
    expect(issue).toContainEqual({ project_path: P, lists: ['issues'] });
    expect(issue.some((s) => s.lists?.includes('merge_requests'))).toBe(false);

    // Watchers of another project hear none of it
    expect(other).toEqual([]);
  });

  it("a comment added or deleted signals the list that shows its noteable's comment count, and no other", async () => {
    const bob = await watcher('bob', P);
    const other = await watcher('alice', PRIVATE);
    // Each noteable's creation signal is heard first, so the comment's own signal is what follows
    let iid = 0;
    await signalled(bob, 'merge_requests', async () => (iid = (await demoMergeRequest(app, who.bob, P, 'Counted live')).iid));
    const mrNotes = `/api/v4/projects/${enc(P)}/merge_requests/${iid}/notes`;
    let noteId = 0;
    const onMr = await signalled(bob, 'merge_requests', async () => {
      const res = await call<{ id: number }>(app, 'POST', mrNotes, { auth: who.alice, body: { body: 'A comment the list counts' } });
      expect(res.status).toBe(201);
      noteId = res.body.id;
    });
    expect(onMr).toContainEqual({ project_path: P, lists: ['merge_requests'] });
    const deleted = await signalled(bob, 'merge_requests', async () => expect((await call(app, 'DELETE', `${mrNotes}/${noteId}`, { auth: who.alice })).status).toBe(204));
    expect(deleted).toContainEqual({ project_path: P, lists: ['merge_requests'] });

    let issue = { iid: 0 } as ApiIssue;
    await signalled(bob, 'issues', async () => (issue = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'Commented live' } })).body));
    const onIssue = await signalled(bob, 'issues', async () =>
      expect((await call(app, 'POST', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: 'A comment on the issue' } })).status).toBe(201),
    );
    expect(onIssue).toContainEqual({ project_path: P, lists: ['issues'] });
    expect(onIssue.some((s) => s.lists?.includes('merge_requests'))).toBe(false);
    expect(other).toEqual([]);
  });

  it('the list page is served for a readable project and is a 404 (the client shows not found at once) for one the viewer may not read', async () => {
    const page = async (path: string) => {
      const res = await call(app, 'GET', path, { auth: who.anonymous, headers: { accept: 'text/html' } });
      const data = JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(res.text)![1]!) as PageData;
      return { status: res.status, notFound: data.notFound ?? false };
    };
    expect(await page(`/${P}/-/merge_requests`)).toEqual({ status: 200, notFound: false });
    expect(await page(`/${PRIVATE}/-/merge_requests`)).toEqual({ status: 404, notFound: true });
  });
});
