import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_TEXTS, type ApiMergeRequest, type ApiSuggestion, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { RepositoryService, type GitRepository } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * Code suggestions on Postgres and PGlite against a real repository: a ```suggestion block in a
 * diff note is GitLab's `suggestions` in the note JSON; applying writes one commit on the source
 * branch (the applier as author, the suggester as co-author, the default message), marks it
 * applied and resolves the thread; a batch is one commit; a suggestion whose line changed since,
 * one already applied, a reader without push rights, and bad ids are refused and change nothing;
 * an edit re-reads the note's suggestions and may not change an applied one.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
const FILE = 'src/calc.ts';
const BASE = ['export function add(a: number, b: number) {', '  return a+b;', '}', '', 'export const ZERO = 0;', 'export const ONE = 1;', ''].join('\n');
const HEAD = ['export function add(a: number, b: number) {', '  return a+b;', '}', '', 'export const ZERO = 0;', 'export const ONE = 1;', 'export const TWO = 2;', 'export const THREE = 3;', ''].join('\n');

type Note = { id: number; body: string; resolved: boolean; suggestions?: ApiSuggestion[] };
type D = { id: string; notes: Note[] };

describe.each(DB_MODES)('code suggestions on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let repo: GitRepository;
  let api: string;
  let iid: number;
  let closing: D | null = null;
  let firstApplied: D | null = null;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    const base = await repo.writeCommit({ branch: 'sugg-base', startSha: null, message: 'Base', author: me, actions: [{ action: 'create', path: FILE, content: Buffer.from(BASE) }] });
    await repo.writeCommit({ branch: 'sugg-head', startSha: base.sha, message: 'More constants', author: me, actions: [{ action: 'update', path: FILE, content: Buffer.from(HEAD) }] });
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title: 'Constants', source_branch: 'sugg-head', target_branch: 'sugg-base' } });
    iid = mr.body.iid;
    api = `/api/v4/projects/${enc(P)}/merge_requests/${iid}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const suggest = async (auth: Auth, line: number, body: string, oldLine: number | null = null) => {
    const refs = (await call<MergeRequestDiffsResponse>(app, 'GET', `/${P}/-/merge_requests/${iid}/diffs.json`, { auth })).body.diff_refs;
    const res = await call<D>(app, 'POST', `${api}/discussions`, { auth, body: { body, position: { position_type: 'text', base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: refs.head_sha, old_path: FILE, new_path: FILE, new_line: line, old_line: oldLine } } });
    expect([res.status, res.status === 201 ? null : res.body]).toEqual([201, null]);
    return res.body;
  };
  const fileNow = async () => (await repo.blob('sugg-head', FILE)).content.toString('utf8');
  const thread = async (id: string) => (await call<D[]>(app, 'GET', `${api}/discussions`, { auth: who.alice })).body.find((d) => d.id === id)!;

  it('a suggestion block is GitLab\'s suggestions in the note; Apply writes one commit (author, co-author, default message), marks it applied and resolves the thread', async () => {
    const d = await suggest(who.carol, 7, 'Spell it out:\n```suggestion:-0+0\nexport const TWO = 1 + 1;\n```');
    firstApplied = d;
    const s = d.notes[0]!.suggestions!;
    expect(s).toEqual([{ id: expect.any(Number) as number, from_line: 7, to_line: 7, appliable: true, applied: false, from_content: 'export const TWO = 2;\n', to_content: 'export const TWO = 1 + 1;\n', inapplicable_reason: null }]);
    // The reporter who wrote it may not push: 403, and nothing moved
    const headBefore = await repo.resolve('sugg-head');
    expect((await call(app, 'PUT', `/api/v4/suggestions/${s[0]!.id}/apply`, { auth: who.carol })).status).toBe(403);
    expect(await repo.resolve('sugg-head')).toBe(headBefore);

    const applied = await call<ApiSuggestion>(app, 'PUT', `/api/v4/suggestions/${s[0]!.id}/apply`, { auth: who.bob });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ id: s[0]!.id, applied: true, appliable: false });
    expect(await fileNow()).toBe(HEAD.replace('export const TWO = 2;', 'export const TWO = 1 + 1;'));
    const commit = (await repo.commit('sugg-head'))!;
    expect(commit.parentIds).toEqual([headBefore]);
    expect(commit.author.name).toBe('Bob Brown');
    expect(commit.message).toContain('Apply 1 suggestion(s) to 1 file(s)');
    expect(commit.message).toMatch(/Co-authored-by: .+ <carol@users\.noreply\.tandem>/);
    // The note says applied; the thread is resolved; the merge request follows its branch
    const after = await thread(d.id);
    expect(after.notes[0]!.suggestions![0]).toMatchObject({ applied: true, appliable: false });
    expect(after.notes[0]!.resolved).toBe(true);
    expect((await call<ApiMergeRequest>(app, 'GET', api, { auth: who.alice })).body.sha).toBe(commit.id);
    // Twice: refused with GitLab's text
    const again = await call<{ message: string }>(app, 'PUT', `/api/v4/suggestions/${s[0]!.id}/apply`, { auth: who.bob });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SUGGESTION_TEXTS.alreadyApplied);
  });

  it('a conflicting suggestion (its line changed since) is refused and writes nothing; a batch of two is one commit', async () => {
    const stale = await suggest(who.carol, 8, '```suggestion\nexport const THREE = 2 + 1;\n```');
    // context lines: both sides' numbers, as GitLab's position has them
    const one = await suggest(who.carol, 5, '```suggestion\nexport const ZERO = 0 as const;\n```', 5);
    const two = await suggest(who.mallory, 6, '```suggestion\nexport const ONE = 1 as const;\n```', 6);
    closing = await suggest(who.carol, 7, '```suggestion\nexport const TWO = 2;\n```');
    // Someone pushes a change to line 8 meanwhile
    await repo.writeCommit({ branch: 'sugg-head', message: 'Three', author: me, actions: [{ action: 'update', path: FILE, content: Buffer.from((await fileNow()).replace('THREE = 3', 'THREE = 3.0')) }] });
    const headBefore = await repo.resolve('sugg-head');
    const refused = await call<{ message: string }>(app, 'PUT', `/api/v4/suggestions/${stale.notes[0]!.suggestions![0]!.id}/apply`, { auth: who.bob });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SUGGESTION_TEXTS.outdated(1));
    expect(await repo.resolve('sugg-head')).toBe(headBefore);
    expect((await thread(stale.id)).notes[0]!.suggestions![0]!.applied).toBe(false);

    const ids = [one.notes[0]!.suggestions![0]!.id, two.notes[0]!.suggestions![0]!.id];
    const batch = await call<ApiSuggestion[]>(app, 'PUT', '/api/v4/suggestions/batch_apply', { auth: who.bob, body: { ids } });
    expect(batch.status).toBe(200);
    expect(batch.body.map((s) => s.applied)).toEqual([true, true]);
    const commit = (await repo.commit('sugg-head'))!;
    expect(commit.parentIds).toEqual([headBefore]);
    expect(commit.message).toContain('Apply 2 suggestion(s) to 1 file(s)');
    expect(await fileNow()).toContain('export const ZERO = 0 as const;\nexport const ONE = 1 as const;\n');
    expect((await thread(one.id)).notes[0]!.resolved).toBe(true);
    expect((await thread(two.id)).notes[0]!.resolved).toBe(true);

    // Bad input: 400 naming ids; unknown suggestions 404
    const bad = await call<{ message: { ids: string[] } }>(app, 'PUT', '/api/v4/suggestions/batch_apply', { auth: who.bob, body: { ids: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message.ids).toEqual(['is invalid']);
    expect((await call(app, 'PUT', '/api/v4/suggestions/99999901/apply', { auth: who.bob })).status).toBe(404);
    expect((await call(app, 'PUT', '/api/v4/suggestions/abc/apply', { auth: who.bob })).status).toBe(404);
  });

  it("editing a note re-reads its suggestions (range, content, a new block); an applied one may not change: 400, nothing changed", async () => {
    // Line 7 is `export const TWO = 1 + 1;` (applied above), line 6 `export const ONE = 1 as const;`
    const d = await suggest(who.mallory, 7, '```suggestion\nexport const TWO = 2 * 1;\n```');
    const noteId = d.notes[0]!.id;
    const edit = (auth: Auth, id: number, body: string) => call<Note & { message?: unknown }>(app, 'PUT', `${api}/notes/${id}`, { auth, body: { body } });
    const edited = await edit(who.mallory, noteId, 'Both lines:\n```suggestion:-1+0\nexport const ONE = 1;\nexport const TWO = 2;\n```\nAnd then:\n```suggestion\nexport const TWO = 2.0;\n```');
    expect(edited.status).toBe(200);
    const after = (await thread(d.id)).notes[0]!.suggestions!;
    expect(after.map((x) => [x.from_line, x.to_line, x.from_content, x.appliable])).toEqual([
      [6, 7, 'export const ONE = 1 as const;\nexport const TWO = 1 + 1;\n', true],
      [7, 7, 'export const TWO = 1 + 1;\n', true],
    ]);
    // The new block applies like any other
    const applied = await call<ApiSuggestion>(app, 'PUT', `/api/v4/suggestions/${after[1]!.id}/apply`, { auth: who.bob });
    expect(applied.status).toBe(200);
    expect(await fileNow()).toContain('export const TWO = 2.0;\n');

    // The suggestion applied in the first test: its block may not change or go; its prose may
    const first = firstApplied!.notes[0]!;
    const refused = await edit(who.carol, first.id, 'Spell it out:\n```suggestion:-0+0\nexport const TWO = 2 + 0;\n```');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual({ note: [SUGGESTION_TEXTS.appliedEditRefused] });
    expect((await edit(who.carol, first.id, 'No suggestion now')).status).toBe(400);
    const kept = (await thread(firstApplied!.id)).notes[0]!;
    expect(kept.body).toBe(first.body);
    expect(kept.suggestions![0]).toMatchObject({ applied: true, to_content: 'export const TWO = 1 + 1;\n' });
    const prose = await edit(who.carol, first.id, 'Spelled out, thanks:\n```suggestion:-0+0\nexport const TWO = 1 + 1;\n```');
    expect(prose.status).toBe(200);
    expect((await thread(firstApplied!.id)).notes[0]!.suggestions![0]).toMatchObject({ applied: true, appliable: false });
  });

  it("a reply in a diff thread may suggest a change to the thread's line: its suggestions are on that line, and Apply writes it", async () => {
    const d = await suggest(who.alice, 2, 'Spacing?', 2);
    expect(d.notes[0]!.suggestions ?? []).toEqual([]);
    const reply = await call<Note>(app, 'POST', `${api}/discussions/${d.id}/notes`, { auth: who.carol, body: { body: 'Like this:\n```suggestion:-0+0\n  return a + b;\n```' } });
    expect(reply.status).toBe(201);
    expect(reply.body.suggestions).toEqual([{ id: expect.any(Number) as number, from_line: 2, to_line: 2, appliable: true, applied: false, from_content: '  return a+b;\n', to_content: '  return a + b;\n', inapplicable_reason: null }]);
    const applied = await call<ApiSuggestion>(app, 'PUT', `/api/v4/suggestions/${reply.body.suggestions![0]!.id}/apply`, { auth: who.bob });
    expect(applied.status).toBe(200);
    expect((await fileNow()).split('\n')[1]).toBe('  return a + b;');
    expect((await thread(d.id)).notes.map((n) => n.resolved)).toEqual([true, true]);
  });

  it('a closed merge request refuses with its text', async () => {
    const d = closing!;
    expect((await call(app, 'PUT', api, { auth: who.alice, body: { state_event: 'close' } })).status).toBe(200);
    const r = await call<{ message: string }>(app, 'PUT', `/api/v4/suggestions/${d.notes[0]!.suggestions![0]!.id}/apply`, { auth: who.bob });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SUGGESTION_TEXTS.closed);
  });
});
