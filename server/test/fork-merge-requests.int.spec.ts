import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_REQUEST_ERRORS, type ApiIssue, type ApiMergeRequest, type ApiProject } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, insertPat, projectId, type Cast, type TestApp } from './harness';
import { gitClient } from './support/git-client';


/**
 * Merge requests from a fork into its upstream, on Postgres and PGlite, with the real `git`
 * client pushing to the fork over smart HTTP: POST /projects/:fork/merge_requests with
 * target_project_id (the upstream's iid and page, source_project_id the fork, the fork's commits
 * in the upstream's refs/merge-requests/<iid>/head), a push to the fork's branch refreshing it
 * (new head, "added 1 commit", its diff), the merge landing upstream and closing the issue, the
 * fork's branch kept for a merger without push rights there, allow_collaboration, and refusals.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

describe.each(DB_MODES)('merge requests from a fork on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repos: RepositoryService;
  let upstreamId: number;
  let forkId: number;
  let work: string;
  let erinToken: string;
  const mrs = (p: string) => `/api/v4/projects/${enc(p)}/merge_requests`;

  const git = gitClient(() => work, { name: 'Erin', email: 'erin@example.com' });
  const commitAndPush = async (dir: string, name: string, content: string) => {
    fs.writeFileSync(path.join(dir, name), content);
    expect((await git(dir, 'add', name)).code).toBe(0);
    expect((await git(dir, 'commit', '-qm', `add ${name}`)).code).toBe(0);
    const pushed = await git(dir, 'push', '-q', 'origin', 'HEAD:refs/heads/fork-fix');
    expect(pushed.code, pushed.out).toBe(0);
    return (await git(dir, 'rev-parse', 'HEAD')).out.trim();
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repos = app.running.app.get(RepositoryService);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-fork-mr-'));
    upstreamId = await projectId(app, P);
    const repo = await repos.open(upstreamId);
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
    // erin is no member of acme: she forks the public project and works in her fork
    const fork = await call<ApiProject>(app, 'POST', `/api/v4/projects/${enc(P)}/fork`, { auth: who.erin, body: {} });
    expect(fork.status).toBe(201);
    forkId = fork.body.id;
    erinToken = await insertPat(app, 'erin');
  });
  afterAll(async () => {
    await app?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('opens in the upstream from a pushed fork branch, follows pushes to the fork, and merges there, closing the issue', async () => {
    const issue = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'Fork fix' } })).body;
    const u = new URL(`${app.url}/erin/tandem.git`);
    u.username = 'erin';
    u.password = erinToken;
    const clone = await git(work, 'clone', '-q', u.toString(), 'erin-tandem');
    expect(clone.code, clone.out).toBe(0);
    const dir = path.join(work, 'erin-tandem');
    expect((await git(dir, 'checkout', '-qb', 'fork-fix')).code).toBe(0);
    const first = await commitAndPush(dir, 'fork-fix.txt', 'fixed in a fork\n');

    const body = { source_branch: 'fork-fix', target_branch: 'main', target_project_id: upstreamId, title: 'Fix from a fork', description: `Closes #${issue.iid}` };
    const created = await call<ApiMergeRequest>(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mr = created.body;
    expect(mr).toMatchObject({ project_id: upstreamId, target_project_id: upstreamId, source_project_id: forkId, sha: first, allow_collaboration: false, allow_maintainer_to_push: false, references: { full: `${P}!${mr.iid}` } });
    expect(mr.web_url).toBe(`${app.url}/${P}/-/merge_requests/${mr.iid}`);
    // The fork's commits live in the upstream's repository under the merge request's ref
    expect(await (await repos.open(upstreamId)).mergeRequestHead(mr.iid)).toBe(first);
    // The merge request is the upstream's: listed there, not in the fork
    expect((await call<ApiMergeRequest[]>(app, 'GET', `${mrs(P)}?state=opened`, { auth: who.bob })).body.map((m) => m.iid)).toContain(mr.iid);
    expect((await call<ApiMergeRequest[]>(app, 'GET', mrs('erin/tandem'), { auth: who.erin })).body).toEqual([]);
    // A second one for the same branches is refused (409), as in one project
    expect((await call(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body })).status).toBe(409);

    const changes = await call<{ changes: Array<{ new_path: string; diff: string }> }>(app, 'GET', `${mrs(P)}/${mr.iid}/changes`, { auth: who.bob });
    expect(changes.body.changes.map((c) => c.new_path)).toEqual(['fork-fix.txt']);
    const related = await call<ApiMergeRequest[]>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/related_merge_requests`, { auth: who.bob });
    expect(related.body.map((m) => m.iid)).toContain(mr.iid);

    // A push to the fork's branch refreshes the upstream's merge request
    const second = await commitAndPush(dir, 'fork-fix-2.txt', 'and more\n');
    await expect.poll(async () => (await call<ApiMergeRequest>(app, 'GET', `${mrs(P)}/${mr.iid}`, { auth: who.bob })).body.sha, { timeout: 20_000, interval: 200 }).toBe(second);
    const notes = await call<Array<{ body: string; system: boolean }>>(app, 'GET', `${mrs(P)}/${mr.iid}/notes?sort=asc`, { auth: who.bob });
    expect(notes.body.filter((n) => n.system).map((n) => n.body.split('\n')[0])).toContain('added 1 commit');
    const commits = await call<Array<{ id: string }>>(app, 'GET', `${mrs(P)}/${mr.iid}/commits`, { auth: who.bob });
    expect(commits.body.map((c) => c.id)).toEqual([second, first]);
    const versions = await call<Array<{ head_commit_sha: string }>>(app, 'GET', `${mrs(P)}/${mr.iid}/versions`, { auth: who.bob });
    expect(versions.body[0]!.head_commit_sha).toBe(second);

    // bob (developer upstream, nothing in erin's fork) merges; the fork's branch is not his to remove
    const stale = await call(app, 'PUT', `${mrs(P)}/${mr.iid}/merge`, { auth: who.bob, body: { sha: first } });
    expect(stale.status).toBe(409);
    const merged = await call<ApiMergeRequest>(app, 'PUT', `${mrs(P)}/${mr.iid}/merge`, { auth: who.bob, body: { sha: second, should_remove_source_branch: true } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.state).toBe('merged');
    const upstream = await repos.open(upstreamId);
    expect((await upstream.blob('main', 'fork-fix-2.txt')).content.toString()).toBe('and more\n');
    expect(await upstream.isAncestor(second, 'main')).toBe(true);
    expect(await (await repos.open(forkId)).branch('fork-fix')).not.toBeNull();
    const closed = await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}`, { auth: who.bob });
    expect(closed.body.state).toBe('closed');
  });

  it('refuses targets that are not an upstream, unknown ones, and sources the actor may not push to; nothing is made', async () => {
    const fork = await repos.open(forkId);
    if (!(await fork.branch('other'))) await fork.writeCommit({ branch: 'other', startSha: await fork.resolve('main'), message: 'other', author: me, actions: [{ action: 'create', path: 'other.txt', content: Buffer.from('o\n') }] });
    const count = async () => Number(((await app.ds.query('SELECT count(*)::int AS n FROM merge_requests')) as Array<{ n: number }>)[0]!.n);
    const before = await count();
    const body = (target: unknown) => ({ source_branch: 'other', target_branch: 'main', target_project_id: target, title: 'Other' });

    const notUpstream = await call<{ message: Record<string, string[]> }>(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body: body(await projectId(app, 'acme/platform/secret-plans')) });
    // secret-plans is private and erin is no member: it does not exist for her
    expect(notUpstream.status).toBe(404);
    const bob = await call<ApiProject>(app, 'POST', `/api/v4/projects/${enc(P)}/fork`, { auth: who.bob, body: {} });
    const sibling = await call<{ message: Record<string, string[]> }>(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body: body(bob.body.id) });
    expect(sibling.status).toBe(400);
    expect(sibling.body.message).toEqual({ validate_fork: [MERGE_REQUEST_ERRORS.notAFork] });
    // The other way round: from the upstream into a fork is not a fork's merge request either
    const down = await call<{ message: Record<string, string[]> }>(app, 'POST', mrs(P), { auth: who.bob, body: { ...body(forkId), source_branch: 'main', target_branch: 'other' } });
    expect(down.status).toBe(400);
    expect(down.body.message).toEqual({ validate_fork: [MERGE_REQUEST_ERRORS.notAFork] });
    expect((await call(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body: body(999999) })).status).toBe(404);
    expect((await call(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body: body('x') })).status).toBe(400);
    // dave may read erin's public fork but not push there: no merge request from it
    expect((await call(app, 'POST', mrs('erin/tandem'), { auth: who.dave, body: body(upstreamId) })).status).toBe(403);
    const missing = await call<{ message: Record<string, string[]> }>(app, 'POST', mrs('erin/tandem'), { auth: who.erin, body: { ...body(upstreamId), source_branch: 'nope' } });
    expect(missing.body.message).toEqual({ source_branch: ['does not exist'] });
    expect(await count()).toBe(before);
  });

  it('allow_collaboration: set by who may push to the fork, ignored from others, shown for fork merge requests only', async () => {
    const made = await call<ApiMergeRequest>(app, 'POST', mrs('erin/tandem'), {
      auth: who.erin,
      body: { source_branch: 'other', target_branch: 'main', target_project_id: upstreamId, title: 'Collaborate', allow_collaboration: true },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ allow_collaboration: true, allow_maintainer_to_push: true });
    const url = `${mrs(P)}/${made.body.iid}`;
    const canApply = async (auth: Cast[keyof Cast]) => (await call<{ permissions: { canApplySuggestions: boolean } }>(app, 'GET', `/${P}/-/merge_requests/${made.body.iid}/page.json`, { auth })).body.permissions.canApplySuggestions;
    // The page offers Apply on suggestions to who may push to the fork's branch: erin, and with collaboration allowed mallory
    expect(await canApply(who.erin)).toBe(true);
    expect(await canApply(who.mallory)).toBe(true);
    expect(await canApply(who.carol)).toBe(false);
    // mallory maintains the upstream but has no push rights in erin's fork: her change is ignored
    expect((await call<ApiMergeRequest>(app, 'PUT', url, { auth: who.mallory, body: { allow_collaboration: false } })).body.allow_collaboration).toBe(true);
    expect((await call<ApiMergeRequest>(app, 'PUT', url, { auth: who.erin, body: { allow_maintainer_to_push: false } })).body.allow_collaboration).toBe(false);
    expect(await canApply(who.mallory)).toBe(false);
    expect(await canApply(who.erin)).toBe(true);
    const same = (await call<ApiMergeRequest[]>(app, 'GET', `${mrs(P)}?state=all`, { auth: who.bob })).body.find((m) => m.source_project_id === upstreamId);
    if (same) expect(same.allow_collaboration).toBeUndefined();
  });
});
