import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobDiffPath, DIFF_TEXTS, type ApiDiffFile, type ApiDiffLine, type ApiMergeRequest, type ApiProject, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { REVIEW_DEMO } from '../src/modules/merge-request/diffs/review-demo';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Cast, type TestApp } from './harness';

/**
 * The Changes tab's calls on Postgres and PGlite against a real repository: every file kind
 * (replaced with highlighted lines, new, deleted, renamed without changes, mode change, image,
 * binary download, collapsed large file), whitespace hidden with w=1, "Show file contents" for
 * one file, the raw links the image and download viewers use (the repository's -/raw/ route), and
 * context expansion's lines between hunks (the blob diff route).
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

describe.each(DB_MODES)('merge request diffs on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let iid: number;
  let page: string;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const repos = app.running.app.get(RepositoryService);
    const repo = await repos.open(await projectId(app, P));
    // A root commit of its own (the demo seed may have put these files on main already)
    const base = await repo.writeCommit({ branch: 'diff-base', startSha: null, message: 'Base', author: me, actions: [...REVIEW_DEMO.base(), { action: 'create', path: 'src/spaces.ts', content: Buffer.from('const a = 1;\n') }] });
    await repo.writeCommit({ branch: 'diff-head', startSha: base.sha, message: 'Change', author: me, actions: [...REVIEW_DEMO.change(), { action: 'update', path: 'src/spaces.ts', content: Buffer.from('const a =  1;\n') }] });
    // The merge request's target is the base branch: the diff is exactly the change
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Review me', source_branch: 'diff-head', target_branch: 'diff-base' } });
    expect(mr.status).toBe(201);
    iid = mr.body.iid;
    page = `/${P}/-/merge_requests/${iid}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const byPath = (files: ApiDiffFile[], p: string) => files.find((f) => f.new_path === p)!;

  it('lists every file with its mode, viewer and highlighted, escaped lines', async () => {
    const res = await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob });
    expect(res.status).toBe(200);
    const files = res.body.diff_files;
    expect(res.body.diff_refs.head_sha).toMatch(/^[0-9a-f]{40}$/);
    const code = byPath(files, 'src/search.ts');
    expect(code).toMatchObject({ mode: 'replaced', viewer: { name: 'text' }, added_lines: 1, removed_lines: 1, collapsed: false });
    const added = code.highlighted_diff_lines.find((l) => l.type === 'new')!;
    expect(added).toMatchObject({ old_line: null, new_line: 12, line_code: `${code.file_hash}_13_12` });
    // highlighted by the server, and the user's "<b>" is text, not markup
    expect(added.rich_text).toContain('hljs-');
    expect(added.rich_text).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(code.highlighted_diff_lines[0]!.type).toBe('match');
    expect(code.highlighted_diff_lines.find((l) => l.type === 'old')).toMatchObject({ old_line: 12, new_line: null });
    expect(byPath(files, 'assets/banner.png')).toMatchObject({ mode: 'replaced', binary: true, viewer: { name: 'image' }, old_size: expect.any(Number) as number, new_size: expect.any(Number) as number });
    expect(byPath(files, 'assets/banner.png').new_raw_path).toBe(`/${P}/-/raw/${res.body.diff_refs.head_sha}/assets/banner.png`);
    expect(byPath(files, 'data/blob.bin')).toMatchObject({ viewer: { name: 'download' }, new_size: 8 });
    expect(byPath(files, 'docs/new-name.md')).toMatchObject({ mode: 'renamed', renamed_file: true, old_path: 'docs/old-name.md', viewer: { name: 'renamed' } });
    expect(byPath(files, 'tools/build.sh')).toMatchObject({ mode_changed: true, a_mode: '100644', b_mode: '100755', viewer: { name: 'mode_changed' } });
    expect(byPath(files, 'docs/obsolete.md')).toMatchObject({ mode: 'deleted', new_raw_path: null });
    expect(byPath(files, 'src/big.txt')).toMatchObject({ mode: 'new', collapsed: true, viewer: { name: 'collapsed' }, highlighted_diff_lines: [] });
    expect(byPath(files, 'src/spaces.ts').highlighted_diff_lines.length).toBeGreaterThan(0);
    expect(DIFF_TEXTS.showFileContents).toBe('Show file contents');
  });

  it("gives each file GitLab's content_sha, view_path (its blob page) and alternate_viewer (text for a renamed text file, else null)", async () => {
    const { diff_files: files, diff_refs: refs } = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body;
    expect(byPath(files, 'src/search.ts')).toMatchObject({ content_sha: refs.head_sha, view_path: `/${P}/-/blob/${refs.head_sha}/src/search.ts`, alternate_viewer: null });
    expect(byPath(files, 'docs/new-name.md')).toMatchObject({ content_sha: refs.head_sha, view_path: `/${P}/-/blob/${refs.head_sha}/docs/new-name.md`, alternate_viewer: { name: 'text' } });
    // A deleted file is read at the base
    expect(byPath(files, 'docs/obsolete.md')).toMatchObject({ content_sha: refs.base_sha, view_path: `/${P}/-/blob/${refs.base_sha}/docs/obsolete.md`, alternate_viewer: null });
    expect(byPath(files, 'assets/banner.png').alternate_viewer).toBeNull();
  });

  it('"Show file contents" of a renamed file without changes: its whole text, unchanged, in the text viewer', async () => {
    const list = await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob });
    const moved = byPath(list.body.diff_files, 'docs/new-name.md');
    expect(moved.highlighted_diff_lines).toEqual([]);
    const one = await call<ApiDiffFile>(app, 'GET', `${page}/diff_for_path.json?file_hash=${moved.file_hash}`, { auth: who.bob });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ viewer: { name: 'text' }, renamed_file: true });
    const lines = one.body.highlighted_diff_lines;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.type === 'context')).toBe(true);
    expect(lines.map((l) => l.new_line)).toEqual(lines.map((_, i) => i + 1));
  });

  it('hides whitespace changes with w=1 (the file stays listed, without lines)', async () => {
    const res = await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json?w=1`, { auth: who.bob });
    expect(res.body.whitespace_hidden).toBe(true);
    expect(byPath(res.body.diff_files, 'src/spaces.ts')).toMatchObject({ added_lines: 0, highlighted_diff_lines: [] });
    expect(byPath(res.body.diff_files, 'src/search.ts').added_lines).toBe(1);
  });

  it('"Show file contents" loads a collapsed file whole; bad or unknown hashes are 400 and 404', async () => {
    const list = await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob });
    const big = byPath(list.body.diff_files, 'src/big.txt');
    const one = await call<ApiDiffFile>(app, 'GET', `${page}/diff_for_path.json?file_hash=${big.file_hash}`, { auth: who.bob });
    expect(one.status).toBe(200);
    expect(one.body.collapsed).toBe(false);
    expect(one.body.highlighted_diff_lines.filter((l) => l.type === 'new')).toHaveLength(600);
    expect((await call(app, 'GET', `${page}/diff_for_path.json?file_hash=nope`, { auth: who.bob })).status).toBe(400);
    expect((await call(app, 'GET', `${page}/diff_for_path.json?file_hash=${'0'.repeat(40)}`, { auth: who.bob })).status).toBe(404);
  });

  it('serves raw files: images inline, binaries as downloads, sandboxed and never sniffed; a missing file 404', async () => {
    const list = await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob });
    const img = await fetch(`${app.url}${byPath(list.body.diff_files, 'assets/banner.png').new_raw_path}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await img.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const bin = await fetch(`${app.url}${byPath(list.body.diff_files, 'data/blob.bin').new_raw_path}`);
    expect(bin.headers.get('content-disposition')).toContain('attachment; filename="blob.bin"');
    expect(bin.headers.get('content-type')).toBe('application/octet-stream');
    expect((await fetch(`${app.url}/${P}/-/raw/${list.body.diff_refs.head_sha}/no/such.png`)).status).toBe(404);
  });

  it('context expansion: hunk headers say where their hunk starts; the blob diff route serves the hidden lines at the head, numbered and escaped', async () => {
    const list = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body;
    const head = list.diff_refs.head_sha!;
    const code = byPath(list.diff_files, 'src/search.ts');
    // Line 12 changed: the hunk shows 9..15, lines 1..8 are hidden above it
    expect(code.highlighted_diff_lines[0]).toMatchObject({ type: 'match', meta_data: { old_pos: 9, new_pos: 9 } });
    const lines = async (path: string, q: { since: number; to: number; offset: number }, auth = who.bob, sha = head) => call<ApiDiffLine[]>(app, 'GET', blobDiffPath(P, sha, path, q), { auth });

    const above = await lines('src/search.ts', { since: 1, to: 8, offset: 0 });
    expect(above.status).toBe(200);
    expect(above.body.map((l) => [l.type, l.old_line, l.new_line, l.line_code])).toEqual(Array.from({ length: 8 }, (_, i) => ['context', i + 1, i + 1, `${code.file_hash}_${i + 1}_${i + 1}`]));
    expect(above.body[0]!.rich_text).toContain('hljs-');
    expect(above.body[0]!.rich_text).toContain('step1');
    // The old side is numbered new - offset; the user's markup is text
    const changed = await lines('src/search.ts', { since: 12, to: 12, offset: 2 });
    expect(changed.body[0]).toMatchObject({ old_line: 10, new_line: 12, line_code: `${code.file_hash}_10_12` });
    expect(changed.body[0]!.rich_text).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    // Lines past the end of the file are left out; a branch name works as the commit
    expect((await lines('src/search.ts', { since: 29, to: 40, offset: 0 })).body.map((l) => l.new_line)).toEqual([29, 30]);
    expect((await lines('src/search.ts', { since: 1, to: 1, offset: 0 }, who.bob, 'diff-head')).body).toHaveLength(1);

    const refused = async (url: string, status: number) => {
      const r = await call<{ message: string }>(app, 'GET', url, { auth: who.bob });
      expect(r.status, url).toBe(status);
      return r.body.message;
    };
    const base = `/${P}/-/blob/${head}/src/search.ts/diff`;
    expect(await refused(`${base}?to=3`, 400)).toContain('since is missing');
    expect(await refused(`${base}?since=0&to=3`, 400)).toContain('since must be at least 1');
    expect(await refused(`${base}?since=5&to=4`, 400)).toContain('to must be at least 5');
    expect(await refused(`${base}?since=x&to=4`, 400)).toContain('since is invalid');
    expect(await refused(`${base}?since=1&to=20000`, 400)).toContain('to may be at most');
    expect(await refused(`${base}?since=2&to=3&offset=5`, 400)).toContain('offset');
    expect(await refused(`/${P}/-/blob/${head}/data/blob.bin/diff?since=1&to=1`, 400)).toContain('binary');
    await refused(`/${P}/-/blob/${head}/no/such.ts/diff?since=1&to=1`, 404);
    await refused(`/${P}/-/blob/${'0'.repeat(40)}/src/search.ts/diff?since=1&to=1`, 404);

    // A private project's lines are not there for those who may not read its code
    const fork = await call<ApiProject>(app, 'POST', `/api/v4/projects/${enc(P)}/fork`, { auth: who.bob, body: { name: 'Tandem blob', path: `tandem-blob-${mode}`, visibility: 'private' } });
    expect(fork.status).toBe(201);
    const priv = (auth: Cast[keyof Cast]) => call(app, 'GET', blobDiffPath(fork.body.path_with_namespace, head, 'src/search.ts', { since: 1, to: 2, offset: 0 }), { auth });
    expect((await priv(who.bob)).status).toBe(200);
    expect((await priv(who.erin)).status).toBe(404);
    expect((await priv(who.anonymous)).status).toBe(404);
  });

  it("below the last hunk: the bottom match line gives the file's end; a diff note on an expanded unchanged line (old and new line) is taken, with its excerpt", async () => {
    const list = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body;
    const refs = list.diff_refs;
    const code = byPath(list.diff_files, 'src/search.ts');
    // 30 lines, the hunk shows 9..15: GitLab's bottom match line closes the file, one past line 30
    expect(code.highlighted_diff_lines[code.highlighted_diff_lines.length - 1]).toMatchObject({ type: 'match', rich_text: '', meta_data: { old_pos: 31, new_pos: 31 } });
    // A new file is all diff: no bottom line
    const big = await call<ApiDiffFile>(app, 'GET', `${page}/diff_for_path.json?file_hash=${byPath(list.diff_files, 'src/big.txt').file_hash}`, { auth: who.bob });
    expect(big.body.highlighted_diff_lines.filter((l) => l.type === 'match')).toHaveLength(1);

    const at = (over: Record<string, unknown>) => ({ position_type: 'text', base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, old_path: 'src/search.ts', new_path: 'src/search.ts', ...over });
    const discussions = `/api/v4/projects/${enc(P)}/merge_requests/${iid}/discussions`;
    type D = { id: string; notes: Array<{ type: string; position?: Record<string, unknown> }> };
    // Line 25 (below the last hunk) and line 3 (above the first): unchanged, both sides given, as GitLab takes them
    const below = await call<D>(app, 'POST', discussions, { auth: who.bob, body: { body: 'Below the hunk', position: at({ old_line: 25, new_line: 25 }) } });
    expect(below.status).toBe(201);
    expect(below.body.notes[0]).toMatchObject({ type: 'DiffNote', position: { old_line: 25, new_line: 25 } });
    const above = await call<D>(app, 'POST', discussions, { auth: who.bob, body: { body: 'Above the hunk', position: at({ old_line: 3, new_line: 3, line_range: { start: { line_code: `${code.file_hash}_2_2`, type: null }, end: { line_code: `${code.file_hash}_3_3`, type: null } } }) } });
    expect(above.status).toBe(201);
    // The Overview's excerpt of such a thread: the file's own lines up to the commented one
    const excerpt = await call<{ truncated_diff_lines: ApiDiffLine[] }>(app, 'GET', `${page}/discussions/${below.body.id}/diff_lines.json`, { auth: who.bob });
    expect(excerpt.body.truncated_diff_lines.map((l) => [l.type, l.old_line, l.new_line])).toEqual([22, 23, 24, 25].map((n) => ['context', n, n]));
    expect(excerpt.body.truncated_diff_lines[3]!.rich_text).toContain('step25');

    const bad = async (position: unknown) => {
      const r = await call<{ message: { position: string[] } }>(app, 'POST', discussions, { auth: who.bob, body: { body: 'x', position } });
      expect(r.status).toBe(400);
      return r.body.message.position[0];
    };
    // Sides that do not match the file there, a line past its end, one side only outside the hunks, a range end outside the file
    expect(await bad(at({ old_line: 24, new_line: 25 }))).toBe('line is not a line of the diff');
    expect(await bad(at({ old_line: 31, new_line: 31 }))).toBe('line is not a line of the diff');
    expect(await bad(at({ new_line: 25 }))).toBe('line is not a line of the diff');
    expect(await bad(at({ old_line: 3, new_line: 3, line_range: { start: { line_code: `${code.file_hash}_40_40` }, end: { line_code: `${code.file_hash}_3_3` } } }))).toBe('line_range start is not a line of the diff');
  });

  it("diff notes: POST discussions with GitLab's position (a line or a range, either side) stores a DiffNote thread; replies keep it; a bad position is a 400 naming it", async () => {
    const list = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body;
    const refs = list.diff_refs;
    const code = byPath(list.diff_files, 'src/search.ts');
    const added = code.highlighted_diff_lines.find((l) => l.type === 'new')!;
    const removed = code.highlighted_diff_lines.find((l) => l.type === 'old')!;
    const at = (over: Record<string, unknown>) => ({ position_type: 'text', base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, old_path: 'src/search.ts', new_path: 'src/search.ts', ...over });
    const discussions = `/api/v4/projects/${enc(P)}/merge_requests/${iid}/discussions`;
    type D = { id: string; individual_note: boolean; notes: Array<{ type: string; position?: Record<string, unknown>; resolvable: boolean }> };
    const made = await call<D>(app, 'POST', discussions, { auth: who.bob, body: { body: 'Why multiply?', position: at({ new_line: added.new_line, line_range: { start: { line_code: removed.line_code, type: 'old' }, end: { line_code: added.line_code, type: 'new' } } }) } });
    expect(made.status).toBe(201);
    expect(made.body.individual_note).toBe(false);
    // Each end of the range answers its own lines (spec: line_code, type, old_line, new_line), read from the diff
    expect(made.body.notes[0]).toMatchObject({ type: 'DiffNote', resolvable: true, position: { new_line: 12, old_line: null, head_sha: refs.head_sha, new_path: 'src/search.ts', line_range: { start: { line_code: removed.line_code, type: 'old', old_line: 12, new_line: null }, end: { line_code: added.line_code, type: 'new', old_line: null, new_line: 12 } } } });
    // As GitLab's client sends it: both ends with their lines; the thread lists it the same way
    const ctx = code.highlighted_diff_lines.filter((l) => l.type === 'context' && l.new_line! < added.new_line!).pop()!;
    const sent = { start: { line_code: ctx.line_code, type: null, old_line: ctx.old_line, new_line: ctx.new_line }, end: { line_code: added.line_code, type: 'new', old_line: null, new_line: added.new_line } };
    const ranged = await call<D>(app, 'POST', discussions, { auth: who.bob, body: { body: 'These lines', position: at({ new_line: added.new_line, line_range: sent }) } });
    expect(ranged.status).toBe(201);
    expect(ranged.body.notes[0]!.position).toMatchObject({ new_line: added.new_line, line_range: sent });
    const listed = await call<Array<{ id: string; position?: Record<string, unknown> }>>(app, 'GET', `${page}/discussions.json`, { auth: who.bob });
    expect(listed.body.find((d) => d.id === ranged.body.id)!.position).toMatchObject({ line_range: sent });
    // A position stored before range ends carried lines: read from the line code and side
    const bare = `(position->'line_range'->'start') - 'old_line' - 'new_line'`;
    await app.ds.query(`UPDATE notes SET position = jsonb_set(jsonb_set(position, '{line_range,start}', ${bare}), '{line_range,end}', ${bare.replace('start', 'end')}) WHERE discussion_id = $1`, [ranged.body.id]);
    const stored = (await app.ds.query(`SELECT position FROM notes WHERE discussion_id = $1`, [ranged.body.id])) as Array<{ position: unknown }>;
    const storedPos = (typeof stored[0]!.position === 'string' ? JSON.parse(stored[0]!.position) : stored[0]!.position) as { line_range: { start: object; end: object } };
    expect([storedPos.line_range.start, storedPos.line_range.end].some((e) => 'old_line' in e || 'new_line' in e)).toBe(false);
    const reread = await call<Array<{ id: string; position?: Record<string, unknown> }>>(app, 'GET', `${page}/discussions.json`, { auth: who.bob });
    expect(reread.body.find((d) => d.id === ranged.body.id)!.position).toMatchObject({ line_range: sent });
    // The Overview's excerpt of a range: its lines, first to last
    const rangeExcerpt = await call<{ truncated_diff_lines: ApiDiffLine[] }>(app, 'GET', `${page}/discussions/${ranged.body.id}/diff_lines.json`, { auth: who.bob });
    const lines = rangeExcerpt.body.truncated_diff_lines;
    expect([lines[0]!.line_code, lines[lines.length - 1]!.line_code]).toEqual([ctx.line_code, added.line_code]);
    const old = await call<D>(app, 'POST', discussions, { auth: who.alice, body: { body: 'This went away', position: at({ old_line: removed.old_line }) } });
    expect(old.body.notes[0]!.position).toMatchObject({ old_line: 12, new_line: null });
    const reply = await call<{ type: string; position?: Record<string, unknown> }>(app, 'POST', `${discussions}/${made.body.id}/notes`, { auth: who.alice, body: { body: 'Faster.' } });
    expect(reply.body).toMatchObject({ type: 'DiffNote', position: { new_line: 12 } });
    const page2 = await call<Array<{ id: string; diff_discussion: boolean; position?: Record<string, unknown>; notes: unknown[] }>>(app, 'GET', `${page}/discussions.json`, { auth: who.bob });
    const thread = page2.body.find((d) => d.id === made.body.id)!;
    expect(thread).toMatchObject({ diff_discussion: true, position: { new_line: 12 } });
    expect(thread.notes).toHaveLength(2);

    const bad = async (position: unknown) => {
      const r = await call<{ message: { position: string[] } }>(app, 'POST', discussions, { auth: who.bob, body: { body: 'x', position } });
      expect(r.status).toBe(400);
      return r.body.message.position[0];
    };
    expect(await bad(at({ new_line: 9999 }))).toBe('line is not a line of the diff');
    expect(await bad(at({ head_sha: 'f'.repeat(40), new_line: 12 }))).toContain('current diff');
    expect(await bad(at({ new_path: 'nope.ts', old_path: 'nope.ts', new_line: 1 }))).toBe('nope.ts is not a file of this diff');
    expect(await bad(at({}))).toBe('old_line or new_line is required');
    expect(await bad(at({ new_line: 12, line_range: { start: { line_code: 'x_1_1' }, end: { line_code: added.line_code } } }))).toBe('line_range start is not a line of the diff');
    // An end whose lines are not those of its line code
    expect(await bad(at({ new_line: 12, line_range: { start: { ...sent.start, new_line: 99 }, end: sent.end } }))).toBe('line_range start is not a line of the diff');
    expect(await bad('line 12')).toBe('is invalid');
    // Issues have no diff
    const issue = await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'No diff here' } });
    const onIssue = await call<{ message: { position: string[] } }>(app, 'POST', `/api/v4/projects/${enc(P)}/issues/${issue.body.iid}/discussions`, { auth: who.alice, body: { body: 'x', position: at({ new_line: 12 }) } });
    expect(onIssue.status).toBe(400);
    expect(onIssue.body.message.position[0]).toBe('is not supported on this noteable');
  });
  it("each line carries GitLab's chunk (counted up after every hunk header and 'no newline' line) and its threads (discussions: the viewer's, not outdated, oldest first)", async () => {
    const repos = app.running.app.get(RepositoryService);
    const repo = await repos.open(await projectId(app, P));
    const numbered = (f: (i: number) => string) => Array.from({ length: 30 }, (_, i) => f(i + 1)).join('\n');
    // Three hunks, the last one's line without a newline on both sides
    const base = await repo.writeCommit({ branch: 'chunk-base', startSha: null, message: 'Base', author: me, actions: [{ action: 'create', path: 'src/chunks.txt', content: Buffer.from(numbered((i) => `line ${i}`)) }] });
    await repo.writeCommit({ branch: 'chunk-head', startSha: base.sha, message: 'Change', author: me, actions: [{ action: 'update', path: 'src/chunks.txt', content: Buffer.from(numbered((i) => (i === 2 || i === 15 || i === 30 ? `LINE ${i}` : `line ${i}`))) }] });
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Chunks', source_branch: 'chunk-head', target_branch: 'chunk-base' } });
    const at = `/${P}/-/merge_requests/${mr.body.iid}`;
    const read = async (auth = who.bob) => {
      const res = await call<MergeRequestDiffsResponse>(app, 'GET', `${at}/diffs.json`, { auth });
      expect(res.status).toBe(200);
      return { refs: res.body.diff_refs, file: byPath(res.body.diff_files, 'src/chunks.txt') };
    };
    const { refs, file } = await read();
    const lines = file.highlighted_diff_lines;
    const find = (type: ApiDiffLine['type'], n: number) => lines.find((l) => l.type === type && (type === 'old' ? l.old_line : l.new_line) === n)!;
    expect(lines.map((l) => l.type).filter((t) => t === 'match')).toHaveLength(3);
    // The hunk header keeps the count before it; the lines after it are the next chunk
    expect(lines[0]).toMatchObject({ type: 'match', chunk: 0 });
    expect([find('old', 2).chunk, find('new', 2).chunk, find('context', 3).chunk]).toEqual([1, 1, 1]);
    expect([find('new', 15).chunk, find('old', 30).chunk]).toEqual([2, 3]);
    // "\ No newline at end of file" is a meta line too: the added last line is a chunk of its own
    expect(lines.find((l) => l.type === 'old-nonewline')!.chunk).toBe(3);
    expect(find('new', 30).chunk).toBe(4);
    expect(lines.every((l) => Array.isArray(l.discussions) && typeof l.chunk === 'number')).toBe(true);

    const discussions = `/api/v4/projects/${enc(P)}/merge_requests/${mr.body.iid}/discussions`;
    const pos = (over: Record<string, unknown>) => ({ position_type: 'text', base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, old_path: 'src/chunks.txt', new_path: 'src/chunks.txt', old_line: null, new_line: null, ...over });
    const thread = async (auth: Cast['bob'], position: Record<string, unknown>) => {
      const r = await call<{ id: string }>(app, 'POST', discussions, { auth, body: { body: 'Here', position } });
      expect(r.status).toBe(201);
      return r.body.id;
    };
    const first = await thread(who.bob, pos({ new_line: 2 }));
    const second = await thread(who.alice, pos({ new_line: 2 }));
    const onRemoved = await thread(who.bob, pos({ old_line: 2 }));
    const ctx = find('context', 3);
    const ranged = await thread(who.bob, pos({ old_line: 3, new_line: 3, line_range: { start: { line_code: find('new', 2).line_code, type: 'new', old_line: null, new_line: 2 }, end: { line_code: ctx.line_code, type: null, old_line: 3, new_line: 3 } } }));
    const outdated = await thread(who.bob, pos({ new_line: 15 }));
    await app.ds.query(`UPDATE notes SET position_outdated = true WHERE discussion_id = $1`, [outdated]);
    await app.ds.query(`UPDATE notes SET internal = true WHERE discussion_id = $1`, [onRemoved]);
    // A reply leaves its thread listed once
    expect((await call(app, 'POST', `${discussions}/${first}/notes`, { auth: who.alice, body: { body: 'Agreed' } })).status).toBe(201);

    const seen = (await read()).file.highlighted_diff_lines;
    const on = (ls: ApiDiffLine[], type: ApiDiffLine['type'], n: number) => ls.find((l) => l.type === type && (type === 'old' ? l.old_line : l.new_line) === n)!.discussions;
    expect(on(seen, 'new', 2)).toEqual([{ id: first }, { id: second }]);
    expect(on(seen, 'old', 2)).toEqual([{ id: onRemoved }]);
    // A range thread sits on its last line (its position's), as GitLab's
    expect(on(seen, 'context', 3)).toEqual([{ id: ranged }]);
    expect(on(seen, 'new', 15)).toEqual([]);
    expect(seen.filter((l) => l.discussions!.length).length).toBe(3);
    // A guest does not see the internal thread on the removed line
    const guest = (await read(who.dave)).file.highlighted_diff_lines;
    expect(on(guest, 'old', 2)).toEqual([]);
    expect(on(guest, 'new', 2)).toEqual([{ id: first }, { id: second }]);
    // "Show file contents" answers the file with its threads too
    const one = await call<ApiDiffFile>(app, 'GET', `${at}/diff_for_path.json?file_hash=${file.file_hash}`, { auth: who.bob });
    expect(on(one.body.highlighted_diff_lines, 'new', 2)).toEqual([{ id: first }, { id: second }]);
    // Other merge requests' diffs are untouched by these threads
    const other = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body;
    expect(byPath(other.diff_files, 'src/spaces.ts').highlighted_diff_lines.every((l) => l.discussions!.length === 0)).toBe(true);
  });
});

