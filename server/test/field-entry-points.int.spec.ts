import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIssue } from '@tandem/shared-types';
import { ISSUE_FIELDS } from '../src/modules/issue/fields';
import type { IssueField } from '../src/modules/issue/fields/issue-field';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, type Cast, type IssueRowData, type TestApp } from './harness';

/**
 * The field registry is the one place a field lives: this walks every registered field and
 * proves that each entry point the field declares (fields/*.ts) takes it and stores it. A
 * field with parameters is taken by REST PUT and the page's PUT {issue}.json; `onCreate` by
 * REST POST; `bulk` by the bulk update; `graphql` by updateIssue / createIssue; `quickActions`
 * by a comment's commands (and a new issue's description, for the commands it allows there).
 * A field declaring an entry point with no sample below fails: a new field adds its sample.
 */
const PUBLIC = 'acme/tandem';

type Entry = 'page' | 'rest' | 'create' | 'bulk' | 'graphqlUpdate' | 'graphqlCreate' | 'quickAction' | 'createQuickAction';

/** What the samples name, made once per database. */
interface Fixture {
  labelId: number;
  milestoneId: number;
  iterationId: number;
  epic: { id: number; iid: number };
  bobId: number;
}

interface Sample {
  /** REST and page parameters (and create's, when the field is taken on create). */
  params?: Record<string, unknown>;
  bulk?: Record<string, unknown>;
  graphqlUpdate?: Record<string, unknown>;
  graphqlCreate?: Record<string, unknown>;
  /** A comment's command; also a new issue's description when the field allows it there. */
  quickAction?: string;
  /** Parameters of the issue the change needs (an incident for severity). */
  base?: Record<string, unknown>;
  /** What a client sees of the field once stored, and what it should read. */
  observe(issue: ApiIssue, row: IssueRowData): unknown;
  expected: unknown;
}

const gid = (type: string, id: number) => `gid://gitlab/${type}/${id}`;
const TASK = '- [ ] walk the registry';

/** One sample per field, by the field's key. */
const samples = (fx: Fixture): Record<string, Sample> => ({
  title: {
    params: { title: 'Walked title' },
    graphqlUpdate: { title: 'Walked title' },
    graphqlCreate: { title: 'Walked title' },
    quickAction: '/title Walked title',
    observe: (i) => i.title,
    expected: 'Walked title',
  },
  description: {
    params: { description: 'Walked description' },
    graphqlUpdate: { description: 'Walked description' },
    graphqlCreate: { description: 'Walked description' },
    observe: (i) => i.description,
    expected: 'Walked description',
  },
  stateEvent: {
    params: { state_event: 'close' },
    bulk: { state_event: 'close' },
    graphqlUpdate: { stateEvent: 'CLOSE' },
    quickAction: '/close',
    observe: (i) => i.state,
    expected: 'closed',
  },
  confidential: {
    params: { confidential: true },
    graphqlUpdate: { confidential: true },
    graphqlCreate: { confidential: true },
    quickAction: '/confidential',
    observe: (i) => i.confidential,
    expected: true,
  },
  discussionLocked: {
    params: { discussion_locked: true },
    graphqlUpdate: { locked: true },
    graphqlCreate: { locked: true },
    quickAction: '/lock',
    observe: (i) => i.discussion_locked,
    expected: true,
  },
  issueType: {
    params: { issue_type: 'incident' },
    graphqlUpdate: { type: 'INCIDENT' },
    graphqlCreate: { type: 'INCIDENT' },
    observe: (i) => i.issue_type,
    expected: 'incident',
  },
  dueDate: {
    params: { due_date: '2031-05-06' },
    graphqlUpdate: { dueDate: '2031-05-06' },
    graphqlCreate: { dueDate: '2031-05-06' },
    quickAction: '/due 2031-05-06',
    observe: (i) => i.due_date,
    expected: '2031-05-06',
  },
  weight: { params: { weight: 3 }, quickAction: '/weight 3', observe: (i) => i.weight, expected: 3 },
  assigneeIds: {
    params: { assignee_ids: [fx.bobId] },
    bulk: { assignee_ids: [fx.bobId] },
    quickAction: '/assign @bob',
    observe: (i) => i.assignees.map((u) => u.username),
    expected: ['bob'],
  },
  labels: {
    params: { labels: 'Walked' },
    bulk: { add_label_ids: [fx.labelId] },
    graphqlUpdate: { labelIds: [gid('ProjectLabel', fx.labelId)] },
    graphqlCreate: { labels: ['Walked'] },
    quickAction: '/label ~Walked',
    observe: (i) => i.labels,
    expected: ['Walked'],
  },
  epicId: { params: { epic_id: fx.epic.id }, bulk: { epic_id: fx.epic.id }, quickAction: `/epic &${fx.epic.iid}`, observe: (i) => i.epic_iid, expected: fx.epic.iid },
  timeEstimate: { quickAction: '/estimate 2h', observe: (i) => i.time_stats.time_estimate, expected: 7200 },
  timeSpent: { quickAction: '/spend 1h', observe: (i) => i.time_stats.total_time_spent, expected: 3600 },
  zoomMeetingUrl: { quickAction: '/zoom https://zoom.us/j/123456789', observe: (i) => i.zoom_meeting_url, expected: 'https://zoom.us/j/123456789' },
  milestone: {
    params: { milestone_id: fx.milestoneId },
    bulk: { milestone_id: fx.milestoneId },
    graphqlUpdate: { milestoneId: gid('Milestone', fx.milestoneId) },
    quickAction: '/milestone %"Walk milestone"',
    observe: (i) => i.milestone?.id ?? null,
    expected: fx.milestoneId,
  },
  healthStatus: { params: { health_status: 'at_risk' }, bulk: { health_status: 'at_risk' }, graphqlUpdate: { healthStatus: 'atRisk' }, quickAction: '/health_status at_risk', observe: (i) => i.health_status, expected: 'at_risk' },
  severity: { base: { issue_type: 'incident' }, params: { severity: 'HIGH' }, quickAction: '/severity s2', observe: (i) => i.severity, expected: 'HIGH' },
  iteration: { params: { iteration_id: fx.iterationId }, bulk: { iteration_id: fx.iterationId }, quickAction: `/iteration *iteration:${fx.iterationId}`, observe: (i) => i.iteration?.id ?? null, expected: fx.iterationId },
  updateTask: {
    base: { description: TASK },
    params: { update_task: { checked: true, line_number: 1, line_source: TASK } },
    observe: (i) => i.description,
    expected: '- [x] walk the registry',
  },
});

