import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Cast, type TestApp } from './harness';

/**
 * Fields of the registry as a client sees them: labels resolved by id (a project label of the
 * same title cannot shadow the group label a GraphQL client picked; REST titles prefer the
 * project's), and weight, the field added as one file (fields/weight.ts).
 */
const PUBLIC = 'acme/tandem';

interface ApiIssue {
  id: number;
  iid: number;
  labels: string[];
  weight: number | null;
  lock_version: number;
}

describe.each(DB_MODES)('issue fields on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let groupLabelId: number;
  let projectLabelId: number;

  const linked = async (issueId: number) =>
    ((await app.ds.query(`SELECT label_id FROM label_links WHERE target_type = 'Issue' AND target_id = $1 ORDER BY label_id`, [issueId])) as Array<{ label_id: number }>).map((r) => r.label_id);
  const systemNotes = async (issueId: number) =>
    ((await app.ds.query(`SELECT note FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system ORDER BY id`, [issueId])) as Array<{ note: string }>).map((r) => r.note);
  const events = async (issueId: number) =>
    (await app.ds.query(`SELECT type, payload FROM issue_events WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [issueId])) as Array<{
      type: string;
      payload: { payload: { fields?: Record<string, unknown>; labels?: Array<{ id: number; name: string }> } };
    }>;
  const newIssue = async (title: string) => (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title } })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const [project] = (await app.ds.query(`SELECT id, namespace_id FROM projects WHERE full_path = $1`, [PUBLIC])) as Array<{ id: number; namespace_id: number }>;
    [{ id: groupLabelId }] = (await app.ds.query(`INSERT INTO labels (group_id, title, color) VALUES ($1, 'Twin', '#ffffff') RETURNING id`, [project!.namespace_id])) as Array<{ id: number }>;
    [{ id: projectLabelId }] = (await app.ds.query(`INSERT INTO labels (project_id, title, color) VALUES ($1, 'Twin', '#000000') RETURNING id`, [project!.id])) as Array<{ id: number }>;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('labels of the same title in the group and the project', () => {
    it('GraphQL labelIds links exactly the label picked, group or project', async () => {
      const issue = await newIssue('Label twins by id');
      const set = (ids: number[]) =>
        gql(
          app,
          `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { labels { nodes { id title color } } } } }`,
          { input: { projectPath: PUBLIC, iid: String(issue.iid), labelIds: ids.map((id) => `gid://gitlab/GroupLabel/${id}`) } },
          who.bob,
        );
      const byGroup = await set([groupLabelId]);
      expect(byGroup.data!.updateIssue.errors).toEqual([]);
      expect(byGroup.data!.updateIssue.issue.labels.nodes).toEqual([{ id: expect.stringContaining(`/${groupLabelId}`), title: 'Twin', color: '#ffffff' }]);
      expect(await linked(issue.id)).toEqual([groupLabelId]);

      await set([projectLabelId]);
      expect(await linked(issue.id)).toEqual([projectLabelId]);

      const labelEvents = (await events(issue.id)).filter((e) => e.type === 'issue.labels');
      expect(labelEvents.map((e) => e.payload.payload.labels!.map((l) => l.id))).toEqual([[groupLabelId], [projectLabelId]]);
      expect(await systemNotes(issue.id)).toEqual(['added ~"Twin" label', 'added ~"Twin" label and removed ~"Twin" label']);
    });

    it('REST titles prefer the project label, and an unknown title becomes a project label', async () => {
      const issue = await newIssue('Label twins by title');
      const res = await call<ApiIssue>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob, body: { labels: 'twin,Brand new' } });
      expect(res.status).toBe(200);
      expect(res.body.labels).toEqual(['Brand new', 'Twin']);
      const links = await linked(issue.id);
      expect(links).toContain(projectLabelId);
      expect(links).not.toContain(groupLabelId);
      const [created] = (await app.ds.query(`SELECT project_id FROM labels WHERE title = 'Brand new'`)) as Array<{ project_id: number | null }>;
      expect(created!.project_id).not.toBeNull();
    });

    it('sending the labels an issue already has changes nothing: no new version, note or event', async () => {
      const issue = await newIssue('Same labels');
      const put = () => call<ApiIssue>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob, body: { labels: 'Twin' } });
      const first = await put();
      const before = (await events(issue.id)).length;
      const second = await put();
      expect(second.body.lock_version).toBe(first.body.lock_version);
      expect((await events(issue.id)).length).toBe(before);
    });
  });

  describe('weight (a field added as one file)', () => {
    it('sets, changes and removes the weight, with a system note and the issue.updated event each time', async () => {
      const issue = await newIssue('Weighty');
      const put = (weight: unknown, auth = who.bob) => call<ApiIssue & { message?: unknown }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth, body: { weight } });
      expect((await put(3)).body.weight).toBe(3);
      expect((await put('5')).body.weight).toBe(5);
      expect((await put('')).body.weight).toBeNull();
      expect(await systemNotes(issue.id)).toEqual(['changed weight to **3**', 'changed weight to **5**', 'removed the weight']);
      const updates = (await events(issue.id)).filter((e) => e.type === 'issue.updated').map((e) => e.payload.payload.fields!.weight);
      expect(updates).toEqual([3, 5, null]);
      const shown = await call<ApiIssue>(app, 'GET', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.dave });
      expect(shown.body.weight).toBeNull();
    });

    it.each([[-1], [1.5], ['heavy'], [2_147_483_648], [true]])('refuses weight %j with a 400 naming the field, changing nothing', async (weight) => {
      const issue = await newIssue('Bad weight');
      const res = await call<{ message: Record<string, string[]> }>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.bob, body: { weight } });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual({ weight: ['must be an integer greater than or equal to 0'] });
      expect((await events(issue.id)).map((e) => e.type)).toEqual(['issue.created']);
    });

    it('needs the right to update the issue: a guest may weigh only an issue of their own', async () => {
      const issue = await newIssue('Guest weight');
      const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${issue.iid}`, { auth: who.dave, body: { weight: 2 } });
      expect(res.status).toBe(403);
      const own = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.dave, body: { title: 'Guest-authored' } });
      const weighed = await call<ApiIssue>(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${own.body.iid}`, { auth: who.dave, body: { weight: 2 } });
      expect(weighed.status).toBe(200);
      expect(weighed.body.weight).toBe(2);
    });

    it('is set at creation by a reporter', async () => {
      const res = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.carol, body: { title: 'Born heavy', weight: 8 } });
      expect(res.status).toBe(201);
      expect(res.body.weight).toBe(8);
    });
  });
});
