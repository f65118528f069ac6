import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMergeRequest, MergeRequestPageData } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * The merge request sidebar's people on Postgres and PGlite: page.json gives each assignee and
 * reviewer with whether they may merge (by their own access) and each reviewer's review state;
 * a reviewer's submitted review marks them reviewed, and GitLab's mergeRequestReviewerRereview
 * asks them again (update_merge_request; a system note and one live event), refusing bad input.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };
const REREVIEW = `mutation mergeRequestReviewerRereview($input: MergeRequestReviewerRereviewInput!) {
  mergeRequestReviewerRereview(input: $input) { errors mergeRequest { iid } }
}`;

describe.each(DB_MODES)('merge request reviewers on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let mr: ApiMergeRequest;
  let ids: Record<string, number>;
  const api = () => `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}`;
  const page = async (auth: Cast[keyof Cast] = who.bob) => (await call<MergeRequestPageData>(app, 'GET', `/${P}/-/merge_requests/${mr.iid}/page.json`, { auth })).body;
  const systemNotes = async () => ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system ORDER BY id`, [mr.id])) as Array<{ note: string }>).map((n) => n.note);
  const lastEvent = async () =>
    ((await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 ORDER BY seq DESC LIMIT 1`, [mr.id])) as Array<{ type: string; payload: { payload: { fields: Record<string, unknown> } } }>)[0];
  const rereview = (auth: Cast[keyof Cast], userId: string) => gql<{ mergeRequestReviewerRereview: { errors: string[]; mergeRequest: { iid: string } | null } | null }>(app, REREVIEW, { input: { projectPath: P, iid: String(mr.iid), userId } }, auth);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    await repo.writeCommit({ branch: 'reviewers', startSha: await repo.resolve('main'), message: 'Reviewers', author: me, actions: [{ action: 'create', path: 'reviewers.txt', content: Buffer.from('r\n') }] });
    mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.bob, body: { title: 'Reviewers', source_branch: 'reviewers', target_branch: 'main' } })).body;
    ids = Object.fromEntries(((await app.ds.query(`SELECT id, username FROM users`)) as Array<{ id: number; username: string }>).map((u) => [u.username, Number(u.id)]));
    const set = await call(app, 'PUT', api(), { auth: who.bob, body: { reviewer_ids: [ids.carol, ids.alice], assignee_ids: [ids.dave, ids.bob] } });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('page.json: assignees and reviewers with can_merge by their own access (reporter and guest cannot), reviewers unreviewed', async () => {
    const { sidebar } = await page(who.dave);
    expect(sidebar.assignees.map((u) => [u.username, u.can_merge])).toEqual([['dave', false], ['bob', true]]);
    expect(sidebar.reviewers.map((u) => [u.username, u.can_merge, u.review_state, u.reviewed])).toEqual([
      ['carol', false, 'unreviewed', false],
      ['alice', true, 'unreviewed', false],
    ]);
    expect([...sidebar.assignees, ...sidebar.reviewers].every((u) => u.availability === 'not_set')).toBe(true);
  });

  it("page.json: a busy assignee or reviewer is busy (their status), so the sidebar's tooltip adds (Busy)", async () => {
    expect((await call(app, 'PUT', '/api/v4/user/status', { auth: who.carol, body: { availability: 'busy' } })).status).toBe(200);
    const { sidebar } = await page(who.dave);
    expect(sidebar.reviewers.map((u) => [u.username, u.availability])).toEqual([['carol', 'busy'], ['alice', 'not_set']]);
    expect((await call(app, 'PUT', '/api/v4/user/status', { auth: who.carol, body: { availability: 'not_set' } })).status).toBe(200);
    expect((await page(who.dave)).sidebar.reviewers[0]).toMatchObject({ username: 'carol', availability: 'not_set' });
  });

  it('a reviewer who submits a review is marked reviewed, live; a non-reviewer’s review marks nobody', async () => {
    expect((await call(app, 'POST', `${api()}/draft_notes`, { auth: who.mallory, body: { note: 'Not a reviewer' } })).status).toBe(201);
    expect((await call(app, 'POST', `${api()}/draft_notes/bulk_publish`, { auth: who.mallory })).status).toBe(204);
    expect((await page()).sidebar.reviewers.every((r) => !r.reviewed)).toBe(true);

    expect((await call(app, 'POST', `${api()}/draft_notes`, { auth: who.alice, body: { note: 'Please rename this' } })).status).toBe(201);
    expect((await call(app, 'POST', `${api()}/draft_notes/bulk_publish`, { auth: who.alice })).status).toBe(204);
    const alice = (await page()).sidebar.reviewers.find((r) => r.username === 'alice')!;
    expect([alice.review_state, alice.reviewed]).toEqual(['reviewed', true]);
    const ev = await lastEvent();
    expect(ev?.type).toBe('merge_request.updated');
    expect(ev?.payload.payload.fields.reviewers).toEqual([
      expect.objectContaining({ username: 'carol', review_state: 'unreviewed' }),
      expect.objectContaining({ username: 'alice', review_state: 'reviewed' }),
    ]);
  });

  it('mergeRequestReviewerRereview: refused below update_merge_request and for bad input, changing nothing', async () => {
    const notes = (await systemNotes()).length;
    const asReporter = await rereview(who.carol, `gid://gitlab/User/${ids.alice}`);
    expect(asReporter.errors?.length ?? 0).toBeGreaterThan(0);
    const notReviewer = await rereview(who.bob, `gid://gitlab/User/${ids.dave}`);
    expect(notReviewer.data?.mergeRequestReviewerRereview?.errors[0]).toMatch(/not a reviewer/);
    const badId = await rereview(who.bob, 'alice');
    expect(badId.data?.mergeRequestReviewerRereview?.errors).toEqual(['userId must be a user global id']);
    expect((await page()).sidebar.reviewers.find((r) => r.username === 'alice')!.reviewed).toBe(true);
    expect((await systemNotes()).length).toBe(notes);
  });

  it('mergeRequestReviewerRereview: the reviewer is unreviewed again, with "requested review from @alice" and one live event', async () => {
    const res = await rereview(who.bob, `gid://gitlab/User/${ids.alice}`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.mergeRequestReviewerRereview).toEqual({ errors: [], mergeRequest: { iid: String(mr.iid) } });
    const alice = (await page()).sidebar.reviewers.find((r) => r.username === 'alice')!;
    expect([alice.review_state, alice.reviewed]).toEqual(['unreviewed', false]);
    expect((await systemNotes()).at(-1)).toBe('requested review from @alice');
    const events = (await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 ORDER BY seq DESC LIMIT 2`, [mr.id])) as Array<{ type: string }>;
    expect(events.map((e) => e.type).sort()).toEqual(['merge_request.updated', 'note.created']);
  });
});
