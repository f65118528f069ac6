import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGE_REQUEST_QUICK_ACTION_TEXTS as M, QUICK_ACTION_TEXTS as T, type ApiMergeRequest, type ApiNote, type ApiTodo, type QuickActionSource } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, gql, type Auth, type Cast, type TestApp } from './harness';

/**
 * Quick actions on merge requests, as a client sees them, on both databases: a comment's
 * commands change the merge request through the sidebar's action (system notes, event,
 * lock_version) and the note keeps only its text; a comment of only commands answers GitLab's
 * 202 with commands_changes (REST) or quickActionsStatus (GraphQL); a guest's command is refused
 * and changes nothing; a review's drafts carry commands that run when it is submitted, and a
 * draft of only commands publishes no note; /merge merges through the Merge button's action.
 * /todo and /done are the actor's own to-do (listed with their to-dos); /subscribe and
 * /unsubscribe the actor's own notifications (what the merge request's mail follows, tested in
 * merge-request-notifications.int.spec.ts), while a command merge requests do not have (/weight)
 * stays text; the command autocomplete lists what the planner would apply; a review's /award is
 * given when it is published.
 */
const P = 'acme/tandem';
type Rest = { commands_changes: Record<string, unknown>; summary: string[] };

describe.each(DB_MODES)('merge request quick actions on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A fresh merge request of Alice's on its own branches. */
  const newMr = (title: string) => demoMergeRequest(app, who.alice, P, title);
  const read = async (api: string) => (await call<ApiMergeRequest & { reviewers: Array<{ username: string }> }>(app, 'GET', api, { auth: who.alice })).body;
  const comment = (auth: Auth, api: string, body: string) => call<ApiNote | Rest>(app, 'POST', `${api}/notes`, { auth, body: { body } });
  const notes = async (id: number, system: boolean) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND system = $2 ORDER BY id`, [id, system])) as Array<{ note: string }>).map((r) => r.note);
  const commandNames = async (auth: Auth, iid: number) =>
    (await call<Array<QuickActionSource<string>>>(app, 'GET', `/${P}/-/autocomplete_sources/commands?type=MergeRequest&type_id=${iid}`, { auth })).body.map((c) => c.name);
  const pendingTodos = async (auth: Auth) => (await call<ApiTodo[]>(app, 'GET', '/api/v4/todos?type=MergeRequest', { auth })).body;
  const awards = async (mrId: number) =>
    ((await app.ds.query(`SELECT a.name, u.username FROM award_emoji a JOIN users u ON u.id = a.user_id WHERE a.awardable_type = 'MergeRequest' AND a.awardable_id = $1 ORDER BY a.id`, [mrId])) as Array<{ name: string; username: string }>).map((r) => `${r.username}:${r.name}`);
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

  it("/todo and /done are the actor's own to-do, with the issue's messages", async () => {
    const mr = await newMr('To-do by command');
    const on = await comment(who.bob, mr.api, '/todo');
    expect(on.status).toBe(202);
    expect((on.body as Rest).summary).toEqual([T.todoAdded]);
    // the to-do is listed with Bob's to-dos, pointing at the merge request
    const todos = (await pendingTodos(who.bob)).filter((t) => t.target.id === mr.id);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toMatchObject({ target_type: 'MergeRequest', action_name: 'marked', target: { iid: mr.iid, title: 'To-do by command' } });
    expect(todos[0]!.target_url).toMatch(new RegExp(`/${P}/-/merge_requests/${mr.iid}$`));
    // the same again does not apply; the autocomplete now offers the way back
    expect(((await comment(who.bob, mr.api, '/todo')).body as Rest).summary).toEqual([T.couldNotApply('todo')]);
    const offered = await commandNames(who.bob, mr.iid);
    expect(offered).toContain('done');
    expect(offered).not.toContain('todo');

    const off = await comment(who.bob, mr.api, 'Done here.\n/done');
    expect(off.status).toBe(201);
    expect((off.body as ApiNote).body).toBe('Done here.');
    expect((await pendingTodos(who.bob)).filter((t) => t.target.id === mr.id)).toEqual([]);
    // nobody else's to-do changed
    expect((await pendingTodos(who.alice)).filter((t) => t.target.id === mr.id)).toEqual([]);
  });

  it("/subscribe and /unsubscribe are the actor's own notifications, with the issue's messages; /weight stays text", async () => {
    const mr = await newMr('Subscription commands');
    const subscribed = async (auth: Auth) => (await call<ApiMergeRequest>(app, 'GET', mr.api, { auth })).body.subscribed;
    // a command merge requests do not have: a plain note keeping the line, no status
    const weight = await comment(who.dave, mr.api, '/weight 3');
    expect(weight.status).toBe(201);
    expect(weight.body).toMatchObject({ body: '/weight 3', commands_changes: {} });
    // dave commented, so he is a participant now: subscribed without a row; carol is not
    expect(await subscribed(who.dave)).toBe(true);
    expect(await subscribed(who.carol)).toBe(false);
    const on = await comment(who.carol, mr.api, '/subscribe');
    expect(on.status).toBe(202);
    expect((on.body as Rest).summary).toEqual([T.subscribed]);
    expect((on.body as Rest).commands_changes).toEqual({ subscription_event: 'subscribe' });
    expect(await subscribed(who.carol)).toBe(true);
    // the same again does not apply; the autocomplete now offers the way back
    expect(((await comment(who.carol, mr.api, '/subscribe')).body as Rest).summary).toEqual([T.couldNotApply('subscribe')]);
    const offered = await commandNames(who.carol, mr.iid);
    expect(offered).toContain('unsubscribe');
    expect(offered).not.toContain('subscribe');
    // beside text: the note keeps its text, the command applies
    const off = await comment(who.carol, mr.api, 'Muting this.\n/unsubscribe');
    expect(off.status).toBe(201);
    expect((off.body as ApiNote).body).toBe('Muting this.');
    // commenting made carol a participant, yet her explicit choice wins
    expect(await subscribed(who.carol)).toBe(false);
    // nobody else's changed: the author stays subscribed by default, so /subscribe does not apply to her
    expect(await subscribed(who.alice)).toBe(true);
    expect(((await comment(who.alice, mr.api, '/subscribe')).body as Rest).summary).toEqual([T.couldNotApply('subscribe')]);
    // GraphQL's createNote: the same command, its status
    const g = await gql<{ createNote: { note: { body: string } | null; quickActionsStatus: { messages: string[] } | null; errors: string[] } }>(
      app,
      `mutation($input: CreateNoteInput!) { createNote(input: $input) { note { body } quickActionsStatus { messages errorMessages } errors } }`,
      { input: { noteableId: `gid://tandem/MergeRequest/${mr.id}`, body: '/subscribe' } },
      who.carol,
    );
    expect(g.data!.createNote.quickActionsStatus?.messages).toEqual([T.subscribed]);
    expect(await subscribed(who.carol)).toBe(true);
  });

  it("the command autocomplete lists the merge request's commands the actor may run now, as the planner decides", async () => {
    const mr = await newMr('Autocomplete');
    const author = await commandNames(who.alice, mr.iid);
    // the author is subscribed by default: /unsubscribe, not /subscribe
    expect(author).toEqual(expect.arrayContaining(['close', 'title', 'label', 'assign_reviewer', 'target_branch', 'draft', 'merge', 'award', 'todo', 'unsubscribe']));
    for (const absent of ['reopen', 'ready', 'unlock', 'unapprove', 'approve', 'subscribe', 'done', 'weight', 'due']) expect(author).not.toContain(absent);
    // a guest: only their own to-do, notifications and reaction
    expect(await commandNames(who.dave, mr.iid)).toEqual(['award', 'todo', 'subscribe']);
    const entry = (await call<Array<QuickActionSource<string>>>(app, 'GET', `/${P}/-/autocomplete_sources/commands?type=MergeRequest&type_id=${mr.iid}`, { auth: who.alice })).body.find((c) => c.name === 'assign_reviewer');
    expect(entry).toMatchObject({ aliases: ['reviewer', 'request_review'], description: 'Assign reviewers', params: ['@user1 @user2'] });
    // bad input is a 4xx with a message
    const bad = await call<{ message?: unknown }>(app, 'GET', `/${P}/-/autocomplete_sources/commands?type=Snippet&type_id=${mr.iid}`, { auth: who.alice });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('must be Issue or MergeRequest');
    expect((await call(app, 'GET', `/${P}/-/autocomplete_sources/commands?type=MergeRequest&type_id=99999`, { auth: who.alice })).status).toBe(404);
  });

  it('/award in a comment and in review drafts: the drafts\' reactions and to-do are given when the review is published', async () => {
    const mr = await newMr('Reactions');
    expect(((await comment(who.carol, mr.api, '/award :thumbsup:')).body as Rest).summary).toEqual([T.awarded('thumbsup')]);
    expect(await awards(mr.id)).toEqual(['carol:thumbsup']);
    // the award button's REST twin reads the reactor as the command does
    expect((await call(app, 'POST', `${mr.api}/award_emoji`, { auth: who.dave, body: { name: 'heart' } })).status).toBe(201);
    expect(await awards(mr.id)).toEqual(['carol:thumbsup', 'dave:heart']);

    const d1 = await call<{ id: number }>(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: 'Lovely.\n/award :tada:' } });
    const d2 = await call<{ id: number }>(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: '/todo' } });
    expect([d1.status, d2.status]).toEqual([201, 201]);
    expect(await awards(mr.id)).toEqual(['carol:thumbsup', 'dave:heart']);
    expect((await call(app, 'POST', `${mr.api}/draft_notes/bulk_publish`, { auth: who.bob })).status).toBe(204);
    expect(await awards(mr.id)).toEqual(['carol:thumbsup', 'dave:heart', 'bob:tada']);
    expect((await pendingTodos(who.bob)).filter((t) => t.target.id === mr.id)).toHaveLength(1);
    expect(await notes(mr.id, false)).toEqual(['Lovely.']);
    // the reaction is announced on the merge request's stream, as the award button's is
    const events = (await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND type = 'award.toggled'`, [mr.id])) as Array<{ payload: unknown }>;
    expect(JSON.stringify(events.map((e) => e.payload))).toContain('"name":"tada"');

    // one draft published on its own
    const d3 = await call<{ id: number }>(app, 'POST', `${mr.api}/draft_notes`, { auth: who.bob, body: { note: '/award :rocket:' } });
    expect((await call(app, 'PUT', `${mr.api}/draft_notes/${d3.body.id}/publish`, { auth: who.bob })).status).toBe(204);
    expect(await awards(mr.id)).toEqual(['carol:thumbsup', 'dave:heart', 'bob:tada', 'bob:rocket']);
  });
});

