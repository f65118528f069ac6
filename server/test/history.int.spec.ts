import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayHistory, type HistoryPage, type HistorySnapshotPage, type HistoryState } from '@tandem/shared-types';
import { JobQueue } from '../src/core/jobs/job-queue';
import { EventLogService } from '../src/core/realtime/event-log.service';
import { HistoryStore } from '../src/modules/history/history.store';
import { RepositoryService } from '../src/modules/repository';
import { bootApp, call, castOf, DB_MODES, enc, gql, type Auth, type Cast, type TestApp } from './harness';

/**
 * Issue #26 from the outside: GitLab's resource event APIs (shapes, list and single, pages),
 * the history pages the scrubber replays (what a viewer may read now), and both across the
 * event log's pruning, on Postgres and PGlite. The property: replaying the history from the
 * start gives the issue as REST shows it now, after any run of edits.
 */
const PROJECT = 'acme/tandem';
const P = enc(PROJECT);

interface ApiIssue {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: string;
  labels: string[];
  assignees: Array<{ username: string }>;
  milestone: { id: number } | null;
  iteration?: { id: number } | null;
  weight: number | null;
  confidential: boolean;
}

/** A small seeded generator: a failing run prints its seed and repeats. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

describe.each(DB_MODES)('history and resource events on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let milestones: number[];
  let iterations: number[];
  let userIds: Record<string, number>;

  const issuePath = (iid: number) => `/api/v4/projects/${P}/issues/${iid}`;
  const put = (iid: number, body: Record<string, unknown>, auth: Auth = who.alice) => call<ApiIssue>(app, 'PUT', issuePath(iid), { auth, body });
  const history = async (iid: number, auth: Auth = who.alice): Promise<HistoryState> => {
    let after = 0;
    let state: HistoryState | undefined;
    for (;;) {
      const res = await call<HistoryPage>(app, 'GET', `${issuePath(iid)}/history?after_seq=${after}&per_page=7`, { auth });
      expect(res.status).toBe(200);
      state = replayHistory(res.body.events, res.body.base ?? state);
      if (res.body.next_after_seq === null) return state;
      after = res.body.next_after_seq;
    }
  };
  const compactAll = () => app.running.app.get(EventLogService).prune(0);

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    const pid = ((await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PROJECT])) as Array<{ id: number }>)[0]!.id;
    milestones = ((await app.ds.query('SELECT id FROM milestones WHERE project_id = $1 ORDER BY id', [pid])) as Array<{ id: number }>).map((r) => r.id);
    iterations = ((await app.ds.query('SELECT id FROM iterations ORDER BY id')) as Array<{ id: number }>).map((r) => r.id);
    userIds = Object.fromEntries(((await app.ds.query(`SELECT id, username FROM users WHERE username IN ('alice', 'bob', 'carol')`)) as Array<{ id: number; username: string }>).map((u) => [u.username, u.id]));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the five resource event APIs in GitLab shapes, list, single and pages, and keeps them across pruning', async () => {
    const created = await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Resource events', labels: 'h-one' } });
    expect(created.status).toBe(201);
    const iid = created.body.iid;
    await put(iid, { add_labels: 'h-two' });
    await put(iid, { remove_labels: 'h-one' });
    await put(iid, { state_event: 'close' });
    await put(iid, { state_event: 'reopen' });
    await put(iid, { milestone_id: milestones[0] });
    await put(iid, { milestone_id: null });
    await put(iid, { weight: 3 });
    await put(iid, { iteration_id: iterations[0] });

    const get = async <T,>(path: string, auth: Auth = who.bob) => call<T>(app, 'GET', `${issuePath(iid)}/${path}`, { auth });
    const labels = await get<Array<Record<string, unknown>>>('resource_label_events');
    expect(labels.status).toBe(200);
    expect(labels.body.map((e) => [(e.label as { name: string }).name, e.action])).toEqual([
      ['h-one', 'add'],
      ['h-two', 'add'],
      ['h-one', 'remove'],
    ]);
    const alice = { id: userIds.alice, username: 'alice' };
    expect(labels.body[0]).toMatchObject({ resource_type: 'Issue', resource_id: created.body.id, user: alice });
    expect(Object.keys(labels.body[0]!).sort()).toEqual(['action', 'created_at', 'id', 'label', 'resource_id', 'resource_type', 'user']);
    expect(Object.keys(labels.body[0]!.label as object).sort()).toEqual(['color', 'description', 'id', 'name']);
    const states = (await get<Array<Record<string, unknown>>>('resource_state_events')).body;
    expect(states.map((e) => e.state)).toEqual(['closed', 'reopened']);
    const ms = (await get<Array<{ milestone: { id: number }; action: string }>>('resource_milestone_events')).body;
    expect(ms.map((e) => [e.milestone.id, e.action])).toEqual([
      [milestones[0], 'add'],
      [milestones[0], 'remove'],
    ]);
    const weights = (await get<Array<Record<string, unknown>>>('resource_weight_events')).body;
    expect(weights).toEqual([expect.objectContaining({ issue_id: created.body.id, weight: 3, user: expect.objectContaining(alice) })]);
    const its = (await get<Array<{ iteration: { id: number }; action: string }>>('resource_iteration_events')).body;
    expect(its.map((e) => [e.iteration.id, e.action])).toEqual([[iterations[0], 'add']]);

    // Single, pages, bad input
    const one = await get<Record<string, unknown>>(`resource_label_events/${labels.body[1]!.id as number}`);
    expect(one.body).toEqual(labels.body[1]);
    expect((await get(`resource_label_events/${(labels.body[1]!.id as number) + 999_999}`)).status).toBe(404);
    expect((await get('resource_label_events/abc')).status).toBe(400);
    const page2 = await get<Array<Record<string, unknown>>>('resource_label_events?per_page=1&page=2');
    expect(page2.body).toEqual([labels.body[1]]);
    expect(page2.headers.get('x-total')).toBe('3');
    expect(page2.headers.get('x-next-page')).toBe('3');

    // Pruning the whole log changes none of it: the prefix was compacted first
    const before = await Promise.all(['state', 'label', 'milestone', 'weight', 'iteration'].map(async (k) => (await get(`resource_${k}_events`)).body));
    expect(await compactAll()).toBeGreaterThan(0);
    expect(Number(((await app.ds.query(`SELECT count(*) AS n FROM issue_events WHERE noteable_id = $1 AND noteable_type = 'Issue'`, [created.body.id])) as Array<{ n: string }>)[0]!.n)).toBe(0);
    const after = await Promise.all(['state', 'label', 'milestone', 'weight', 'iteration'].map(async (k) => (await get(`resource_${k}_events`)).body));
    expect(after).toEqual(before);
    // Events after the prune join those compacted, ids still rising
    await put(iid, { add_labels: 'h-three' });
    const more = (await get<Array<{ id: number; label: { name: string } }>>('resource_label_events')).body;
    expect(more.map((e) => e.label.name)).toEqual(['h-one', 'h-two', 'h-one', 'h-three']);
    expect(more[3]!.id).toBeGreaterThan(more[2]!.id);
  });

  it('answers 404 to who may not read the issue now (confidential, lost access) and 400 to a bad seq', async () => {
    const created = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Soon secret', labels: 'h-one' } })).body;
    expect((await call(app, 'GET', `${issuePath(created.iid)}/resource_label_events`, { auth: who.dave })).status).toBe(200);
    await put(created.iid, { confidential: true });
    for (const path of ['resource_label_events', 'resource_state_events', 'history', 'history/snapshot', 'history/snapshot?at_seq=1']) {
      expect((await call(app, 'GET', `${issuePath(created.iid)}/${path}`, { auth: who.dave })).status).toBe(404);
      expect((await call(app, 'GET', `${issuePath(created.iid)}/${path}`, { auth: who.erin })).status).toBe(404);
    }
    expect((await call(app, 'GET', `${issuePath(created.iid)}/history`, { auth: who.carol })).status).toBe(200);
    const bad = await call<{ message: string }>(app, 'GET', `${issuePath(created.iid)}/history?after_seq=-1`, { auth: who.carol });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('after_seq');
    for (const [q, field] of [['at_seq=x', 'at_seq'], ['at=yesterday', 'at'], ['per_page=0', 'per_page'], ['per_page=1001', 'per_page']] as const) {
      const res = await call(app, 'GET', `${issuePath(created.iid)}/history/snapshot?${q}`, { auth: who.carol });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('opens the history at any moment: the state before it (replayed from the nearest checkpoint) and the events from it on', async () => {
    const store = app.running.app.get(HistoryStore);
    store.checkpointEvery = 4;
    try {
      const { iid } = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Snapshot 0', labels: 'h-one' } })).body;
      for (let k = 1; k <= 6; k++) await put(iid, k % 2 ? { title: `Snapshot ${k}` } : { add_labels: k % 4 ? 'h-two' : 'h-three' });
      await call(app, 'POST', `${issuePath(iid)}/notes`, { auth: who.alice, body: { body: 'secret aside', internal: true } });
      await call(app, 'POST', `${issuePath(iid)}/notes`, { auth: who.alice, body: { body: 'public word' } });
      await put(iid, { title: 'Snapshot last' });
      // Every event, from the start, as the reporter reads them
      const all: HistoryPage['events'] = [];
      for (let after = 0; ; ) {
        const p = (await call<HistoryPage>(app, 'GET', `${issuePath(iid)}/history?after_seq=${after}`, { auth: who.carol })).body;
        all.push(...p.events);
        if (p.next_after_seq === null) break;
        after = p.next_after_seq;
      }
      const head = all[all.length - 1]!.seq;
      const upTo = (seq: number) => replayHistory(all.filter((e) => e.seq <= seq));
      const same = (a: HistoryState, b: HistoryState) => expect([a.fields.title, a.labels.map((l) => l.name), a.notes.map((n) => n.body)]).toEqual([b.fields.title, b.labels.map((l) => l.name), b.notes.map((n) => n.body)]);

      // Opening: the last events behind the state before them
      const open = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?per_page=3`, { auth: who.carol });
      expect(open.status).toBe(200);
      expect(Object.keys(open.body).sort()).toEqual(['base', 'events', 'head_seq', 'next_after_seq', 'start_seq']);
      expect(open.body).toMatchObject({ head_seq: head, start_seq: 0, next_after_seq: null, base: { seq: head - 3 } });
      expect(open.body.events.map((e) => e.seq)).toEqual(all.filter((e) => e.seq > head - 3).map((e) => e.seq));
      same(replayHistory(open.body.events, open.body.base), upTo(head));
      // Any step: the state just before it, then it; the same as replaying from the start
      for (let seq = 1; seq <= head; seq++) {
        const at = (await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=${seq}&per_page=2`, { auth: who.carol })).body;
        expect(at.base.seq).toBe(seq - 1);
        same(at.base, upTo(seq - 1));
        expect(at.events[0]?.seq).toBe(all.find((e) => e.seq >= seq)?.seq);
      }
      // The checkpoint job kept one every 4 seqs (the reads kept none), and a snapshot starts from the nearest one
      await app.running.app.get(JobQueue).drain();
      const cps = (await app.ds.query(`SELECT seq FROM history_checkpoints WHERE noteable_type = 'Issue' AND noteable_id = (SELECT id FROM issues WHERE iid = $1 AND project_id = (SELECT id FROM projects WHERE full_path = $2)) ORDER BY seq`, [iid, PROJECT])) as Array<{ seq: number }>;
      expect(cps.map((c) => c.seq)).toEqual(Array.from({ length: Math.floor(head / 4) }, (_, k) => 4 * (k + 1)));
      await app.ds.query(`UPDATE history_checkpoints SET state = jsonb_set(state, '{fields,title}', '"from the checkpoint"') WHERE seq = 4 AND noteable_id = (SELECT id FROM issues WHERE iid = $1 AND project_id = (SELECT id FROM projects WHERE full_path = $2))`, [iid, PROJECT]);
      expect((await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=6`, { auth: who.carol })).body.base.fields.title).toBe('from the checkpoint');

      // A guest reads neither the internal note nor its event, in the state or the events
      const seqOfSecret = all.find((e) => e.type === 'note.created' && e.payload.note.body === 'secret aside')!.seq;
      const guest = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=${seqOfSecret}&per_page=50`, { auth: who.dave });
      expect(guest.status).toBe(200);
      expect(JSON.stringify(guest.body)).not.toContain('secret aside');
      expect(guest.body.events.some((e) => e.type === 'note.created' && e.payload.note.body === 'public word')).toBe(true);
      const later = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=${head}`, { auth: who.dave });
      expect(later.body.base.notes.filter((n) => !n.system).map((n) => n.body)).toEqual(['public word']);
      expect(JSON.stringify(later.body)).not.toContain('secret aside');

      // ?at= names the last step at or before a time; before the first, the start
      const second = all[1]!;
      const byTime = (await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at=${encodeURIComponent(second.at)}`, { auth: who.carol })).body;
      expect(byTime.events[0]!.seq).toBeLessThanOrEqual(second.seq);
      expect(byTime.base.seq).toBe(byTime.events[0]!.seq - 1);
      const before = (await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at=2000-01-01T00:00:00Z`, { auth: who.carol })).body;
      expect([before.base.seq, before.events[0]!.seq]).toEqual([0, 1]);

      // After the log is pruned the history starts at the compacted state, checkpoints before it gone
      await compactAll();
      const pruned = (await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=1`, { auth: who.carol })).body;
      expect(pruned).toMatchObject({ start_seq: head, base: { seq: head }, events: [] });
      same(pruned.base, upTo(head));
      expect(Number(((await app.ds.query(`SELECT count(*) AS n FROM history_checkpoints WHERE noteable_id = (SELECT id FROM issues WHERE iid = $1 AND project_id = (SELECT id FROM projects WHERE full_path = $2))`, [iid, PROJECT])) as Array<{ n: string }>)[0]!.n)).toBe(0);
    } finally {
      store.checkpointEvery = 1000;
    }
  });

  it('leaves out of the history what the viewer may not read now: internal notes, and a note made internal since', async () => {
    const { iid } = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Notes in history' } })).body;
    const note = async (body: string, internal = false) => (await call<{ id: number }>(app, 'POST', `${issuePath(iid)}/notes`, { auth: who.alice, body: { body, internal } })).body.id;
    await note('public comment');
    await note('internal comment', true);
    const later = await note('public then internal');
    const bodies = async (auth: Auth) => (await history(iid, auth)).notes.map((n) => n.body);
    expect(await bodies(who.dave)).toEqual(['public comment', 'public then internal']);
    expect(await bodies(who.carol)).toEqual(['public comment', 'internal comment', 'public then internal']);
    // GitLab has no API to make a comment internal later; the row is what "internal now" means
    await app.ds.query('UPDATE notes SET internal = true WHERE id = $1', [later]);
    expect(await bodies(who.dave)).toEqual(['public comment']);
    await compactAll();
    expect(await bodies(who.dave)).toEqual(['public comment']);
    expect(await bodies(who.carol)).toEqual(['public comment', 'internal comment', 'public then internal']);
  });

  it("an epic's history starts at its creation and replays to the epic as it is now", async () => {
    const created = await call<{ iid: number }>(app, 'POST', '/api/v4/groups/acme/epics', { auth: who.alice, body: { title: 'Epic history', description: 'first' } });
    expect(created.status).toBe(201);
    const path = `/api/v4/groups/acme/epics/${created.body.iid}`;
    expect((await call(app, 'PUT', path, { auth: who.alice, body: { title: 'Epic history, renamed', state_event: 'close' } })).status).toBe(200);
    const page = await call<HistoryPage>(app, 'GET', `${path}/history`, { auth: who.bob });
    expect(page.status).toBe(200);
    expect(page.body.events[0]).toMatchObject({ type: 'epic.updated', seq: 1, payload: { fields: { title: 'Epic history', description: 'first', state: 'opened' } } });
    const now = (await call<{ title: string; description: string; state: string }>(app, 'GET', path, { auth: who.bob })).body;
    const f = replayHistory(page.body.events).fields;
    expect([f.title, f.description, f.state]).toEqual([now.title, now.description, now.state]);
    expect((await call(app, 'GET', `${path}/resource_label_events`, { auth: who.bob })).status).toBe(404);

    // An epic promoted from an issue: its history starts at the promotion, with the issue's title and text
    const { iid: issueIid } = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Promote my history', description: 'from the issue' } })).body;
    const promoted = await gql<{ promoteToEpic: { errors: string[]; epic: { iid: string } } }>(app, `mutation($in: PromoteToEpicInput!) { promoteToEpic(input: $in) { errors epic { iid } } }`, { in: { projectPath: PROJECT, iid: String(issueIid) } }, who.alice);
    expect(promoted.data?.promoteToEpic.errors).toEqual([]);
    const epicPath = `/api/v4/groups/acme/epics/${promoted.data!.promoteToEpic.epic.iid}`;
    const first = (await call<HistoryPage>(app, 'GET', `${epicPath}/history`, { auth: who.bob })).body;
    expect(first.events[0]).toMatchObject({ type: 'epic.updated', seq: 1, payload: { fields: { title: 'Promote my history', description: 'from the issue', state: 'opened' } } });
    expect(replayHistory(first.events).notes.map((n) => n.body)).toEqual([expect.stringContaining('promoted from')]);
  });

  it("answers a merge request's state, label and milestone events from its log, and its history replays to it", async () => {
    const pid = ((await app.ds.query('SELECT id FROM projects WHERE full_path = $1', [PROJECT])) as Array<{ id: number }>)[0]!.id;
    const repo = await app.running.app.get(RepositoryService).open(pid);
    const me = { name: 'Test', email: 'test@example.com' };
    if (!(await repo.branch('main'))) await repo.writeCommit({ branch: 'main', message: 'Initial commit', author: me, actions: [{ action: 'create', path: 'README.md', content: Buffer.from('# Tandem\n') }] });
    await repo.writeCommit({ branch: `history-mr-${mode}`, startSha: await repo.resolve('main'), message: 'History', author: me, actions: [{ action: 'create', path: `history-${mode}.txt`, content: Buffer.from('h\n') }] });
    const mrs = `/api/v4/projects/${P}/merge_requests`;
    const created = await call<{ id: number; iid: number }>(app, 'POST', mrs, { auth: who.bob, body: { title: 'MR history', source_branch: `history-mr-${mode}`, target_branch: 'main', labels: 'bug', milestone_id: milestones[0] } });
    expect(created.status).toBe(201);
    const path = `${mrs}/${created.body.iid}`;
    const edit = async (body: Record<string, unknown>) => expect((await call(app, 'PUT', path, { auth: who.bob, body })).status).toBe(200);
    await edit({ labels: 'bug,ui' });
    await edit({ state_event: 'close' });
    await edit({ state_event: 'reopen' });
    await edit({ milestone_id: null, labels: 'ui' });
    expect((await call(app, 'PUT', `${path}/merge`, { auth: who.bob, body: {} })).status).toBe(200);

    const get = async <T,>(p: string) => call<T>(app, 'GET', `${path}/${p}`, { auth: who.carol });
    const states = (await get<Array<Record<string, unknown>>>('resource_state_events')).body;
    expect(states.map((e) => e.state)).toEqual(['closed', 'reopened', 'merged']);
    expect(states[0]).toMatchObject({ resource_type: 'MergeRequest', resource_id: created.body.id, user: { username: 'bob' } });
    const labels = (await get<Array<{ label: { name: string; color: string }; action: string }>>('resource_label_events')).body;
    expect(labels.map((e) => [e.label.name, e.action])).toEqual([
      ['bug', 'add'],
      ['ui', 'add'],
      ['bug', 'remove'],
    ]);
    expect(labels[0]!.label.color).toMatch(/^#/);
    const ms = (await get<Array<{ milestone: { id: number }; action: string }>>('resource_milestone_events')).body;
    expect(ms.map((e) => [e.milestone.id, e.action])).toEqual([
      [milestones[0], 'add'],
      [milestones[0], 'remove'],
    ]);
    expect((await get('resource_weight_events')).status).toBe(404);
    const open = (await get<HistorySnapshotPage>('history/snapshot?at_seq=1')).body;
    expect(open.events[0]).toMatchObject({ type: 'merge_request.updated', seq: 1, payload: { fields: { title: 'MR history', state: 'opened' } } });
    const now = replayHistory(open.events, open.base);
    expect([now.fields.title, now.fields.state, now.labels.map((l) => l.name), now.fields.milestone ?? null]).toEqual(['MR history', 'merged', ['ui'], null]);
    // Pruning keeps them
    await compactAll();
    expect((await get<Array<Record<string, unknown>>>('resource_state_events')).body).toEqual(states);
  });

  it('property: after any run of edits, replaying the history from the start gives the issue as it is now', async () => {
    for (const seed of [1, 2, 3]) {
      const rnd = prng(seed * 7919);
      const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      const { iid } = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: `Property ${seed}`, labels: 'h-one', assignee_ids: [userIds.bob] } })).body;
      const notes: number[] = [];
      const ops: Array<() => Promise<unknown>> = [
        () => put(iid, { title: `Title ${rnd().toString(36).slice(2, 8)}` }),
        () => put(iid, { description: `Text ${rnd().toString(36).slice(2, 10)}` }),
        () => put(iid, { state_event: pick(['close', 'reopen']) }),
        () => put(iid, { add_labels: pick(['h-one', 'h-two', 'h-three']) }),
        () => put(iid, { remove_labels: pick(['h-one', 'h-two', 'h-three']) }),
        () => put(iid, { assignee_ids: [pick([userIds.alice, userIds.bob, userIds.carol])!] }),
        () => put(iid, { milestone_id: pick([...milestones, null]) }),
        () => put(iid, { weight: pick([null, 0, 2, 5]) }),
        () => put(iid, { iteration_id: pick([...iterations, null]) }),
        () => put(iid, { due_date: pick([null, '2030-01-02']) }),
        async () => notes.push((await call<{ id: number }>(app, 'POST', `${issuePath(iid)}/notes`, { auth: who.bob, body: { body: `note ${rnd()}` } })).body.id),
        async () => notes.length && call(app, 'PUT', `${issuePath(iid)}/notes/${pick(notes)}`, { auth: who.bob, body: { body: `edited ${rnd()}` } }),
        async () => notes.length && call(app, 'DELETE', `${issuePath(iid)}/notes/${notes.splice(Math.floor(rnd() * notes.length), 1)[0]}`, { auth: who.bob }),
      ];
      const steps = 25;
      const compactAt = Math.floor(rnd() * steps);
      for (let k = 0; k < steps; k++) {
        await pick(ops)();
        if (k === compactAt) await compactAll();
      }
      const now = (await call<ApiIssue>(app, 'GET', issuePath(iid), { auth: who.alice })).body;
      const restNotes = (await call<Array<{ id: number; body: string }>>(app, 'GET', `${issuePath(iid)}/notes?sort=asc&per_page=100`, { auth: who.alice })).body;
      const s = await history(iid);
      const f = s.fields as Record<string, unknown>;
      const label = `seed ${seed}`;
      expect({ label, title: f.title, description: f.description ?? null, state: f.state, weight: f.weight ?? null, milestone: (f.milestone as { id: number } | null)?.id ?? null }).toEqual({
        label,
        title: now.title,
        description: now.description,
        state: now.state,
        weight: now.weight,
        milestone: now.milestone?.id ?? null,
      });
      expect((f.iteration as { id: number } | null | undefined)?.id ?? null).toBe(now.iteration?.id ?? null);
      expect(s.labels.map((l) => l.name).sort()).toEqual([...now.labels].sort());
      expect(s.assignees.map((u) => u.username)).toEqual(now.assignees.map((u) => u.username));
      expect(s.notes.map((n) => [Number(n.id), n.body])).toEqual(restNotes.map((n) => [n.id, n.body]));
    }
  });
});
