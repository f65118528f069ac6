import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_REQUEST_TEXTS, type ApiIssue, type ApiMergeRequest, type ApiProject } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Cast, type TestApp } from './harness';

/**
 * Forks as GitLab clients see them, on Postgres and PGlite: POST /projects/:id/fork into the
 * forker's personal namespace or a group, forked_from_project, the forker as owner, a real
 * clone of the upstream's repository that then lives its own life, GET /projects/:id/forks with
 * the create-merge-request dropdown's filters, and every refusal (nothing made).
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

describe.each(DB_MODES)('forks on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repos: RepositoryService;
  let pid: number;
  const forkUrl = (p: string) => `/api/v4/projects/${enc(p)}/fork`;
  const projectCount = async () => Number(((await app.ds.query('SELECT count(*)::int AS n FROM projects')) as Array<{ n: number }>)[0]!.n);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repos = app.running.app.get(RepositoryService);
    pid = await projectId(app, P);
    const repo = await repos.open(pid);
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
    await repo.createBranch('fork-me', 'main').catch(() => undefined);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('forks into the personal namespace: forked_from_project, the forker owns it, its repository is a clone that lives its own life', async () => {
    const res = await call<ApiProject>(app, 'POST', forkUrl(P), { auth: who.bob, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ path_with_namespace: 'bob/tandem', name: 'Tandem', visibility: 'public', namespace: { kind: 'user', full_path: 'bob' }, merge_requests_enabled: true });
    expect(res.body.forked_from_project).toMatchObject({ id: pid, path_with_namespace: P, namespace: { full_path: 'acme' } });
    const shown = await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc('bob/tandem')}`, { auth: who.bob });
    expect(shown.body.forked_from_project?.id).toBe(pid);
    expect(shown.body.permissions?.project_access?.access_level).toBe(50);
    // The upstream is no fork
    expect((await call<ApiProject>(app, 'GET', `/api/v4/projects/${enc(P)}`, { auth: who.bob })).body.forked_from_project).toBeUndefined();

    const upstream = await repos.open(pid);
    const branches = async (p: string) => (await call<Array<{ name: string; commit: { id: string } }>>(app, 'GET', `/api/v4/projects/${enc(p)}/repository/branches?per_page=100`, { auth: who.bob })).body;
    const up = await branches(P);
    const forked = await branches('bob/tandem');
    expect(forked.map((b) => [b.name, b.commit.id]).sort()).toEqual(up.map((b) => [b.name, b.commit.id]).sort());
    // A commit in the fork stays there; a branch deleted upstream stays in the fork
    const forkRepo = await repos.open(res.body.id);
    const sha = (await forkRepo.writeCommit({ branch: 'main', message: 'Only in the fork', author: me, actions: [{ action: 'create', path: 'fork-only.txt', content: Buffer.from('x\n') }] })).sha;
    expect(await upstream.resolve(sha)).toBeNull();
    await upstream.deleteBranch('fork-me');
    expect(await forkRepo.branch('fork-me')).not.toBeNull();
    expect((await forkRepo.blob('main', 'README.md')).size).toBeGreaterThan(0);
  });

  it('lists forks with the dropdown filters: private, developer access or more, merge requests enabled', async () => {
    const priv = await call<ApiProject>(app, 'POST', forkUrl(P), { auth: who.bob, body: { name: 'Tandem private', path: 'tandem-private', visibility: 'private' } });
    expect(priv.status).toBe(201);
    expect(priv.body.visibility).toBe('private');
    const list = async (auth: Cast[keyof Cast], q = '') => (await call<ApiProject[]>(app, 'GET', `/api/v4/projects/${enc(P)}/forks${q}`, { auth })).body.map((p) => p.path_with_namespace).sort();
    expect(await list(who.bob)).toEqual(['bob/tandem', 'bob/tandem-private']);
    const dropdown = '?with_merge_requests_enabled=true&min_access_level=30&visibility=private';
    expect(await list(who.bob, dropdown)).toEqual(['bob/tandem-private']);
    // Another user sees the public fork only, and no private fork of theirs to offer
    expect(await list(who.carol)).toEqual(['bob/tandem']);
    expect(await list(who.carol, dropdown)).toEqual([]);
    expect(await list(who.anonymous)).toEqual(['bob/tandem']);
    const bad = await call<{ message: Record<string, string[]> }>(app, 'GET', `/api/v4/projects/${enc(P)}/forks?min_access_level=31`, { auth: who.bob });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message)).toEqual(['min_access_level']);
  });

  it("a confidential issue of a public project: the branch and merge request go to a private fork only (spec issue-page.md §5), closing the issue by its full reference", async () => {
    const issue = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'Secret fix', confidential: true } })).body;
    const can = await call<{ can_create_branch: boolean; suggested_branch_name: string }>(app, 'GET', `/${P}/-/issues/${issue.iid}/can_create_branch`, { auth: who.bob });
    expect(can.body).toEqual({ can_create_branch: true, suggested_branch_name: `${issue.iid}-secret-fix` });
    const create = (auth: Cast[keyof Cast], body: Record<string, unknown>) => call<{ url: string; message: Record<string, string[]> }>(app, 'POST', `/${P}/-/issues/${issue.iid}/create_merge_request`, { auth, body });
    const branchesUp = async () => (await repos.open(pid)).branchNames();
    const before = await branchesUp();
    const none = await create(who.bob, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toEqual({ target_project_id: [MERGE_REQUEST_TEXTS.confidentialForkRequired] });
    const publicFork = await projectId(app, 'bob/tandem');
    expect((await create(who.bob, { target_project_id: publicFork })).body.message).toEqual({ target_project_id: [MERGE_REQUEST_TEXTS.confidentialForkRequired] });
    expect((await create(who.bob, { target_project_id: 'x' })).status).toBe(400);
    // Not a fork of this project
    expect((await create(who.bob, { target_project_id: await projectId(app, 'acme/platform/secret-plans') })).body.message).toEqual({ target_project_id: ['must be a fork of this project'] });
    const privateFork = await projectId(app, 'bob/tandem-private');
    // Someone who cannot see bob's private fork
    expect((await create(who.alice, { target_project_id: privateFork })).status).toBe(404);
    // The branch endpoint keeps the same rule
    expect((await call(app, 'POST', `/${P}/-/issues/${issue.iid}/branches`, { auth: who.bob, body: { branch_name: 'leak' } })).status).toBe(400);
    expect(await branchesUp()).toEqual(before);

    const made = await create(who.bob, { target_project_id: privateFork });
    expect(made.status).toBe(201);
    expect(made.body.url).toBe(`${app.url}/bob/tandem-private/-/merge_requests/1`);
    const mr = (await call<ApiMergeRequest>(app, 'GET', `/api/v4/projects/${privateFork}/merge_requests/1`, { auth: who.bob })).body;
    expect(mr).toMatchObject({ source_branch: `${issue.iid}-secret-fix`, target_branch: 'main', description: `Closes ${P}#${issue.iid}` });
    expect(await branchesUp()).toEqual(before);
    expect(await (await repos.open(privateFork)).branch(`${issue.iid}-secret-fix`)).not.toBeNull();
    const related = async (auth: Cast[keyof Cast]) => (await call<ApiMergeRequest[]>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/related_merge_requests`, { auth })).body.map((m) => m.references.full);
    expect(await related(who.bob)).toEqual(['bob/tandem-private!1']);
    // A reporter reads the confidential issue but not bob's private fork
    expect(await related(who.carol)).toEqual([]);
  });

  it('forks into a group where the actor may create projects; never more visible than the upstream or the group', async () => {
    const res = await call<ApiProject>(app, 'POST', forkUrl('acme/platform/secret-plans'), { auth: who.bob, body: { namespace_path: 'acme', path: 'secret-fork', name: 'Secret fork', visibility: 'public' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ path_with_namespace: 'acme/secret-fork', visibility: 'private', namespace: { kind: 'group' } });
    expect(res.body.forked_from_project?.path_with_namespace).toBe('acme/platform/secret-plans');
  });

  it('refuses bad input and missing rights with GitLab answers, and makes nothing', async () => {
    const before = await projectCount();
    expect((await call(app, 'POST', forkUrl(P), { auth: who.anonymous, body: {} })).status).toBe(401);
    // A guest of a private project sees issues, not code: no fork
    expect((await call(app, 'POST', forkUrl('acme/platform/secret-plans'), { auth: who.dave, body: {} })).status).toBe(404);
    const reporterIntoGroup = await call<{ message: string }>(app, 'POST', forkUrl(P), { auth: who.carol, body: { namespace_id: (await app.ds.query(`SELECT id FROM namespaces WHERE full_path = 'acme'`))[0].id, path: 'carol-try' } });
    expect(reporterIntoGroup.status).toBe(404);
    expect(reporterIntoGroup.body.message).toBe('404 Target Namespace Not Found');
    expect((await call<{ message: string }>(app, 'POST', forkUrl(P), { auth: who.bob, body: { namespace_path: 'nowhere' } })).body.message).toBe('404 Target Namespace Not Found');
    // Someone else's personal namespace
    expect((await call(app, 'POST', forkUrl(P), { auth: who.carol, body: { namespace_path: 'bob', path: 'x' } })).status).toBe(404);
    const again = await call<{ message: Record<string, string[]> }>(app, 'POST', forkUrl(P), { auth: who.bob, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual({ name: ['has already been taken'], path: ['has already been taken'] });
    for (const [body, field] of [
      [{ visibility: 'secret' }, 'visibility'],
      [{ path: 'x.git' }, 'path'],
      [{ path: '-x' }, 'path'],
      [{ name: '' }, 'name'],
      [{ namespace_id: 'abc' }, 'namespace_id'],
      [{ description: 'd'.repeat(2001) }, 'description'],
    ] as const) {
      const r = await call<{ message: Record<string, string[]> }>(app, 'POST', forkUrl(P), { auth: who.mallory, body });
      expect({ body, status: r.status, fields: Object.keys(r.body.message ?? {}) }).toEqual({ body, status: 400, fields: [field] });
    }
    expect(await projectCount()).toBe(before);
  });
});
