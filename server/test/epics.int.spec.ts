import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIC_TEXTS, ERRORS, QUICK_ACTION_TEXTS, type ApiEpic, type ApiEpicIssueLink, type ApiIssue, type PageData } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, signIn, type Auth, type Cast, type TestApp } from './harness';

/**
 * Group epics as clients see them, on Postgres and PGlite: REST groups/:id/epics in GitLab's
 * shapes and rules (who may read, create, edit, delete; confidential epics; ancestors and
 * descendants; search), the issue's epic field (REST/page/GraphQL/quick actions) with GitLab's
 * system notes and a live `issue.epic` event, epic issue links, and promote to epic.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('epics on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const epicsPath = (group = 'acme') => `/api/v4/groups/${enc(group)}/epics`;
  const createEpic = (auth: Auth, body: Record<string, unknown>, group = 'acme') => call<ApiEpic>(app, 'POST', epicsPath(group), { auth, body });
  const listEpics = async (auth: Auth, query = '', group = 'acme') => (await call<ApiEpic[]>(app, 'GET', `${epicsPath(group)}${query}`, { auth })).body;
  const newIssue = async (title: string, extra: Record<string, unknown> = {}) =>
    (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title, ...extra } })).body;
  const putIssue = (auth: Auth, iid: number, body: Record<string, unknown>) => call<ApiIssue & { message?: unknown }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth, body });
  const systemNotes = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const epicEvents = async (issueId: number) =>
    ((await app.ds.query(`SELECT payload FROM issue_events WHERE noteable_id = $1 AND type = 'issue.epic' ORDER BY seq`, [issueId])) as Array<{ payload: unknown }>).map(
      (r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { payload: { epic: { iid: number; reference: string } | null } },
    );

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reporters create epics with the next iid in GitLab shape; guests may not, anonymous needs to sign in', async () => {
    const res = await createEpic(who.carol, { title: 'Launch v2', description: 'All of **v2**', start_date: '2026-01-01', end_date: '2026-03-31' });
    expect(res.status).toBe(201);
    const e = res.body;
    expect(e).toMatchObject({ title: 'Launch v2', description: 'All of **v2**', state: 'opened', confidential: false, start_date: '2026-01-01', end_date: '2026-03-31', due_date: '2026-03-31', parent_id: null });
    expect(e.description_html).toContain('<strong>v2</strong>');
    expect(e.author!.username).toBe('carol');
    expect(e.web_url).toBe(`${app.url}/groups/acme/-/epics/${e.iid}`);
    expect(e.references).toEqual({ short: `&${e.iid}`, relative: `&${e.iid}`, full: `acme&${e.iid}` });
    const next = await createEpic(who.carol, { title: 'Second' });
    expect(next.body.iid).toBe(e.iid + 1);
    expect((await createEpic(who.dave, { title: 'Guest epic' })).status).toBe(403);
    expect((await createEpic(who.anonymous, { title: 'Anon epic' })).status).toBe(401);
    const bad = await createEpic(who.carol, { title: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: { title: ["can't be blank"] } });
    expect((await createEpic(who.carol, { title: 'Dates', start_date: '2026-02-30' })).status).toBe(400);
    expect((await createEpic(who.carol, { title: 'Dates', start_date: '2026-05-01', end_date: '2026-04-01' })).status).toBe(400);
  });

  it('lists with search, descendants by default, ancestors on request; confidential epics only for reporters', async () => {
    await createEpic(who.carol, { title: 'Searchable needle epic' });
    await createEpic(who.carol, { title: 'Secret roadmap', confidential: true });
    const sub = await createEpic(who.carol, { title: 'Platform epic' }, 'acme/platform');
    expect(sub.status).toBe(201);
    expect((await listEpics(who.bob, '?search=needle')).map((e) => e.title)).toEqual(['Searchable needle epic']);
    const titles = (await listEpics(who.bob)).map((e) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['Platform epic', 'Secret roadmap', 'Searchable needle epic']));
    expect((await listEpics(who.bob, '?include_descendant_groups=false')).map((e) => e.title)).not.toContain('Platform epic');
    // a guest and a non-member read the public group's epics, not the confidential one nor the private subgroup's
    const guest = (await listEpics(who.dave)).map((e) => e.title);
    expect(guest).toContain('Searchable needle epic');
    expect(guest).not.toContain('Secret roadmap');
    expect((await listEpics(who.erin)).map((e) => e.title)).not.toContain('Platform epic');
    const fromSub = (await listEpics(who.bob, '?include_ancestor_groups=true', 'acme/platform')).map((e) => e.title);
    expect(fromSub).toEqual(expect.arrayContaining(['Platform epic', 'Searchable needle epic']));
    expect((await listEpics(who.bob, '', 'acme/platform')).map((e) => e.title)).toEqual(['Platform epic']);
    const secret = (await listEpics(who.bob)).find((e) => e.title === 'Secret roadmap')!;
    expect((await call(app, 'GET', `${epicsPath()}/${secret.iid}`, { auth: who.dave })).status).toBe(404);
    expect((await call(app, 'GET', `${epicsPath()}/${secret.iid}`, { auth: who.carol })).status).toBe(200);
  });

  it('edits (reporters), closes and reopens, and deletes (owners only)', async () => {
    const e = (await createEpic(who.carol, { title: 'To edit' })).body;
    const path = `${epicsPath()}/${e.iid}`;
    expect((await call(app, 'PUT', path, { auth: who.dave, body: { title: 'x' } })).status).toBe(403);
    const put = await call<ApiEpic>(app, 'PUT', path, { auth: who.bob, body: { title: 'Edited', state_event: 'close', end_date: '2026-12-31' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Edited', state: 'closed', end_date: '2026-12-31' });
    expect(put.body.closed_at).not.toBeNull();
    expect((await call<ApiEpic>(app, 'PUT', path, { auth: who.bob, body: { state_event: 'reopen' } })).body.state).toBe('opened');
    expect((await call(app, 'PUT', path, { auth: who.bob, body: { state_event: 'explode' } })).status).toBe(400);
    expect((await call(app, 'DELETE', path, { auth: who.mallory })).status).toBe(403);
    expect((await call(app, 'DELETE', path, { auth: who.alice })).status).toBe(204);
    expect((await call(app, 'GET', path, { auth: who.alice })).status).toBe(404);
  });

  it('GraphQL updateEpic changes what it is given (reporters), closes with stateEvent, answers invalid input as errors, refuses guests', async () => {
    const e = (await createEpic(who.carol, { title: 'Via GraphQL', description: 'old' })).body;
    const m = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { epic { iid title description confidential state dueDate } errors } }`;
    type Out = { updateEpic: { epic: { iid: string; title: string; description: string | null; confidential: boolean; state: string; dueDate: string | null } | null; errors: string[] } | null };
    const ok = await gql<Out>(app, m, { input: { groupPath: 'acme', iid: String(e.iid), title: 'Renamed', confidential: true, dueDateFixed: '2031-01-02', stateEvent: 'CLOSE' } }, who.bob);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateEpic).toEqual({ epic: { iid: String(e.iid), title: 'Renamed', description: 'old', confidential: true, state: 'closed', dueDate: '2031-01-02' }, errors: [] });
    const rest = (await call<ApiEpic>(app, 'GET', `${epicsPath()}/${e.iid}`, { auth: who.bob })).body;
    expect(rest).toMatchObject({ title: 'Renamed', confidential: true, state: 'closed', end_date: '2031-01-02' });

    const bad = await gql<Out>(app, m, { input: { groupPath: 'acme', iid: String(e.iid), title: '   ', dueDateFixed: '2031-13-45' } }, who.bob);
    expect(bad.data!.updateEpic!.epic).toBeNull();
    expect(bad.data!.updateEpic!.errors.length).toBe(2);
    expect((await call<ApiEpic>(app, 'GET', `${epicsPath()}/${e.iid}`, { auth: who.bob })).body.title).toBe('Renamed');

    const guest = await gql<Out>(app, m, { input: { groupPath: 'acme', iid: String(e.iid), title: 'Nope' } }, who.dave);
    expect(guest.errors?.length).toBeGreaterThan(0);
    expect((await call<ApiEpic>(app, 'GET', `${epicsPath()}/${e.iid}`, { auth: who.bob })).body.title).toBe('Renamed');
  });

  it('the issue epic field: added, changed, removed with GitLab notes, the issue JSON and a live event', async () => {
    const a = (await createEpic(who.carol, { title: 'Epic A' })).body;
    const b = (await createEpic(who.carol, { title: 'Epic B' })).body;
    const issue = await newIssue('Joins epics');
    const set = await putIssue(who.carol, issue.iid, { epic_id: a.id });
    expect(set.status).toBe(200);
    expect(set.body.epic).toEqual({ id: a.id, iid: a.iid, title: 'Epic A', group_id: a.group_id, end_date: null, web_url: a.web_url, reference: `&${a.iid}`, confidential: false });
    expect(set.body.epic_iid).toBe(a.iid);
    await putIssue(who.carol, issue.iid, { epic_id: b.id });
    // the same epic again changes nothing
    await putIssue(who.carol, issue.iid, { epic_id: b.id });
    const removed = await putIssue(who.carol, issue.iid, { epic_id: null });
    expect(removed.body.epic).toBeNull();
    expect(await systemNotes(issue.id)).toEqual([`added to epic &${a.iid}`, `changed epic to &${b.iid}`, `removed from epic &${b.iid}`]);
    expect((await epicEvents(issue.id)).map((e) => e.payload.epic?.reference ?? null)).toEqual([`&${a.iid}`, `&${b.iid}`, null]);
    // a guest may not; an epic of a group outside the project's hierarchy or unknown is refused
    expect((await putIssue(who.dave, issue.iid, { epic_id: a.id })).status).toBe(403);
    const platform = (await createEpic(who.carol, { title: 'Sub epic' }, 'acme/platform')).body;
    const out = await putIssue(who.carol, issue.iid, { epic_id: platform.id });
    expect(out.status).toBe(400);
    expect(out.body.message).toEqual({ epic: [EPIC_TEXTS.epicOutOfHierarchy] });
    expect((await putIssue(who.carol, issue.iid, { epic_id: 999999 })).status).toBe(404);
    expect((await putIssue(who.carol, issue.iid, { epic_id: 'abc' })).status).toBe(400);
    // confidential epics only take confidential issues
    const secret = (await createEpic(who.carol, { title: 'Confidential epic', confidential: true })).body;
    const refused = await putIssue(who.carol, issue.iid, { epic_id: secret.id });
    expect(refused.body.message).toEqual({ epic: [EPIC_TEXTS.confidentialEpicPublicIssue] });
    await putIssue(who.carol, issue.iid, { confidential: true });
    expect((await putIssue(who.carol, issue.iid, { epic_id: secret.id })).body.epic!.id).toBe(secret.id);
  });

  it('POST and DELETE groups/:id/epics/:epic_iid/issues/:id link issues in GitLab shape, and GET lists them', async () => {
    const e = (await createEpic(who.carol, { title: 'Linked epic' })).body;
    const issue = await newIssue('Linked through the epic API');
    const linked = await call<ApiEpicIssueLink>(app, 'POST', `${epicsPath()}/${e.iid}/issues/${issue.id}`, { auth: who.carol });
    expect(linked.status).toBe(201);
    expect(linked.body.epic.id).toBe(e.id);
    expect(linked.body.issue.epic!.id).toBe(e.id);
    const listed = (await call<Array<ApiIssue & { epic_issue_id: number }>>(app, 'GET', `${epicsPath()}/${e.iid}/issues`, { auth: who.erin })).body;
    expect(listed.map((i) => [i.id, i.epic_issue_id])).toEqual([[issue.id, linked.body.id]]);
    expect((await call(app, 'POST', `${epicsPath()}/${e.iid}/issues/${issue.id}`, { auth: who.dave })).status).toBe(403);
    expect((await call(app, 'DELETE', `${epicsPath()}/${e.iid}/issues/999999`, { auth: who.carol })).status).toBe(404);
    const del = await call<ApiEpicIssueLink>(app, 'DELETE', `${epicsPath()}/${e.iid}/issues/${linked.body.id}`, { auth: who.carol });
    expect(del.status).toBe(200);
    expect(del.body.issue.epic).toBeNull();
    expect(await systemNotes(issue.id)).toEqual([`added to epic &${e.iid}`, `removed from epic &${e.iid}`]);
  });

  it('GraphQL: group.epics by search and iid, Issue.epic, issueSetEpic with errors after a colon', async () => {
    const e = (await createEpic(who.carol, { title: 'GraphQL haystack epic' })).body;
    const q = `query($path: ID!, $search: String, $iid: ID) { group(fullPath: $path) { fullPath epics(search: $search, iid: $iid) { count nodes { id iid title reference webPath } } } }`;
    const bySearch = await gql<{ group: { epics: { nodes: Array<{ iid: string; title: string; webPath: string }> } } }>(app, q, { path: 'acme', search: 'haystack' }, who.bob);
    expect(bySearch.data!.group.epics.nodes).toEqual([expect.objectContaining({ iid: String(e.iid), title: 'GraphQL haystack epic', webPath: `/groups/acme/-/epics/${e.iid}` })]);
    const byIid = await gql<{ group: { epics: { nodes: Array<{ title: string }> } } }>(app, q, { path: 'acme', iid: String(e.iid) }, who.bob);
    expect(byIid.data!.group.epics.nodes.map((n) => n.title)).toEqual(['GraphQL haystack epic']);
    expect((await gql<{ group: null }>(app, q, { path: 'acme/platform' }, who.erin)).data!.group).toBeNull();

    const issue = await newIssue('GraphQL epic issue');
    const m = `mutation($in: IssueSetEpicInput!) { issueSetEpic(input: $in) { errors issue { iid epic { iid title reference } } } }`;
    const ok = await gql<{ issueSetEpic: { errors: string[]; issue: { epic: { title: string; reference: string } | null } } }>(
      app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid), epicId: `gid://tandem/Epic/${e.id}` } }, who.carol,
    );
    expect(ok.data!.issueSetEpic).toEqual({ errors: [], issue: { iid: String(issue.iid), epic: { iid: String(e.iid), title: 'GraphQL haystack epic', reference: `&${e.iid}` } } });
    const secret = (await createEpic(who.carol, { title: 'GQL secret', confidential: true })).body;
    const refused = await gql<{ issueSetEpic: { errors: string[] } }>(app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid), epicId: `gid://tandem/Epic/${secret.id}` } }, who.carol);
    expect(refused.data!.issueSetEpic.errors).toEqual([`Epic: ${EPIC_TEXTS.confidentialEpicPublicIssue}`]);
    const missing = await gql<{ issueSetEpic: { errors: string[] } }>(app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid), epicId: 'gid://tandem/Epic/999999' } }, who.carol);
    expect(missing.data!.issueSetEpic.errors).toEqual([`Epic: ${ERRORS.EPIC_NOT_FOUND.message}`]);
    const removed = await gql<{ issueSetEpic: { errors: string[]; issue: { epic: null } } }>(app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid), epicId: null } }, who.carol);
    expect(removed.data!.issueSetEpic.issue.epic).toBeNull();
  });

  it('/epic and /remove_epic quick actions in a comment', async () => {
    const e = (await createEpic(who.carol, { title: 'Quick epic' })).body;
    const issue = await newIssue('Quick actions epic');
    const post = (body: string) => call<{ summary?: string[] }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.bob, body: { body } });
    const added = await post(`/epic &${e.iid}`);
    expect(added.status).toBe(202);
    expect(added.body.summary).toEqual([QUICK_ACTION_TEXTS.epicAdded]);
    const removed = await post('/remove_epic');
    expect(removed.body.summary).toEqual([QUICK_ACTION_TEXTS.epicRemoved]);
    const byUrl = await post(`/epic ${e.web_url}`);
    expect(byUrl.body.summary).toEqual([QUICK_ACTION_TEXTS.epicAdded]);
    expect(await systemNotes(issue.id)).toEqual([`added to epic &${e.iid}`, `removed from epic &${e.iid}`, `added to epic &${e.iid}`]);
    // an unknown epic is reported, not applied
    const unknown = await post('/epic &99999');
    expect(unknown.body.summary).toEqual([QUICK_ACTION_TEXTS.couldNotApply('epic')]);
  });

  it('promoteToEpic copies title and description, closes the issue with notes; guests get an access error', async () => {
    const issue = await newIssue('Promote me', { description: 'Big **plan**' });
    const m = `mutation($in: PromoteToEpicInput!) { promoteToEpic(input: $in) { errors epic { iid title description webPath } issue { state } } }`;
    const denied = await gql(app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid) } }, who.dave);
    expect(denied.errors?.[0]?.message).toBe(ERRORS.GRAPHQL_RESOURCE_ACCESS.message);
    const res = await gql<{ promoteToEpic: { errors: string[]; epic: { iid: string; title: string; description: string; webPath: string }; issue: { state: string } } }>(
      app, m, { in: { projectPath: PUBLIC, iid: String(issue.iid) } }, who.carol,
    );
    const p = res.data!.promoteToEpic;
    expect(p.errors).toEqual([]);
    expect(p.epic).toMatchObject({ title: 'Promote me', description: 'Big **plan**', webPath: `/groups/acme/-/epics/${p.epic.iid}` });
    expect(p.issue.state).toBe('closed');
    expect(await systemNotes(issue.id)).toEqual([`promoted to epic &${p.epic.iid}`, 'closed']);
    // and the epic's own activity says where it came from
    const epicRow = ((await app.ds.query('SELECT id FROM epics WHERE group_id = (SELECT id FROM namespaces WHERE full_path = $1) AND iid = $2', ['acme', Number(p.epic.iid)])) as Array<{ id: number }>)[0]!;
    const onEpic = (await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $1 AND system`, [epicRow.id])) as Array<{ note: string }>;
    expect(onEpic.map((r) => r.note)).toEqual([`promoted from issue ${PUBLIC}#${issue.iid}`]);
    // the page data says who may promote
    const page = async (auth: Auth) => {
      const res2 = await call(app, 'GET', `/${PUBLIC}/-/issues/${issue.iid}`, { auth });
      const json = /<script id="tandem-data" type="application\/json">([\s\S]*?)<\/script>/.exec(res2.text)![1]!;
      return (JSON.parse(json) as PageData).issue!.permissions.canPromoteToEpic;
    };
    expect(await page(await signIn(app, 'carol'))).toBe(true);
    expect(await page(await signIn(app, 'dave'))).toBe(false);
  });
});
