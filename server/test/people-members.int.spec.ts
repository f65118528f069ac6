import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVEL_NAMES, PERMISSIONS_HELP_JSON_PATH, type PermissionsHelp } from '@tandem/shared-types';
import { addMember, bootApp, call, castOf, DB_MODES, enc, gql, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * GraphQL `projectMembers` / `groupMembers` with `search` and `relations`, as the sidebar's
 * usersSearch and the workspace users query ask them (GitLab's users_search.query.graphql and
 * group_users_search.query.graphql), with who may see which members; the role permissions
 * help page's data; and e-mail invitations to a group (the invite modal opened from a group).
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

const USERS_SEARCH = `query usersSearch($search: String!, $fullPath: ID!, $first: Int, $after: String) {
  workspace: project(fullPath: $fullPath) { id
    users: projectMembers(search: $search, relations: [DIRECT, INHERITED, INVITED_GROUPS], first: $first, after: $after) {
      count pageInfo { hasNextPage endCursor }
      nodes { __typename id accessLevel { integerValue stringValue humanAccess } expiresAt user { id username name avatarUrl webUrl status { availability } } }
    } } }`;

const BY_RELATIONS = `query($fullPath: ID!, $relations: [ProjectMemberRelation!]) {
  project(fullPath: $fullPath) { projectMembers(relations: $relations) { nodes { ... on ProjectMember { id } ... on GroupMember { id } accessLevel { integerValue } user { username } } } } }`;

const GROUP_USERS = `query groupUsersSearch($search: String!, $fullPath: ID!, $relations: [GroupMemberRelation!]) {
  workspace: group(fullPath: $fullPath) { id users: groupMembers(search: $search, relations: $relations) { nodes { id accessLevel { integerValue } user { username } } } } }`;

interface MemberNode {
  __typename?: string;
  id: string;
  accessLevel: { integerValue: number; stringValue?: string; humanAccess?: string };
  expiresAt?: string | null;
  user: { username: string; name?: string; avatarUrl?: string; webUrl?: string; status?: { availability: string } | null };
}

describe.each(DB_MODES)('members in GraphQL (usersSearch, workspace users) on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let pat: Auth; // developer of the private subgroup acme/platform only

  /** A user with one direct membership of a project or group (`addMember` gives group ones). */
  async function directMember(username: string, sourceType: 'Project' | 'Namespace', path: string, level: number, state = 'active'): Promise<void> {
    const [u] = (await app.ds.query(`INSERT INTO users (username, name, email, password_hash, state) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      username,
      `${username[0]!.toUpperCase()}${username.slice(1)} Member`,
      `${username}@example.com`,
      await hash('not-used-here'),
      state,
    ])) as Array<{ id: number }>;
    const table = sourceType === 'Project' ? 'projects' : 'namespaces';
    const [s] = (await app.ds.query(`SELECT id FROM ${table} WHERE full_path = $1`, [path])) as Array<{ id: number }>;
    await app.ds.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ($1, $2, $3, $4)`, [sourceType, s!.id, u!.id, level]);
  }
  const names = (nodes: MemberNode[]) => nodes.map((n) => n.user.username).sort();

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    await directMember('frank', 'Project', PUBLIC, 20);
    await directMember('bert', 'Project', PUBLIC, 30, 'blocked');
    await directMember('pat', 'Namespace', 'acme/platform', 30);
    pat = tokenAuth(await insertPat(app, 'pat'));
    // A public partner group the demo project is shared with, as reporter
    await app.ds.query(`INSERT INTO namespaces (type, name, path, full_path, visibility) VALUES ('Group', 'Partners', 'partners', 'partners', 'public')`);
    await addMember(app, 'pia', 40, 'partners');
    const [g] = (await app.ds.query(`SELECT id FROM namespaces WHERE full_path = 'partners'`)) as Array<{ id: number }>;
    expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/share`, { auth: who.alice, body: { group_id: g!.id, group_access: 20 } })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('usersSearch lists direct, inherited and invited-group members, once each, with their level; never blocked users or outsiders', async () => {
    const res = await gql<{ workspace: { id: string; users: { count: number; nodes: MemberNode[] } } }>(app, USERS_SEARCH, { search: '', fullPath: PUBLIC }, who.anonymous);
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.workspace.users.nodes;
    expect(names(nodes)).toEqual(['alice', 'bob', 'carol', 'dave', 'frank', 'mallory', 'pia']);
    expect(res.data!.workspace.users.count).toBe(7);
    const by = (u: string) => nodes.find((n) => n.user.username === u)!;
    // frank: the project's own member; alice: inherited from acme; pia: maintainer of partners, capped at the share's reporter
    expect(by('frank')).toMatchObject({ __typename: 'ProjectMember', accessLevel: { integerValue: 20, stringValue: 'REPORTER', humanAccess: 'Reporter' } });
    expect(by('frank').id).toMatch(/^gid:\/\/tandem\/ProjectMember\/\d+$/);
    expect(by('alice')).toMatchObject({ __typename: 'GroupMember', accessLevel: { integerValue: 50, stringValue: 'OWNER' } });
    expect(by('pia')).toMatchObject({ __typename: 'GroupMember', accessLevel: { integerValue: 20, humanAccess: ACCESS_LEVEL_NAMES[20] } });
    expect(by('bob').user).toMatchObject({ name: 'Bob Brown', webUrl: expect.stringMatching(/\/bob$/), status: { availability: 'NOT_SET' } });
    expect(by('bob').user.avatarUrl).toBeTruthy();
  });

  it('searches names and usernames (trimmed, case-insensitive) and pages with first/after', async () => {
    const search = async (s: string) => names((await gql<{ workspace: { users: { nodes: MemberNode[] } } }>(app, USERS_SEARCH, { search: s, fullPath: PUBLIC }, who.erin)).data!.workspace.users.nodes);
    expect(await search('  ALI ')).toEqual(['alice']);
    expect(await search('brown')).toEqual(['bob']);
    expect(await search('member')).toEqual(['frank']);
    expect(await search('nobody-by-this-name')).toEqual([]);
    const first = await gql<{ workspace: { users: { nodes: MemberNode[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } }>(app, USERS_SEARCH, { search: '', fullPath: PUBLIC, first: 4 }, who.erin);
    expect(names(first.data!.workspace.users.nodes)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(first.data!.workspace.users.pageInfo.hasNextPage).toBe(true);
    const rest = await gql<{ workspace: { users: { nodes: MemberNode[]; pageInfo: { hasNextPage: boolean } } } }>(
      app,
      USERS_SEARCH,
      { search: '', fullPath: PUBLIC, first: 4, after: first.data!.workspace.users.pageInfo.endCursor },
      who.erin,
    );
    expect(names(rest.data!.workspace.users.nodes)).toEqual(['frank', 'mallory', 'pia']);
    expect(rest.data!.workspace.users.pageInfo.hasNextPage).toBe(false);
  });

  it('answers each relation on its own; without relations, GitLab\'s default (direct and inherited)', async () => {
    const ask = async (relations?: string[]) =>
      (await gql<{ project: { projectMembers: { nodes: MemberNode[] } } }>(app, BY_RELATIONS, { fullPath: PUBLIC, ...(relations ? { relations } : {}) }, who.bob)).data!.project.projectMembers.nodes;
    expect(names(await ask(['DIRECT']))).toEqual(['frank']);
    expect(names(await ask(['INHERITED']))).toEqual(['alice', 'bob', 'carol', 'dave', 'mallory']);
    const invited = await ask(['INVITED_GROUPS']);
    expect(names(invited)).toEqual(['pia']);
    expect(invited[0]!.accessLevel.integerValue).toBe(20);
    expect(names(await ask())).toEqual(['alice', 'bob', 'carol', 'dave', 'frank', 'mallory']);
    // A relation GitLab has and Tandem has no data for is refused by the schema, naming the type
    const bad = await gql(app, BY_RELATIONS, { fullPath: PUBLIC, relations: ['SHARED_INTO_ANCESTORS'] }, who.bob);
    expect(bad.data ?? null).toBeNull();
    expect(bad.errors?.[0]?.message).toContain('ProjectMemberRelation');
  });

  it('a private project: outsiders get no workspace; members see its subgroup members too', async () => {
    for (const auth of [who.anonymous, who.erin]) {
      const res = await gql<{ workspace: unknown }>(app, USERS_SEARCH, { search: '', fullPath: PRIVATE }, auth);
      expect(res.errors).toBeUndefined();
      expect(res.data!.workspace).toBeNull();
    }
    const res = await gql<{ workspace: { users: { nodes: MemberNode[] } } }>(app, USERS_SEARCH, { search: '', fullPath: PRIVATE }, pat);
    expect(names(res.data!.workspace.users.nodes)).toEqual(['alice', 'bob', 'carol', 'dave', 'mallory', 'pat']);
  });

  it('groupMembers: a private group is null to outsiders; DESCENDANTS shows only the subgroups the reader may see', async () => {
    const group = async (fullPath: string, relations: string[], auth: Auth, search = '') =>
      gql<{ workspace: { users: { nodes: MemberNode[] } } | null }>(app, GROUP_USERS, { search, fullPath, relations }, auth);
    const outsider = await group('acme/platform', ['DIRECT', 'INHERITED'], who.erin);
    expect(outsider.errors).toBeUndefined();
    expect(outsider.data!.workspace).toBeNull();
    // dave (guest of acme) reads the private subgroup through his inherited membership
    expect(names((await group('acme/platform', ['DIRECT'], who.dave)).data!.workspace!.users.nodes)).toEqual(['pat']);
    expect(names((await group('acme/platform', ['DIRECT', 'INHERITED'], who.dave)).data!.workspace!.users.nodes)).toEqual(['alice', 'bob', 'carol', 'dave', 'mallory', 'pat']);
    // acme is public: anyone lists it, but the private subgroup's members only to who may read it
    expect(names((await group('acme', ['DIRECT', 'DESCENDANTS'], who.erin)).data!.workspace!.users.nodes)).toEqual(['alice', 'bob', 'carol', 'dave', 'mallory']);
    expect(names((await group('acme', ['DIRECT', 'DESCENDANTS'], who.dave)).data!.workspace!.users.nodes)).toEqual(['alice', 'bob', 'carol', 'dave', 'mallory', 'pat']);
    expect(names((await group('acme', ['DESCENDANTS'], who.anonymous)).data!.workspace!.users.nodes)).toEqual([]);
    expect(names((await group('acme', ['DIRECT'], who.erin, 'caro')).data!.workspace!.users.nodes)).toEqual(['carol']);
  });

  it('serves the role permissions help data, generated from the policy module', async () => {
    const res = await call<PermissionsHelp>(app, 'GET', PERMISSIONS_HELP_JSON_PATH);
    expect(res.status).toBe(200);
    expect(res.body.roles.map((r) => r.name)).toEqual(['Guest', 'Reporter', 'Developer', 'Maintainer', 'Owner']);
    const invite = res.body.sections.flatMap((s) => s.rows).find((r) => r.ability === 'admin_project_member');
    expect(invite).toEqual({ ability: 'admin_project_member', text: 'Invite and manage project members', allowed: [false, false, false, true, true] });
  });

  it('invites to a group by e-mail: owners only; the mail names the group, its link joins it at sign-up', async () => {
    const GROUP = `/api/v4/groups/${enc('acme/platform')}/invitations`;
    const email = `group-newbie-${mode}@example.com`;
    const body = { email, access_level: 20 };
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', GROUP, { auth: who.alice, body: { email: 'nope', access_level: 35 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message).sort()).toEqual(['access_level', 'email']);
    expect((await call(app, 'POST', GROUP, { body })).status).toBe(401);
    expect((await call(app, 'POST', GROUP, { auth: who.erin, body })).status).toBe(404);
    // a maintainer manages a project's members, not a group's
    expect((await call(app, 'POST', GROUP, { auth: who.mallory, body })).status).toBe(403);
    expect((await app.ds.query(`SELECT count(*)::int AS n FROM invitations`))[0].n).toBe(0);

    const sent = await call(app, 'POST', GROUP, { auth: who.alice, body });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ status: 'success' });
    const listed = await call<Array<{ invite_email: string; access_level: number }>>(app, 'GET', GROUP, { auth: who.alice });
    expect(listed.body).toContainEqual(expect.objectContaining({ invite_email: email, access_level: 20 }));
    const outbox = await call<Array<{ to: string; subject: string; body: string }>>(app, 'GET', '/-/outbox');
    const mail = outbox.body.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Invitation to join the Platform group');
    const token = /\/-\/invites\/([0-9a-f]{48})/.exec(mail.body)![1]!;
    const details = await call<{ source_type: string; source_name: string; source_path: string; role: string }>(app, 'GET', `/-/invites/${token}/details`);
    expect(details.body).toMatchObject({ source_type: 'group', source_name: 'Platform', source_path: 'acme/platform', role: 'Reporter' });

    const signUp = await call<{ joined: string }>(app, 'POST', '/users', { body: { username: `gnewbie_${mode}`, name: 'Group Newbie', email, password: 'correct horse', invite_token: token } });
    expect(signUp.status).toBe(201);
    expect(signUp.body.joined).toBe('groups/acme/platform');
    const members = await gql<{ workspace: { users: { nodes: MemberNode[] } } }>(app, GROUP_USERS, { search: 'newbie', fullPath: 'acme/platform', relations: ['DIRECT'] }, who.alice);
    expect(members.data!.workspace.users.nodes.map((n) => [n.user.username, n.accessLevel.integerValue])).toEqual([[`gnewbie_${mode}`, 20]]);
    expect((await call(app, 'DELETE', `${GROUP}/${enc(email)}`, { auth: who.alice })).status).toBe(404);
  });
});