/** The entry points a field declares. */
function entriesOf(field: IssueField): Entry[] {
  const out: Entry[] = [];
  if (Object.keys(field.params).length) out.push('page', 'rest');
  if (field.onCreate) out.push('create');
  if (field.bulk) out.push('bulk');
  if (field.graphql?.update?.length) out.push('graphqlUpdate');
  if (field.graphql?.create?.length) out.push('graphqlCreate');
  if (field.quickActions) out.push('quickAction');
  if (field.onCreate && field.quickActions?.onCreate?.length) out.push('createQuickAction');
  return out;
}

/** The sample's input for an entry point (undefined: the sample has none). */
function inputFor(entry: Entry, s: Sample): unknown {
  switch (entry) {
    case 'page':
    case 'rest':
    case 'create':
      return s.params;
    case 'bulk':
      return s.bulk;
    case 'graphqlUpdate':
      return s.graphqlUpdate;
    case 'graphqlCreate':
      return s.graphqlCreate;
    case 'quickAction':
    case 'createQuickAction':
      return s.quickAction;
  }
}

describe.each(DB_MODES)('every registered issue field through every entry point it declares, on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let fx: Fixture;
  const project = `/api/v4/projects/${enc(PUBLIC)}`;

  const ok = <T>(res: { status: number; body: T }, what: string): T => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const create = async (params: Record<string, unknown>, what: string) =>
    ok(await call<ApiIssue>(app, 'POST', `${project}/issues`, { auth: who.alice, body: { title: 'Walking the registry', ...params } }), what);
  const graphql = async (mutation: 'updateIssue' | 'createIssue', input: Record<string, unknown>, what: string) => {
    const type = mutation === 'updateIssue' ? 'UpdateIssueInput' : 'CreateIssueInput';
    const res = await gql<Record<string, { errors: string[]; issue: { iid: string } | null }>>(app, `mutation($input: ${type}!) { ${mutation}(input: $input) { errors issue { iid } } }`, { input }, who.alice);
    expect(res.errors, what).toBeUndefined();
    expect(res.data![mutation]!.errors, what).toEqual([]);
    return Number(res.data![mutation]!.issue!.iid);
  };

  /** Applies the sample through one entry point; the iid of the issue that should now hold it. */
  async function through(entry: Entry, s: Sample, what: string): Promise<number> {
    const fresh = async () => {
      const issue = await create(s.base ?? {}, `${what}: a fresh issue`);
      expect(s.observe(issue, (await issueRow(app, PUBLIC, issue.iid))!), `${what}: a fresh issue must not show the sample yet`).not.toEqual(s.expected);
      return issue;
    };
    switch (entry) {
      case 'page': {
        const issue = await fresh();
        ok(await call(app, 'PUT', `/${PUBLIC}/-/issues/${issue.iid}.json`, { auth: who.alice, body: { issue: s.params } }), what);
        return issue.iid;
      }
      case 'rest': {
        const issue = await fresh();
        ok(await call(app, 'PUT', `${project}/issues/${issue.iid}`, { auth: who.alice, body: s.params }), what);
        return issue.iid;
      }
      case 'create':
        return (await create({ ...s.base, ...s.params }, what)).iid;
      case 'bulk': {
        const issue = await fresh();
        const res = ok(await call<{ count: number }>(app, 'PUT', `${project}/issues/bulk_update`, { auth: who.alice, body: { issuable_ids: [issue.id], ...s.bulk } }), what);
        expect(res.count, what).toBe(1);
        return issue.iid;
      }
      case 'graphqlUpdate': {
        const issue = await fresh();
        return graphql('updateIssue', { projectPath: PUBLIC, iid: String(issue.iid), ...s.graphqlUpdate }, what);
      }
      case 'graphqlCreate':
        return graphql('createIssue', { projectPath: PUBLIC, title: 'Walking the registry', ...s.graphqlCreate }, what);
      case 'quickAction': {
        const issue = await fresh();
        const res = ok(await call<{ summary: string[] }>(app, 'POST', `${project}/issues/${issue.iid}/notes`, { auth: who.alice, body: { body: s.quickAction } }), what);
        expect(res.summary.join(' '), what).not.toMatch(/Could not apply|Failed/);
        return issue.iid;
      }
      case 'createQuickAction':
        return (await create({ ...s.base, description: s.quickAction }, what)).iid;
    }
  }

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const [p] = (await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PUBLIC])) as Array<{ id: number }>;
    const [label] = (await app.ds.query(`INSERT INTO labels (project_id, title, color) VALUES ($1, 'Walked', '#336699') RETURNING id`, [p!.id])) as Array<{ id: number }>;
    const [bob] = (await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>;
    const milestone = ok(await call<{ id: number }>(app, 'POST', `${project}/milestones`, { auth: who.alice, body: { title: 'Walk milestone' } }), 'milestone');
    const today = new Date().toISOString().slice(0, 10);
    const iteration = ok(
      await call<{ id: number }>(app, 'POST', '/api/v4/groups/acme/iterations', { auth: who.alice, body: { title: 'Walk sprint', start_date: today, due_date: today, cadence_title: 'Walks' } }),
      'iteration',
    );
    const epic = ok(await call<{ id: number; iid: number }>(app, 'POST', '/api/v4/groups/acme/epics', { auth: who.alice, body: { title: 'Walk epic' } }), 'epic');
    fx = { labelId: Number(label!.id), milestoneId: milestone.id, iterationId: iteration.id, epic: { id: epic.id, iid: epic.iid }, bobId: Number(bob!.id) };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has a sample for every entry point each registered field declares', () => {
    const all = samples(fx);
    const missing = ISSUE_FIELDS.flatMap((f) => entriesOf(f).filter((e) => !all[f.key] || inputFor(e, all[f.key]!) === undefined).map((e) => `${f.key} via ${e}`));
    expect(missing, 'add these samples to field-entry-points.int.spec.ts').toEqual([]);
  });

  it.each(ISSUE_FIELDS.filter((f) => entriesOf(f).length).map((f) => [f.key, f] as const))('%s: each entry point it declares takes it and stores it', async (key, field) => {
    const s = samples(fx)[key];
    if (!s) throw new Error(`no sample for ${key}`);
    for (const entry of entriesOf(field)) {
      if (inputFor(entry, s) === undefined) continue; // reported by the test above
      const what = `${key} via ${entry}`;
      const iid = await through(entry, s, what);
      const stored = ok(await call<ApiIssue>(app, 'GET', `${project}/issues/${iid}`, { auth: who.alice }), what);
      expect(s.observe(stored, (await issueRow(app, PUBLIC, iid))!), what).toEqual(s.expected);
    }
  });
});
