import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ApiIssue, type ApiMergeRequest } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * Merge requests as GitLab clients see them, on Postgres and PGlite, against a real git
 * repository: create (branches checked, one open per source), list filters, merge through git
 * (409 stale sha, 406 conflicts, 405 not open), "Closes #N" closing the issue with GitLab's
 * note, related merge requests and merge_requests_count, and the issue's create-merge-request call.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

describe.each(DB_MODES)('merge requests on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repos: RepositoryService;
  let pid: number;
  const mrs = `/api/v4/projects/${enc(P)}/merge_requests`;
  const commit = async (branch: string, file: string, content: string, from = 'main') => {
    const repo = await repos.open(pid);
    return (await repo.writeCommit({ branch, startSha: await repo.resolve(from), message: `Change ${file}`, author: me, actions: [{ action: (await repo.entry(await repo.resolve(from) ?? 'main', file).catch(() => null)) ? 'update' : 'create', path: file, content: Buffer.from(content) }] })).sha;
  };
  const newIssue = async (title: string) => (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title } })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repos = app.running.app.get(RepositoryService);
    pid = await projectId(app, P);
    const repo = await repos.open(pid);
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('developers open merge requests between existing branches; GitLab shape; one open per source; bad input is a 400 naming the field', async () => {
    await commit('feature-a', 'a.txt', 'a\n');
    const res = await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Add a', source_branch: 'feature-a', target_branch: 'main', description: 'Adds **a**' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Add a', state: 'opened', source_branch: 'feature-a', target_branch: 'main', head_pipeline: null, merged_at: null, merged_by: null, reference: `!${res.body.iid}` });
    expect(res.body.description_html).toContain('<strong>a</strong>');
    expect(res.body.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.web_url).toBe(`${app.url}/${P}/-/merge_requests/${res.body.iid}`);
    expect(res.body.references.full).toBe(`${P}!${res.body.iid}`);
    const again = await call<{ message: string }>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Again', source_branch: 'feature-a', target_branch: 'main' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Another open merge request already exists for this source branch: !${res.body.iid}`);
    expect((await call(app, 'POST', mrs, { auth: who.carol, body: { title: 'Reporter', source_branch: 'feature-a', target_branch: 'main' } })).status).toBe(403);
    expect((await call(app, 'POST', mrs, { auth: who.anonymous, body: { title: 'Anon', source_branch: 'feature-a', target_branch: 'main' } })).status).toBe(401);
    const missing = await call<{ message: unknown }>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Nope', source_branch: 'no-such-branch', target_branch: 'main' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual({ source_branch: ['does not exist'] });
    const blank = await call<{ message: unknown }>(app, 'POST', mrs, { auth: who.bob, body: { source_branch: 'feature-a', target_branch: 'main' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatchObject({ title: expect.any(Array) });
  });

  it('a push to the source branch moves the head and says "added 1 commit" on the merge request, live', async () => {
    await commit('feature-push', 'p.txt', 'p1\n');
    const mr = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Pushed to', source_branch: 'feature-push', target_branch: 'main' } })).body;
    const repo = await repos.open(pid);
    const old = (await repo.resolve('feature-push'))!;
    const head = (await repo.writeCommit({ branch: 'feature-push', message: 'More', author: me, actions: [{ action: 'create', path: 'p2.txt', content: Buffer.from('p2\n') }] })).sha;
    const bobId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>)[0]!.id);
    await repos.refsChanged({ projectId: pid, actorId: bobId, updates: [{ ref: 'refs/heads/feature-push', oldSha: old, newSha: head }], source: 'push' });
    expect((await call<ApiMergeRequest>(app, 'GET', `${mrs}/${mr.iid}`, { auth: who.bob })).body.sha).toBe(head);
    const notes = (await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system`, [mr.id])) as Array<{ note: string }>;
    // GitLab's commit-list note: the count, then the commits (short sha - title)
    expect(notes.map((n) => n.note)).toEqual([`added 1 commit\n\n* ${head.slice(0, 8)} - More`]);
    const events = (await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 ORDER BY seq`, [mr.id])) as Array<{ type: string }>;
    // The stream opens with the merge request as created (its history), then the push's note and event
    expect(events.map((e) => e.type)).toEqual(['merge_request.updated', 'note.created', 'merge_request.updated']);
  });

  it('lists with state, branch, author and search filters', async () => {
    await commit('feature-b', 'b.txt', 'b\n');
    const b = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.alice, body: { title: 'Needle search', source_branch: 'feature-b', target_branch: 'main' } })).body;
    const list = async (q: string) => (await call<ApiMergeRequest[]>(app, 'GET', `${mrs}?${q}`, { auth: who.carol })).body.map((m) => m.iid);
    expect(await list('search=needle')).toEqual([b.iid]);
    expect(await list('source_branch=feature-b')).toEqual([b.iid]);
    expect(await list('author_username=alice')).toContain(b.iid);
    expect(await list('author_username=bob')).not.toContain(b.iid);
    expect(await list('state=merged')).toEqual([]);
    expect((await call(app, 'GET', `${mrs}?state=bogus`, { auth: who.carol })).status).toBe(400);
    const closed = await call<ApiMergeRequest>(app, 'PUT', `${mrs}/${b.iid}`, { auth: who.alice, body: { state_event: 'close' } });
    expect(closed.body.state).toBe('closed');
    expect(await list('state=closed')).toEqual([b.iid]);
    expect((await call<{ message: string }>(app, 'PUT', `${mrs}/${b.iid}/merge`, { auth: who.alice, body: {} })).status).toBe(405);
  });

  it('pages in SQL: per_page and page pick the rows, X-Total counts every match, the order holds across pages', async () => {
    const all = (await call<ApiMergeRequest[]>(app, 'GET', `${mrs}?state=all&per_page=100`, { auth: who.carol })).body.map((m) => m.iid);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const pages: number[] = [];
    for (let page = 1; page <= all.length; page++) {
      const res = await call<ApiMergeRequest[]>(app, 'GET', `${mrs}?state=all&per_page=1&page=${page}`, { auth: who.carol });
      expect(res.headers.get('x-total')).toBe(String(all.length));
      expect(res.headers.get('x-total-pages')).toBe(String(all.length));
      pages.push(...res.body.map((m) => m.iid));
    }
    expect(pages).toEqual(all);
    const past = await call<ApiMergeRequest[]>(app, 'GET', `${mrs}?state=all&per_page=1&page=${all.length + 1}`, { auth: who.carol });
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total')).toBe(String(all.length));
    // Filters count too: one match, one page
    const one = await call<ApiMergeRequest[]>(app, 'GET', `${mrs}?state=all&search=needle&per_page=1`, { auth: who.carol });
    expect(one.headers.get('x-total')).toBe('1');
  });

  it('merges through git: a stale sha is 409, the merge moves main, "Closes #N" closes the issue with GitLab\'s note; related merge requests count it', async () => {
    const issue = await newIssue('Fix the widget');
    const head = await commit('fix-widget', 'widget.txt', 'fixed\n');
    const mr = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Fix widget', source_branch: 'fix-widget', target_branch: 'main', description: `Closes #${issue.iid}` } })).body;
    const related = await call<ApiMergeRequest[]>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/related_merge_requests`, { auth: who.carol });
    expect(related.body.map((m) => m.iid)).toEqual([mr.iid]);
    expect((await call<ApiMergeRequest[]>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/closed_by`, { auth: who.carol })).body.map((m) => m.iid)).toEqual([mr.iid]);
    expect((await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}`, { auth: who.carol })).body.merge_requests_count).toBe(1);
    const stale = await call<{ message: string }>(app, 'PUT', `${mrs}/${mr.iid}/merge`, { auth: who.bob, body: { sha: 'a'.repeat(40) } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`SHA does not match HEAD of source branch: ${head}`);
    expect((await call(app, 'PUT', `${mrs}/${mr.iid}/merge`, { auth: who.carol, body: {} })).status).toBe(401);
    const before = await (await repos.open(pid)).resolve('main');
    const merged = await call<ApiMergeRequest>(app, 'PUT', `${mrs}/${mr.iid}/merge`, { auth: who.bob, body: { sha: head, should_remove_source_branch: true } });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ state: 'merged', merged_by: { username: 'bob' } });
    const repo = await repos.open(pid);
    const main = await repo.commit('main');
    expect(main!.parentIds).toEqual([before, head]);
    expect(merged.body.merge_commit_sha).toBe(main!.id);
    expect(await repo.branch('fix-widget')).toBeNull();
    const closedIssue = (await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(P)}/issues/${issue.iid}`, { auth: who.carol })).body;
    expect(closedIssue.state).toBe('closed');
    const notes = (await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issue.id])) as Array<{ note: string }>;
    expect(notes.map((n) => n.note)).toEqual([`mentioned in merge request !${mr.iid}`, `closed via merge request !${mr.iid}`]);
    const events = (await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [issue.id])) as Array<{ type: string }>;
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['issue.merge_requests', 'issue.updated']));
    const mrNotes = (await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system`, [mr.id])) as Array<{ note: string }>;
    expect(mrNotes.map((n) => n.note)).toEqual(['merged']);
    expect((await call<ApiMergeRequest[]>(app, 'GET', `${mrs}/${mr.iid}/commits`, { auth: who.carol })).body.map((c) => (c as unknown as { id: string }).id)).toEqual([head]);
  });

  it('a conflicting merge is refused with 406 and moves nothing', async () => {
    await commit('conflict-1', 'same.txt', 'one\n');
    await commit('conflict-2', 'same.txt', 'two\n');
    const one = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'One', source_branch: 'conflict-1', target_branch: 'main' } })).body;
    const two = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'Two', source_branch: 'conflict-2', target_branch: 'main' } })).body;
    expect((await call(app, 'PUT', `${mrs}/${one.iid}/merge`, { auth: who.bob, body: {} })).status).toBe(200);
    const main = await (await repos.open(pid)).resolve('main');
    const refused = await call<{ message: string }>(app, 'PUT', `${mrs}/${two.iid}/merge`, { auth: who.bob, body: {} });
    expect(refused.status).toBe(406);
    expect(refused.body.message).toBe(ERRORS.MERGE_CONFLICT.message);
    expect(await (await repos.open(pid)).resolve('main')).toBe(main);
    expect((await call<ApiMergeRequest>(app, 'GET', `${mrs}/${two.iid}`, { auth: who.bob })).body.state).toBe('opened');
  });

  it('from the issue: can_create_branch with the suggested name, then branch and merge request with "Closes #iid"', async () => {
    const issue = await newIssue('Make it Fast!');
    const can = await call<{ can_create_branch: boolean; suggested_branch_name: string }>(app, 'GET', `/${P}/-/issues/${issue.iid}/can_create_branch`, { auth: who.bob });
    expect(can.body).toEqual({ can_create_branch: true, suggested_branch_name: `${issue.iid}-make-it-fast` });
    expect((await call<{ can_create_branch: boolean }>(app, 'GET', `/${P}/-/issues/${issue.iid}/can_create_branch`, { auth: who.carol })).body.can_create_branch).toBe(false);
    const refs = await call<{ Branches: string[] }>(app, 'GET', `/${P}/-/refs?search=main`, { auth: who.bob });
    expect(refs.body.Branches).toContain('main');
    const made = await call<{ url: string; iid: number }>(app, 'POST', `/${P}/-/issues/${issue.iid}/create_merge_request`, { auth: who.bob, body: { branch_name: `${issue.iid}-make-it-fast`, ref: 'main' } });
    expect(made.status).toBe(201);
    expect(made.body.url).toBe(`${app.url}/${P}/-/merge_requests/${made.body.iid}`);
    const mr = (await call<ApiMergeRequest>(app, 'GET', `${mrs}/${made.body.iid}`, { auth: who.bob })).body;
    expect(mr).toMatchObject({ description: `Closes #${issue.iid}`, source_branch: `${issue.iid}-make-it-fast`, target_branch: 'main', title: 'Resolve "Make it Fast!"' });
    expect((await call(app, 'POST', `/${P}/-/issues/${issue.iid}/create_merge_request`, { auth: who.carol, body: {} })).status).toBe(403);
    const bad = await call<{ message: unknown }>(app, 'POST', `/${P}/-/issues/${issue.iid}/branches`, { auth: who.bob, body: { branch_name: 'bad..name' } });
    expect(bad.status).toBe(400);
  });

  it('GraphQL: project.mergeRequest(iid) with state, createdAt, null headPipeline; mergeRequestSetLabels replaces, appends and removes', async () => {
    await commit('feature-gql', 'g.txt', 'g\n');
    const mr = (await call<ApiMergeRequest>(app, 'POST', mrs, { auth: who.bob, body: { title: 'GraphQL one', source_branch: 'feature-gql', target_branch: 'main' } })).body;
    const q = await gql<{ project: { mergeRequest: { state: string; createdAt: string; headPipeline: null; reference: string } | null } }>(
      app, `query($p: ID!, $iid: String!) { project(fullPath: $p) { mergeRequest(iid: $iid) { state createdAt headPipeline { detailedStatus { icon group } } reference } } }`, { p: P, iid: String(mr.iid) }, who.carol,
    );
    expect(q.data?.project.mergeRequest).toEqual({ state: 'opened', createdAt: mr.created_at, headPipeline: null, reference: `!${mr.iid}` });
    const labels = (await app.ds.query(`SELECT id, title FROM labels WHERE project_id = $1 AND lower(title) IN ('bug', 'ui') ORDER BY title`, [pid])) as Array<{ id: number; title: string }>;
    const set = (ids: number[], mode: string, auth = who.bob) =>
      gql<{ mergeRequestSetLabels: { mergeRequest: { labels: { nodes: Array<{ title: string }> } } | null; errors: string[] } }>(
        app, `mutation($i: MergeRequestSetLabelsInput!) { mergeRequestSetLabels(input: $i) { mergeRequest { labels { nodes { title } } } errors } }`,
        { i: { projectPath: P, iid: String(mr.iid), labelIds: ids.map((id) => `gid://gitlab/ProjectLabel/${id}`), operationMode: mode } }, auth,
      );
    const titles = (r: Awaited<ReturnType<typeof set>>) => r.data?.mergeRequestSetLabels.mergeRequest?.labels.nodes.map((n) => n.title);
    expect(titles(await set([labels[0]!.id], 'REPLACE'))).toEqual([labels[0]!.title]);
    expect(titles(await set([labels[1]!.id], 'APPEND'))).toEqual(labels.map((l) => l.title));
    expect(titles(await set([labels[0]!.id], 'REMOVE'))).toEqual([labels[1]!.title]);
    expect((await call<ApiMergeRequest>(app, 'GET', `${mrs}/${mr.iid}`, { auth: who.bob })).body.labels).toEqual([labels[1]!.title]);
    expect((await set([labels[0]!.id], 'REPLACE', who.carol)).errors?.length ?? 0).toBeGreaterThan(0);
  });

  it("description templates from the repository: .gitlab/issue_templates beside the stored ones, .gitlab/merge_request_templates", async () => {
    const repo = await repos.open(pid);
    await repo.writeCommit({ branch: 'main', message: 'Templates', author: me, actions: [
      { action: 'create', path: '.gitlab/issue_templates/Repo bug.md', content: Buffer.from('## Steps\n') },
      { action: 'create', path: '.gitlab/merge_request_templates/Default.md', content: Buffer.from('## What does this MR do?\n') },
    ] });
    const issues = await call<Array<{ name: string }>>(app, 'GET', `/api/v4/projects/${enc(P)}/templates/issues`, { auth: who.carol });
    expect(issues.body.map((t) => t.name)).toContain('Repo bug');
    expect((await call<{ content: string }>(app, 'GET', `/api/v4/projects/${enc(P)}/templates/issues/${encodeURIComponent('Repo bug')}`, { auth: who.carol })).body.content).toBe('## Steps\n');
    expect((await call<Array<{ name: string }>>(app, 'GET', `/api/v4/projects/${enc(P)}/templates/merge_requests`, { auth: who.carol })).body).toEqual([{ key: 'Default', name: 'Default' }]);
    expect((await call<{ content: string }>(app, 'GET', `/api/v4/projects/${enc(P)}/templates/merge_requests/Default`, { auth: who.carol })).body.content).toBe('## What does this MR do?\n');
    expect((await call(app, 'GET', `/api/v4/projects/${enc(P)}/templates/merge_requests/..%2F..%2Fetc%2Fpasswd`, { auth: who.carol })).status).toBe(404);
  });
});
