import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_ACTION_TEXTS, STATUS_PAGE_TEXTS, type PageData, type ApiIssue, type IncidentListPage, type StatusPageIncident, type StatusPageSettings } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, signIn, type Auth, type Cast, type TestApp } from './harness';

/**
 * The status page as its users observe it, on Postgres and PGlite: maintainers set it up and
 * publish incidents (REST and `/publish`), with a system note and a live `issue.status_page`
 * event; the public JSON needs no sign-in, follows edits, and never shows confidential
 * incidents, internal or unmarked comments, or unpublished incidents; the incident list sorts
 * by publication. Refusals are 4xx and change nothing.
 */
const PUBLIC = 'acme/tandem';
const P = `/api/v4/projects/${enc(PUBLIC)}`;
const PAGE = `/-/status_page/${PUBLIC}`;

type NoteAnswer = { id: number; quick_actions_status?: { messages: string[]; error_messages: string[] } };

describe.each(DB_MODES)('status page on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const settings = (auth: Auth, body?: unknown) => call<StatusPageSettings>(app, body === undefined ? 'GET' : 'PUT', `${P}/status_page_settings`, { auth, body });
  const incident = async (title: string, extra: Record<string, unknown> = {}) => {
    const res = await call<ApiIssue>(app, 'POST', `${P}/issues`, { auth: who.mallory, body: { title, issue_type: 'incident', ...extra } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const publish = (auth: Auth, iid: number) => call<{ published_incident_url: string | null; published_at: string | null }>(app, 'POST', `${P}/issues/${iid}/status_page`, { auth });
  const note = (auth: Auth, iid: number, body: string, internal = false) => call<NoteAnswer>(app, 'POST', `${P}/issues/${iid}/notes`, { auth, body: { body, internal } });
  // As the page's comment form sends it (its answer carries the commands' status)
  const command = (auth: Auth, issue: { id: number }, body: string) =>
    call<NoteAnswer>(app, 'POST', `/${PUBLIC}/notes?target_type=issue&target_id=${issue.id}`, { auth, body: { note: { noteable_type: 'Issue', noteable_id: issue.id, note: body } } });
  const publicList = () => call<StatusPageIncident[]>(app, 'GET', `${PAGE}/data/list.json`, { auth: who.anonymous });
  const publicIncident = (iid: number) => call<StatusPageIncident>(app, 'GET', `${PAGE}/data/incident/${iid}.json`, { auth: who.anonymous });
  const rows = async (issueId: number, sql: string) => (await app.ds.query(sql, [issueId])) as Array<Record<string, unknown>>;
  const systemNotes = async (issueId: number) => (await rows(issueId, `SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`)).map((r) => r.note);
  const events = async (issueId: number) => await rows(issueId, `SELECT type, payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`);
  const published = async () => Number((await app.ds.query('SELECT count(*)::int AS n FROM status_page_published_incidents'))[0].n);

  const pageData = async (user: string | null, iid: number) => {
    const auth = user ? await signIn(app, user) : undefined;
    const page = await call(app, 'GET', `/${PUBLIC}/-/issues/${iid}`, { auth, headers: { accept: 'text/html' } });
    return JSON.parse(/<script id="tandem-data" type="application\/json">(.*?)<\/script>/s.exec(page.text)![1]!) as PageData;
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('settings: maintainers only; Tandem\'s own page by default; bad input is a 400 naming the field', async () => {
    expect((await settings(who.bob)).status).toBe(403);
    expect((await settings(who.anonymous)).status).toBe(401);
    expect((await settings(who.bob, { enabled: true })).status).toBe(403);
    const read = await settings(who.mallory);
    expect(read.status).toBe(200);
    expect(read.body.enabled).toBe(false);
    expect(read.body.status_page_url).toMatch(new RegExp(`/-/status_page/${PUBLIC}$`));
    expect(read.body.default_url).toBe(read.body.status_page_url);
    for (const bad of [{ status_page_url: 'javascript:alert(1)' }, { enabled: 'yes' }, { status_page_url: 'ftp://x.example' }, { other: 1 }]) {
      const res = await settings(who.mallory, bad);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/status_page_url|enabled|other|unrecognized/i);
    }
    expect((await settings(who.mallory)).body.enabled).toBe(false);
    // Publishing needs the page enabled first
    const inc = await incident('sp-before-enabled');
    const early = await publish(who.mallory, inc.iid);
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain(STATUS_PAGE_TEXTS.disabled);
    expect(await published()).toBe(0);
    // No public page while disabled
    expect((await publicList()).status).toBe(404);
    const on = await settings(who.mallory, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.enabled).toBe(true);
  });

  it('publishes via REST (maintainers only): system note, live event with the link, public JSON without sign-in', async () => {
    const inc = await incident('sp-rest', { description: 'We are **investigating**. <script>alert(1)</script> See #1' });
    expect((await publish(who.bob, inc.iid)).status).toBe(403);
    expect((await publish(who.anonymous, inc.iid)).status).toBe(401);
    expect(await published()).toBe(0);
    const plain = (await call<ApiIssue>(app, 'POST', `${P}/issues`, { auth: who.mallory, body: { title: 'sp-not-incident' } })).body;
    const refused = await publish(who.mallory, plain.iid);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(STATUS_PAGE_TEXTS.notIncident);

    const res = await publish(who.mallory, inc.iid);
    expect(res.status).toBe(201);
    expect(res.body.published_incident_url).toMatch(new RegExp(`/-/status_page/${PUBLIC}/#/data/incident/${inc.iid}$`));
    expect(await systemNotes(inc.id)).toContain('published this incident to the status page');
    const evs = await events(inc.id);
    const ev = evs.find((e) => e.type === 'issue.status_page');
    expect((ev!.payload as { payload: { published_incident_url: string } }).payload.published_incident_url).toBe(res.body.published_incident_url);
    // Publishing again changes nothing
    expect((await publish(who.mallory, inc.iid)).status).toBe(201);
    expect((await systemNotes(inc.id)).filter((n) => n === 'published this incident to the status page')).toHaveLength(1);
    // What the issue page reads: the pinned link for every reader, the button for maintainers only
    expect((await call(app, 'GET', `${P}/issues/${inc.iid}/status_page`, { auth: who.dave })).body).toEqual(res.body);
    const asMaintainer = (await pageData('mallory', inc.iid)).issue!;
    expect(asMaintainer.publishedIncidentUrl).toBe(res.body.published_incident_url);
    expect(asMaintainer.canPublishStatusPage).toBe(true);
    const anon = (await pageData(null, inc.iid)).issue!;
    expect(anon.publishedIncidentUrl).toBe(res.body.published_incident_url);
    expect(anon.canPublishStatusPage).toBe(false);
    expect((await pageData('bob', inc.iid)).issue!.canPublishStatusPage).toBe(false);
    expect((await pageData('mallory', plain.iid)).issue!.publishedIncidentUrl).toBeNull();

    const list = await publicList();
    expect(list.status).toBe(200);
    const entry = list.body.find((i) => i.id === inc.iid)!;
    expect(entry).toMatchObject({ title: 'sp-rest', status: 'opened', links: { details: `data/incident/${inc.iid}.json` } });
    const one = await publicIncident(inc.iid);
    expect(one.status).toBe(200);
    expect(one.body.description).toContain('<strong>investigating</strong>');
    expect(one.body.description).not.toContain('<script');
    expect(one.body.comments).toEqual([]);
  });

  it('publishes with /publish; comments marked :microphone: by the team appear, others never', async () => {
    const inc = await incident('sp-quick');
    const refusedQa = await command(who.bob, inc, '/publish');
    expect(refusedQa.body.quick_actions_status?.error_messages).toEqual([QUICK_ACTION_TEXTS.couldNotApply('publish')]);
    expect((await publicIncident(inc.iid)).status).toBe(404);

    const qa = await command(who.mallory, inc, '/publish');
    expect(qa.status).toBeLessThan(300);
    expect(qa.body.quick_actions_status?.messages).toEqual([QUICK_ACTION_TEXTS.published]);
    expect(await systemNotes(inc.id)).toContain('published this incident to the status page');

    const shown = await note(who.bob, inc.iid, 'Update: **fixed** the router');
    const unmarked = await note(who.bob, inc.iid, 'not for the public');
    const internal = await note(who.mallory, inc.iid, 'internal: the root password leaked', true);
    const guestMarked = await note(who.bob, inc.iid, 'marked by a guest only');
    const award = (auth: Auth, id: number) => call(app, 'POST', `/${PUBLIC}/notes/${id}/toggle_award_emoji`, { auth, body: { name: 'microphone' } });
    expect((await award(who.mallory, shown.body.id)).status).toBeLessThan(300);
    expect((await award(who.mallory, internal.body.id)).status).toBeLessThan(300);
    expect((await award(who.dave, guestMarked.body.id)).status).toBeLessThan(300);
    void unmarked;

    const body = (await publicIncident(inc.iid)).body;
    expect(body.comments!.map((c) => c.note)).toEqual([expect.stringContaining('<strong>fixed</strong>')]);
    const text = JSON.stringify(body);
    for (const secret of ['not for the public', 'root password', 'marked by a guest', 'published this incident']) expect(text).not.toContain(secret);

    // Edits are republished at once
    expect((await call(app, 'PUT', `${P}/issues/${inc.iid}`, { auth: who.mallory, body: { title: 'sp-quick (resolved)', state_event: 'close' } })).status).toBe(200);
    expect((await publicIncident(inc.iid)).body).toMatchObject({ title: 'sp-quick (resolved)', status: 'closed' });
  });

  it('never shows confidential or unpublished incidents; unpublish takes it off at once', async () => {
    const conf = await incident('sp-confidential', { confidential: true });
    const refused = await publish(who.mallory, conf.iid);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(STATUS_PAGE_TEXTS.confidential);

    const later = await incident('sp-later-confidential');
    expect((await publish(who.mallory, later.iid)).status).toBe(201);
    const madeConfidential = await call<ApiIssue>(app, 'PUT', `${P}/issues/${later.iid}`, { auth: who.mallory, body: { confidential: true } });
    expect(madeConfidential.status).toBe(200);
    expect((await publicIncident(later.iid)).status).toBe(404);
    // made confidential, it is taken off the status page in the same write (GitLab does so): the
    // note says so, the live event clears the pinned link, and the page data has no link
    expect((await rows(later.id, 'SELECT issue_id FROM status_page_published_incidents WHERE issue_id = $1')).length).toBe(0);
    expect(await systemNotes(later.id)).toEqual(expect.arrayContaining(['made the issue confidential', 'removed this incident from the status page']));
    const cleared = (await events(later.id)).filter((e) => e.type === 'issue.status_page').at(-1)!;
    expect((cleared.payload as { payload: { published_incident_url: string | null } }).payload.published_incident_url).toBeNull();
    expect((await pageData('mallory', later.iid)).issue!.publishedIncidentUrl).toBeNull();
    // made public again, it is not published again by itself
    expect((await call(app, 'PUT', `${P}/issues/${later.iid}`, { auth: who.mallory, body: { confidential: false } })).status).toBe(200);
    expect((await publicIncident(later.iid)).status).toBe(404);

    const never = await incident('sp-never-published');
    const all = JSON.stringify((await publicList()).body);
    for (const t of ['sp-confidential', 'sp-later-confidential', 'sp-never-published', 'sp-before-enabled']) expect(all).not.toContain(t);
    expect((await publicIncident(never.iid)).status).toBe(404);
    expect((await call(app, 'GET', `${PAGE}/data/incident/abc.json`, { auth: who.anonymous })).status).toBe(404);

    const gone = await incident('sp-unpublish');
    expect((await publish(who.mallory, gone.iid)).status).toBe(201);
    expect((await call(app, 'DELETE', `${P}/issues/${gone.iid}/status_page`, { auth: who.bob })).status).toBe(403);
    expect((await call(app, 'DELETE', `${P}/issues/${gone.iid}/status_page`, { auth: who.mallory })).status).toBe(204);
    expect((await publicIncident(gone.iid)).status).toBe(404);
    expect(await systemNotes(gone.id)).toContain('removed this incident from the status page');
    const last = (await events(gone.id)).filter((e) => e.type === 'issue.status_page').pop();
    expect((last!.payload as { payload: { published_incident_url: null } }).payload.published_incident_url).toBeNull();
    expect((await call(app, 'DELETE', `${P}/issues/${gone.iid}/status_page`, { auth: who.mallory })).status).toBe(400);
  });

  it('the incident list marks and sorts by publication', async () => {
    const list = async (sort: 'asc' | 'desc') =>
      (await call<IncidentListPage>(app, 'GET', `/${PUBLIC}/-/incidents.json?state=all&order_by=published&sort=${sort}`, { auth: who.mallory })).body.incidents;
    const desc = await list('desc');
    const flags = desc.map((i) => i.published_at !== null);
    expect(flags[0]).toBe(true);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false)).every((f) => !f)).toBe(true);
    const pub = desc.filter((i) => i.published_at).map((i) => i.published_at!);
    expect([...pub].sort().reverse()).toEqual(pub);
    expect(desc.find((i) => i.title === 'sp-rest')!.published_at).not.toBeNull();
    expect(desc.find((i) => i.title === 'sp-never-published')!.published_at).toBeNull();
    const asc = await list('asc');
    expect(asc[0]!.published_at).toBeNull();
    expect(asc[asc.length - 1]!.published_at).not.toBeNull();
    expect((await call(app, 'GET', `/${PUBLIC}/-/incidents.json?order_by=publishedd`, { auth: who.mallory })).status).toBe(400);
  });

  it('disabling the page hides it and tells open incident pages (link gone)', async () => {
    const inc = await incident('sp-disable');
    expect((await publish(who.mallory, inc.iid)).status).toBe(201);
    expect((await settings(who.mallory, { enabled: false })).status).toBe(200);
    expect((await publicList()).status).toBe(404);
    const last = (await events(inc.id)).filter((e) => e.type === 'issue.status_page').pop();
    expect((last!.payload as { payload: { published_incident_url: null } }).payload.published_incident_url).toBeNull();
    const custom = await settings(who.mallory, { enabled: true, status_page_url: 'https://status.example.com/' });
    expect(custom.body.status_page_url).toBe('https://status.example.com');
    expect((await call<{ published_incident_url: string }>(app, 'GET', `${P}/issues/${inc.iid}/status_page`, { auth: who.mallory })).body.published_incident_url).toBe(`https://status.example.com/#/data/incident/${inc.iid}`);
  });
});
