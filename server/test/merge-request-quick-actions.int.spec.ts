import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_REQUEST_QUICK_ACTION_TEXTS as M, QUICK_ACTION_TEXTS as T, type ApiMergeRequest, type ApiNote } from '@tandem/shared-types';
import { REVIEW_DEMO } from '../src/modules/merge-request/diffs/review-demo';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Auth, type Cast, type TestApp } from './harness';

/**
 * Quick actions on merge requests, as a client sees them, on both databases: a comment's
 * commands change the merge request through the sidebar's action (system notes, event,
 * lock_version) and the note keeps only its text; a comment of only commands answers GitLab's
 * 202 with commands_changes (REST) or quickActionsStatus (GraphQL); a guest's command is refused
 * and changes nothing; a review's drafts carry commands that run when it is submitted, and a
 * draft of only commands publishes no note; /merge merges through the Merge button's action.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
type Rest = { commands_changes: Record<string, unknown>; summary: string[] };

describe.each(DB_MODES)('merge request quick actions on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let n = 0;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fresh merge request of Alice's on its own branches. */
  const newMr = async (title: string) => {
    n += 1;
    const repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    const base = await repo.writeCommit({ branch: `qa-base-${n}`, startSha: null, message: 'Base', author: me, actions: REVIEW_DEMO.base() });
    await repo.writeCommit({ branch: `qa-head-${n}`, startSha: base.sha, message: 'Change', author: me, actions: REVIEW_DEMO.change() });
    const mr = await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.alice, body: { title, source_branch: `qa-head-${n}`, target_branch: `qa-base-${n}` } });
    expect(mr.status).toBe(201);
    return { ...mr.body, api: `/api/v4/projects/${enc(P)}/merge_requests/${mr.body.iid}` };
  };
  const read = async (api: string) => (await call<ApiMergeRequest & { reviewers: Array<{ username: string }> }>(app, 'GET', api, { auth: who.alice })).body;
  const comment = (auth: Auth, api: string, body: string) => call<ApiNote | Rest>(app, 'POST', `${api}/notes`, { auth, body: { body } });
  const notes = async (id: number, system: boolean) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system = $2 ORDER BY id`, [id, system])) as Array<{ note: string }>).map((r) => r.note);
  const reviewState = async (mrId: number, username: string) =>
    ((await app.ds.query(`SELECT r.state FROM merge_request_reviewers r JOIN users u ON u.id = r.user_id WHERE r.merge_request_id = $1 AND u.username = $2`, [mrId, username])) as Array<{ state: string }>)[0]?.state ?? null;

  it('a comment applies its commands through the sidebar path and keeps only its text', async () => {
    const mr = await newMr('Commands in a comment');
    const lock = (await read(mr.api)).lock_version;
    const res = await comment(who.bob, mr.api, '/label ~bug\n/assign_reviewer @carol @alice\nLooks close.\n/assign me\n/milestone %v1.0');
    expect(res.status).toBe(201);
    expect((res.body as ApiNote).body).toBe('Looks close.');
    const after = await read(mr.api);
    expect(after.labels).toEqual(['bug']);
    expect(after.reviewers.map((r) => r.username)).toEqual(['carol', 'alice']);
    expect(after.assignees.map((a) => a.username)).toEqual(['bob']);
    expect(after.milestone?.title).toBe('v1.0');
    // one edit: lock_version moved once, as a sidebar save
    expect(after.lock_version).toBe(lock + 1);
    expect(await notes(mr.id, false)).toEqual(['Looks close.']);
    expect(await notes(mr.id, true)).toEqual(expect.arrayContaining(['added ~"bug" label', 'assigned to @bob', 'requested review from @carol and @alice', 'changed milestone to %v1.0']));
  });

  it('only commands: REST answers 202 with commands_changes, GraphQL with its status; the Draft/Ready title and state change', async () => {
    const mr = await newMr('Only commands');
    const rest = await comment(who.bob, mr.api, '/draft');
    expect(rest.status).toBe(202);
    expect(rest.body).toEqual({ commands_changes: { title: 'Draft: Only commands', wip_event: 'draft' }, summary: [M.markedDraft] });
    expect((await read(mr.api)).draft).toBe(true);
    // /merge does not apply to a draft
    const refused = await comment(who.bob, mr.api, '/merge');
    expect((refused.body as Rest).summary).toEqual([T.couldNotApply('merge')]);
    expect((await read(mr.api)).state).toBe('opened');

    const g = await gql<{ createNote: { note: unknown; quickActionsStatus: { messages: string[]; errorMessages: string[] }; errors: string[] } }>(
      app,
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { note { id } quickActionsStatus { messages errorMessages } errors } }`,
      { input: { noteableId: `gid://tandem/MergeRequest/${mr.id}`, body: '/ready\n/close' } },
      who.bob,
    );
    expect(g.data!.createNote).toMatchObject({ note: null, quickActionsStatus: { messages: [M.markedReady, T.closed('merge request')], errorMessages: [] } });
    const after = await read(mr.api);
    expect([after.title, after.state]).toEqual(['Only commands', 'closed']);
    expect(await notes(mr.id, false)).toEqual([]);
    expect(await notes(mr.id, true)).toEqual(expect.arrayContaining(['closed']));
  });

  it("a guest's commands are refused and change nothing; the text is still posted", async () => {
    const mr = await newMr('A guest tries');
    const lock = (await read(mr.api)).lock_version;
    const only = await comment(who.dave, mr.api, '/label ~bug\n/close\n/approve');
    expect(only.status).toBe(202);
    expect((only.body as Rest).summary).toEqual([T.couldNotApply('label'), T.couldNotApply('close'), T.couldNotApply('approve')]);
    const withText = await comment(who.dave, mr.api, 'I would merge this.\n/merge');
    expect(withText.status).toBe(201);
    expect((withText.body as ApiNote).body).toBe('I would merge this.');
    const after = await read(mr.api);
    expect([after.labels, after.state, after.lock_version]).toEqual([[], 'opened', lock]);
    expect(await notes(mr.id, true)).toEqual([]);
  });

  it("a review's drafts keep their commands until Submit review, then apply them; a draft of only commands publishes no note", async () => {
    const mr = await newMr('Drafted commands');
    expect((await comment(who.alice, mr.api, '/assign_reviewer @bob')).status).toBe(202);
    const d1 = await call<{ id: number; note: string }>(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: 'Nice work.\n/approve' } });
    const d2 = await call<{ id: number; note: string }>(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: '/label ~bug' } });
    expect([d1.status, d2.status]).toEqual([201, 201]);
    // stored as typed; nothing applied yet
    expect(d1.body.note).toBe('Nice work.\n/approve');
    expect((await read(mr.api)).labels).toEqual([]);
    expect(await reviewState(mr.id, 'bob')).toBe('unreviewed');

    expect((await call(app, 'POST', `${mr.api}/draft_notes/bulk_publish`, { auth: who.bob })).status).toBe(204);
    expect((await read(mr.api)).labels).toEqual(['bug']);
    // approved, not merely "reviewed"
    expect(await reviewState(mr.id, 'bob')).toBe('approved');
    expect(await notes(mr.id, false)).toEqual(['Nice work.']);
    expect(await notes(mr.id, true)).toEqual(expect.arrayContaining(['approved this merge request', 'added ~"bug" label']));
    expect((await call<unknown[]>(app, 'GET', `${mr.api}/draft_notes`, { auth: who.bob })).body).toEqual([]);
    // /unapprove from a comment; then a plain review marks the reviewer reviewed
    expect(((await comment(who.bob, mr.api, '/unapprove')).body as Rest).summary).toEqual([M.unapproved]);
    expect(await reviewState(mr.id, 'bob')).toBe('unapproved');
  });

  it('/merge merges through the Merge button\'s action, after the comment', { timeout: 180_000 }, async () => {
    const mr = await newMr('Merge by command');
    const res = await comment(who.alice, mr.api, 'Shipping it.\n/merge');
    expect(res.status).toBe(201);
    const after = await read(mr.api);
    expect(after.state).toBe('merged');
    expect(await notes(mr.id, true)).toEqual(expect.arrayContaining(['merged']));
    // a reporter may not merge
    const other = await newMr('Not by a reporter');
    expect(((await comment(who.carol, other.api, '/merge')).body as Rest).summary).toEqual([T.couldNotApply('merge')]);
    expect((await read(other.api)).state).toBe('opened');
  });
});
