import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDiffPosition, ApiDraftNote, ApiMergeRequest, MergeRequestDiffsResponse } from '@tandem/shared-types';
import { solidPng } from '../src/modules/merge-request/diffs/review-demo';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * Comments on a point of an image of a merge request's diff (GitLab's image diff notes), on
 * Postgres and PGlite against a real repository: REST as JSON and as form fields, the page's
 * discussions, GraphQL createImageDiffNote and DiffPosition, draft notes published as image
 * notes, bad positions refused naming the problem with nothing written, and a push that carries
 * a note on an unchanged image along and outdates those whose image changed or went away.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

type Note = { id: number | string; body: string; type?: string | null; outdated?: boolean; position?: ApiDiffPosition & Record<string, unknown> };
type Discussion = { id: string; active?: boolean; position?: ApiDiffPosition & Record<string, unknown>; notes: Note[] };

describe.each(DB_MODES)('image diff notes on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repos: RepositoryService;
  let pid: number;
  let mr: ApiMergeRequest;
  let api: string;
  let page: string;
  let refs: MergeRequestDiffsResponse['diff_refs'];

  const count = async () => Number(((await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1`, [mr.id])) as Array<{ n: number }>)[0]!.n);
  const at = (path: string, point: Record<string, unknown> = {}) => ({ position_type: 'image', ...refs, old_path: path, new_path: path, x: 10, y: 20, width: 80, height: 50, ...point });

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repos = app.running.app.get(RepositoryService);
    pid = await projectId(app, P);
    const repo = await repos.open(pid);
    const base = await repo.writeCommit({
      branch: 'img-base', startSha: null, message: 'Base', author: me,
      actions: ['banner', 'logo', 'icon'].map((n, i) => ({ action: 'create' as const, path: `assets/${n}.png`, content: solidPng(60, 40, [i * 40, 117, 203]) })).concat([{ action: 'create', path: 'src/a.ts', content: Buffer.from('export const a = 1;\n') }]),
    });
    await repo.writeCommit({
      branch: 'img-head', startSha: base.sha, message: 'Change', author: me,
      actions: [
        ...['banner', 'logo', 'icon'].map((n, i) => ({ action: 'update' as const, path: `assets/${n}.png`, content: solidPng(80, 50, [252, 109, i * 40]) })),
        { action: 'update', path: 'src/a.ts', content: Buffer.from('export const a = 2;\n') },
      ],
    });
    mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Images', source_branch: 'img-head', target_branch: 'img-base' } })).body;
    api = `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}`;
    page = `/${P}/-/merge_requests/${mr.iid}`;
    refs = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body.diff_refs;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('REST takes an image position as JSON and as form fields; both reads answer x, y, width, height and no lines', async () => {
    const made = await call<Discussion>(app, 'POST', `${api}/discussions`, { auth: who.bob, body: { body: 'This corner is too dark', position: at('assets/banner.png') } });
    expect(made.status).toBe(201);
    const want = { position_type: 'image', old_path: 'assets/banner.png', new_path: 'assets/banner.png', head_sha: refs.head_sha, x: 10, y: 20, width: 80, height: 50 };
    expect(made.body.notes[0]).toMatchObject({ type: 'DiffNote', position: want });
    expect(made.body.notes[0]!.position).not.toHaveProperty('new_line');
    expect(made.body.notes[0]!.position).not.toHaveProperty('line_range');

    // GitLab's API clients send form fields: position[x]=… as text
    const form = new URLSearchParams({ body: 'And here', 'position[position_type]': 'image', 'position[base_sha]': refs.base_sha!, 'position[start_sha]': refs.start_sha!, 'position[head_sha]': refs.head_sha!, 'position[old_path]': 'assets/logo.png', 'position[new_path]': 'assets/logo.png', 'position[x]': '0', 'position[y]': '50', 'position[width]': '80', 'position[height]': '50' });
    const formed = await call<Discussion>(app, 'POST', `${api}/discussions`, { auth: who.bob, rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(formed.status).toBe(201);
    expect(formed.body.notes[0]!.position).toMatchObject({ position_type: 'image', new_path: 'assets/logo.png', x: 0, y: 50, width: 80, height: 50 });

    // GitLab's web form posts the position as JSON text to the page's notes
    const web = await call<{ discussion: Discussion }>(app, 'POST', `${page}/notes?target_type=merge_request&target_id=${mr.id}`, {
      auth: who.bob,
      body: { note: { note: 'From the web form', type: 'DiffNote', noteable_type: 'MergeRequest', noteable_id: mr.id, position: JSON.stringify(at('assets/icon.png', { x: 80, y: 0 })) }, return_discussion: true },
    });
    expect(web.status).toBe(200);
    expect(web.body.discussion.notes[0]).toMatchObject({ type: 'DiffNote', position: { position_type: 'image', new_path: 'assets/icon.png', x: 80, y: 0 } });

    const pageRead = (await call<Discussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.alice })).body.find((d) => d.id === made.body.id)!;
    expect(pageRead).toMatchObject({ active: true, position: want, notes: [{ position: want }] });
    const restRead = (await call<Discussion[]>(app, 'GET', `${api}/discussions`, { auth: who.alice })).body.find((d) => d.id === formed.body.id)!;
    expect(restRead.notes[0]!.position).toMatchObject({ position_type: 'image', x: 0, y: 50 });
    // An image thread has no code excerpt
    const lines = await call<{ truncated_diff_lines: unknown[] }>(app, 'GET', `${page}/discussions/${made.body.id}/diff_lines.json`, { auth: who.alice });
    expect(lines.body.truncated_diff_lines).toEqual([]);
  });

  it('refuses bad image positions with a 400 naming the problem and writes nothing', async () => {
    const before = await count();
    const bad = async (position: Record<string, unknown>) => {
      const r = await call<{ message: { position: string[] } }>(app, 'POST', `${api}/discussions`, { auth: who.bob, body: { body: 'Bad', position } });
      expect(r.status).toBe(400);
      return r.body.message.position[0];
    };
    expect(await bad(at('assets/banner.png', { x: 81 }))).toBe('x must be between 0 and width');
    expect(await bad(at('assets/banner.png', { y: -1 }))).toBe('y must be between 0 and height');
    expect(await bad(at('assets/banner.png', { width: 0 }))).toBe('width must be greater than 0');
    expect(await bad(at('assets/banner.png', { height: -5 }))).toBe('height must be greater than 0');
    expect(await bad(at('assets/banner.png', { x: 1.5 }))).toBe('x must be a whole number');
    expect(await bad(at('assets/banner.png', { x: 'left' }))).toBe('x must be a whole number');
    expect(await bad(at('assets/banner.png', { height: undefined }))).toBe('height is missing');
    expect(await bad(at('assets/banner.png', { new_line: 1 }))).toBe('new_line is not taken on an image position');
    expect(await bad(at('src/a.ts'))).toBe('src/a.ts is not an image');
    expect(await bad(at('assets/nope.png'))).toBe('assets/nope.png is not a file of this diff');
    expect(await bad(at('assets/banner.png', { position_type: 'file' }))).toBe('position_type must be text or image');
    expect(await bad(at('assets/banner.png', { head_sha: refs.base_sha }))).toBe("does not match the merge request's current diff (base_sha, start_sha, head_sha)");
    // A text position on an image has no line to sit on
    expect(await bad({ ...at('assets/banner.png'), position_type: 'text', new_line: 1 })).toBe('line is not a line of the diff');
    // The page's create-note endpoint takes the same positions and the same checks
    const pageBad = await call(app, 'POST', `${page}/notes?target_type=merge_request&target_id=${mr.id}`, { auth: who.bob, body: { note: { note: 'Bad', noteable_type: 'MergeRequest', noteable_id: mr.id, type: 'DiffNote', position: JSON.stringify(at('assets/banner.png', { width: 0 })) } } });
    expect(pageBad.status).toBe(422);
    expect(pageBad.text).toContain('Position width must be greater than 0');
    expect(await count()).toBe(before);
  });

  it('GraphQL createImageDiffNote makes the thread and DiffPosition reads it back; a bad point is an error with nothing written', async () => {
    const mutation = `mutation($input: CreateImageDiffNoteInput!) { createImageDiffNote(input: $input) { errors note { id body position { positionType x y width height oldLine newLine filePath diffRefs { headSha } } } } }`;
    const position = { baseSha: refs.base_sha, startSha: refs.start_sha, headSha: refs.head_sha, paths: { oldPath: 'assets/icon.png', newPath: 'assets/icon.png' }, x: 40, y: 25, width: 80, height: 50 };
    const made = await gql(app, mutation, { input: { noteableId: `gid://gitlab/MergeRequest/${mr.id}`, body: 'Icon point', position } }, who.bob);
    expect(made.errors).toBeUndefined();
    expect(made.data!.createImageDiffNote).toMatchObject({ errors: [], note: { body: 'Icon point', position: { positionType: 'image', x: 40, y: 25, width: 80, height: 50, oldLine: null, newLine: null, filePath: 'assets/icon.png', diffRefs: { headSha: refs.head_sha } } } });
    const before = await count();
    const bad = await gql(app, mutation, { input: { noteableId: `gid://gitlab/MergeRequest/${mr.id}`, body: 'Off the image', position: { ...position, x: 81 } } }, who.bob);
    expect(bad.data!.createImageDiffNote).toEqual({ errors: ['Position x must be between 0 and width'], note: null });
    const text = await gql(app, mutation, { input: { noteableId: `gid://gitlab/MergeRequest/${mr.id}`, body: 'Not an image', position: { ...position, paths: { oldPath: 'src/a.ts', newPath: 'src/a.ts' } } } }, who.bob);
    expect(text.data!.createImageDiffNote).toEqual({ errors: ['Position src/a.ts is not an image'], note: null });
    expect(await count()).toBe(before);
  });

  it('a draft note on a point of an image is published as an image diff note', async () => {
    const draft = await call<ApiDraftNote>(app, 'POST', `${api}/draft_notes`, { auth: who.bob, body: { note: 'Pending on the image', position: at('assets/banner.png', { x: 5, y: 6 }) } });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ position: { position_type: 'image', x: 5, y: 6, width: 80, height: 50 }, line_code: null, file_path: 'assets/banner.png' });
    const refused = await call<{ message: { position: string[] } }>(app, 'POST', `${api}/draft_notes`, { auth: who.bob, body: { note: 'x', position: at('src/a.ts') } });
    expect(refused.status).toBe(400);
    expect(refused.body.message.position).toEqual(['src/a.ts is not an image']);
    expect((await call(app, 'PUT', `${api}/draft_notes/${draft.body.id}/publish`, { auth: who.bob })).status).toBe(204);
    const read = (await call<Discussion[]>(app, 'GET', `${api}/discussions`, { auth: who.alice })).body;
    const published = read.find((d) => d.notes[0]!.body === 'Pending on the image')!;
    expect(published.notes[0]).toMatchObject({ type: 'DiffNote', position: { position_type: 'image', new_path: 'assets/banner.png', x: 5, y: 6, width: 80, height: 50 } });
  });

  it('after a push a note on an unchanged image follows to the new shas; one on a changed or deleted image is outdated', async () => {
    const repo = await repos.open(pid);
    const post = async (path: string, body: string) => (await call<Discussion>(app, 'POST', `${api}/discussions`, { auth: who.bob, body: { body, position: at(path, { x: 7, y: 8 }) } })).body;
    const onBanner = await post('assets/banner.png', 'Stays');
    const onLogo = await post('assets/logo.png', 'Changes');
    const onIcon = await post('assets/icon.png', 'Goes');
    const oldHead = refs.head_sha!;
    const pushed = await repo.writeCommit({
      branch: 'img-head', message: 'Push', author: me,
      actions: [
        { action: 'update', path: 'assets/logo.png', content: solidPng(90, 60, [1, 2, 3]) },
        { action: 'delete', path: 'assets/icon.png' },
        { action: 'create', path: 'src/b.ts', content: Buffer.from('export const b = 2;\n') },
      ],
    });
    const bobId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>)[0]!.id);
    await repos.refsChanged({ projectId: pid, actorId: bobId, updates: [{ ref: 'refs/heads/img-head', oldSha: oldHead, newSha: pushed.sha }], source: 'push' });
    const read = (await call<Discussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.alice })).body;
    const byId = (id: string) => read.find((d) => d.id === id)!;
    expect(byId(onBanner.id)).toMatchObject({ active: true, position: { position_type: 'image', new_path: 'assets/banner.png', head_sha: pushed.sha, x: 7, y: 8, width: 80, height: 50 }, notes: [{ outdated: false }] });
    expect(byId(onLogo.id)).toMatchObject({ active: false, position: { position_type: 'image', head_sha: oldHead, x: 7, y: 8 }, notes: [{ outdated: true }] });
    expect(byId(onIcon.id)).toMatchObject({ active: false, position: { position_type: 'image', head_sha: oldHead }, notes: [{ outdated: true }] });
  });
});
