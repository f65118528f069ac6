import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_TEXTS, type ApiDiscussion, type ApiMergeRequest, type MergeRequestPageData } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, projectId, type Cast, type TestApp } from './harness';

/**
 * The merge request Overview on Postgres and PGlite: the discussion filter dropdown (its choices
 * in page.json, the choice saved per user for merge request pages apart from issue pages, applied
 * by discussions.json) and GitLab's getMrParticipants query (author, assignees, reviewers,
 * commenters; an internal note's author only for those who may read internal notes), and REST
 * `GET .../participants` giving the same set.
 */
const P = 'acme/tandem';
const me = { name: 'Test', email: 'test@example.com' };

const GET_MR_PARTICIPANTS = `query getMrParticipants($fullPath: ID!, $iid: String!) {
  workspace: project(fullPath: $fullPath) {
    __typename
    issuable: mergeRequest(iid: $iid) {
      __typename
      id
      participants { nodes { id username name avatarUrl webUrl status { availability } } }
      assignees { nodes { username } }
    }
  }
}`;

type Participants = { workspace: { __typename: string; issuable: { __typename: string; id: string; participants: { nodes: Array<{ username: string; webUrl: string }> }; assignees: { nodes: Array<{ username: string }> } } | null } | null };

describe.each(DB_MODES)('merge request overview on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let mr: ApiMergeRequest;
  let page: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const repo = await app.running.app.get(RepositoryService).open(await projectId(app, P));
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
    await repo.writeCommit({ branch: 'overview', startSha: await repo.resolve('main'), message: 'Overview', author: me, actions: [{ action: 'create', path: 'overview.txt', content: Buffer.from('o\n') }] });
    mr = (await call<ApiMergeRequest>(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests`, { auth: who.bob, body: { title: 'Overview', source_branch: 'overview', target_branch: 'main' } })).body;
    page = `/${P}/-/merge_requests/${mr.iid}`;
    ids = Object.fromEntries(((await app.ds.query(`SELECT id, username FROM users`)) as Array<{ id: number; username: string }>).map((u) => [u.username, Number(u.id)]));
  });
  afterAll(async () => {
    await app?.close();
  });

  const pageData = async (auth: Cast[keyof Cast]) => (await call<MergeRequestPageData>(app, 'GET', `${page}/page.json`, { auth })).body;
  const savedFilters = async (username: string) =>
    ((await app.ds.query('SELECT issue_notes_filter AS issue, merge_request_notes_filter AS mr FROM user_preferences WHERE user_id = $1', [ids[username]])) as Array<{ issue: number; mr: number }>)[0] ?? { issue: 0, mr: 0 };

  it('the discussion filter: choices from the page data, the choice saved for merge request pages only, and applied', async () => {
    // One comment and one system note (a label change)
    expect((await call(app, 'POST', `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}/notes`, { auth: who.bob, body: { body: 'Looks good' } })).status).toBe(201);
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}`, { auth: who.bob, body: { labels: 'bug' } })).status).toBe(200);

    const start = await pageData(who.carol);
    expect(start.notesData.notesFilter).toBe(0);
    expect(start.notesData.notesFilters).toEqual([
      { title: DISCUSSION_TEXTS.filterAll, value: 0 },
      { title: 'Show comments only', value: 1 },
      { title: 'Show history only', value: 2 },
    ]);

    // Choosing "Show history only" on the page shows only history and is remembered for merge request pages
    const history = await call<ApiDiscussion[]>(app, 'GET', `${page}/discussions.json?notes_filter=2&persist_filter=true`, { auth: who.carol });
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(0);
    expect(history.body.every((d) => d.notes.every((n) => n.system))).toBe(true);
    const after = await pageData(who.carol);
    expect(after.notesData.notesFilter).toBe(2);
    expect(after.notesData.prerenderedNotesCount).toBe(history.body.length);
    // The next load without a filter uses the saved one
    const again = await call<ApiDiscussion[]>(app, 'GET', `${page}/discussions.json`, { auth: who.carol });
    expect(again.body.every((d) => d.notes.every((n) => n.system))).toBe(true);
    // Issue pages keep their own choice
    expect(await savedFilters('carol')).toEqual({ issue: 0, mr: 2 });

    // A filter read without persist_filter=true (a note anchor, timeline view) is not saved
    const comments = await call<ApiDiscussion[]>(app, 'GET', `${page}/discussions.json?notes_filter=1&persist_filter=false`, { auth: who.carol });
    expect(comments.body.map((d) => d.notes[0]!.note)).toEqual(['Looks good']);
    expect((await pageData(who.carol)).notesData.notesFilter).toBe(2);
    // Someone else's choice is their own
    expect((await pageData(who.bob)).notesData.notesFilter).toBe(0);

    // A bad filter is a 400 and saves nothing; a signed-out reader's choice is not saved
    expect((await call(app, 'GET', `${page}/discussions.json?notes_filter=7&persist_filter=true`, { auth: who.carol })).status).toBe(400);
    expect((await call(app, 'GET', `${page}/discussions.json?notes_filter=1&persist_filter=true`, { auth: who.anonymous })).status).toBe(200);
    expect((await pageData(who.carol)).notesData.notesFilter).toBe(2);
  });

  it("getMrParticipants: author, assignees, reviewers, then commenters; an internal note's author only for readers of internal notes", async () => {
    expect((await call(app, 'PUT', `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}`, { auth: who.bob, body: { assignee_ids: [ids.alice], reviewer_ids: [ids.carol] } })).status).toBe(200);
    const notes = `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}/notes`;
    expect((await call(app, 'POST', notes, { auth: who.mallory, body: { body: 'Team only', internal: true } })).status).toBe(201);
    expect((await call(app, 'POST', notes, { auth: who.dave, body: { body: 'A question' } })).status).toBe(201);

    const member = await gql<Participants>(app, GET_MR_PARTICIPANTS, { fullPath: P, iid: String(mr.iid) }, who.carol);
    expect(member.errors).toBeUndefined();
    expect(member.data!.workspace!.issuable).toMatchObject({ __typename: 'MergeRequest', id: `gid://tandem/MergeRequest/${mr.id}`, assignees: { nodes: [{ username: 'alice' }] } });
    expect(member.data!.workspace!.issuable!.participants.nodes.map((u) => u.username)).toEqual(['bob', 'alice', 'carol', 'mallory', 'dave']);
    expect(member.data!.workspace!.issuable!.participants.nodes[0]!.webUrl).toMatch(/\/bob$/);

    // A non-member of the public project reads the merge request, not the internal note's author
    const outsider = await gql<Participants>(app, GET_MR_PARTICIPANTS, { fullPath: P, iid: String(mr.iid) }, who.erin);
    expect(outsider.data!.workspace!.issuable!.participants.nodes.map((u) => u.username)).toEqual(['bob', 'alice', 'carol', 'dave']);

    // REST GET .../participants: the same set, reviewers included, as GitLab's
    const rest = (auth: Cast[keyof Cast]) => call<Array<{ username: string; web_url: string }>>(app, 'GET', `/api/v4/projects/${enc(P)}/merge_requests/${mr.iid}/participants`, { auth });
    const restMember = await rest(who.carol);
    expect(restMember.status).toBe(200);
    expect(restMember.body.map((u) => u.username)).toEqual(['bob', 'alice', 'carol', 'mallory', 'dave']);
    expect(restMember.body[0]!.web_url).toMatch(/\/bob$/);
    expect((await rest(who.erin)).body.map((u) => u.username)).toEqual(['bob', 'alice', 'carol', 'dave']);

    // No such merge request: null, as GitLab answers
    const none = await gql<Participants>(app, GET_MR_PARTICIPANTS, { fullPath: P, iid: '99999' }, who.carol);
    expect(none.data!.workspace!.issuable).toBeNull();
  });
});
