import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, PEOPLE_TEXTS } from '@tandem/shared-types';
import { io, type Socket } from 'socket.io-client';
import { bootApp, call, castOf, DB_MODES, enc, gql, insertPat, type Cast, type TestApp } from './harness';

/**
 * The people side of the sidebar as clients see it: assignees and participants (GraphQL), the
 * busy status, notification subscriptions (REST and GraphQL), moving an issue, and the issue
 * list's bulk update, each with its permissions, system notes and events.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

interface ApiIssue {
  id: number;
  iid: number;
  title: string;
  state: string;
  labels: string[];
  assignees: Array<{ username: string }>;
  author: { username: string };
  created_at: string;
  subscribed: boolean;
  moved_to_id: number | null;
  moved_to_web_url?: string | null;
  due_date: string | null;
  weight: number | null;
  web_url: string;
}

const PEOPLE = `query($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
  subscribed assignees { nodes { username } } participants { nodes { username status { availability } } } } } }`;

describe.each(DB_MODES)('sidebar people on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  const systemNotes = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const eventTypes = async (issueId: number) =>
    ((await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [issueId])) as Array<{ type: string }>).map((r) => r.type);
  const newIssue = async (title: string, body: Record<string, unknown> = {}, project = PUBLIC, auth = who.alice) =>
    (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(project)}/issues`, { auth, body: { title, ...body } })).body;
  const getIssue = async (iid: number, auth = who.alice, project = PUBLIC) => (await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(project)}/issues/${iid}`, { auth })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('assignees and participants', () => {
    it('issueSetAssignees answers assignees and participants, notes it and emits issue.assignees', async () => {
      const issue = await newIssue('Assign through GraphQL');
      await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.carol, body: { body: 'I can help' } });
      const res = await gql<{ issueSetAssignees: { errors: string[]; issue: { assignees: { nodes: Array<{ username: string }> }; participants: { nodes: Array<{ username: string }> } } } }>(
        app,
        `mutation($input: IssueSetAssigneesInput!) { issueSetAssignees(input: $input) { errors issue { assignees { nodes { username } } participants { nodes { username } } } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), assigneeUsernames: ['bob', 'dave'] } },
        who.alice,
      );
      expect(res.data!.issueSetAssignees.errors).toEqual([]);
      expect(res.data!.issueSetAssignees.issue.assignees.nodes.map((u) => u.username)).toEqual(['bob', 'dave']);
      // author first, then assignees, then commenters
      expect(res.data!.issueSetAssignees.issue.participants.nodes.map((u) => u.username)).toEqual(['alice', 'bob', 'dave', 'carol']);
      expect(await systemNotes(issue.id)).toEqual(['assigned to @bob and @dave']);
      expect(await eventTypes(issue.id)).toContain('issue.assignees');

      const cleared = await gql<{ issueSetAssignees: { errors: string[]; issue: { assignees: { nodes: unknown[] } } } }>(
        app,
        `mutation($input: IssueSetAssigneesInput!) { issueSetAssignees(input: $input) { errors issue { assignees { nodes { username } } } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), assigneeUsernames: [] } },
        who.alice,
      );
      expect(cleared.data!.issueSetAssignees.issue.assignees.nodes).toEqual([]);
      expect((await systemNotes(issue.id)).at(-1)).toBe('unassigned @bob and @dave');
    });

    it('a guest who may not change assignees gets a refusal and nothing changes', async () => {
      const issue = await newIssue('Guests cannot assign');
      const res = await gql(
        app,
        `mutation($input: IssueSetAssigneesInput!) { issueSetAssignees(input: $input) { errors } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), assigneeUsernames: ['dave'] } },
        who.dave,
      );
      expect(res.errors?.[0]?.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
      expect((await getIssue(issue.iid)).assignees).toEqual([]);
    });

    it('a busy user is busy in participants (status set through PUT /user/status)', async () => {
      const issue = await newIssue('Busy people', { assignee_ids: [] });
      const bad = await call(app, 'PUT', '/api/v4/user/status', { auth: who.bob, body: { availability: 'away' } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('availability');
      const put = await call<{ availability: string }>(app, 'PUT', '/api/v4/user/status', { auth: who.bob, body: { availability: 'busy' } });
      expect(put.status).toBe(200);
      expect(put.body.availability).toBe('busy');
      expect((await call<{ availability: string }>(app, 'GET', '/api/v4/users/bob/status')).body.availability).toBe('busy');
      expect((await call(app, 'PUT', '/api/v4/user/status', { body: { availability: 'busy' } })).status).toBe(401);
      await gql(app, `mutation($input: IssueSetAssigneesInput!) { issueSetAssignees(input: $input) { errors } }`, { input: { projectPath: PUBLIC, iid: String(issue.iid), assigneeUsernames: ['bob'] } }, who.alice);
      const read = await gql<{ project: { issue: { participants: { nodes: Array<{ username: string; status: { availability: string } }> } } } }>(app, PEOPLE, { path: PUBLIC, iid: String(issue.iid) }, who.alice);
      expect(read.data!.project.issue.participants.nodes).toEqual([
        { username: 'alice', status: { availability: 'NOT_SET' } },
        { username: 'bob', status: { availability: 'BUSY' } },
      ]);
      await call(app, 'PUT', '/api/v4/user/status', { auth: who.bob, body: { availability: 'not_set' } });
    });
  });

  describe('notification subscriptions', () => {
    it("a change is pushed to the user's own sockets only (issue.subscription), by REST, GraphQL and the bulk form", async () => {
      const issue = await newIssue('Pushed subscription');
      const open = async (user: string) => {
        const s: Socket = io(app.url, { transports: ['websocket'], auth: { token: await insertPat(app, user) }, reconnection: false });
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
        return s;
      };
      const carol = await open('carol');
      const bob = await open('bob');
      const seen: Array<{ user: string; signal: unknown }> = [];
      carol.on('issue.subscription', (signal: unknown) => seen.push({ user: 'carol', signal }));
      bob.on('issue.subscription', (signal: unknown) => seen.push({ user: 'bob', signal }));
      const waitCount = async (n: number) => {
        const deadline = Date.now() + 5000;
        while (seen.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      };
      try {
        expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/subscribe`, { auth: who.carol })).status).toBe(201);
        await waitCount(1);
        const gq = await gql(app, `mutation($i: IssueSetSubscriptionInput!) { issueSetSubscription(input: $i) { errors } }`, { i: { projectPath: PUBLIC, iid: String(issue.iid), subscribedState: false } }, who.carol);
        expect(gq.errors).toBeUndefined();
        await waitCount(2);
        // already unsubscribed: no change, nothing pushed
        await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/unsubscribe`, { auth: who.carol });
        await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/bulk_update`, { auth: who.carol, body: { issuable_ids: [issue.id], subscription_event: 'subscribe' } });
        await waitCount(3);
        await new Promise((r) => setTimeout(r, 200));
        expect(seen).toEqual([
          { user: 'carol', signal: { project_path: PUBLIC, iid: issue.iid, subscribed: true } },
          { user: 'carol', signal: { project_path: PUBLIC, iid: issue.iid, subscribed: false } },
          { user: 'carol', signal: { project_path: PUBLIC, iid: issue.iid, subscribed: true } },
        ]);
      } finally {
        carol.close();
        bob.close();
      }
    });

    it('REST subscribe/unsubscribe: 201 with the flag, 304 when already so; per user', async () => {
      const issue = await newIssue('Subscribe me');
      const base = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`;
      // The author participates: subscribed until they say otherwise
      expect((await getIssue(issue.iid, who.alice)).subscribed).toBe(true);
      expect((await getIssue(issue.iid, who.erin)).subscribed).toBe(false);
      expect((await call(app, 'POST', `${base}/subscribe`, { auth: who.alice })).status).toBe(304);
      const sub = await call<ApiIssue>(app, 'POST', `${base}/subscribe`, { auth: who.erin });
      expect(sub.status).toBe(201);
      expect(sub.body.subscribed).toBe(true);
      expect((await getIssue(issue.iid, who.erin)).subscribed).toBe(true);
      expect((await call(app, 'POST', `${base}/subscribe`, { auth: who.erin })).status).toBe(304);
      const unsub = await call<ApiIssue>(app, 'POST', `${base}/unsubscribe`, { auth: who.alice });
      expect(unsub.status).toBe(201);
      expect(unsub.body.subscribed).toBe(false);
      expect((await getIssue(issue.iid, who.alice)).subscribed).toBe(false);
      expect((await getIssue(issue.iid, who.erin)).subscribed).toBe(true);
      expect((await call(app, 'POST', `${base}/unsubscribe`, { auth: who.alice })).status).toBe(304);
      expect((await call(app, 'POST', `${base}/subscribe`)).status).toBe(401);
      // nothing is broadcast: a subscription is the user's own
      expect(await eventTypes(issue.id)).toEqual(['issue.created']);
    });

    it('GraphQL issueSetSubscription sets the flag; a confidential issue is not found for outsiders', async () => {
      const issue = await newIssue('Subscribe by GraphQL');
      const set = (state: boolean, auth = who.bob) =>
        gql<{ issueSetSubscription: { errors: string[]; issue: { subscribed: boolean } } }>(
          app,
          `mutation($input: IssueSetSubscriptionInput!) { issueSetSubscription(input: $input) { errors issue { subscribed } } }`,
          { input: { projectPath: PUBLIC, iid: String(issue.iid), subscribedState: state } },
          auth,
        );
      const on = await set(true);
      expect(on.data!.issueSetSubscription).toEqual({ errors: [], issue: { subscribed: true } });
      const read = await gql<{ project: { issue: { subscribed: boolean } } }>(app, PEOPLE, { path: PUBLIC, iid: String(issue.iid) }, who.bob);
      expect(read.data!.project.issue.subscribed).toBe(true);
      expect((await set(false)).data!.issueSetSubscription.issue.subscribed).toBe(false);

      const secret = await newIssue('Confidential subscribe', { confidential: true });
      const res = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${secret.iid}/subscribe`, { auth: who.erin });
      expect(res.status).toBe(404);
    });
  });

  describe('moving an issue', () => {
    it('REST move copies the issue, notes both, closes the original and links it', async () => {
      const [target] = (await app.ds.query('SELECT id, namespace_id FROM projects WHERE full_path = $1', [PRIVATE])) as Array<{ id: number; namespace_id: number }>;
      await app.ds.query(`INSERT INTO labels (project_id, title, color) VALUES ($1, 'Movable', '#123456')`, [target!.id]);
      const issue = await newIssue('Move me', { description: 'Body text', labels: 'Movable,Only here', assignee_ids: [], due_date: '2030-01-02', weight: 3 });
      await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.alice, body: { assignee_ids: [(await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`))[0].id] } });

      const res = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/move`, { auth: who.bob, body: { to_project_id: target!.id } });
      expect(res.status).toBe(201);
      const moved = res.body;
      expect(moved.title).toBe('Move me');
      // GitLab keeps the original author and creation time; bob (the mover) is named in the notes only
      expect(moved.author.username).toBe(issue.author.username);
      expect(moved.author.username).not.toBe('bob');
      expect(moved.created_at).toBe(issue.created_at);
      expect(moved.labels).toEqual(['Movable']);
      expect(moved.assignees.map((u) => u.username)).toEqual(['bob']);
      expect(moved.due_date).toBe('2030-01-02');
      expect(moved.weight).toBe(3);
      expect(moved.web_url).toContain(`/${PRIVATE}/-/issues/${moved.iid}`);
      expect(await systemNotes(moved.id)).toEqual([`moved from ${PUBLIC}#${issue.iid}`]);

      const original = await getIssue(issue.iid);
      expect(original.state).toBe('closed');
      expect(original.moved_to_id).toBe(moved.id);
      expect(original.moved_to_web_url).toBe(moved.web_url);
      expect((await systemNotes(issue.id)).slice(-2)).toEqual([`moved to ${PRIVATE}#${moved.iid}`, 'closed']);
      expect((await eventTypes(issue.id)).slice(-3)).toEqual(['note.created', 'note.created', 'issue.updated']);

      const again = await call<{ message: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/move`, { auth: who.bob, body: { to_project_id: target!.id } });
      expect(again.status).toBe(400);
    });

    it('a move is one transaction: a failure after the copy is written leaves nothing behind', async () => {
      const [target] = (await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PRIVATE])) as Array<{ id: number }>;
      const issue = await newIssue('Move that fails', { labels: 'Movable', due_date: '2030-03-04' });
      const snapshot = async () => ({
        original: (await app.ds.query(`SELECT state, moved_to_id, lock_version, event_seq FROM issues WHERE id = $1`, [issue.id]))[0],
        copies: Number((await app.ds.query(`SELECT count(*)::int AS n FROM issues WHERE project_id = $1 AND title = 'Move that fails'`, [target!.id]))[0].n),
        lastIid: Number((await app.ds.query(`SELECT last_issue_iid FROM projects WHERE id = $1`, [target!.id]))[0].last_issue_iid),
        notes: Number((await app.ds.query(`SELECT count(*)::int AS n FROM notes`))[0].n),
        events: Number((await app.ds.query(`SELECT count(*)::int AS n FROM issue_events`))[0].n),
        links: Number((await app.ds.query(`SELECT count(*)::int AS n FROM label_links`))[0].n),
      });
      const before = await snapshot();
      // An injected fault at the last write (the original's "moved to" note): the copy, its labels and its note are written by then
      await app.ds.query(`CREATE FUNCTION tandem_test_fail_move() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.note LIKE 'moved to %' THEN RAISE EXCEPTION 'injected move fault'; END IF; RETURN NEW; END $$`);
      await app.ds.query(`CREATE TRIGGER tandem_test_fail_move BEFORE INSERT ON notes FOR EACH ROW EXECUTE FUNCTION tandem_test_fail_move()`);
      try {
        const res = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/move`, { auth: who.bob, body: { to_project_id: target!.id } });
        expect(res.status).toBeGreaterThanOrEqual(500);
      } finally {
        await app.ds.query(`DROP TRIGGER tandem_test_fail_move ON notes`);
        await app.ds.query(`DROP FUNCTION tandem_test_fail_move()`);
      }
      expect(await snapshot()).toEqual(before);
      expect((await getIssue(issue.iid)).state).toBe('opened');

      // Nothing half-done stands in the way: the move goes through, with the iid the failed one would have taken
      const ok = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/move`, { auth: who.bob, body: { to_project_id: target!.id } });
      expect(ok.status).toBe(201);
      expect(ok.body.iid).toBe(before.lastIid + 1);
      expect((await getIssue(issue.iid)).moved_to_id).toBe(ok.body.id);
    });

    it('refuses the same project, guests of the source, a missing target and bad input', async () => {
      const issue = await newIssue('Stay here');
      const url = `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/move`;
      const same = await call<{ message: string }>(app, 'POST', url, { auth: who.alice, body: { to_project_id: PUBLIC } });
      expect(same.status).toBe(400);
      expect(same.body.message).toBe('Cannot move issue to project it originates from!');
      expect((await call(app, 'POST', url, { auth: who.dave, body: { to_project_id: PRIVATE } })).status).toBe(403);
      expect((await call(app, 'POST', url, { auth: who.alice, body: { to_project_id: 'acme/nope' } })).status).toBe(404);
      const bad = await call(app, 'POST', url, { auth: who.alice, body: {} });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('to_project_id');
      expect((await getIssue(issue.iid)).state).toBe('opened');
    });

    it('GraphQL issueMove answers the new issue; errors for a refused move', async () => {
      const issue = await newIssue('Move by GraphQL');
      const move = (target: string) =>
        gql<{ issueMove: { errors: string[]; issue: { webPath: string; title: string } | null } }>(
          app,
          `mutation($input: IssueMoveInput!) { issueMove(input: $input) { errors issue { webPath title } } }`,
          { input: { projectPath: PUBLIC, iid: String(issue.iid), targetProjectPath: target } },
          who.alice,
        );
      expect((await move(PUBLIC)).data!.issueMove).toEqual({ errors: ['Cannot move issue to project it originates from!'], issue: null });
      const ok = await move(PRIVATE);
      expect(ok.data!.issueMove.errors).toEqual([]);
      expect(ok.data!.issueMove.issue!.title).toBe('Move by GraphQL');
      expect(ok.data!.issueMove.issue!.webPath).toMatch(new RegExp(`^/${PRIVATE}/-/issues/\\d+$`));
    });
  });

  describe('bulk update', () => {
    it('closes, labels, assigns and subscribes each issue through the update action', async () => {
      const a = await newIssue('Bulk A');
      const b = await newIssue('Bulk B');
      const [label] = (await app.ds.query(`INSERT INTO labels (project_id, title, color) VALUES ((SELECT id FROM projects WHERE full_path = $1), 'Bulked', '#00ff00') RETURNING id`, [PUBLIC])) as Array<{ id: number }>;
      const [bob] = (await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>;
      const res = await call<{ count: number }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/bulk_update`, {
        auth: who.carol,
        body: { issuable_ids: [a.id, b.id], state_event: 'close', add_label_ids: [label!.id], assignee_ids: [bob!.id], subscription_event: 'subscribe' },
      });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(2);
      for (const i of [a, b]) {
        const got = await getIssue(i.iid, who.carol);
        expect(got.state).toBe('closed');
        expect(got.labels).toEqual(['Bulked']);
        expect(got.assignees.map((u) => u.username)).toEqual(['bob']);
        expect(got.subscribed).toBe(true);
        expect(await systemNotes(i.id)).toEqual(['closed', 'assigned to @bob', 'added ~"Bulked" label']);
      }
    });

    it('sets and removes the milestone of each issue (milestone_id; 0 removes), refusing a milestone the project may not use', async () => {
      const a = await newIssue('Bulk milestone A');
      const b = await newIssue('Bulk milestone B');
      const url = `/api/v4/projects/${enc(PUBLIC)}/issues/bulk_update`;
      const ms = await call<{ id: number; title: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, { auth: who.alice, body: { title: 'Bulk sprint' } });
      expect(ms.status).toBe(201);
      const set = await call<{ count: number }>(app, 'PUT', url, { auth: who.carol, body: { issuable_ids: [a.id, b.id], milestone_id: ms.body.id } });
      expect(set.body.count).toBe(2);
      for (const i of [a, b]) {
        expect((await call<{ milestone: { title: string } | null }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${i.iid}`, { auth: who.carol })).body.milestone?.title).toBe('Bulk sprint');
        expect(await systemNotes(i.id)).toContain(`changed milestone to %"Bulk sprint"`);
      }
      const other = await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/milestones`, { auth: who.alice, body: { title: 'Elsewhere' } });
      const refused = await call(app, 'PUT', url, { auth: who.carol, body: { issuable_ids: [a.id], milestone_id: other.body.id } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('milestone_id');
      expect((await call(app, 'PUT', url, { auth: who.carol, body: { issuable_ids: [a.id], milestone_id: 'soon' } })).status).toBe(400);
      const cleared = await call<{ count: number }>(app, 'PUT', url, { auth: who.carol, body: { issuable_ids: [a.id], milestone_id: 0 } });
      expect(cleared.body.count).toBe(1);
      expect((await call<{ milestone: unknown }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${a.iid}`, { auth: who.carol })).body.milestone).toBeNull();
      expect((await call<{ milestone: { title: string } | null }>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${b.iid}`, { auth: who.carol })).body.milestone?.title).toBe('Bulk sprint');
    });

    it('skips issues the user may not change, and validates the input', async () => {
      const a = await newIssue('Bulk guarded');
      const url = `/api/v4/projects/${enc(PUBLIC)}/issues/bulk_update`;
      const guest = await call<{ count: number }>(app, 'PUT', url, { auth: who.dave, body: { issuable_ids: [a.id], state_event: 'close' } });
      expect(guest.body.count).toBe(0);
      expect((await getIssue(a.iid)).state).toBe('opened');
      const bad = await call(app, 'PUT', url, { auth: who.alice, body: { issuable_ids: [a.id], state_event: 'explode' } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('state_event');
      expect((await call(app, 'PUT', url, { auth: who.alice, body: { state_event: 'close' } })).status).toBe(400);
      expect((await call(app, 'PUT', url, { body: { issuable_ids: [a.id], state_event: 'close' } })).status).toBe(401);
      expect(PEOPLE_TEXTS.bulkUpdateFailed).toBe('Issue update failed');
    });
  });
});
