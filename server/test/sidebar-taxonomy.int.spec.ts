import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Cast, type TestApp } from './harness';

/**
 * The sidebar's taxonomy fields as clients see them: labels (REST CRUD, scoped labels one per
 * scope), milestones (REST, the issue's milestone), due date, health status (open issues only),
 * severity (incidents only) and iterations; each with its system note and live event.
 */
const PUBLIC = 'acme/tandem';

interface ApiIssue {
  id: number;
  iid: number;
  labels: string[];
  milestone: { id: number; title: string; start_date: string | null; due_date: string | null; web_url: string } | null;
  health_status: string | null;
  severity: string;
  iteration: { id: number; title: string | null; state: string; iteration_cadence: { title: string } } | null;
  due_date: string | null;
}

describe.each(DB_MODES)('sidebar taxonomy on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  const notes = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const lastEvent = async (issueId: number) =>
    ((await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 AND type <> 'note.created' ORDER BY seq DESC LIMIT 1`, [issueId])) as Array<{
      type: string;
      payload: { payload: { fields?: Record<string, unknown>; labels?: Array<{ name: string }> } };
    }>)[0]!;
  const newIssue = async (title: string, extra: Record<string, unknown> = {}) =>
    (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title, ...extra } })).body;
  const put = (iid: number, body: Record<string, unknown>, auth = who.bob) => call<ApiIssue & { message?: unknown }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth, body });

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('labels REST', () => {
    it('creates, lists, updates and deletes project labels; reporters only', async () => {
      const created = await call<{ id: number; name: string; color: string; text_color: string; description: string }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, {
        auth: who.carol,
        body: { name: 'priority::high', color: '#FFEE00', description: 'Do it now' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), name: 'priority::high', color: '#FFEE00', text_color: '#333333', description: 'Do it now' });
      const dup = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, { auth: who.carol, body: { name: 'Priority::High', color: '#000000' } });
      expect(dup.status).toBe(409);
      const badColor = await call<{ message: Record<string, string[]> }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, { auth: who.carol, body: { name: 'x', color: 'red; background:url(x)' } });
      expect(badColor.status).toBe(400);
      expect(badColor.body.message.color).toEqual(['must be a valid color code']);
      const guest = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, { auth: who.dave, body: { name: 'nope', color: '#000000' } });
      expect(guest.status).toBe(403);
      const anon = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, { body: { name: 'nope', color: '#000000' } });
      expect(anon.status).toBe(401);

      const listed = await call<Array<{ name: string }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/labels?search=priority`, { auth: who.dave });
      expect(listed.body.map((l) => l.name)).toContain('priority::high');

      const updated = await call<{ name: string; color: string }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/labels/${created.body.id}`, { auth: who.carol, body: { new_name: 'priority::urgent', color: '#111111' } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'priority::urgent', color: '#111111', text_color: '#FFFFFF' });
      const gone = await call(app, 'DELETE', `/api/v4/projects/${enc(PUBLIC)}/labels/${created.body.id}`, { auth: who.carol });
      expect(gone.status).toBe(204);
      expect((await call(app, 'DELETE', `/api/v4/projects/${enc(PUBLIC)}/labels/${created.body.id}`, { auth: who.carol })).status).toBe(404);
    });

    it('lists and creates group labels', async () => {
      const created = await call<{ id: number; is_project_label: boolean }>(app, 'POST', '/api/v4/groups/acme/labels', { auth: who.carol, body: { name: 'team::web', color: '#336699' } });
      expect(created.status).toBe(201);
      expect(created.body.is_project_label).toBe(false);
      const listed = await call<Array<{ name: string }>>(app, 'GET', '/api/v4/groups/acme/labels', { auth: who.dave });
      expect(listed.body.map((l) => l.name)).toContain('team::web');
      expect((await call(app, 'POST', '/api/v4/groups/acme/labels', { auth: who.dave, body: { name: 'x', color: '#000000' } })).status).toBe(403);
    });
  });

  describe('scoped labels: one per scope', () => {
    it('adding a scoped label removes its sibling, through REST, GraphQL and quick actions alike', async () => {
      const mk = async (name: string) =>
        (await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/labels`, { auth: who.carol, body: { name, color: '#00aa00' } })).body.id;
      const [s1, s2, other] = [await mk('sev::1'), await mk('sev::2'), await mk('area::sev')];
      const issue = await newIssue('Scoped labels');
      expect((await put(issue.iid, { add_labels: 'sev::1,area::sev' })).body.labels).toEqual(['area::sev', 'sev::1']);
      const r = await put(issue.iid, { add_labels: 'sev::2' });
      expect(r.body.labels).toEqual(['area::sev', 'sev::2']);
      expect((await notes(issue.id)).at(-1)).toBe('added ~"sev::2" label and removed ~"sev::1" label');
      const ev = await lastEvent(issue.id);
      expect(ev.type).toBe('issue.labels');
      expect(ev.payload.payload.labels!.map((l) => l.name)).toEqual(['area::sev', 'sev::2']);

      const g = await gql<{ updateIssue: { errors: string[]; issue: { labels: { nodes: Array<{ title: string }> } } } }>(
        app,
        `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { labels { nodes { title } } } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), addLabelIds: [`gid://gitlab/ProjectLabel/${s1}`] } },
        who.bob,
      );
      expect(g.data!.updateIssue.errors).toEqual([]);
      expect(g.data!.updateIssue.issue.labels.nodes.map((l) => l.title)).toEqual(['area::sev', 'sev::1']);
      void s2;
      void other;
    });
  });

  describe('milestones', () => {
    it('REST CRUD with state and search filters, parent milestones, and the issue milestone with its note and event', async () => {
      const pm = await call<{ id: number; iid: number; title: string; web_url: string; expired: boolean }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, {
        auth: who.carol,
        body: { title: 'v1.0', start_date: '2030-01-01', due_date: '2030-02-01' },
      });
      expect(pm.status).toBe(201);
      expect(pm.body).toMatchObject({ title: 'v1.0', expired: false, web_url: expect.stringContaining(`/${PUBLIC}/-/milestones/`) });
      expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, { auth: who.dave, body: { title: 'x' } })).status).toBe(403);
      expect((await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, { auth: who.carol, body: { title: 'x', start_date: '2030-02-01', due_date: '2030-01-01' } })).status).toBe(400);
      const gm = await call<{ id: number; group_id: number }>(app, 'POST', '/api/v4/groups/acme/milestones', { auth: who.carol, body: { title: 'Q1 planning' } });
      expect(gm.status).toBe(201);
      const closed = await call<{ state: string }>(app, 'PUT', '/api/v4/groups/acme/milestones/' + gm.body.id, { auth: who.carol, body: { state_event: 'close' } });
      expect(closed.body.state).toBe('closed');

      const own = await call<Array<{ title: string }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/milestones?state=active`, { auth: who.dave });
      expect(own.body.map((m) => m.title)).toContain('v1.0');
      expect(own.body.map((m) => m.title)).not.toContain('Q1 planning');
      const withParents = await call<Array<{ title: string }>>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/milestones?include_parent_milestones=true&search=planning`, { auth: who.dave });
      expect(withParents.body.map((m) => m.title)).toEqual(['Q1 planning']);
      const groupClosed = await call<Array<{ title: string }>>(app, 'GET', '/api/v4/groups/acme/milestones?state=closed', { auth: who.dave });
      expect(groupClosed.body.map((m) => m.title)).toContain('Q1 planning');

      const issue = await newIssue('Milestone me');
      const set = await put(issue.iid, { milestone_id: pm.body.id });
      expect(set.status).toBe(200);
      expect(set.body.milestone).toMatchObject({ id: pm.body.id, title: 'v1.0', start_date: '2030-01-01', due_date: '2030-02-01' });
      expect((await notes(issue.id)).at(-1)).toBe('changed milestone to %v1.0');
      const ev = await lastEvent(issue.id);
      expect(ev.type).toBe('issue.updated');
      expect(ev.payload.payload.fields!.milestone).toMatchObject({ id: pm.body.id, title: 'v1.0' });

      // The page's PUT {issue}.json with Rails' {issue: {milestone_id}}, a group milestone
      const page = await call<ApiIssue>(app, 'PUT', `/${PUBLIC}/-/issues/${issue.iid}.json`, { auth: who.bob, body: { issue: { milestone_id: gm.body.id } } });
      expect(page.status).toBe(200);
      expect(page.body.milestone).toMatchObject({ title: 'Q1 planning', web_url: expect.stringContaining('/groups/acme/-/milestones/') });
      expect((await notes(issue.id)).at(-1)).toBe('changed milestone to %"Q1 planning"');

      const unknown = await put(issue.iid, { milestone_id: 999999 });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('does not name a milestone');
      expect((await put(issue.iid, { milestone_id: pm.body.id }, who.dave)).status).toBe(403);

      const g = await gql<{ updateIssue: { errors: string[]; issue: { milestone: null } } }>(
        app,
        `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { milestone { title } } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), milestoneId: null } },
        who.bob,
      );
      expect(g.data!.updateIssue).toEqual({ errors: [], issue: { milestone: null } });
      expect((await notes(issue.id)).at(-1)).toBe('removed milestone');
      expect((await lastEvent(issue.id)).payload.payload.fields!.milestone).toBeNull();
    });

    it('a milestone of another project, or one renamed or moved after an issue named it: checked in the write itself', async () => {
      const issue = await newIssue('Milestone guard');
      const row = async () => ((await app.ds.query(`SELECT milestone_id, lock_version FROM issues WHERE id = $1`, [issue.id])) as Array<{ milestone_id: number | null; lock_version: number }>)[0]!;
      const [secret] = (await app.ds.query(`SELECT id FROM projects WHERE full_path = 'acme/platform/secret-plans'`)) as Array<{ id: number }>;
      const [other] = (await app.ds.query(`INSERT INTO milestones (iid, project_id, title, state) VALUES (900, $1, 'Elsewhere', 'active') RETURNING id`, [secret!.id])) as Array<{ id: number }>;
      const before = await row();
      const foreign = await put(issue.iid, { milestone_id: other!.id });
      expect(foreign.status).toBe(400);
      expect(JSON.stringify(foreign.body)).toContain('does not name a milestone');
      expect(await row()).toEqual(before);

      const m = await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, { auth: who.carol, body: { title: 'Guarded' } });
      expect((await put(issue.iid, { milestone_id: m.body.id })).status).toBe(200);
      expect((await put(issue.iid, { milestone_id: null })).status).toBe(200);
      // Renamed behind the server's back: the note and the answer tell the row as it is now
      await app.ds.query(`UPDATE milestones SET title = 'Guarded again' WHERE id = $1`, [m.body.id]);
      const renamed = await put(issue.iid, { milestone_id: m.body.id });
      expect(renamed.status).toBe(200);
      expect(renamed.body.milestone?.title).toBe('Guarded again');
      expect((await notes(issue.id)).at(-1)).toBe('changed milestone to %"Guarded again"');
      expect((await lastEvent(issue.id)).payload.payload.fields!.milestone).toMatchObject({ title: 'Guarded again' });
      // Moved to another project behind the server's back: 400, nothing changed
      expect((await put(issue.iid, { milestone_id: null })).status).toBe(200);
      await app.ds.query(`UPDATE milestones SET project_id = $2 WHERE id = $1`, [m.body.id, secret!.id]);
      const moved = await row();
      const gone = await put(issue.iid, { milestone_id: m.body.id });
      expect(gone.status).toBe(400);
      expect(JSON.stringify(gone.body)).toContain('does not name a milestone');
      expect(await row()).toEqual(moved);
      // A new issue may name its milestone too (read in the create's transaction); another project's is refused
      const birth = await call<{ id: number }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/milestones`, { auth: who.carol, body: { title: 'At birth' } });
      expect((await newIssue('Created with a milestone', { milestone_id: birth.body.id })).milestone?.title).toBe('At birth');
      const refused = await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title: 'Created with a foreign milestone', milestone_id: other!.id } });
      expect(refused.status).toBe(400);
      expect(await app.ds.query(`SELECT id FROM issues WHERE title = 'Created with a foreign milestone'`)).toEqual([]);
    });

    it('/milestone and /remove_milestone quick actions', async () => {
      const issue = await newIssue('Milestone by command');
      const res = await call<{ commands_changes?: unknown }>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.bob, body: { body: '/milestone %v1.0' } });
      expect(res.status).toBeLessThan(300);
      const after = await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob });
      expect(after.body.milestone?.title).toBe('v1.0');
      await call(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}/notes`, { auth: who.bob, body: { body: '/remove_milestone' } });
      expect((await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob })).body.milestone).toBeNull();
    });
  });

  describe('due date', () => {
    it('GraphQL updateIssue(dueDate) and issue dueDate; null clears; bad dates are named', async () => {
      const issue = await newIssue('Due');
      const set = (dueDate: string | null) =>
        gql<{ updateIssue: { errors: string[]; issue: { dueDate: string | null } } }>(
          app,
          `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { dueDate } } }`,
          { input: { projectPath: PUBLIC, iid: String(issue.iid), dueDate } },
          who.bob,
        );
      expect((await set('2030-03-04')).data!.updateIssue).toEqual({ errors: [], issue: { dueDate: '2030-03-04' } });
      expect((await lastEvent(issue.id)).payload.payload.fields!.due_date).toBe('2030-03-04');
      expect((await set(null)).data!.updateIssue.issue.dueDate).toBeNull();
      expect((await notes(issue.id)).slice(-2)).toEqual(['changed due date to 2030-03-04', 'removed due date']);
      const bad = await put(issue.iid, { due_date: '2030-02-30' });
      expect(bad.status).toBe(400);
    });
  });

  describe('health status', () => {
    it('sets through REST and GraphQL with a note and an event; refused on a closed issue', async () => {
      const issue = await newIssue('Health');
      const r = await put(issue.iid, { health_status: 'needs_attention' });
      expect(r.body.health_status).toBe('needs_attention');
      expect((await notes(issue.id)).at(-1)).toBe('changed health status to **needs attention**');
      expect((await lastEvent(issue.id)).payload.payload.fields!.health_status).toBe('needs_attention');
      const g = await gql<{ updateIssue: { errors: string[]; issue: { healthStatus: string | null } } }>(
        app,
        `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { healthStatus } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), healthStatus: 'atRisk' } },
        who.bob,
      );
      expect(g.data!.updateIssue).toEqual({ errors: [], issue: { healthStatus: 'atRisk' } });
      expect((await put(issue.iid, { health_status: 'sideways' })).status).toBe(400);
      expect((await put(issue.iid, { health_status: 'on_track' }, who.dave)).status).toBe(403);

      await put(issue.iid, { state_event: 'close' });
      const refused = await put(issue.iid, { health_status: 'on_track' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual({ health_status: ['cannot be changed on a closed issue'] });
      const gr = await gql<{ updateIssue: { errors: string[]; issue: { healthStatus: string | null } } }>(
        app,
        `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { healthStatus } } }`,
        { input: { projectPath: PUBLIC, iid: String(issue.iid), healthStatus: null } },
        who.bob,
      );
      expect(gr.data!.updateIssue).toEqual({ errors: ['Health status cannot be changed on a closed issue'], issue: { healthStatus: 'atRisk' } });
    });
  });

  describe('severity', () => {
    const setSeverity = (iid: number, severity: string, auth = who.bob) =>
      gql<{ issueSetSeverity: { errors: string[]; issue: { severity: string } } }>(
        app,
        `mutation($input: IssueSetSeverityInput!) { issueSetSeverity(input: $input) { errors issue { severity } } }`,
        { input: { projectPath: PUBLIC, iid: String(iid), severity } },
        auth,
      );

    it('issueSetSeverity on an incident answers the stored value, with a note and an event', async () => {
      const incident = await newIssue('Outage', { issue_type: 'incident' });
      expect((await setSeverity(incident.iid, 'HIGH')).data!.issueSetSeverity).toEqual({ errors: [], issue: { severity: 'HIGH' } });
      expect((await notes(incident.id)).at(-1)).toBe('changed the severity to **High - S2**');
      expect((await lastEvent(incident.id)).payload.payload.fields!.severity).toBe('HIGH');
      const guest = await setSeverity(incident.iid, 'LOW', who.dave);
      expect(guest.errors?.[0]?.message ?? guest.data?.issueSetSeverity.errors[0]).toBeTruthy();
    });

    it('is refused on an issue that is not an incident', async () => {
      const issue = await newIssue('Not an incident');
      expect((await setSeverity(issue.iid, 'CRITICAL')).data!.issueSetSeverity).toEqual({ errors: ['Severity can only be set on incidents'], issue: { severity: 'UNKNOWN' } });
      expect((await put(issue.iid, { severity: 'critical' })).status).toBe(400);
    });
  });

  describe('iterations', () => {
    it('creates and lists iterations (state filter, search); issueSetIteration with note and event', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const plus = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      const current = await call<{ id: number; state: number; iteration_cadence: { title: string } }>(app, 'POST', '/api/v4/groups/acme/iterations', {
        auth: who.carol,
        body: { title: 'Sprint 7', start_date: today, due_date: plus(13), cadence_title: 'Web sprints' },
      });
      expect(current.status).toBe(201);
      expect(current.body).toMatchObject({ state: 2, iteration_cadence: { title: 'Web sprints' } });
      const past = await call<{ id: number; state: number }>(app, 'POST', '/api/v4/groups/acme/iterations', {
        auth: who.carol,
        body: { title: 'Sprint 6', start_date: plus(-30), due_date: plus(-17), cadence_title: 'Web sprints' },
      });
      expect(past.body.state).toBe(3);
      expect((await call(app, 'POST', '/api/v4/groups/acme/iterations', { auth: who.dave, body: { start_date: today, due_date: today } })).status).toBe(403);
      const overlap = await call(app, 'POST', '/api/v4/groups/acme/iterations', { auth: who.carol, body: { start_date: plus(1), due_date: plus(2), cadence_title: 'Web sprints' } });
      expect(overlap.status).toBe(400);

      // (the demo has a cadence of its own in acme)
      const opened = await call<Array<{ title: string; iteration_cadence: { title: string } }>>(app, 'GET', '/api/v4/groups/acme/iterations?state=opened', { auth: who.dave });
      expect(opened.body.filter((i) => i.iteration_cadence.title === 'Web sprints').map((i) => i.title)).toEqual(['Sprint 7']);
      const searched = await call<Array<{ title: string }>>(app, 'GET', '/api/v4/groups/acme/iterations?search=sprint%206', { auth: who.dave });
      expect(searched.body.map((i) => i.title)).toEqual(['Sprint 6']);

      const issue = await newIssue('Iterate');
      const set = (iterationId: string | null) =>
        gql<{ issueSetIteration: { errors: string[]; issue: { iteration: { title: string; iterationCadence: { title: string } } | null } } }>(
          app,
          `mutation($input: IssueSetIterationInput!) { issueSetIteration(input: $input) { errors issue { iteration { title iterationCadence { title } } } } }`,
          { input: { projectPath: PUBLIC, iid: String(issue.iid), iterationId } },
          who.bob,
        );
      expect((await set(`gid://gitlab/Iteration/${current.body.id}`)).data!.issueSetIteration).toEqual({ errors: [], issue: { iteration: { title: 'Sprint 7', iterationCadence: { title: 'Web sprints' } } } });
      expect((await notes(issue.id)).at(-1)).toBe('changed iteration to **Sprint 7**');
      expect((await lastEvent(issue.id)).payload.payload.fields!.iteration).toMatchObject({ id: current.body.id, state: 'current' });
      const rest = await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.dave });
      expect(rest.body.iteration).toMatchObject({ title: 'Sprint 7', state: 'current', iteration_cadence: { title: 'Web sprints' } });
      expect((await set('gid://gitlab/Iteration/999999')).data!.issueSetIteration.errors[0]).toContain('does not name an iteration');
      expect((await set(null)).data!.issueSetIteration).toEqual({ errors: [], issue: { iteration: null } });
      expect((await notes(issue.id)).at(-1)).toBe('removed iteration');
    });
  });
});
