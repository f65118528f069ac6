import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDiffPosition, ApiTextDiffPosition, ApiMergeRequest, MergeRequestDiffsResponse } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * Diff notes after a push, on Postgres and PGlite against a real repository: the refs-changed
 * path traces every active diff thread to the new diff (GitLab's UpdateDiffPositionService). A
 * note on a line the push did not touch follows it (new shas, new line numbers); a note on a line
 * the push changed is outdated (`active: false`, its position on the old version, its
 * `original_position` kept); every moved note reaches open pages as a note.updated event.
 * GraphQL's createDiffNote makes the same thread, and Note.position reads it back.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

type Discussion = { id: string; active?: boolean; position?: ApiDiffPosition; original_position?: ApiDiffPosition; notes: Array<{ id: string; outdated?: boolean; position?: ApiDiffPosition }> };

describe.each(DB_MODES)('diff note positions after a push on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repos: RepositoryService;
  let pid: number;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repos = app.running.app.get(RepositoryService);
    pid = await projectId(app, P);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('unchanged lines follow the push, changed ones are outdated on both reads, with one note.updated per note', async () => {
    const repo = await repos.open(pid);
    const base = await repo.writeCommit({ branch: 'pos-base', startSha: null, message: 'Base', author: me, actions: [{ action: 'create', path: 'src/calc.ts', content: Buffer.from(lines(30, (i) => `export const v${i} = ${i};`)) }] });
    const head = await repo.writeCommit({ branch: 'pos-head', startSha: base.sha, message: 'Change', author: me, actions: [{ action: 'update', path: 'src/calc.ts', content: Buffer.from(lines(30, (i) => (i === 10 ? 'export const v10 = 100;' : `export const v${i} = ${i};`))) }] });
    const mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Positions', source_branch: 'pos-head', target_branch: 'pos-base' } })).body;
    const page = `/${P}/-/merge_requests/${mr.iid}`;
    const refs = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body.diff_refs;
    const at = (oldLine: number | null, newLine: number | null) => ({ position_type: 'text', ...refs, old_path: 'src/calc.ts', new_path: 'src/calc.ts', old_line: oldLine, new_line: newLine });
    const discussions = `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}/discussions`;
    const onAdded = (await call<Discussion>(app, 'POST', discussions, { auth: who.bob, body: { body: 'Why 100?', position: at(null, 10) } })).body;
    const onContext = (await call<Discussion>(app, 'POST', discussions, { auth: who.bob, body: { body: 'And v12?', position: at(12, 12) } })).body;
    await call(app, 'POST', `${discussions}/${onContext.id}/notes`, { auth: who.alice, body: { body: 'Stays.' } });
    expect(onAdded.notes[0]!.position).toMatchObject({ new_line: 10, head_sha: head.sha });

    // The push: two lines on top (everything moves down by 2) and v12 changed
    const pushed = await repo.writeCommit({
      branch: 'pos-head', message: 'Push', author: me,
      actions: [{ action: 'update', path: 'src/calc.ts', content: Buffer.from('// header\n// more\n' + lines(30, (i) => (i === 10 ? 'export const v10 = 100;' : i === 12 ? 'export const v12 = 120;' : `export const v${i} = ${i};`))) }],
    });
    const bobId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>)[0]!.id);
    const seqBefore = Number(((await app.ds.query(`SELECT coalesce(max(seq), 0) AS s FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1`, [mr.id])) as Array<{ s: number }>)[0]!.s);
    await repos.refsChanged({ projectId: pid, actorId: bobId, updates: [{ ref: 'refs/heads/pos-head', oldSha: head.sha, newSha: pushed.sha }], source: 'push' });

    const newRefs = (await call<MergeRequestDiffsResponse>(app, 'GET', `${page}/diffs.json`, { auth: who.bob })).body.diff_refs;
    expect(newRefs.head_sha).toBe(pushed.sha);
    const read = (await call<Discussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.bob })).body;
    const followed = read.find((d) => d.id === onAdded.id)!;
    expect(followed).toMatchObject({ active: true, position: { new_line: 12, old_line: null, head_sha: pushed.sha, base_sha: newRefs.base_sha }, original_position: { new_line: 10, head_sha: head.sha } });
    const outdated = read.find((d) => d.id === onContext.id)!;
    expect(outdated).toMatchObject({ active: false, position: { new_line: 12, old_line: 12, head_sha: head.sha }, original_position: { new_line: 12 } });
    // GitLab's diff_file of a diff thread: its file and the shas of its position (a traced thread's new ones); never resolved by a push
    const filePath = followed.position!.new_path;
    expect(followed).toMatchObject({
      resolved_by_push: false,
      diff_file: { file_hash: createHash('sha1').update(filePath).digest('hex'), file_path: filePath, diff_refs: { base_sha: newRefs.base_sha, start_sha: newRefs.start_sha, head_sha: pushed.sha } },
    });
    expect(outdated).toMatchObject({ diff_file: { diff_refs: { head_sha: head.sha } } });
    expect(outdated.notes.map((n) => n.outdated)).toEqual([true, true]);

    // REST clients see the same positions
    const rest = (await call<Discussion[]>(app, 'GET', discussions, { auth: who.bob })).body;
    expect(rest.find((d) => d.id === onAdded.id)!.notes[0]!.position).toMatchObject({ new_line: 12, head_sha: pushed.sha });

    // Live: one note.updated per note of the traced threads, then the merge request's update
    type Stored = { payload: { note?: { id: string; outdated: boolean; position: ApiTextDiffPosition } } };
    const rows = (await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND seq > $2 ORDER BY seq`, [mr.id, seqBefore])) as Array<{ type: string; payload: Stored | string }>;
    const events = rows.map((r) => ({ type: r.type, payload: (typeof r.payload === 'string' ? (JSON.parse(r.payload) as Stored) : r.payload).payload }));
    expect(events.map((e) => e.type)).toEqual(['note.created', 'note.updated', 'note.updated', 'note.updated', 'merge_request.updated']);
    const live = events.filter((e) => e.type === 'note.updated').map((e) => [e.payload.note!.id, e.payload.note!.outdated, e.payload.note!.position.new_line]);
    expect(live).toContainEqual([String(onAdded.notes[0]!.id), false, 12]);
    expect(live.filter((l) => l[1] === true)).toHaveLength(2);

    // A reply to the outdated thread stays outdated; a new comment needs the new shas
    const reply = (await call<{ outdated?: boolean; position?: ApiDiffPosition }>(app, 'POST', `${discussions}/${onContext.id}/notes`, { auth: who.bob, body: { body: 'Old version.' } })).body;
    expect(reply).toMatchObject({ position: { head_sha: head.sha } });
    const readAgain = (await call<Discussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.bob })).body;
    expect(readAgain.find((d) => d.id === onContext.id)!.notes.map((n) => n.outdated)).toEqual([true, true, true]);
    const stale = await call<{ message: { position: string[] } }>(app, 'POST', discussions, { auth: who.bob, body: { body: 'x', position: at(null, 10) } });
    expect(stale.status).toBe(400);

    // A second push that does not touch the followed line keeps it active; the outdated thread is left alone
    const again = await repo.writeCommit({ branch: 'pos-head', message: 'Other file', author: me, actions: [{ action: 'create', path: 'README.pos', content: Buffer.from('x\n') }] });
    await repos.refsChanged({ projectId: pid, actorId: bobId, updates: [{ ref: 'refs/heads/pos-head', oldSha: pushed.sha, newSha: again.sha }], source: 'push' });
    const third = (await call<Discussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.bob })).body;
    expect(third.find((d) => d.id === onAdded.id)).toMatchObject({ active: true, position: { new_line: 12, head_sha: again.sha } });
    expect(third.find((d) => d.id === onContext.id)).toMatchObject({ active: false, position: { head_sha: head.sha } });

    // Each thread's excerpt is read at its own position: the outdated one shows the code it was written on
    type Lines = { truncated_diff_lines: Array<{ type: string; new_line: number | null; rich_text: string }> };
    expect(third.find((d) => d.id === onContext.id)).toMatchObject({ truncated_diff_lines_path: `${page}/discussions/${onContext.id}/diff_lines.json` });
    const oldLines = (await call<Lines>(app, 'GET', `${page}/discussions/${onContext.id}/diff_lines.json`, { auth: who.bob })).body.truncated_diff_lines;
    expect(oldLines.at(-1)).toMatchObject({ new_line: 12 });
    expect(oldLines.at(-1)!.rich_text).toContain('12</span>;');
    const newLines = (await call<Lines>(app, 'GET', `${page}/discussions/${onAdded.id}/diff_lines.json`, { auth: who.bob })).body.truncated_diff_lines;
    expect(newLines.at(-1)).toMatchObject({ type: 'new', new_line: 12 });
    expect(newLines.at(-1)!.rich_text).toContain('100');
    expect((await call(app, 'GET', `${page}/discussions/nope/diff_lines.json`, { auth: who.bob })).status).toBe(400);
    expect((await call(app, 'GET', `${page}/discussions/${'a'.repeat(40)}/diff_lines.json`, { auth: who.bob })).status).toBe(404);
    // GitLab's web form posts to the page's notes with the position as JSON text (note[position]), type DiffNote
    const form = await call<{ discussion: Discussion & { diff_discussion: boolean } }>(app, 'POST', `${page}/notes?target_type=merge_request&target_id=${mr.id}`, {
      auth: who.bob,
      body: { note: { note: 'From the web form', type: 'DiffNote', noteable_type: 'MergeRequest', noteable_id: mr.id, position: JSON.stringify({ ...at(null, 11), head_sha: again.sha, base_sha: newRefs.base_sha, start_sha: newRefs.start_sha }), line_code: 'x' }, merge_request_diff_head_sha: again.sha, return_discussion: true },
    });
    expect(form.status).toBe(200);
    expect(form.body.discussion).toMatchObject({ diff_discussion: true, position: { new_line: 11, head_sha: again.sha } });
    expect(form.body.discussion.notes[0]).toMatchObject({ type: 'DiffNote', position: { new_line: 11 } });
    const badForm = await call<{ errors?: unknown; message?: unknown }>(app, 'POST', `${page}/notes?target_type=merge_request&target_id=${mr.id}`, {
      auth: who.bob,
      body: { note: { note: 'x', type: 'DiffNote', position: '{not json' } },
    });
    expect(badForm.status).toBe(422);
    expect(JSON.stringify(badForm.body)).toContain('Position is not valid JSON');
  });

  it("GraphQL: createDiffNote starts a diff thread at GitLab's DiffPositionInput; Note.position reads it; a bad position is an error naming it, nothing stored", async () => {
    const repo = await repos.open(pid);
    const base = await repo.writeCommit({ branch: 'gql-base', startSha: null, message: 'Base', author: me, actions: [{ action: 'create', path: 'a.txt', content: Buffer.from(lines(8, (i) => `a${i}`)) }] });
    await repo.writeCommit({ branch: 'gql-head', startSha: base.sha, message: 'Change', author: me, actions: [{ action: 'update', path: 'a.txt', content: Buffer.from(lines(8, (i) => (i === 4 ? 'four' : `a${i}`))) }] });
    const mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'GraphQL note', source_branch: 'gql-head', target_branch: 'gql-base' } })).body;
    const refs = (await call<MergeRequestDiffsResponse>(app, 'GET', `/${P}/-/merge_requests/${mr.iid}/diffs.json`, { auth: who.bob })).body.diff_refs;
    const mutation = `mutation($input: CreateDiffNoteInput!) { createDiffNote(input: $input) { errors note { id body discussionId position { filePath oldLine newLine positionType diffRefs { baseSha headSha startSha } } } } }`;
    type Res = { createDiffNote: { errors: string[]; note: { id: string; body: string; discussionId: string; position: { filePath: string; oldLine: number | null; newLine: number | null; positionType: string; diffRefs: { headSha: string } } } | null } };
    const input = (over: Record<string, unknown>) => ({ noteableId: `gid://gitlab/MergeRequest/${mr.id}`, body: 'Why four?', position: { baseSha: refs.base_sha, startSha: refs.start_sha, headSha: refs.head_sha, paths: { oldPath: 'a.txt', newPath: 'a.txt' }, newLine: 4, ...over } });
    const made = await gql<Res>(app, mutation, { input: input({}) }, who.bob);
    expect(made.errors).toBeUndefined();
    expect(made.data!.createDiffNote.errors).toEqual([]);
    expect(made.data!.createDiffNote.note).toMatchObject({ body: 'Why four?', position: { filePath: 'a.txt', oldLine: null, newLine: 4, positionType: 'text', diffRefs: { headSha: refs.head_sha } } });
    const discussionId = made.data!.createDiffNote.note!.discussionId.split('/').pop();
    const read = (await call<Discussion[]>(app, 'GET', `/${P}/-/merge_requests/${mr.iid}/discussions.json`, { auth: who.alice })).body;
    expect(read.find((d) => d.id === discussionId)).toMatchObject({ active: true, position: { new_line: 4, new_path: 'a.txt' } });
    // A line range: each end's oldLine and newLine (GitLab's LinePositionType), from context line 3 to the added line 4
    const hash = createHash('sha1').update('a.txt').digest('hex');
    const ranged = `mutation($input: CreateDiffNoteInput!) { createDiffNote(input: $input) { errors note { position { newLine lineRange { start { lineCode type oldLine newLine } end { lineCode type oldLine newLine } } } } } }`;
    type Ranged = { createDiffNote: { errors: string[]; note: { position: { newLine: number; lineRange: unknown } } | null } };
    const range = { start: { lineCode: `${hash}_3_3`, type: null }, end: { lineCode: `${hash}_5_4`, type: 'new', oldLine: null, newLine: 4 } };
    const withRange = await gql<Ranged>(app, ranged, { input: input({ lineRange: range }) }, who.bob);
    expect(withRange.data!.createDiffNote).toEqual({
      errors: [],
      note: { position: { newLine: 4, lineRange: { start: { lineCode: `${hash}_3_3`, type: null, oldLine: 3, newLine: 3 }, end: { lineCode: `${hash}_5_4`, type: 'new', oldLine: null, newLine: 4 } } } },
    });

    const bad = await gql<Res>(app, mutation, { input: input({ newLine: 99 }) }, who.bob);
    expect(bad.data!.createDiffNote).toEqual({ errors: ['Position line is not a line of the diff'], note: null });
    const stale = await gql<Res>(app, mutation, { input: input({ headSha: 'f'.repeat(40) }) }, who.bob);
    expect(stale.data!.createDiffNote.errors[0]).toContain('current diff');
    // Nothing stored by the refused ones: the line comment and the range comment
    expect((await call<Discussion[]>(app, 'GET', `/${P}/-/merge_requests/${mr.iid}/discussions.json`, { auth: who.alice })).body.filter((d) => d.position)).toHaveLength(2);
    // Reporters may comment, anonymous users may not; an issue has no diff
    const anon = await gql<Res>(app, mutation, { input: input({}) }, who.anonymous);
    expect(anon.data?.createDiffNote ?? null).toBeNull();
    expect(anon.errors?.length).toBeGreaterThan(0);
  });

  it("the Contributor badge: a non-member's notes carry is_contributor once a merge request of theirs is merged in the project", async () => {
    const issue = (await call<{ iid: number }>(app, 'POST', `/api/v4/projects/${enc(P)}/issues`, { auth: who.alice, body: { title: 'Badges' } })).body;
    const notesPath = `/${P}/-/issues/${issue.iid}/discussions.json`;
    const comment = async (auth: Cast['erin']) => expect((await call(app, 'POST', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/notes`, { auth, body: { body: 'Hello' } })).status).toBe(201);
    await comment(who.erin);
    await comment(who.bob);
    type D = Array<{ notes: Array<{ author: { username: string }; is_contributor?: boolean }> }>;
    const badges = async () => Object.fromEntries((await call<D>(app, 'GET', notesPath, { auth: who.alice })).body.flatMap((d) => d.notes).map((n) => [n.author.username, n.is_contributor ?? false]));
    expect(await badges()).toEqual({ erin: false, bob: false });
    // erin's merge request lands (merged work in the project); bob's merged work does not make a member a contributor
    const erinId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'erin'`)) as Array<{ id: number }>)[0]!.id);
    const bobId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>)[0]!.id);
    const [mr] = (await app.ds.query(`SELECT id FROM merge_requests WHERE target_project_id = $1 ORDER BY id LIMIT 1`, [pid])) as Array<{ id: number }>;
    await app.ds.query(`UPDATE merge_requests SET author_id = $2, state = 'merged' WHERE id = $1`, [mr!.id, erinId]);
    await app.ds.query(`INSERT INTO merge_requests (iid, title, source_project_id, target_project_id, source_branch, target_branch, author_id, state)
      SELECT iid + 1000, 'Bob merged', source_project_id, target_project_id, 'bob-merged', target_branch, $2, 'merged' FROM merge_requests WHERE id = $1`, [mr!.id, bobId]);
    expect(await badges()).toEqual({ erin: true, bob: false });
    // Live: the events of erin's new note and of her edit carry the badge (the page needs no reload); bob's never
    const [{ id: issueId }] = (await app.ds.query(`SELECT i.id FROM issues i WHERE i.project_id = $1 AND i.iid = $2`, [pid, issue.iid])) as Array<{ id: number }>;
    const posted = await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/notes`, { auth: who.erin, body: { body: 'Live hello' } });
    expect(posted.status).toBe(201);
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(P)}/issues/${issue.iid}/notes/${posted.body.id}`, { auth: who.erin, body: { body: 'Live hello, edited' } })).status).toBe(200);
    await comment(who.bob);
    type Ev = { type: string; payload: { payload: { note: { author: { username: string }; is_contributor?: boolean } } } | string };
    const events = ((await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND type IN ('note.created', 'note.updated') ORDER BY seq`, [issueId])) as Ev[])
      .map((e) => ({ type: e.type, note: (typeof e.payload === 'string' ? (JSON.parse(e.payload) as Exclude<Ev['payload'], string>) : e.payload).payload.note }))
      .map((e) => [e.type, e.note.author.username, e.note.is_contributor ?? false]);
    expect(events.slice(-3)).toEqual([
      ['note.created', 'erin', true],
      ['note.updated', 'erin', true],
      ['note.created', 'bob', false],
    ]);
  });
});
