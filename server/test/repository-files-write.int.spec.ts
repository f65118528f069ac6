import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_EDIT_TEXTS, type ApiMergeRequest, type MergeRequestDiffsResponse, type MergeRequestPageData } from '@tandem/shared-types';
import { RepositoryService, type GitRepository } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Cast, type TestApp } from './harness';

/**
 * GitLab's repository files writes (POST/PUT/DELETE /projects/:id/repository/files/:file_path) on
 * both databases against a real repository: each is one commit on the branch answered with
 * {file_path, branch}; an update through a merge request's source branch moves the merge request
 * as a push does (new head, "added 1 commit", its diff); a stale last_commit_id, bad input,
 * readers and the protected default branch are refused with GitLab's texts and move nothing.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
const F = (path: string) => `/api/v4/projects/${enc(P)}/repository/files/${enc(path)}`;

describe.each(DB_MODES)('repository files writes on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repo: GitRepository;
  let iid: number;
  const text = async (rev: string, path: string) => (await repo.blob(rev, path)).content.toString('utf8');

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    const base = await repo.writeCommit({ branch: 'edit-base', startSha: null, message: 'Base', author: me, actions: [{ action: 'create', path: 'docs/guide.md', content: Buffer.from('# Guide\n\nOld line\n') }] });
    await repo.writeCommit({ branch: 'edit-head', startSha: base.sha, message: 'Head', author: me, actions: [{ action: 'create', path: 'docs/extra.md', content: Buffer.from('extra\n') }] });
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Guide', source_branch: 'edit-head', target_branch: 'edit-base' } });
    iid = mr.body.iid;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('updates a file on a merge request source branch: one commit by the user, the merge request follows as after a push', async () => {
    const lastCommitId = await repo.lastCommitFor('edit-head', 'docs/guide.md');
    const res = await call(app, 'PUT', F('docs/guide.md'), { auth: who.bob, body: { branch: 'edit-head', content: '# Guide\n\nNew line\n', commit_message: 'Update guide.md', last_commit_id: lastCommitId } });
    expect([res.status, res.body]).toEqual([200, { file_path: 'docs/guide.md', branch: 'edit-head' }]);
    expect(await text('edit-head', 'docs/guide.md')).toBe('# Guide\n\nNew line\n');
    const commit = (await repo.commit('edit-head'))!;
    expect([commit.title, commit.author.name, commit.author.email, commit.committer.name]).toEqual(['Update guide.md', 'Bob Brown', 'bob@users.noreply.tandem', 'Bob Brown']);
    const api = `/api/v4/projects/${enc(P)}/merge_requests/${iid}`;
    expect((await call<ApiMergeRequest>(app, 'GET', api, { auth: who.alice })).body.sha).toBe(commit.id);
    const notes = (await call<Array<{ body: string; system: boolean }>>(app, 'GET', `${api}/notes`, { auth: who.alice })).body;
    expect(notes.some((n) => n.system && n.body.includes('added 1 commit'))).toBe(true);
    const diff = (await call<MergeRequestDiffsResponse>(app, 'GET', `/${P}/-/merge_requests/${iid}/diffs.json`, { auth: who.alice })).body;
    const guide = diff.diff_files.find((f) => f.new_path === 'docs/guide.md')!;
    expect(guide.highlighted_diff_lines.filter((l) => l.type === 'new').map((l) => l.rich_text.replace(/<[^>]+>/g, ''))).toEqual(['New line']);
  });

  it('creates (text and base64) and deletes files; takes author_name/author_email with the user as committer', async () => {
    const made = await call(app, 'POST', F('notes/a.txt'), { auth: who.bob, body: { branch: 'edit-head', content: 'hello\n', commit_message: 'Add a', author_name: 'Ann Author', author_email: 'ann@example.com' } });
    expect([made.status, made.body]).toEqual([201, { file_path: 'notes/a.txt', branch: 'edit-head' }]);
    const c = (await repo.commit('edit-head'))!;
    expect([c.author.name, c.author.email, c.committer.name]).toEqual(['Ann Author', 'ann@example.com', 'Bob Brown']);
    const b64 = await call(app, 'POST', F('notes/b.bin'), { auth: who.bob, body: { branch: 'edit-head', content: Buffer.from([0, 1, 2]).toString('base64'), encoding: 'base64', commit_message: 'Add b' } });
    expect(b64.status).toBe(201);
    expect([...(await repo.blob('edit-head', 'notes/b.bin')).content]).toEqual([0, 1, 2]);
    const again = await call(app, 'POST', F('notes/a.txt'), { auth: who.bob, body: { branch: 'edit-head', content: 'x', commit_message: 'Again' } });
    expect([again.status, again.body]).toEqual([400, { message: FILE_EDIT_TEXTS.fileExists }]);
    expect((await call(app, 'DELETE', F('notes/a.txt'), { auth: who.bob, body: { branch: 'edit-head', commit_message: 'Remove a' } })).status).toBe(204);
    await expect(repo.blob('edit-head', 'notes/a.txt')).rejects.toThrow();
    const gone = await call(app, 'DELETE', F('notes/a.txt'), { auth: who.bob, body: { branch: 'edit-head', commit_message: 'Remove a' } });
    expect([gone.status, gone.body]).toEqual([400, { message: FILE_EDIT_TEXTS.fileMissing }]);
    const missing = await call(app, 'PUT', F('notes/none.txt'), { auth: who.bob, body: { branch: 'edit-head', content: 'x', commit_message: 'm' } });
    expect([missing.status, missing.body]).toEqual([400, { message: FILE_EDIT_TEXTS.fileMissing }]);
  });

  it('refuses a stale last_commit_id with GitLab\'s text and writes nothing; a new branch from start_branch', async () => {
    const stale = await repo.lastCommitFor('edit-base', 'docs/guide.md');
    const head = await repo.resolve('edit-head');
    const res = await call(app, 'PUT', F('docs/guide.md'), { auth: who.bob, body: { branch: 'edit-head', content: 'lost?\n', commit_message: 'Stale', last_commit_id: stale } });
    expect([res.status, res.body]).toEqual([400, { message: FILE_EDIT_TEXTS.fileChanged }]);
    expect(await repo.resolve('edit-head')).toBe(head);
    // start_branch: a branch made from another one; an existing branch is refused with GitLab's text
    const made = await call(app, 'PUT', F('docs/guide.md'), { auth: who.bob, body: { branch: 'edit-new', start_branch: 'edit-base', content: 'branched\n', commit_message: 'Branch' } });
    expect([made.status, made.body]).toEqual([200, { file_path: 'docs/guide.md', branch: 'edit-new' }]);
    expect((await repo.commit('edit-new'))!.parentIds).toEqual([await repo.resolve('edit-base')]);
    const taken = await call(app, 'PUT', F('docs/guide.md'), { auth: who.bob, body: { branch: 'edit-head', start_branch: 'edit-base', content: 'x', commit_message: 'm' } });
    expect([taken.status, taken.body]).toEqual([400, { message: FILE_EDIT_TEXTS.branchExists('edit-head') }]);
  });

  it('the merge request page says who may edit its files (push to the source branch) and who gets the fork message', async () => {
    const page = async (auth?: Cast[keyof Cast]) => (await call<MergeRequestPageData>(app, 'GET', `/${P}/-/merge_requests/${iid}/page.json`, auth ? { auth } : {})).body;
    const perms = (d: MergeRequestPageData) => [d.sourceProjectPath, d.permissions.canApplySuggestions, d.permissions.canForkProject];
    expect(perms(await page(who.bob))).toEqual(['acme/tandem', true, true]);
    expect(perms(await page(who.carol))).toEqual(['acme/tandem', false, true]);
    expect(perms(await page())).toEqual(['acme/tandem', false, false]);
    // A source branch that is gone has no edit path
    await repo.createBranch('edit-gone', 'edit-head');
    const gone = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Gone', source_branch: 'edit-gone', target_branch: 'edit-base' } });
    await repo.deleteBranch('edit-gone', (await repo.resolve('edit-gone'))!);
    const d = (await call<MergeRequestPageData>(app, 'GET', `/${P}/-/merge_requests/${gone.body.iid}/page.json`, { auth: who.bob })).body;
    expect(d.sourceProjectPath).toBeNull();
  });

  it('an edit in a fork moves the upstream merge request from that fork, and its page edits in the fork', async () => {
    const fork = await call<{ id: number; path_with_namespace: string }>(app, 'POST', `/api/v4/projects/${enc(P)}/fork`, { auth: who.erin, body: {} });
    expect(fork.status).toBe(201);
    const inFork = (path: string) => `/api/v4/projects/${fork.body.id}/repository/files/${enc(path)}`;
    expect((await call(app, 'POST', `/api/v4/projects/${fork.body.id}/repository/branches`, { auth: who.erin, body: { branch: 'fork-edit', ref: 'edit-head' } })).status).toBe(201);
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${fork.body.id}/merge_requests`, { auth: who.erin, body: { title: 'From the fork', source_branch: 'fork-edit', target_branch: 'edit-base', target_project_id: await projectId(app, P) } });
    expect(mr.status).toBe(201);
    const edited = await call(app, 'PUT', inFork('docs/guide.md'), { auth: who.erin, body: { branch: 'fork-edit', content: 'from the fork\n', commit_message: 'Fork edit' } });
    expect(edited.status).toBe(200);
    const forkRepo = await app.running.app.get(RepositoryService).open(fork.body.id);
    const upstreamMr = (await call<ApiMergeRequest>(app, 'GET', `/api/v4/projects/${enc(P)}/merge_requests/${mr.body.iid}`, { auth: who.alice })).body;
    expect(upstreamMr.sha).toBe(await forkRepo.resolve('fork-edit'));
    const d = (await call<MergeRequestPageData>(app, 'GET', `/${P}/-/merge_requests/${mr.body.iid}/page.json`, { auth: who.erin })).body;
    expect([d.sourceProjectPath, d.permissions.canApplySuggestions]).toEqual([fork.body.path_with_namespace, true]);
  });

  it('answers bad input with 400 naming the problem and moves nothing', async () => {
    const head = await repo.resolve('edit-head');
    const ok = { branch: 'edit-head', content: 'x\n', commit_message: 'm' };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['docs/guide.md', { ...ok, branch: undefined }, '400 Bad request - branch is missing'],
      ['docs/guide.md', { ...ok, commit_message: '' }, '400 Bad request - commit_message is missing'],
      ['docs/guide.md', { ...ok, content: undefined }, '400 Bad request - content is missing'],
      ['docs/guide.md', { ...ok, content: 5 }, '400 Bad request - content is invalid'],
      ['docs/guide.md', { ...ok, encoding: 'utf16' }, '400 Bad request - encoding does not have a valid value'],
      ['docs/guide.md', { ...ok, encoding: 'base64', content: '***' }, '400 Bad request - content is invalid'],
      ['docs/guide.md', { ...ok, last_commit_id: 'nope' }, '400 Bad request - last_commit_id is invalid'],
      ['docs/guide.md', { ...ok, author_email: 'a\nb@example.com' }, '400 Bad request - author_email is invalid'],
      ['docs/guide.md', { ...ok, branch: 'no-such-branch' }, FILE_EDIT_TEXTS.notOnBranch],
      ['../etc/passwd', ok, '400 Bad request - path is invalid'],
    ];
    for (const [path, body, message] of cases) {
      const res = await call(app, 'PUT', F(path), { auth: who.bob, body });
      expect([path, body, res.status, res.body]).toEqual([path, body, 400, { message }]);
    }
    expect(await repo.resolve('edit-head')).toBe(head);
    expect(await repo.branch('no-such-branch')).toBeNull();
    // A file under a file, or where a folder is: refused, and the file and the folder stay
    const placed: Array<[string, string, string]> = [
      ['POST', 'docs/guide.md/inner.md', FILE_EDIT_TEXTS.fileExists],
      ['POST', 'docs', FILE_EDIT_TEXTS.directoryExists],
      ['PUT', 'docs', FILE_EDIT_TEXTS.fileMissing],
      ['DELETE', 'docs', FILE_EDIT_TEXTS.fileMissing],
    ];
    for (const [method, path, message] of placed) {
      const res = await call(app, method, F(path), { auth: who.bob, body: method === 'DELETE' ? { branch: 'edit-head', commit_message: 'm' } : ok });
      expect([method, path, res.status, res.body]).toEqual([method, path, 400, { message }]);
    }
    expect(await repo.resolve('edit-head')).toBe(head);
    expect((await repo.blob('edit-head', 'docs/guide.md')).content.toString()).toContain('# Guide');
  });

  it('needs push rights: anonymous 401, a reporter 403, the protected default branch only for maintainers', async () => {
    const head = await repo.resolve('edit-head');
    const body = { branch: 'edit-head', content: 'x\n', commit_message: 'm' };
    expect((await call(app, 'PUT', F('docs/guide.md'), { body })).status).toBe(401);
    expect((await call(app, 'PUT', F('docs/guide.md'), { auth: who.carol, body })).status).toBe(403);
    expect((await call(app, 'POST', F('carol.txt'), { auth: who.carol, body })).status).toBe(403);
    expect((await call(app, 'DELETE', F('docs/guide.md'), { auth: who.carol, body })).status).toBe(403);
    expect(await repo.resolve('edit-head')).toBe(head);
    const main = await repo.resolve('main');
    const onMain = { branch: 'main', content: '# Tandem\n', commit_message: 'Readme' };
    const refused = await call(app, 'PUT', F('README.md'), { auth: who.bob, body: onMain });
    expect([refused.status, refused.body]).toEqual([400, { message: FILE_EDIT_TEXTS.notAllowedToPush }]);
    expect(await repo.resolve('main')).toBe(main);
    expect((await call(app, 'PUT', F('README.md'), { auth: who.mallory, body: onMain })).status).toBe(200);
    expect(await text('main', 'README.md')).toBe('# Tandem\n');
  });
});
