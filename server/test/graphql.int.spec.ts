import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, gql, issueRow, type Auth, type Cast, type GqlResult, type TestApp } from './harness';

type Result = GqlResult & { status: number };

/**
 * GraphQL at /api/graphql as GitLab's web client uses it (aliases, fragments, __typename,
 * batched arrays), with permissions from the policy module, on Postgres and PGlite.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';
const ROLES = ['anonymous', 'erin', 'dave', 'carol', 'bob', 'mallory', 'alice'] as const;
type Role = (typeof ROLES)[number];
const ACCESS = ERRORS.GRAPHQL_RESOURCE_ACCESS.message;

const ISSUE_FIELDS = `
  fragment IssueFields on Issue {
    __typename id iid title titleHtml description descriptionHtml state type confidential discussionLocked
    author { __typename id username name avatarUrl webUrl webPath }
    assignees { count nodes { id username } }
    labels { nodes { id title color textColor description } }
    milestone { id title }
    dueDate createdAt updatedAt closedAt webUrl webPath
    reference fullReference: reference(full: true)
    userNotesCount taskCompletionStatus { count completedCount } lockVersion projectId
    userPermissions { readIssue updateIssue adminIssue reopenIssue destroyIssue createNote }
  }`;

const UPDATE = `mutation update($input: UpdateIssueInput!) {
  updateIssue(input: $input) { clientMutationId errors issue { id iid title description state confidential discussionLocked dueDate lockVersion type labels { nodes { id title } } } }
}`;

describe.each(DB_MODES)('GraphQL on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  const as = (r: Role): Auth => cast[r];

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('reading', () => {
    it('reads an issue with GitLab field names, global IDs and computed fields', async () => {
      const r = await gql(app, `query { project(fullPath: "${PUBLIC}") { id name fullPath path visibility webUrl issue(iid: "1") { ...IssueFields } } } ${ISSUE_FIELDS}`, {}, as('alice'));
      expect(r.errors).toBeUndefined();
      const p = r.data!.project;
      expect(p).toMatchObject({ id: expect.stringMatching(/^gid:\/\/tandem\/Project\/\d+$/), name: 'Tandem', fullPath: PUBLIC, path: 'tandem', visibility: 'public' });
      expect(p.webUrl).toBe(`${app.url}/acme/tandem`);
      expect(p.issue.webUrl).toBe(`${app.url}/acme/tandem/-/issues/1`);
      const i = p.issue;
      expect(i).toMatchObject({
        __typename: 'Issue',
        id: expect.stringMatching(/^gid:\/\/tandem\/Issue\/\d+$/),
        iid: '1',
        title: 'Real-time updates for the issue page',
        state: 'opened',
        type: 'ISSUE',
        confidential: false,
        author: { __typename: 'UserCore', username: 'alice', id: expect.stringMatching(/^gid:\/\/tandem\/User\/\d+$/), webPath: '/alice' },
        assignees: { count: 1, nodes: [{ username: 'bob' }] },
        milestone: null,
        webPath: '/acme/tandem/-/issues/1',
        reference: '#1',
        fullReference: 'acme/tandem#1',
        userNotesCount: 7,
        taskCompletionStatus: { count: 3, completedCount: 1 },
        lockVersion: expect.any(Number),
        userPermissions: { readIssue: true, updateIssue: true, adminIssue: true, reopenIssue: true, destroyIssue: true, createNote: true },
      });
      expect(i.labels.nodes.map((l: { title: string }) => l.title).sort()).toEqual(['feature', 'realtime']);
      expect(i.labels.nodes[0]).toMatchObject({ id: expect.stringMatching(/^gid:\/\/tandem\/ProjectLabel\/\d+$/), color: expect.stringMatching(/^#/), textColor: expect.stringMatching(/^#/) });
      expect(i.descriptionHtml).toContain('<strong>within milliseconds</strong>');
      expect(i.descriptionHtml).toContain('href="/acme/tandem/-/issues/2"');
      expect(new Date(i.createdAt).toString()).not.toBe('Invalid Date');
    });

    it('answers userPermissions from the policy for each role', async () => {
      const want: Record<Role, Record<string, boolean>> = {
        anonymous: { readIssue: true, updateIssue: false, adminIssue: false, destroyIssue: false, createNote: false },
        erin: { readIssue: true, updateIssue: false, adminIssue: false, destroyIssue: false, createNote: true },
        dave: { readIssue: true, updateIssue: false, adminIssue: false, destroyIssue: false, createNote: true },
        carol: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: false, createNote: true },
        bob: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: false, createNote: true },
        mallory: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: false, createNote: true },
        alice: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: true, createNote: true },
      };
      for (const r of ROLES) {
        const res = await gql(app, `{ project(fullPath: "${PUBLIC}") { issue(iid: "2") { userPermissions { readIssue updateIssue adminIssue destroyIssue createNote } } } }`, {}, as(r));
        expect({ r, perms: res.data!.project.issue.userPermissions }).toEqual({ r, perms: want[r] });
      }
    });

    it('returns null for the confidential issue and the private project when the actor may not read them', async () => {
      const conf: Record<Role, boolean> = { anonymous: false, erin: false, dave: false, carol: true, bob: true, mallory: true, alice: true };
      const priv: Record<Role, boolean> = { anonymous: false, erin: false, dave: true, carol: true, bob: true, mallory: true, alice: true };
      for (const r of ROLES) {
        const res = await gql(app, `{ pub: project(fullPath: "${PUBLIC}") { issue(iid: "4") { title } } priv: project(fullPath: "${PRIVATE}") { name issue(iid: "1") { iid } } }`, {}, as(r));
        expect(res.errors).toBeUndefined();
        expect({ r, conf: res.data!.pub.issue !== null }).toEqual({ r, conf: conf[r] });
        expect({ r, priv: res.data!.priv !== null }).toEqual({ r, priv: priv[r] });
        if (priv[r]) expect(res.data!.priv).toEqual({ name: 'Secret plans', issue: { iid: '1' } });
      }
      const missing = await gql(app, `{ project(fullPath: "acme/nope") { id } p: project(fullPath: "${PUBLIC}") { issue(iid: "9999") { id } bad: issue(iid: "abc") { id } } }`, {}, as('alice'));
      expect(missing.data).toEqual({ project: null, p: { issue: null, bad: null } });
    });

    it('lists issues as a connection: count, nodes, edges and cursor paging', async () => {
      const countFor = async (r: Role) => (await gql(app, `{ project(fullPath: "${PUBLIC}") { issues(first: 1) { count } } }`, {}, as(r))).data!.project.issues.count;
      expect(await countFor('dave')).toBe(21);
      expect(await countFor('carol')).toBe(22);

      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 10; page++) {
        const res: Result = await gql(
          app,
          `query page($after: String) { project(fullPath: "${PUBLIC}") { issues(first: 5, after: $after, state: all) { count pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { iid } } nodes { iid } } } }`,
          { after },
          as('alice'),
        );
        const c = res.data!.project.issues as { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null }; edges: Array<{ cursor: string; node: { iid: string } }>; nodes: Array<{ iid: string }> };
        expect(c.edges.map((e: { node: { iid: string } }) => e.node.iid)).toEqual(c.nodes.map((n: { iid: string }) => n.iid));
        expect(c.pageInfo.endCursor).toBe(c.edges[c.edges.length - 1].cursor);
        expect(c.pageInfo.hasPreviousPage).toBe(page > 0);
        seen.push(...c.nodes.map((n: { iid: string }) => n.iid));
        if (!c.pageInfo.hasNextPage) break;
        after = c.pageInfo.endCursor;
      }
      expect(seen).toEqual(Array.from({ length: 22 }, (_, k) => String(22 - k)));

      // backwards from the end, as a "previous page" button does
      const tail = await gql(app, `{ project(fullPath: "${PUBLIC}") { issues(last: 3) { nodes { iid } pageInfo { hasPreviousPage startCursor } } } }`, {}, as('alice'));
      const t = tail.data!.project.issues;
      expect(t.nodes.map((n: { iid: string }) => n.iid)).toEqual(['3', '2', '1']);
      const before = await gql(app, `query($b: String) { project(fullPath: "${PUBLIC}") { issues(last: 2, before: $b) { nodes { iid } } } }`, { b: t.pageInfo.startCursor }, as('alice'));
      expect(before.data!.project.issues.nodes.map((n: { iid: string }) => n.iid)).toEqual(['5', '4']);
    });

    it('filters by state, search, labelName, assigneeUsernames, authorUsername, iids, types and sorts', async () => {
      const iids = async (args: string, r: Role = 'alice') => {
        const res = await gql(app, `{ project(fullPath: "${PUBLIC}") { issues(${args}) { nodes { iid } } } }`, {}, as(r));
        expect(res.errors).toBeUndefined();
        return res.data!.project.issues.nodes.map((n: { iid: string }) => Number(n.iid)).sort((a: number, b: number) => a - b);
      };
      expect(await iids('state: closed')).toEqual([5]);
      expect(await iids('state: opened')).toHaveLength(21);
      expect(await iids('search: "credentials"')).toEqual([4]);
      expect(await iids('search: "credentials"', 'dave')).toEqual([]);
      expect(await iids('labelName: ["bug", "ui"]')).toEqual([2]);
      expect(await iids('assigneeUsernames: ["bob"]')).toEqual([1, 3, 4]);
      expect(await iids('assigneeUsernames: ["alice", "bob"]')).toEqual([3]);
      expect(await iids('assigneeId: "NONE", labelName: ["feature"]')).toEqual([7, 11, 12, 13, 14, 17, 19, 21]);
      expect(await iids('authorUsername: "dave"')).toEqual([6, 14, 20]);
      expect(await iids('iids: ["1", "4", "5"]', 'dave')).toEqual([1, 5]);
      expect(await iids('types: [INCIDENT]')).toEqual([3]);
      const sorted = await gql(app, `{ project(fullPath: "${PUBLIC}") { issues(sort: CREATED_ASC, first: 3) { nodes { iid } } t: issues(sort: TITLE_ASC, first: 1) { nodes { title } } } }`, {}, as('alice'));
      expect(sorted.data!.project.issues.nodes.map((n: { iid: string }) => n.iid)).toEqual(['1', '2', '3']);
      expect(sorted.data!.project.t.nodes[0].title).toBe('Add keyboard shortcut to save the description');
      const bad = await gql(app, `{ project(fullPath: "${PUBLIC}") { issues(after: "garbage") { count } } }`, {}, as('alice'));
      expect(bad.errors?.[0]?.message).toBe('Please provide a valid cursor for the argument `after`');
    });

    it('works as the web client uses it: aliases, fragments, __typename, @include/@skip, variables', async () => {
      const res = await gql(
        app,
        `query issueQuery($fullPath: ID!, $iid: String, $withLabels: Boolean!) {
          workspace: project(fullPath: $fullPath) { __typename id
            issuable: issue(iid: $iid) { ...Sidebar  labels @include(if: $withLabels) { nodes { title } } assignees @skip(if: true) { count } } }
        }
        fragment Sidebar on Issue { __typename id iid confidential dueDate attribute: milestone { id } ... on Issue { subscribed } }`,
        // bob is an assignee of #3: a participant is subscribed until they say otherwise
        { fullPath: PUBLIC, iid: '3', withLabels: true },
        as('bob'),
      );
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({
        workspace: {
          __typename: 'Project',
          id: expect.any(String),
          issuable: { __typename: 'Issue', id: expect.any(String), iid: '3', confidential: false, dueDate: null, attribute: null, subscribed: true, labels: { nodes: [{ title: 'incident' }, { title: 'severity::1' }] } },
        },
      });
    });

    it('answers a batched array of operations with an array of results, in order', async () => {
      const res = await call<unknown[]>(app, 'POST', '/api/graphql', {
        auth: as('carol'),
        body: [
          { operationName: 'me', query: 'query me { currentUser { username } }' },
          { query: `query issue($iid: String!) { project(fullPath: "${PUBLIC}") { issue(iid: $iid) { title } } }`, variables: { iid: '4' } },
          { query: `mutation { updateIssue(input: {projectPath: "${PUBLIC}", iid: "16", title: "Reconnect storm (batched)"}) { errors issue { title } } }` },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { data: { currentUser: { username: 'carol' } } },
        { data: { project: { issue: { title: 'Rotate the staging database credentials' } } } },
        { data: { updateIssue: { errors: [], issue: { title: 'Reconnect storm (batched)' } } } },
      ]);
    });

    it('reports unknown fields and input arguments as GraphQL validation errors, not 500s', async () => {
      const res = await gql(app, `mutation { updateIssue(input: {projectPath: "${PUBLIC}", iid: "1", sprintGoal: onTrack}) { errors } }`, {}, as('alice'));
      expect(res.errors?.[0]?.message).toMatch(/sprintGoal/);
      expect(res.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
      const f = await gql(app, `{ project(fullPath: "${PUBLIC}") { nope } }`);
      expect(f.errors?.[0]?.message).toMatch(/Cannot query field "nope" on type "Project"/);
    });
  });

  describe('updateIssue', () => {
    const upd = (r: Role, input: Record<string, unknown>) => gql(app, UPDATE, { input: { projectPath: PUBLIC, ...input } }, as(r));

    it('changes title and description, bumps lockVersion, records events, echoes clientMutationId', async () => {
      const before = (await issueRow(app, PUBLIC, 17))!;
      const res = await upd('bob', { iid: '17', title: 'Internal notes for reporters', description: 'Now with - [ ] a task', clientMutationId: 'abc-1' });
      expect(res.errors).toBeUndefined();
      expect(res.data!.updateIssue).toMatchObject({ clientMutationId: 'abc-1', errors: [], issue: { title: 'Internal notes for reporters', description: 'Now with - [ ] a task', lockVersion: before.lock_version + 1 } });
      const rest = await call(app, 'GET', `/api/v4/projects/${encodeURIComponent(PUBLIC)}/issues/17`, { auth: as('bob') });
      expect(rest.body).toMatchObject({ title: 'Internal notes for reporters', lock_version: before.lock_version + 1 });
      const events = (await app.ds.query(`SELECT type FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [before.id])) as Array<{ type: string }>;
      expect(events.map((e) => e.type).sort()).toEqual(['issue.updated', 'note.created', 'note.created']);
    });

    it('closes and reopens with stateEvent, sets confidential, locked, dueDate and type', async () => {
      expect((await upd('carol', { iid: '18', stateEvent: 'CLOSE' })).data!.updateIssue.issue.state).toBe('closed');
      expect((await upd('carol', { iid: '18', stateEvent: 'REOPEN' })).data!.updateIssue.issue.state).toBe('opened');
      const meta = await upd('carol', { iid: '18', confidential: true, locked: true, dueDate: '2030-05-01', type: 'TEST_CASE' });
      expect(meta.data!.updateIssue).toMatchObject({ errors: [], issue: { confidential: true, discussionLocked: true, dueDate: '2030-05-01', type: 'TEST_CASE' } });
      const row = (await issueRow(app, PUBLIC, 18))!;
      expect([row.confidential, row.discussion_locked, row.issue_type]).toEqual([true, true, 'test_case']);
      const cleared = await upd('carol', { iid: '18', confidential: false, locked: false, dueDate: null });
      expect(cleared.data!.updateIssue.issue).toMatchObject({ confidential: false, discussionLocked: false, dueDate: null });
    });

    it('puts validation failures in errors and leaves the issue unchanged', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ title: '' }, "Title can't be blank"],
        [{ title: '    ' }, "Title can't be blank"],
        [{ title: null }, "Title can't be blank"],
        [{ title: 'x'.repeat(256) }, 'Title is too long (maximum is 255 characters)'],
        [{ description: 'd'.repeat(1_048_577) }, 'Description is too long (maximum is 1048576 characters)'],
      ];
      for (const [input, message] of cases) {
        const before = await issueRow(app, PUBLIC, 19);
        const res = await upd('alice', { iid: '19', ...input });
        expect(res.errors).toBeUndefined();
        expect(res.data!.updateIssue.errors).toEqual([message]);
        expect(res.data!.updateIssue.issue.title).toBe(before!.title);
        expect(await issueRow(app, PUBLIC, 19)).toEqual(before);
      }
    });

    it('refuses a stale lockVersion (Tandem extra) in errors, with the catalogue text', async () => {
      const before = (await issueRow(app, PUBLIC, 19))!;
      const ok = await upd('alice', { iid: '19', title: 'Link related issues (v2)', lockVersion: before.lock_version });
      expect(ok.data!.updateIssue.errors).toEqual([]);
      const after = await issueRow(app, PUBLIC, 19);
      const stale = await upd('bob', { iid: '19', title: 'overwrite', lockVersion: before.lock_version });
      expect(stale.data!.updateIssue.errors).toEqual([ERRORS.ISSUE_STALE.message]);
      expect(await issueRow(app, PUBLIC, 19)).toEqual(after);
    });

    it('answers GitLab RESOURCE_ACCESS_ERROR to those who may not edit, and changes nothing', async () => {
      const want: Record<Role, boolean> = { anonymous: false, erin: false, dave: false, carol: true, bob: true, mallory: true, alice: true };
      for (const iid of ['12', '4']) {
        for (const r of ROLES) {
          const before = await issueRow(app, PUBLIC, Number(iid));
          const res = await upd(r, { iid, title: `Edited via GraphQL by ${r}` });
          if (want[r]) {
            expect({ r, errors: res.errors, payloadErrors: res.data!.updateIssue.errors }).toEqual({ r, errors: undefined, payloadErrors: [] });
          } else {
            expect({ r, iid, data: res.data?.updateIssue, message: res.errors?.[0]?.message }).toEqual({ r, iid, data: null, message: ACCESS });
            expect(res.errors![0]!.path).toEqual(['updateIssue']);
            expect(await issueRow(app, PUBLIC, Number(iid))).toEqual(before);
          }
        }
      }
      const priv = await gql(app, UPDATE, { input: { projectPath: PRIVATE, iid: '2', title: 'guest edit' } }, as('dave'));
      expect(priv.errors?.[0]?.message).toBe(ACCESS);
      const nope = await gql(app, UPDATE, { input: { projectPath: PRIVATE, iid: '2', title: 'outsider edit' } }, as('erin'));
      expect(nope.errors?.[0]?.message).toBe(ACCESS);
    });

    it('sets labels by global ID (replace, add, remove) and refuses labelIds with addLabelIds', async () => {
      const labels = (await gql(app, `{ project(fullPath: "${PUBLIC}") { a: issue(iid: "2") { labels { nodes { id title } } } b: issue(iid: "1") { labels { nodes { id title } } } } }`, {}, as('alice'))).data!.project;
      const byTitle = Object.fromEntries([...labels.a.labels.nodes, ...labels.b.labels.nodes].map((l: { id: string; title: string }) => [l.title, l.id]));
      const titles = (res: Result) => res.data!.updateIssue.issue.labels.nodes.map((l: { title: string }) => l.title).sort();
      expect(titles(await upd('bob', { iid: '21', labelIds: [byTitle.bug, byTitle.ui] }))).toEqual(['bug', 'ui']);
      expect(titles(await upd('bob', { iid: '21', addLabelIds: [byTitle.realtime], removeLabelIds: [byTitle.bug] }))).toEqual(['realtime', 'ui']);
      expect(titles(await upd('bob', { iid: '21', labelIds: [] }))).toEqual([]);
      const both = await upd('bob', { iid: '21', labelIds: [byTitle.bug], addLabelIds: [byTitle.ui] });
      expect(both.errors?.[0]?.message).toBe('labelIds is mutually exclusive with any of addLabelIds or removeLabelIds');
      const guest = await upd('dave', { iid: '6', addLabelIds: [byTitle.bug] });
      expect(guest.errors?.[0]?.message).toBe(ACCESS);
    });

    it('a guest may edit the title of an issue they wrote', async () => {
      const res = await upd('dave', { iid: '6', title: 'Task lists in the preview (guest, GraphQL)' });
      expect(res.data!.updateIssue).toMatchObject({ errors: [], issue: { title: 'Task lists in the preview (guest, GraphQL)' } });
    });
  });

  describe('other mutations', () => {
    it('createIssue: any signed-in reader reports, validation goes to errors, anonymous gets the access error', async () => {
      const q = `mutation create($input: CreateIssueInput!) { createIssue(input: $input) { clientMutationId errors issue { iid title author { username } confidential } } }`;
      const ok = await gql(app, q, { input: { projectPath: PUBLIC, title: 'Reported with GraphQL', description: 'hello', clientMutationId: 'c1' } }, as('erin'));
      expect(ok.data!.createIssue).toMatchObject({ clientMutationId: 'c1', errors: [], issue: { title: 'Reported with GraphQL', author: { username: 'erin' }, confidential: false } });
      const iid = Number(ok.data!.createIssue.issue.iid);
      expect((await issueRow(app, PUBLIC, iid))!.title).toBe('Reported with GraphQL');
      const blank = await gql(app, q, { input: { projectPath: PUBLIC, title: ' ' } }, as('erin'));
      expect(blank.data!.createIssue).toEqual({ clientMutationId: null, errors: ["Title can't be blank"], issue: null });
      const anon = await gql(app, q, { input: { projectPath: PUBLIC, title: 'anon' } });
      expect(anon.errors?.[0]?.message).toBe(ACCESS);
      const outsider = await gql(app, q, { input: { projectPath: PRIVATE, title: 'outsider' } }, as('erin'));
      expect(outsider.errors?.[0]?.message).toBe(ACCESS);
    });

    it('issueSetAssignees replaces, appends and removes by username', async () => {
      const q = `mutation set($input: IssueSetAssigneesInput!) { issuableSetAssignees: issueSetAssignees(input: $input) { errors issuable: issue { id assignees { nodes { username } } } } }`;
      const names = (res: Result) => res.data!.issuableSetAssignees.issuable.assignees.nodes.map((n: { username: string }) => n.username);
      expect(names(await gql(app, q, { input: { projectPath: PUBLIC, iid: '22', assigneeUsernames: ['carol'] } }, as('bob')))).toEqual(['carol']);
      expect(names(await gql(app, q, { input: { projectPath: PUBLIC, iid: '22', assigneeUsernames: ['dave'], operationMode: 'APPEND' } }, as('bob')))).toEqual(['carol', 'dave']);
      expect(names(await gql(app, q, { input: { projectPath: PUBLIC, iid: '22', assigneeUsernames: ['carol'], operationMode: 'REMOVE' } }, as('bob')))).toEqual(['dave']);
      const unknown = await gql(app, q, { input: { projectPath: PUBLIC, iid: '22', assigneeUsernames: ['ghost-user'] } }, as('bob'));
      expect(unknown.data!.issuableSetAssignees.errors).toEqual(['Cannot assign @ghost-user to #22: user not found']);
      const guest = await gql(app, q, { input: { projectPath: PUBLIC, iid: '22', assigneeUsernames: ['dave'] } }, as('dave'));
      expect(guest.errors?.[0]?.message).toBe(ACCESS);
    });

    it('issueSetConfidential, issueSetLocked and issueSetDueDate (the sidebar widgets)', async () => {
      const c = await gql(app, `mutation { issuableSetConfidential: issueSetConfidential(input: {projectPath: "${PUBLIC}", iid: "13", confidential: true}) { errors issuable: issue { id confidential } } }`, {}, as('carol'));
      expect(c.data!.issuableSetConfidential).toMatchObject({ errors: [], issuable: { confidential: true } });
      // now confidential: the guest can no longer see it at all
      const hidden = await gql(app, `{ project(fullPath: "${PUBLIC}") { issue(iid: "13") { id } } }`, {}, as('dave'));
      expect(hidden.data!.project.issue).toBeNull();
      const l = await gql(app, `mutation { issueSetLocked(input: {projectPath: "${PUBLIC}", iid: "13", locked: true}) { errors issue { discussionLocked userPermissions { createNote } } } }`, {}, as('carol'));
      expect(l.data!.issueSetLocked).toEqual({ errors: [], issue: { discussionLocked: true, userPermissions: { createNote: true } } });
      const d = await gql(app, `mutation { issueSetDueDate(input: {projectPath: "${PUBLIC}", iid: "13", dueDate: "2031-01-15T00:00:00Z"}) { errors issue { dueDate } } }`, {}, as('carol'));
      expect(d.data!.issueSetDueDate).toEqual({ errors: [], issue: { dueDate: '2031-01-15' } });
      const rm = await gql(app, `mutation { issueSetDueDate(input: {projectPath: "${PUBLIC}", iid: "13", dueDate: null}) { errors issue { dueDate } } }`, {}, as('carol'));
      expect(rm.data!.issueSetDueDate.issue.dueDate).toBeNull();
    });
  });
});
