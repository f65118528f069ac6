import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tandem/shared-types';
import { addMember, bootApp, call, castOf, DB_MODES, enc, gql, insertPat, tokenAuth, type Auth, type Cast, type TestApp } from './harness';

/**
 * Sharing a group with a group (GitLab's POST/DELETE /groups/:id/share), on Postgres and
 * PGlite: validation and who may share; the group's `shared_with_groups` (readable ones only); the invited group's members then read the group and
 * its subgroups' epics with the link's access capped at their role; GraphQL `groupMembers`
 * with SHARED_FROM_GROUPS (the group's own shares) and SHARED_INTO_ANCESTORS (its ancestors'),
 * never listing the members of an invited group the reader may not see; an expired or deleted
 * share grants nothing.
 */
const GROUP_USERS = `query($fullPath: ID!, $relations: [GroupMemberRelation!]) {
  group(fullPath: $fullPath) { groupMembers(relations: $relations) { nodes { accessLevel { integerValue } user { username } } } } }`;

describe.each(DB_MODES)('groups shared with groups on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let partnersId: number;
  let hiddenId: number;
  let pia: Auth; // developer of the partner group
  let gus: Auth; // guest of the partner group
  const share = `/api/v4/groups/vault/share`;
  const epics = (group: string) => `/api/v4/groups/${enc(group)}/epics`;

  const newGroup = async (path: string, visibility: string, parentId: number | null = null): Promise<number> => {
    const name = path.split('/').pop()!;
    const [g] = (await app.ds.query(`INSERT INTO namespaces (type, name, path, full_path, visibility, parent_id) VALUES ('Group', $1, $1, $2, $3, $4) RETURNING id`, [name, path, visibility, parentId])) as Array<{ id: number }>;
    return g!.id;
  };
  const members = async (fullPath: string, relations: string[], auth: Auth) => {
    const res = await gql<{ group: { groupMembers: { nodes: Array<{ accessLevel: { integerValue: number }; user: { username: string } }> } } | null }>(app, GROUP_USERS, { fullPath, relations }, auth);
    expect(res.errors).toBeUndefined();
    return res.data!.group?.groupMembers.nodes.map((n) => `${n.user.username}:${n.accessLevel.integerValue}`).sort() ?? null;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const vault = await newGroup('vault', 'private');
    await newGroup('vault/inner', 'private', vault);
    const [alice] = (await app.ds.query(`SELECT id FROM users WHERE username = 'alice'`)) as Array<{ id: number }>;
    await app.ds.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Namespace', $1, $2, 50)`, [vault, alice!.id]);
    const [mallory] = (await app.ds.query(`SELECT id FROM users WHERE username = 'mallory'`)) as Array<{ id: number }>;
    await app.ds.query(`INSERT INTO members (source_type, source_id, user_id, access_level) VALUES ('Namespace', $1, $2, 40)`, [vault, mallory!.id]);
    partnersId = await newGroup('partners', 'public');
    hiddenId = await newGroup('hidden', 'private');
    await addMember(app, 'pia', 30, 'partners');
    await addMember(app, 'gus', 10, 'partners');
    await addMember(app, 'hal', 30, 'hidden');
    pia = tokenAuth(await insertPat(app, 'pia'));
    gus = tokenAuth(await insertPat(app, 'gus'));
    await call(app, 'POST', epics('vault/inner'), { auth: who.alice, body: { title: 'Open plan' } });
    await call(app, 'POST', epics('vault/inner'), { auth: who.alice, body: { title: 'Secret plan', confidential: true } });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('validates the body, naming each bad field, and checks who may share', async () => {
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', share, { auth: who.alice, body: { group_id: 'x', group_access: 35, expires_at: '2001-01-01' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message).sort()).toEqual(['expires_at', 'group_access', 'group_id']);
    const body = { group_id: partnersId, group_access: 20 };
    expect((await call(app, 'POST', share, { body })).status).toBe(401);
    // not a member of the private group: not found
    expect((await call(app, 'POST', share, { auth: who.bob, body })).status).toBe(404);
    // a maintainer does not manage the group's members
    expect((await call(app, 'POST', share, { auth: who.mallory, body })).status).toBe(403);
    // an invited group the owner cannot see is not found, as an unknown one
    expect((await call(app, 'POST', share, { auth: who.alice, body: { group_id: hiddenId, group_access: 20 } })).status).toBe(404);
    expect((await call(app, 'POST', share, { auth: who.alice, body: { group_id: 999999, group_access: 20 } })).status).toBe(404);
    const self = await call<{ message: Record<string, string[]> }>(app, 'POST', share, { auth: who.alice, body: { group_id: (await app.ds.query(`SELECT id FROM namespaces WHERE full_path = 'vault'`))[0].id, group_access: 20 } });
    expect(self.status).toBe(400);
    expect(self.body.message).toEqual({ group_id: ['cannot be the group itself'] });
    expect((await app.ds.query('SELECT count(*)::int AS n FROM group_group_links'))[0].n).toBe(0);
    expect((await call(app, 'GET', '/api/v4/groups/vault', { auth: pia })).status).toBe(404);
  });

  it("gives the invited group's members the link's access in the group and below, capped at their role, and lists them by GitLab's relations", async () => {
    const created = await call<{ full_path: string; shared_with_groups: unknown[] }>(app, 'POST', share, { auth: who.alice, body: { group_id: partnersId, group_access: 20 } });
    expect(created.status).toBe(201);
    expect(created.body.full_path).toBe('vault');
    expect(created.body.shared_with_groups).toEqual([{ group_id: partnersId, group_name: 'partners', group_full_path: 'partners', group_access_level: 20, expires_at: null }]);
    const again = await call<{ message: string }>(app, 'POST', share, { auth: who.alice, body: { group_id: partnersId, group_access: 30 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ERRORS.GROUP_SHARE_EXISTS.message);

    const shown = await call<{ shared_with_groups: Array<{ group_full_path: string }> }>(app, 'GET', '/api/v4/groups/vault', { auth: pia });
    expect(shown.status).toBe(200);
    expect(shown.body.shared_with_groups.map((g) => g.group_full_path)).toEqual(['partners']);
    // the subgroup too: pia (developer, capped at reporter) reads the confidential epic; gus (guest) only the open one
    const titles = async (auth: Auth) => (await call<Array<{ title: string }>>(app, 'GET', epics('vault/inner'), { auth })).body.map((e) => e.title).sort();
    expect(await titles(pia)).toEqual(['Open plan', 'Secret plan']);
    expect(await titles(gus)).toEqual(['Open plan']);

    expect(await members('vault', ['SHARED_FROM_GROUPS'], who.alice)).toEqual(['gus:10', 'pia:20']);
    expect(await members('vault', ['DIRECT'], who.alice)).toEqual(['alice:50', 'mallory:40']);
    expect(await members('vault/inner', ['SHARED_FROM_GROUPS'], who.alice)).toEqual([]);
    expect(await members('vault/inner', ['SHARED_INTO_ANCESTORS'], who.alice)).toEqual(['gus:10', 'pia:20']);
    expect(await members('vault/inner', ['INHERITED', 'SHARED_INTO_ANCESTORS'], pia)).toEqual(['alice:50', 'gus:10', 'mallory:40', 'pia:20']);

    // a share with a group the reader may not see (made by someone who could): its members stay unlisted to them
    const vault = (await app.ds.query(`SELECT id FROM namespaces WHERE full_path = 'vault'`))[0].id as number;
    await app.ds.query(`INSERT INTO group_group_links (shared_group_id, shared_with_group_id, group_access) VALUES ($1, $2, 30)`, [vault, hiddenId]);
    expect(await members('vault', ['SHARED_FROM_GROUPS'], who.alice)).toEqual(['gus:10', 'pia:20']);
    // nor is the group itself listed to them
    const listed = await call<{ shared_with_groups: Array<{ group_full_path: string }> }>(app, 'GET', '/api/v4/groups/vault', { auth: who.alice });
    expect(listed.body.shared_with_groups.map((g) => g.group_full_path)).toEqual(['partners']);
    await app.ds.query(`DELETE FROM group_group_links WHERE shared_with_group_id = $1`, [hiddenId]);
    // outsiders get no group at all
    expect(await members('vault', ['SHARED_FROM_GROUPS'], who.erin)).toBeNull();
  });

  it('an expired share grants nothing; DELETE ends it (owners only) and the access with it', async () => {
    await app.ds.query(`UPDATE group_group_links SET expires_at = current_date - 1 WHERE shared_with_group_id = $1`, [partnersId]);
    expect((await call(app, 'GET', '/api/v4/groups/vault', { auth: pia })).status).toBe(404);
    expect(await members('vault', ['SHARED_FROM_GROUPS'], who.alice)).toEqual([]);
    await app.ds.query(`UPDATE group_group_links SET expires_at = NULL WHERE shared_with_group_id = $1`, [partnersId]);
    expect((await call(app, 'GET', '/api/v4/groups/vault', { auth: pia })).status).toBe(200);

    expect((await call(app, 'DELETE', `${share}/${partnersId}`, { auth: who.mallory })).status).toBe(403);
    expect((await call(app, 'DELETE', `${share}/abc`, { auth: who.alice })).status).toBe(404);
    expect((await call(app, 'DELETE', `${share}/${partnersId}`, { auth: who.alice })).status).toBe(204);
    const gone = await call<{ message: string }>(app, 'DELETE', `${share}/${partnersId}`, { auth: who.alice });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(ERRORS.GROUP_LINK_NOT_FOUND.message);
    expect((await call(app, 'GET', '/api/v4/groups/vault', { auth: pia })).status).toBe(404);
    expect((await call(app, 'GET', epics('vault/inner'), { auth: pia })).status).toBe(404);
  });
});
