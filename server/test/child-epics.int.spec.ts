import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIC_MAX_DEPTH, EPIC_TEXTS, ERRORS, type ApiEpic } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * Child epics (GitLab's epic links API) as clients see them, on Postgres and PGlite: listing,
 * adding an existing epic, creating a new child, removing one; who may; GitLab's system notes on
 * both epics and the parent's `children_changed` event; the tree's limits (itself, already a
 * child, an ancestor, outside the hierarchy, confidentiality, depth, count) as 409s that change
 * nothing; deleting an epic deletes its descendants.
 */
describe.each(DB_MODES)('child epics on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const epicsPath = (group = 'acme') => `/api/v4/groups/${enc(group)}/epics`;
  const createEpic = async (body: Record<string, unknown>, group = 'acme') => (await call<ApiEpic>(app, 'POST', epicsPath(group), { auth: who.bob, body })).body;
  const linksPath = (parent: ApiEpic) => `${epicsPath()}/${parent.iid}/epics`;
  const children = async (parent: ApiEpic, auth: Auth = who.bob) => (await call<ApiEpic[]>(app, 'GET', linksPath(parent), { auth })).body.map((e) => e.title);
  const notes = async (epicId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1 AND system ORDER BY id`, [epicId])) as Array<{ note: string }>).map((r) => r.note);
  const childrenEvents = async (epicId: number) =>
    Number(
      ((await app.ds.query(`SELECT COUNT(*)::int AS n FROM issue_events WHERE noteable_type = 'Epic' AND noteable_id = $1 AND type = 'epic.updated' AND payload::text LIKE '%children_changed%'`, [epicId])) as Array<{ n: number }>)[0]!.n,
    );
  const parentIdOf = async (epicId: number) => ((await app.ds.query('SELECT parent_id FROM epics WHERE id = $1', [epicId])) as Array<{ parent_id: number | null }>)[0]?.parent_id ?? null;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('adds an existing epic, creates a new child and removes one, with notes on both epics and a live event on the parent', async () => {
    const parent = await createEpic({ title: 'Roadmap' });
    const existing = await createEpic({ title: 'Search' });
    const added = await call<ApiEpic>(app, 'POST', `${linksPath(parent)}/${existing.id}`, { auth: who.carol });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: existing.id, parent_id: parent.id, parent_iid: parent.iid });
    const created = await call<ApiEpic>(app, 'POST', linksPath(parent), { auth: who.carol, body: { title: '  Billing  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Billing', parent_id: parent.id, group_id: parent.group_id, confidential: false });
    expect(await children(parent)).toEqual(['Search', 'Billing']);
    // a guest of the public group reads the tree
    expect(await children(parent, who.dave)).toEqual(['Search', 'Billing']);
    expect(await notes(parent.id)).toEqual([`added epic &${existing.iid} as child epic`, `added epic &${created.body.iid} as child epic`]);
    expect(await notes(existing.id)).toEqual([`added epic &${parent.iid} as parent epic`]);
    expect(await childrenEvents(parent.id)).toBe(2);

    const removed = await call<ApiEpic>(app, 'DELETE', `${linksPath(parent)}/${existing.id}`, { auth: who.carol });
    expect(removed.status).toBe(200);
    expect(removed.body.parent_id).toBeNull();
    expect(await children(parent)).toEqual(['Billing']);
    expect((await notes(parent.id)).at(-1)).toBe(`removed child epic &${existing.iid}`);
    expect((await notes(existing.id)).at(-1)).toBe(`removed parent epic &${parent.iid}`);
    expect(await childrenEvents(parent.id)).toBe(3);
    // not its child (any more): 404
    expect((await call(app, 'DELETE', `${linksPath(parent)}/${existing.id}`, { auth: who.carol })).status).toBe(404);

    // moving a child to another parent tells the old parent too
    const other = await createEpic({ title: 'Other parent' });
    expect((await call(app, 'POST', `${linksPath(other)}/${created.body.id}`, { auth: who.bob })).status).toBe(201);
    expect(await children(parent)).toEqual([]);
    expect((await notes(parent.id)).at(-1)).toBe(`removed child epic &${created.body.iid}`);
    expect(await childrenEvents(parent.id)).toBe(4);
  });

  it('guests, strangers and anonymous users change nothing; unknown epics are 404; bad input is 400', async () => {
    const parent = await createEpic({ title: 'Guarded' });
    const child = await createEpic({ title: 'Guarded child' });
    expect((await call(app, 'POST', `${linksPath(parent)}/${child.id}`, { auth: who.dave })).status).toBe(403);
    expect((await call(app, 'POST', linksPath(parent), { auth: who.dave, body: { title: 'x' } })).status).toBe(403);
    expect((await call(app, 'POST', `${linksPath(parent)}/${child.id}`, { auth: who.anonymous })).status).toBe(401);
    expect((await call(app, 'POST', `${linksPath(parent)}/999999`, { auth: who.bob })).status).toBe(404);
    expect((await call(app, 'POST', `${linksPath(parent)}/abc`, { auth: who.bob })).status).toBe(404);
    const blank = await call(app, 'POST', linksPath(parent), { auth: who.bob, body: { title: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: { title: ["can't be blank"] } });
    expect((await call(app, 'POST', linksPath(parent), { auth: who.bob, body: { title: 'x'.repeat(256) } })).status).toBe(400);
    expect((await call(app, 'POST', linksPath(parent), { auth: who.bob, body: { title: 'ok', confidential: 'maybe' } })).status).toBe(400);
    expect(await children(parent)).toEqual([]);
    expect(await parentIdOf(child.id)).toBeNull();
  });

  it("refuses what GitLab's tree refuses, with its texts, as 409s that change nothing", async () => {
    const top = await createEpic({ title: 'Top' });
    const mid = await createEpic({ title: 'Mid', parent_id: top.id });
    const refuse = async (parent: ApiEpic, childId: number, message: string) => {
      const res = await call<{ message: string }>(app, 'POST', `${linksPath(parent)}/${childId}`, { auth: who.bob });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    };
    await refuse(top, top.id, EPIC_TEXTS.childIsSelf);
    await refuse(top, mid.id, EPIC_TEXTS.childAlreadyAssigned);
    await refuse(mid, top.id, EPIC_TEXTS.childIsAncestor);
    // a parent-group epic under a subgroup's epic: outside the hierarchy
    const sub = await createEpic({ title: 'Sub epic' }, 'acme/platform');
    const subLinks = `${epicsPath('acme/platform')}/${sub.iid}/epics`;
    const out = await call<{ message: string }>(app, 'POST', `${subLinks}/${top.id}`, { auth: who.bob });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(EPIC_TEXTS.childOutOfHierarchy);
    // a subgroup's epic under the group's is fine
    expect((await call(app, 'POST', `${linksPath(top)}/${sub.id}`, { auth: who.bob })).status).toBe(201);
    // a confidential parent takes only confidential children
    const secret = await createEpic({ title: 'Secret', confidential: true });
    await refuse(secret, (await createEpic({ title: 'Public one' })).id, EPIC_TEXTS.childConfidential);
    expect((await call<ApiEpic>(app, 'POST', linksPath(secret), { auth: who.bob, body: { title: 'Inherits' } })).body.confidential).toBe(true);
    expect(await parentIdOf(top.id)).toBeNull();
    expect(await parentIdOf(mid.id)).toBe(top.id);
  });

  it(`keeps the tree at most ${EPIC_MAX_DEPTH} levels deep and a parent at 100 children (the spec's conflict text)`, async () => {
    let chain = await createEpic({ title: 'Level 1' });
    const root = chain;
    for (let level = 2; level <= EPIC_MAX_DEPTH; level++) {
      const res = await call<ApiEpic>(app, 'POST', linksPath(chain), { auth: who.bob, body: { title: `Level ${level}` } });
      expect(res.status).toBe(201);
      chain = res.body;
    }
    const tooDeep = await call<{ message: string }>(app, 'POST', linksPath(chain), { auth: who.bob, body: { title: 'Level 8' } });
    expect(tooDeep.status).toBe(409);
    expect(tooDeep.body.message).toBe(EPIC_TEXTS.childTooDeep(EPIC_MAX_DEPTH));
    // a two-level subtree under level 6 would make 8 levels
    const pair = await createEpic({ title: 'Pair top' });
    await call(app, 'POST', linksPath(pair), { auth: who.bob, body: { title: 'Pair bottom' } });
    const level6 = (await call<ApiEpic[]>(app, 'GET', `${epicsPath()}?search=Level 6`, { auth: who.bob })).body.find((e) => e.title === 'Level 6')!;
    const deep = await call<{ message: string }>(app, 'POST', `${linksPath(level6)}/${pair.id}`, { auth: who.bob });
    expect(deep.status).toBe(409);
    expect(deep.body.message).toBe(EPIC_TEXTS.childTooDeep(EPIC_MAX_DEPTH));
    // PUT parent_id keeps the same limits
    const put = await call<{ message: string }>(app, 'PUT', `${epicsPath()}/${pair.iid}`, { auth: who.bob, body: { parent_id: level6.id } });
    expect(put.status).toBe(409);
    expect(await parentIdOf(pair.id)).toBeNull();

    const full = await createEpic({ title: 'Full parent' });
    await app.ds.query(
      `INSERT INTO epics (group_id, iid, title, parent_id, author_id) SELECT e.group_id, (SELECT MAX(iid) FROM epics WHERE group_id = e.group_id) + g, 'filler ' || g, e.id, e.author_id FROM epics e, generate_series(1, 100) g WHERE e.id = $1`,
      [full.id],
    );
    const over = await call<{ message: string }>(app, 'POST', linksPath(full), { auth: who.bob, body: { title: 'One too many' } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(ERRORS.EPIC_CHILD_LIMIT.message);
    expect(over.body.message).toBe(EPIC_TEXTS.maxChildEpics);
    expect((await call<ApiEpic[]>(app, 'GET', linksPath(full), { auth: who.bob })).body).toHaveLength(100);

    // 'Delete this epic and all descendants?': the whole chain goes
    expect((await call(app, 'DELETE', `${epicsPath()}/${root.iid}`, { auth: who.alice })).status).toBe(204);
    const left = (await app.ds.query(`SELECT COUNT(*)::int AS n FROM epics WHERE title LIKE 'Level %'`)) as Array<{ n: number }>;
    expect(Number(left[0]!.n)).toBe(0);
  });
});
