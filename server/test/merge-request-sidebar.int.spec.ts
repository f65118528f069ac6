import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMergeRequest } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * The merge request sidebar's writes as GitLab clients make them, on Postgres and PGlite:
 * REST PUT with reviewer_ids, assignee_ids, labels, add_labels, remove_labels, milestone_id;
 * GraphQL mergeRequestSetAssignees / SetReviewers / SetMilestone; each change a system note and
 * one merge_request.updated event for open pages; bad input and missing rights change nothing.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

describe.each(DB_MODES)('merge request sidebar writes on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let mr: ApiMergeRequest;
  let ids: Record<string, number>;
  const url = () => `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}`;
  const put = (auth: Cast[keyof Cast], body: Record<string, unknown>) => call<ApiMergeRequest & { message?: unknown }>(app, 'PUT', url(), { auth, body });
  const systemNotes = async () => ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system ORDER BY id`, [mr.id])) as Array<{ note: string }>).map((n) => n.note);
  const lastEvent = async () => ((await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 ORDER BY seq DESC LIMIT 1`, [mr.id])) as Array<{ type: string; payload: unknown }>)[0];

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const repos = app.running.app.get(RepositoryService);
    const repo = await repos.open(await projectId(app, P));
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
    await repo.writeCommit({ branch: 'sidebar', startSha: await repo.resolve('main'), message: 'Sidebar', author: me, actions: [{ action: 'create', path: 'sidebar.txt', content: Buffer.from('s\n') }] });
    mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.bob, body: { title: 'Sidebar', source_branch: 'sidebar', target_branch: 'main' } })).body;
    ids = Object.fromEntries(((await app.ds.query(`SELECT id, username FROM users`)) as Array<{ id: number; username: string }>).map((u) => [u.username, Number(u.id)]));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('REST: reviewer_ids asks for reviews in order, with GitLab notes and one live event; removing says so', async () => {
    const res = await put(who.bob, { reviewer_ids: [ids.carol, ids.alice] });
    expect(res.status).toBe(200);
    expect(res.body.reviewers.map((u) => u.username)).toEqual(['carol', 'alice']);
    expect((await systemNotes()).at(-1)).toBe('requested review from @carol and @alice');
    const ev = await lastEvent();
    expect(ev?.type).toBe('merge_request.updated');
    expect((ev?.payload as { payload: { fields: { reviewers: Array<{ username: string; review_state: string }> } } }).payload.fields.reviewers).toEqual([
      expect.objectContaining({ username: 'carol', review_state: 'unreviewed' }),
      expect.objectContaining({ username: 'alice', review_state: 'unreviewed' }),
    ]);
    const again = await put(who.bob, { reviewer_ids: [ids.alice] });
    expect(again.body.reviewers.map((u) => u.username)).toEqual(['alice']);
    expect((await systemNotes()).at(-1)).toBe('removed review request for @carol');
    expect((await call<ApiMergeRequest>(app, 'GET', url(), { auth: who.dave })).body.reviewers.map((u) => u.username)).toEqual(['alice']);
  });

  it('REST: labels, add_labels, remove_labels and milestone_id', async () => {
    expect((await put(who.bob, { labels: 'bug,feature' })).body.labels).toEqual(['bug', 'feature']);
    expect((await put(who.bob, { add_labels: 'ui', remove_labels: 'bug' })).body.labels).toEqual(['feature', 'ui']);
    expect((await systemNotes()).at(-1)).toBe('added ~"ui" label and removed ~"bug" label');
    const ms = (await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(P)}/milestones`, { auth: who.alice, body: { title: `Sidebar ${mode}` } })).body;
    const withMs = await put(who.bob, { milestone_id: ms.id });
    expect(withMs.body.milestone?.id).toBe(ms.id);
    expect((await put(who.bob, { milestone_id: 0 })).body.milestone).toBeNull();
  });

  it('refuses bad input (400 naming the field) and readers without update_merge_request (403), changing nothing', async () => {
    const before = (await call<ApiMergeRequest>(app, 'GET', url(), { auth: who.bob })).body;
    const notes = (await systemNotes()).length;
    for (const [body, field] of [
      [{ reviewer_ids: 'x' }, 'reviewer_ids'],
      [{ reviewer_ids: [999999] }, 'reviewer_ids'],
      [{ add_labels: 'no-such-label' }, 'labels'],
      [{ milestone_id: 999999 }, 'milestone_id'],
    ] as const) {
      const r = await put(who.bob, body);
      expect({ body, status: r.status, fields: Object.keys((r.body.message ?? {}) as object) }).toEqual({ body, status: 400, fields: [field] });
    }
    expect((await put(who.carol, { reviewer_ids: [ids.carol] })).status).toBe(403);
    expect((await put(who.anonymous, { reviewer_ids: [ids.carol] })).status).toBe(401);
    const after = (await call<ApiMergeRequest>(app, 'GET', url(), { auth: who.bob })).body;
    expect({ r: after.reviewers, l: after.labels, m: after.milestone, v: after.updated_at }).toEqual({ r: before.reviewers, l: before.labels, m: before.milestone, v: before.updated_at });
    expect((await systemNotes()).length).toBe(notes);
  });

  it('GraphQL: mergeRequestSetReviewers / SetAssignees (replace, append, remove) and SetMilestone', async () => {
    const fields = 'mergeRequest { reviewers { nodes { username } } assignees { nodes { username } } milestone { title } } errors';
    const setReviewers = (names: string[], mode2 = 'REPLACE') =>
      gql<{ mergeRequestSetReviewers: { mergeRequest: { reviewers: { nodes: Array<{ username: string }> } } | null; errors: string[] } }>(
        app, `mutation($i: MergeRequestSetReviewersInput!) { mergeRequestSetReviewers(input: $i) { ${fields} } }`,
        { i: { projectPath: P, iid: String(mr.iid), reviewerUsernames: names, operationMode: mode2 } }, who.bob,
      );
    expect((await setReviewers(['carol'], 'APPEND')).data?.mergeRequestSetReviewers.mergeRequest?.reviewers.nodes.map((u) => u.username)).toEqual(['alice', 'carol']);
    expect((await setReviewers(['alice'], 'REMOVE')).data?.mergeRequestSetReviewers.mergeRequest?.reviewers.nodes.map((u) => u.username)).toEqual(['carol']);
    expect((await setReviewers(['nobody-here'])).data?.mergeRequestSetReviewers).toEqual({ mergeRequest: null, errors: ['Unknown user: nobody-here'] });
    const assign = await gql<{ mergeRequestSetAssignees: { mergeRequest: { assignees: { nodes: Array<{ username: string }> } } } }>(
      app, `mutation($i: MergeRequestSetAssigneesInput!) { mergeRequestSetAssignees(input: $i) { ${fields} } }`, { i: { projectPath: P, iid: String(mr.iid), assigneeUsernames: ['bob', 'alice'] } }, who.bob,
    );
    expect(assign.data?.mergeRequestSetAssignees.mergeRequest.assignees.nodes.map((u) => u.username)).toEqual(['bob', 'alice']);
    const ms = (await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(P)}/milestones`, { auth: who.alice, body: { title: `GraphQL ${mode}` } })).body;
    const setMs = (id: string | null) =>
      gql<{ mergeRequestSetMilestone: { mergeRequest: { milestone: { title: string } | null } | null; errors: string[] } }>(
        app, `mutation($i: MergeRequestSetMilestoneInput!) { mergeRequestSetMilestone(input: $i) { ${fields} } }`, { i: { projectPath: P, iid: String(mr.iid), milestoneId: id } }, who.bob,
      );
    expect((await setMs(`gid://tandem/Milestone/${ms.id}`)).data?.mergeRequestSetMilestone.mergeRequest?.milestone?.title).toBe(`GraphQL ${mode}`);
    expect((await setMs(null)).data?.mergeRequestSetMilestone.mergeRequest?.milestone).toBeNull();
    // A reporter may not: a top-level error, nothing changed
    const denied = await gql(app, `mutation($i: MergeRequestSetReviewersInput!) { mergeRequestSetReviewers(input: $i) { errors } }`, { i: { projectPath: P, iid: String(mr.iid), reviewerUsernames: ['dave'] } }, who.carol);
    expect(denied.errors?.length).toBeGreaterThan(0);
    expect((await call<ApiMergeRequest>(app, 'GET', url(), { auth: who.bob })).body.reviewers.map((u) => u.username)).toEqual(['carol']);
  });
});
