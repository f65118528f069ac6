import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS as NT, QUICK_ACTION_TEXTS as T, type ApiMergeRequest } from '@tandem/shared-types';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, enc, gql, mailsOf as mailsOfAction, projectId, recipients, userIds, type Auth, type Cast, type TestApp } from './harness';

const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

/**
 * Merge request notification mail and subscriptions, as their readers see them (outbox rows),
 * on both databases: a comment (and a published review, as one mail) mails the author,
 * assignees, reviewers and commenters, never the actor; an unsubscribed participant gets none;
 * /subscribe makes a non-participant get the next one; an assignment mails who it (un)assigns;
 * someone who may not read the merge request (a guest or outsider of a private project) is never
 * mailed; REST subscribe/unsubscribe answer GitLab's 201/304/404/401, GraphQL
 * mergeRequestSetSubscription and `subscribed` follow; the mail's unsubscribe link works signed out.
 * GitLab's merge request mails: a new merge request (its assignees, reviewers and the mentioned;
 * it starts the thread), a review request (the reviewer asked), closed, reopened, merged and
 * pushed to (participants and subscribers), and a custom level's chosen events.
 */
describe.each(DB_MODES)('merge request notification mail on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let ids: Record<string, number>;
  let names: Record<string, string>;
  const mailsOf = (act: () => Promise<unknown>) => mailsOfAction(app, act);
  const to = recipients;

  /** A fresh merge request of Alice's in the project, on its own branches, with reviewers. */
  const newMr = async (title: string, project = PUBLIC, reviewers: number[] = []) => {
    const mr = await demoMergeRequest(app, who.alice, project, title);
    if (reviewers.length) expect((await call(app, 'PUT', mr.api, { auth: who.alice, body: { reviewer_ids: reviewers } })).status).toBe(200);
    return mr;
  };
  const comment = (auth: Auth, api: string, body: string) => call(app, 'POST', `${api}/notes`, { auth, body: { body } });
  const subscribed = async (auth: Auth, api: string) => (await call<ApiMergeRequest>(app, 'GET', api, { auth })).body.subscribed;

  beforeAll(async () => {
    app = await bootApp(mode, { JOBS_POLL_SECONDS: '0' });
    who = await castOf(app);
    ids = await userIds(app);
    names = Object.fromEntries(((await app.ds.query('SELECT username, name FROM users')) as Array<{ username: string; name: string }>).map((u) => [u.username, u.name]));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a comment mails the author and the reviewers, not its author; GitLab's subject, thread and link", async () => {
    const mr = await newMr('Mail on a merge request comment', PUBLIC, [ids.bob!, ids.carol!]);
    // opening it and asking for reviews mailed the reviewers; the comment's mail is another
    const mails = await mailsOf(() => comment(who.bob, mr.api, 'Looks close.'));
    expect(to(mails)).toEqual(['alice', 'carol']);
    const alice = mails.find((m) => m.to === 'alice@example.com')!;
    expect(alice.subject).toBe(`Re: Tandem | Mail on a merge request comment (!${mr.iid})`);
    expect(alice.body).toMatch(/commented:/);
    expect(alice.body).toContain('Looks close.');
    expect(alice.body).toMatch(new RegExp(`/${PUBLIC}/-/merge_requests/${mr.iid}#note_\\d+`));
    expect(alice.body).toContain('Unsubscribe from this merge request:');
    expect(alice.headers!['In-Reply-To']).toMatch(new RegExp(`^<merge_request_${mr.id}@`));
    expect(alice.headers!['Message-ID']).toMatch(new RegExp(`^<merge_request_${mr.id}_event_\\d+_${ids.alice}@`));
    // bob commented, so he is a participant: the next comment (carol's) mails him and alice
    expect(to(await mailsOf(() => comment(who.carol, mr.api, 'Agreed')))).toEqual(['alice', 'bob']);
  });

  it('a published review is one mail to each participant, every comment in order; an unsubscribed participant gets nothing, a mention still reaches them', async () => {
    const mr = await newMr('Review mail', PUBLIC, [ids.bob!]);
    // alice (the author) turns notifications off through REST
    const off = await call<ApiMergeRequest>(app, 'POST', `${mr.api}/unsubscribe`, { auth: who.alice });
    expect(off.status).toBe(201);
    expect(off.body).toMatchObject({ iid: mr.iid, subscribed: false });
    expect((await call(app, 'POST', `${mr.api}/unsubscribe`, { auth: who.alice })).status).toBe(304);
    expect(await subscribed(who.alice, mr.api)).toBe(false);
    // carol comments (a participant now), then bob publishes a review of two notes and a summary:
    // carol gets ONE mail with all three in order (GitLab's review mail), alice none
    await comment(who.carol, mr.api, 'Watching this');
    const drafts = `${mr.api}/draft_notes`;
    expect((await call(app, 'POST', drafts, { auth: who.bob, body: { note: 'First thought' } })).status).toBe(201);
    expect((await call(app, 'POST', drafts, { auth: who.bob, body: { note: 'Second thought' } })).status).toBe(201);
    // The jobs ever written, by their id sequence: a job run (and deleted) at once still counts
    const written = async () => Number(((await app.ds.query(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM background_jobs_id_seq`)) as Array<{ n: number | string }>)[0]!.n);
    let jobs = 0;
    const review = await mailsOf(async () => {
      const before = await written();
      await call(app, 'POST', `${drafts}/bulk_publish`, { auth: who.bob, body: { note: 'Overall fine' } });
      jobs = (await written()) - before;
    });
    // one notify job for the review, not one a note: the trigger queued only its last note
    expect(jobs).toBe(1);
    expect(to(review)).toEqual(['carol']);
    const body = review[0]!.body;
    expect(body.startsWith(NT.reviewed('Bob Brown', 3))).toBe(true);
    expect([body.indexOf('First thought'), body.indexOf('Second thought'), body.indexOf('Overall fine')].every((at, k, all) => at > 0 && (k === 0 || at > all[k - 1]!))).toBe(true);
    // GitLab's rule: an explicit unsubscribe silences all but a mention
    expect(to(await mailsOf(() => comment(who.bob, mr.api, 'over to you @alice')))).toEqual(['alice', 'carol']);
  });

  it('a review that replies in an internal thread: its whole to those who read internal notes, its public comments alone to a guest', async () => {
    const mr = await newMr('Review with an internal reply', PUBLIC, [ids.bob!]);
    // dave (a guest) takes part; mallory starts an internal thread; bob reviews: one public comment, one internal reply
    await comment(who.dave, mr.api, 'Following along');
    expect((await call(app, 'POST', `${mr.api}/notes`, { auth: who.mallory, body: { body: 'Team only: the rollout date', internal: true } })).status).toBe(201);
    const thread = (await call<Array<{ id: string; notes: Array<{ body: string }> }>>(app, 'GET', `${mr.api}/discussions`, { auth: who.mallory })).body.find((d) => d.notes[0]!.body.startsWith('Team only'))!;
    const drafts = `${mr.api}/draft_notes`;
    expect((await call(app, 'POST', drafts, { auth: who.bob, body: { note: 'Public point' } })).status).toBe(201);
    expect((await call(app, 'POST', drafts, { auth: who.bob, body: { note: 'Internal reply', in_reply_to_discussion_id: thread.id } })).status).toBe(201);
    const mails = await mailsOf(() => call(app, 'POST', `${drafts}/bulk_publish`, { auth: who.bob }));
    const of = (user: string) => mails.filter((m) => m.to === `${user}@example.com`);
    // one mail each: never two
    expect(to(mails)).toEqual(['alice', 'dave', 'mallory']);
    for (const reader of ['alice', 'mallory']) {
      expect(of(reader)[0]!.body).toContain(NT.reviewed('Bob Brown', 2));
      expect(of(reader)[0]!.body).toContain('Internal reply');
    }
    const guest = of('dave')[0]!.body;
    expect(guest).toContain(NT.reviewed('Bob Brown', 1));
    expect(guest).toContain('Public point');
    expect(guest).not.toContain('Internal reply');
  });

  it('/subscribe makes a non-participant get the next comment; /unsubscribe stops it; an assignment mails the assignee', async () => {
    const mr = await newMr('Subscribe by command', PUBLIC, [ids.carol!]);
    expect(await subscribed(who.mallory, mr.api)).toBe(false);
    const cmd = await comment(who.mallory, mr.api, '/subscribe');
    expect(cmd.status).toBe(202);
    expect((cmd.body as { summary: string[] }).summary).toEqual([T.subscribed]);
    expect(await subscribed(who.mallory, mr.api)).toBe(true);
    expect(to(await mailsOf(() => comment(who.carol, mr.api, 'Any news?')))).toEqual(['alice', 'mallory']);
    await comment(who.mallory, mr.api, '/unsubscribe');
    expect(to(await mailsOf(() => comment(who.carol, mr.api, 'Still here')))).toEqual(['alice']);
    // an assignment mails the one it assigns (as a mention) and the participants, not the actor
    const assigned = await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { assignee_ids: [ids.bob] } }));
    expect(to(assigned)).toEqual(['bob', 'carol']);
    expect(assigned.find((m) => m.to === 'bob@example.com')!.body).toContain('assigned this merge request to Bob Brown.');
    // an edit that leaves the assignees alone mails nobody
    expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { title: 'Subscribe by command, renamed' } })))).toEqual([]);
  });

  it('a user who may not read the merge request is never mailed (a private project: a guest, an outsider), even subscribed or mentioned', async () => {
    const mr = await newMr('Private mail', PRIVATE, [ids.bob!]);
    // dave (a guest: private projects hide merge requests from guests) and erin (no member) may not read it
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.dave })).status).toBe(404);
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.erin })).status).toBe(404);
    // a subscription row from before access was lost changes nothing
    await app.ds.query('INSERT INTO merge_request_subscriptions (merge_request_id, user_id, subscribed) VALUES ($1, $2, true)', [mr.id, ids.dave]);
    expect(to(await mailsOf(() => comment(who.bob, mr.api, 'cc @dave @erin @carol')))).toEqual(['alice', 'carol']);
  });

  it('REST subscribe/unsubscribe: 201 with the merge request, 304 unchanged, 404 unknown, 401 signed out; GraphQL mergeRequestSetSubscription', async () => {
    const mr = await newMr('Subscription endpoints');
    const on = await call<ApiMergeRequest>(app, 'POST', `${mr.api}/subscribe`, { auth: who.carol });
    expect(on.status).toBe(201);
    expect(on.body).toMatchObject({ id: mr.id, iid: mr.iid, subscribed: true });
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.carol })).status).toBe(304);
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.anonymous })).status).toBe(401);
    const base = `/api/v4/projects/${enc(PUBLIC)}/merge_requests`;
    expect((await call(app, 'POST', `${base}/99999/subscribe`, { auth: who.carol })).status).toBe(404);
    expect((await call(app, 'POST', `${base}/not-a-number/unsubscribe`, { auth: who.carol })).status).toBe(404);
    // the author is subscribed without a row: unsubscribing changes her state, subscribing back answers 201
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.alice })).status).toBe(304);
    expect((await call(app, 'POST', `${mr.api}/unsubscribe`, { auth: who.alice })).status).toBe(201);
    expect(await subscribed(who.anonymous, mr.api)).toBe(false);

    const set = (auth: Auth, subscribedState: boolean, iid = String(mr.iid)) =>
      gql<{ mergeRequestSetSubscription: { errors: string[]; mergeRequest: { iid: string; subscribed: boolean } | null } | null }>(
        app,
        `mutation($input: MergeRequestSetSubscriptionInput!) { mergeRequestSetSubscription(input: $input) { errors mergeRequest { iid subscribed } } }`,
        { input: { projectPath: PUBLIC, iid, subscribedState } },
        auth,
      );
    expect((await set(who.carol, false)).data!.mergeRequestSetSubscription).toEqual({ errors: [], mergeRequest: { iid: String(mr.iid), subscribed: false } });
    expect(await subscribed(who.carol, mr.api)).toBe(false);
    expect((await set(who.carol, true)).data!.mergeRequestSetSubscription!.mergeRequest!.subscribed).toBe(true);
    // signed out or an unknown merge request: an error, nothing stored
    expect((await set(who.anonymous, true)).errors?.length).toBeGreaterThan(0);
    expect((await set(who.carol, true, '99999')).errors?.length).toBeGreaterThan(0);
    // the page data carries the viewer's state for the sidebar
    const page = await call<{ mergeRequest: ApiMergeRequest }>(app, 'GET', `/${PUBLIC}/-/merge_requests/${mr.iid}/page.json`, { auth: who.carol });
    expect(page.body.mergeRequest.subscribed).toBe(true);
  });

  it("the mail's unsubscribe link works signed out and names the merge request; a token for an issue of the same id does not touch it", async () => {
    const mr = await newMr('Unsubscribe link', PUBLIC, [ids.carol!]);
    const [mail] = await mailsOf(() => comment(who.alice, mr.api, 'Please review'));
    expect(mail!.to).toBe('carol@example.com');
    const path = new URL(/<(.+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!).pathname;
    expect(path).toMatch(new RegExp(`/-/unsubscribe/${ids.carol}\\.m${mr.id}\\.`));
    // the same signature without the merge request mark is no valid token
    expect((await call(app, 'GET', path.replace(`.m${mr.id}.`, `.${mr.id}.`))).status).toBe(404);
    const page = await call<string>(app, 'GET', path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`You have been unsubscribed from ${PUBLIC}!${mr.iid}.`);
    expect(await subscribed(who.carol, mr.api)).toBe(false);
    expect(to(await mailsOf(() => comment(who.alice, mr.api, 'Anyone?')))).toEqual([]);
  });

  it('a new merge request mails its assignee, its reviewer and who its description mentions, not its author; its mail starts the thread', async () => {
    let mr!: Awaited<ReturnType<typeof demoMergeRequest>>;
    const opened = await mailsOf(async () => {
      mr = await demoMergeRequest(app, who.alice, PUBLIC, 'A new merge request', { assignee_ids: [ids.bob], reviewer_ids: [ids.carol], description: 'Please look, @mallory' });
    });
    expect(mr.reviewers.map((u) => u.username)).toEqual(['carol']);
    expect(to(opened)).toEqual(['bob', 'carol', 'mallory']);
    const bob = opened.find((m) => m.to === 'bob@example.com')!;
    expect(bob.subject).toBe(`Tandem | A new merge request (!${mr.iid})`);
    expect(bob.body.startsWith(NT.newMergeRequest(names.alice!))).toBe(true);
    expect(bob.body).toContain('Please look, @mallory');
    expect(bob.body).toMatch(new RegExp(`/${PUBLIC}/-/merge_requests/${mr.iid}\\b`));
    expect(bob.headers!['Message-ID']).toMatch(new RegExp(`^<merge_request_${mr.id}@[^>]+>$`));
    expect(bob.headers!['In-Reply-To']).toBeUndefined();
    // the next mail answers the thread the opening started
    const [reply] = await mailsOf(() => comment(who.bob, mr.api, 'On it'));
    expect(reply!.subject).toBe(`Re: Tandem | A new merge request (!${mr.iid})`);
    expect(reply!.headers!['In-Reply-To']).toBe(bob.headers!['Message-ID']);
    // nobody assigned, asked or mentioned, no watcher: an opening mails nobody
    expect(to(await mailsOf(() => newMr('Opened quietly')))).toEqual([]);
    // an unknown reviewer is refused naming the field: no merge request, no mail
    const count = async () => Number(((await app.ds.query(`SELECT count(*)::int AS n FROM merge_requests`)) as Array<{ n: number }>)[0]!.n);
    const before = await count();
    let refused: unknown = null;
    const none = await mailsOf(async () => {
      refused = await demoMergeRequest(app, who.alice, PUBLIC, 'With a ghost reviewer', { reviewer_ids: [987654] }).catch((e: Error) => e.message);
    });
    expect(String(refused)).toMatch(/HTTP 400 .*reviewer_ids.*unknown user 987654/);
    expect(none).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('a description edit mails only the users it newly mentions (not the actor, not who it mentioned before), with the merge request in the text', async () => {
    let mr!: Awaited<ReturnType<typeof demoMergeRequest>>;
    await mailsOf(async () => {
      mr = await demoMergeRequest(app, who.alice, PUBLIC, 'Mentions in a description', { description: 'Thoughts, @mallory?' });
    });
    // bob takes part: a description edit is no comment, so it mails only whom it newly mentions
    await comment(who.bob, mr.api, 'Following');
    const edit = (description: string) => mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { description } }));
    const mentioned = await edit('Thoughts, @mallory? And @carol, and me, @alice');
    expect(to(mentioned)).toEqual(['carol']);
    const carol = mentioned[0]!;
    expect(carol.subject).toBe(`Re: Tandem | Mentions in a description (!${mr.iid})`);
    expect(carol.body.startsWith(NT.mentionedInMergeRequest(mr.iid))).toBe(true);
    expect(carol.body).toContain('And @carol');
    expect(carol.headers!['Message-ID']).toMatch(new RegExp(`^<merge_request_${mr.id}_event_\\d+_mention_${ids.carol}@`));
    // the same mentions again, reworded: nobody; a title edit: nobody
    expect(await edit('Thoughts, @MALLORY? @carol, please')).toEqual([]);
    expect(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { title: 'Mentions, renamed' } }))).toEqual([]);
    // a mention inside code is no mention (as in comments)
    expect(await edit('Thoughts, @mallory? @carol, please. `@dave`')).toEqual([]);
    expect(to(await edit('Thoughts, @mallory? @carol, please, and @dave'))).toEqual(['dave']);
  });

  it('asking for a review mails the reviewer asked only; asking again after their review mails them again; removing reviewers mails nobody', async () => {
    const mr = await newMr('Review requests');
    expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { assignee_ids: [ids.bob] } })))).toEqual(['bob']);
    await comment(who.carol, mr.api, 'Following');
    // bob (assignee) and carol (commenter) take part, and are not told
    const asked = await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { reviewer_ids: [ids.mallory] } }));
    expect(to(asked)).toEqual(['mallory']);
    expect(asked[0]!.subject).toBe(`Re: Tandem | Review requests (!${mr.iid})`);
    expect(asked[0]!.body.startsWith(NT.reviewRequested(names.alice!))).toBe(true);
    expect(asked[0]!.headers!['Message-ID']).toMatch(new RegExp(`^<merge_request_${mr.id}_event_\\d+_request_review_${ids.mallory}@`));
    // a second reviewer: only they are asked now
    expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { reviewer_ids: [ids.mallory, ids.dave] } })))).toEqual(['dave']);
    // mallory's submitted review is a comment's mail, no review request (dave is still unreviewed)
    expect((await call(app, 'POST', `${mr.api}/draft_notes`, { auth: who.mallory, body: { note: 'One remark' } })).status).toBe(201);
    const reviewed = await mailsOf(() => call(app, 'POST', `${mr.api}/draft_notes/bulk_publish`, { auth: who.mallory }));
    expect(to(reviewed)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(reviewed.every((m) => !m.body.includes('requested a review'))).toBe(true);
    // re-request review (the sidebar's, GitLab's mergeRequestReviewerRereview): mallory is asked again
    const again = await mailsOf(() =>
      gql(app, `mutation($input: MergeRequestReviewerRereviewInput!) { mergeRequestReviewerRereview(input: $input) { errors } }`, {
        input: { projectPath: PUBLIC, iid: String(mr.iid), userId: `gid://gitlab/User/${ids.mallory}` },
      }, who.alice),
    );
    expect(to(again)).toEqual(['mallory']);
    expect(again[0]!.body.startsWith(NT.reviewRequested(names.alice!))).toBe(true);
    // removing reviewers mails nobody
    expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { reviewer_ids: [] } })))).toEqual([]);
  });

  it('closing, reopening and merging mail the participants and subscribers, never the actor nor an unsubscribed participant', async () => {
    const mr = await newMr('State mails', PUBLIC, [ids.bob!]);
    await comment(who.carol, mr.api, 'Watching this');
    expect((await call(app, 'POST', `${mr.api}/unsubscribe`, { auth: who.carol })).status).toBe(201);
    expect((await call(app, 'POST', `${mr.api}/subscribe`, { auth: who.mallory })).status).toBe(201);
    const closed = await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { state_event: 'close' } }));
    expect(to(closed)).toEqual(['bob', 'mallory']);
    expect(closed[0]!.body.startsWith(NT.closedMergeRequest(mr.iid, names.alice!))).toBe(true);
    expect(closed[0]!.headers!['In-Reply-To']).toMatch(new RegExp(`^<merge_request_${mr.id}@`));
    const reopened = await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.bob, body: { state_event: 'reopen' } }));
    expect(to(reopened)).toEqual(['alice', 'mallory']);
    expect(reopened[0]!.body.startsWith(NT.reopenedMergeRequest(mr.iid, names.bob!))).toBe(true);
    const merged = await mailsOf(async () => expect((await call(app, 'PUT', `${mr.api}/merge`, { auth: who.mallory, body: {} })).status).toBe(200));
    expect(to(merged)).toEqual(['alice', 'bob']);
    expect(merged[0]!.body.startsWith(NT.mergedMergeRequest(mr.iid, names.mallory!))).toBe(true);
  });

  it('a push to the source branch mails the participants with the new commits, not the pusher', async () => {
    const mr = await newMr('Push mail', PUBLIC, [ids.bob!]);
    await comment(who.carol, mr.api, 'Waiting for the fix');
    const repos = app.running.app.get(RepositoryService);
    const pid = await projectId(app, PUBLIC);
    const repo = await repos.open(pid);
    const old = (await repo.resolve(mr.source_branch))!;
    const pushed = await repo.writeCommit({
      branch: mr.source_branch, message: 'Fix the *banner* colour', author: { name: 'Test', email: 'test@example.com' }, actions: [{ action: 'create', path: 'push-mail.txt', content: Buffer.from('x\n') }],
    });
    const mails = await mailsOf(() => repos.refsChanged({ projectId: pid, actorId: ids.bob!, updates: [{ ref: `refs/heads/${mr.source_branch}`, oldSha: old, newSha: pushed.sha }], source: 'push' }));
    expect(to(mails)).toEqual(['alice', 'carol']);
    expect(mails[0]!.body.startsWith(NT.pushedToMergeRequest(names.bob!, mr.iid))).toBe(true);
    expect(mails[0]!.body).toContain(`* ${pushed.sha.slice(0, 8)} - Fix the *banner* colour`);
  });

  it('a custom level mails the merge request events it chose and no other; an assignment is reassign_merge_request, not reassign_issue', async () => {
    const projectApi = `/api/v4/projects/${enc(PUBLIC)}/notification_settings`;
    const set = await call<{ level: string; events: Record<string, boolean> }>(app, 'PUT', projectApi, {
      auth: who.dave, body: { level: 'custom', new_merge_request: true, close_merge_request: true, reassign_issue: true },
    });
    expect(set.body.events).toMatchObject({ new_merge_request: true, close_merge_request: true, reassign_issue: true, reopen_merge_request: false, reassign_merge_request: false, merge_merge_request: false });
    try {
      let mr!: Awaited<ReturnType<typeof demoMergeRequest>>;
      expect(to(await mailsOf(async () => (mr = await newMr('Custom mail'))))).toEqual(['dave']);
      expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { assignee_ids: [ids.bob] } })))).toEqual(['bob']);
      expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { state_event: 'close' } })))).toEqual(['bob', 'dave']);
      expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { state_event: 'reopen' } })))).toEqual(['bob']);
      // reassign_merge_request chosen: the next assignment mails dave too
      await call(app, 'PUT', projectApi, { auth: who.dave, body: { reassign_merge_request: true } });
      expect(to(await mailsOf(() => call(app, 'PUT', mr.api, { auth: who.alice, body: { assignee_ids: [ids.carol] } })))).toEqual(['bob', 'carol', 'dave']);
    } finally {
      await call(app, 'PUT', projectApi, { auth: who.dave, body: { level: 'global' } });
    }
  });
});
