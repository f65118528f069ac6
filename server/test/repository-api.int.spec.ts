import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Cast, type TestApp } from './harness';

/**
 * The repository REST API as GitLab's (branches, tags, commits, diff, tree, files, raw,
 * compare) and the page's `-/raw/` route, against the seeded acme/tandem history, on both
 * databases: shapes, who may read and write, bad input (path traversal, branch names) as 400s.
 */
const PUB = enc('acme/tandem');
const PRIV = enc('acme/platform/secret-plans');
const R = (p: string) => `/api/v4/projects/${PUB}/repository${p}`;
const names = (b: unknown) => (b as Array<{ name: string }>).map((x) => x.name);

describe.each(DB_MODES)('repository API on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    // reads the demo merge requests' branches
    app = await bootApp(mode, { SEED_DEMO_MERGE_REQUESTS: 'true' });
    cast = await castOf(app);
    // markup that must never run from a raw link, on a branch of the public project
    const repo = await app.running.app.get(RepositoryService).open(await projectId(app, 'acme/tandem'));
    await repo.createBranch('markup', 'main');
    await repo.writeCommit({
      branch: 'markup',
      message: 'Add markup',
      author: { name: 'Test', email: 't@example.com' },
      actions: [
        { action: 'create', path: 'page.html', content: Buffer.from('<script>alert(1)</script>') },
        { action: 'create', path: 'pic.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
        { action: 'create', path: 'data.bin', content: Buffer.from([1, 0, 2, 0, 3]) },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists branches with GitLab fields, searches them, gets one by its encoded name', async () => {
    const res = await call(app, 'GET', R('/branches'), { auth: cast.bob });
    expect(res.status).toBe(200);
    // the demo history plus the two demo merge requests' source branches (merge-request-demo.seed.ts)
    expect(names(res.body)).toEqual(['1-real-time-updates-for-the-issue-page', 'add-contributing-guide', 'feature/polling-fallback', 'main', 'markup', 'refresh-banner']);
    const main = (res.body as Array<Record<string, unknown>>).find((b) => b.name === 'main')!;
    expect(main).toMatchObject({ default: true, protected: true, can_push: false, merged: false, commit: { title: 'Add the logo, tools and notes' } });
    expect((await call(app, 'GET', R('/branches'), { auth: cast.mallory })).body).toContainEqual(expect.objectContaining({ name: 'main', can_push: true }));
    expect(res.headers.get('x-total')).toBe('6');
    expect(names((await call(app, 'GET', R('/branches?search=%5E1-'))).body)).toEqual(['1-real-time-updates-for-the-issue-page']);
    const one = await call(app, 'GET', R(`/branches/${enc('feature/polling-fallback')}`));
    expect(one.body).toMatchObject({ name: 'feature/polling-fallback', default: false, commit: { title: 'Poll with ETags when the socket is down' } });
    expect(await call(app, 'GET', R('/branches/nope'))).toMatchObject({ status: 404, body: { message: ERRORS.BRANCH_NOT_FOUND.message } });
  });

  it('creates and deletes branches as a developer; refuses below, bad names, taken names, unknown refs and the default branch', async () => {
    expect((await call(app, 'POST', R('/branches?branch=x&ref=main'), { auth: cast.carol })).status).toBe(403);
    expect((await call(app, 'POST', R('/branches?branch=x&ref=main'))).status).toBe(401);
    for (const bad of ['a..b', 'x~1', 'end.lock', '-dash', 'sp ace']) {
      expect(await call(app, 'POST', R(`/branches?branch=${encodeURIComponent(bad)}&ref=main`), { auth: cast.bob })).toMatchObject({ status: 400, body: { message: 'Branch name is invalid' } });
    }
    expect(await call(app, 'POST', R('/branches?branch=main&ref=main'), { auth: cast.bob })).toMatchObject({ status: 400, body: { message: 'Branch already exists' } });
    expect(await call(app, 'POST', R('/branches?branch=y&ref=nosuch'), { auth: cast.bob })).toMatchObject({ status: 400, body: { message: 'Invalid reference name: nosuch' } });
    const made = await call(app, 'POST', R('/branches'), { auth: cast.bob, body: { branch: '3-checkout-fix', ref: 'v0.1.0' } });
    expect(made).toMatchObject({ status: 201, body: { name: '3-checkout-fix', can_push: true, commit: { title: 'Rename notes to architecture' } } });
    expect((await call(app, 'DELETE', R('/branches/main'), { auth: cast.mallory })).body).toEqual({ message: ERRORS.DEFAULT_BRANCH_DELETE.message });
    expect((await call(app, 'DELETE', R('/branches/3-checkout-fix'), { auth: cast.carol })).status).toBe(403);
    expect((await call(app, 'DELETE', R('/branches/3-checkout-fix'), { auth: cast.bob })).status).toBe(204);
    expect((await call(app, 'GET', R('/branches/3-checkout-fix'))).status).toBe(404);
  });

  it('lists tags and commits (paged, by path, by range), gets one with stats, and its diff with a rename and a binary image', async () => {
    expect((await call(app, 'GET', R('/tags'))).body).toEqual([expect.objectContaining({ name: 'v0.1.0', commit: expect.objectContaining({ title: 'Rename notes to architecture' }) })]);
    const page1 = await call(app, 'GET', R('/commits?per_page=2'));
    expect((page1.body as Array<{ title: string }>).map((c) => c.title)).toEqual(['Add the logo, tools and notes', 'Describe the server in the README']);
    expect(page1.headers.get('x-next-page')).toBe('2');
    const page3 = await call(app, 'GET', R('/commits?per_page=2&page=3'));
    expect((page3.body as Array<{ title: string }>).map((c) => c.title)).toEqual(['Add the logo', 'Add the issue page server']);
    const logo = await call(app, 'GET', R(`/commits?path=${enc('assets/logo.png')}`));
    expect((logo.body as Array<{ title: string }>).map((c) => c.title)).toEqual(['New logo colours', 'Add the logo']);
    const range = await call(app, 'GET', R(`/commits?ref_name=${enc('main..1-real-time-updates-for-the-issue-page')}`));
    expect((range.body as Array<{ title: string }>).map((c) => c.title)).toEqual(['Send issue events over Socket.IO']);
    expect((await call(app, 'GET', R('/commits?ref_name=nosuch'))).status).toBe(404);

    const rename = (page3.body as Array<{ id: string }>)[1]!;
    const [renameCommit] = (await call(app, 'GET', R('/commits?per_page=1&ref_name=v0.1.0'))).body as Array<{ id: string }>;
    const one = await call(app, 'GET', R(`/commits/${renameCommit!.id}`));
    expect(one.body).toMatchObject({ id: renameCommit!.id, short_id: renameCommit!.id.slice(0, 8), title: 'Rename notes to architecture', stats: { additions: 0, deletions: 0, total: 0 } });
    expect((await call(app, 'GET', R(`/commits/${renameCommit!.id}/diff`))).body).toEqual([
      expect.objectContaining({ old_path: 'docs/notes.md', new_path: 'docs/architecture.md', renamed_file: true, new_file: false, deleted_file: false }),
    ]);
    const [logoCommit] = logo.body as Array<{ id: string }>;
    expect((await call(app, 'GET', R(`/commits/${logoCommit!.id}/diff`))).body).toEqual([expect.objectContaining({ new_path: 'assets/logo.png', diff: '', a_mode: '100644', b_mode: '100644' })]);
    const first = await call(app, 'GET', R(`/commits/${rename.id}/diff`));
    expect((first.body as Array<{ new_path: string; diff: string }>).find((d) => d.new_path === 'src/server.ts')!.diff).toContain("+import http from 'node:http';");
    expect((await call(app, 'GET', R(`/commits/${'f'.repeat(40)}`))).body).toEqual({ message: ERRORS.COMMIT_NOT_FOUND.message });
  });

  it('lists the tree and serves files as JSON (base64) and raw with safe content types', async () => {
    const root = await call(app, 'GET', R('/tree'));
    expect((root.body as Array<{ path: string; type: string }>).map((e) => `${e.type} ${e.path}`)).toEqual(['tree assets', 'tree data', 'tree docs', 'tree src', 'tree tools', 'blob README.md']);
    expect((await call(app, 'GET', R('/tree?path=docs'))).body).toEqual([
      expect.objectContaining({ name: 'architecture.md', path: 'docs/architecture.md', type: 'blob', mode: '100644' }),
      expect.objectContaining({ name: 'obsolete.md', path: 'docs/obsolete.md', type: 'blob' }),
      expect.objectContaining({ name: 'old-name.md', path: 'docs/old-name.md', type: 'blob' }),
    ]);
    expect((await call(app, 'GET', R('/tree?recursive=true&per_page=100'))).body).toContainEqual(expect.objectContaining({ path: 'src/server.ts' }));
    expect((await call(app, 'GET', R('/tree?path=nope'))).status).toBe(404);

    const f = await call<Record<string, unknown>>(app, 'GET', R(`/files/${enc('docs/architecture.md')}?ref=main`));
    expect(f.body).toMatchObject({ file_name: 'architecture.md', file_path: 'docs/architecture.md', encoding: 'base64', ref: 'main' });
    expect(Buffer.from(f.body.content as string, 'base64').toString()).toBe('# Notes\n\nEvery change is an event in the issue log.\n');
    expect(await call(app, 'GET', R(`/files/${enc('README.md')}`))).toMatchObject({ status: 400, body: { message: '400 Bad request - ref is missing' } });

    const text = await fetch(`${app.url}${R(`/files/${enc('src/server.ts')}/raw`)}`);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toContain('createServer');
    const png = await fetch(`${app.url}${R(`/files/${enc('assets/logo.png')}/raw?ref=main`)}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses path traversal with a 400 and reads nothing outside the repository', async () => {
    for (const p of ['../../../../etc/passwd', '/etc/passwd', 'docs/../../config', '.git/config']) {
      expect(await call(app, 'GET', R(`/files/${enc(p)}?ref=main`))).toMatchObject({ status: 400, body: { message: ERRORS.REPOSITORY_PATH_INVALID.message } });
      expect((await call(app, 'GET', R(`/files/${enc(p)}/raw`))).status).toBe(400);
      expect((await call(app, 'GET', R(`/tree?path=${enc(p)}`))).status).toBe(400);
    }
    // (a client's URL parser resolves ../ itself; an encoded slash keeps it in the path git would read)
    expect((await call(app, 'GET', `/acme/tandem/-/raw/main/${enc('../../etc/passwd')}`)).status).toBe(400);
    expect((await call(app, 'GET', R('/commits?ref_name=--output%3D%2Ftmp%2Fx'))).status).toBe(400);
  });

  it('serves the page raw route: images inline, HTML and SVG as sandboxed attachments, binaries as downloads', async () => {
    const img = await fetch(`${app.url}/acme/tandem/-/raw/main/assets/logo.png`);
    expect([img.status, img.headers.get('content-type'), img.headers.get('content-disposition')?.split(';')[0]]).toEqual([200, 'image/png', 'inline']);
    for (const file of ['page.html', 'pic.svg']) {
      const r = await fetch(`${app.url}/acme/tandem/-/raw/markup/${file}`);
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(r.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(r.headers.get('content-security-policy')).toContain('sandbox');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const bin = await fetch(`${app.url}/acme/tandem/-/raw/markup/data.bin`);
    expect([bin.headers.get('content-type'), bin.headers.get('content-disposition')?.split(';')[0]]).toEqual(['application/octet-stream', 'attachment']);
    const sha = ((await call(app, 'GET', R('/branches/main'))).body as { commit: { id: string } }).commit.id;
    expect(await (await fetch(`${app.url}/acme/tandem/-/raw/${sha}/README.md`)).text()).toContain('# Tandem');
    expect((await fetch(`${app.url}/acme/tandem/-/raw/main/nope.md`)).status).toBe(404);
    expect((await fetch(`${app.url}/acme/platform/secret-plans/-/raw/main/README.md`)).status).toBe(404);
  });

  it('compares refs from their merge base, and reads private code only as reporter and up', async () => {
    const c = await call<{ commits: Array<{ title: string }>; diffs: Array<{ new_path: string }>; compare_same_ref: boolean }>(app, 'GET', R('/compare?from=main&to=feature%2Fpolling-fallback'));
    expect(c.body.commits.map((x) => x.title)).toEqual(['Poll with ETags when the socket is down']);
    expect(c.body.diffs.map((d) => d.new_path)).toEqual(['src/polling.ts']);
    expect((await call(app, 'GET', R('/compare?from=main&to=main'))).body).toMatchObject({ compare_same_ref: true, commits: [], diffs: [] });
    expect((await call(app, 'GET', R('/compare?from=main'))).status).toBe(400);

    const priv = `/api/v4/projects/${PRIV}/repository/branches`;
    expect((await call(app, 'GET', priv, { auth: cast.carol })).status).toBe(200);
    expect((await call(app, 'GET', priv, { auth: cast.dave })).status).toBe(403);
    expect((await call(app, 'GET', priv, { auth: cast.erin })).status).toBe(404);
    expect((await call(app, 'GET', priv)).status).toBe(404);
  });
});
