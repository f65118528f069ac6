import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_CHECKPOINT_EVERY, replayHistory, type HistoryPage, type HistorySnapshotPage } from '@tandem/shared-types';
import { JobQueue } from '../src/core/jobs/job-queue';
import { metricsRegistry } from '../src/core/metrics/metrics';
import { HistoryCheckpointJob } from '../src/modules/history/history-checkpoint.job';
import { HistoryStore } from '../src/modules/history/history.store';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * History checkpoints are kept in the background (issue #26, docs/decisions.md, History): a
 * write whose events reach a checkpoint seq queues the checkpoint job after its commit, and a
 * log the writer never saw (an upgrade, a node that died) is found by the sweep. Either way the
 * first read of the history replays at most HISTORY_CHECKPOINT_EVERY - 1 events, counted by
 * tandem_history_replayed_events_total, on Postgres and PGlite.
 */
const PROJECT = 'acme/tandem';
const P = enc(PROJECT);

/** The events replayed so far, by reads and by the job. */
async function replayed(): Promise<{ read: number; job: number }> {
  const values = (await metricsRegistry.getSingleMetric('tandem_history_replayed_events_total')!.get()).values;
  const of = (by: string) => values.find((v) => v.labels.by === by)?.value ?? 0;
  return { read: of('read'), job: of('job') };
}

describe.each(DB_MODES)('history checkpoints in the background on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const issuePath = (iid: number) => `/api/v4/projects/${P}/issues/${iid}`;
  const checkpoints = async (issueId: number) =>
    ((await app.ds.query(`SELECT seq FROM history_checkpoints WHERE noteable_type = 'Issue' AND noteable_id = $1 ORDER BY seq`, [issueId])) as Array<{ seq: number }>).map((r) => r.seq);
  const everyEvent = async (iid: number) => {
    const all: HistoryPage['events'] = [];
    for (let after = 0; ; ) {
      const p = (await call<HistoryPage>(app, 'GET', `${issuePath(iid)}/history?after_seq=${after}`, { auth: who.alice })).body;
      all.push(...p.events);
      if (p.next_after_seq === null) return all;
      after = p.next_after_seq;
    }
  };

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a write that reaches a checkpoint seq queues the job after its commit; the first read then replays from the nearest checkpoint', async () => {
    const store = app.running.app.get(HistoryStore);
    store.checkpointEvery = 10;
    try {
      const { id, iid } = (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Checkpointed 0' } })).body;
      for (let k = 1; k <= 34; k++) expect((await call(app, 'PUT', issuePath(iid), { auth: who.alice, body: { title: `Checkpointed ${k}` } })).status).toBe(200);
      await app.running.app.get(JobQueue).drain();
      const head = Number(((await app.ds.query('SELECT event_seq FROM issues WHERE id = $1', [id])) as Array<{ event_seq: number }>)[0]!.event_seq);
      expect(head).toBeGreaterThanOrEqual(35);
      // Kept by the job, before any read of the history
      expect(await checkpoints(id)).toEqual(Array.from({ length: Math.floor(head / 10) }, (_, k) => 10 * (k + 1)));

      const before = await replayed();
      const open = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=${head}`, { auth: who.alice });
      expect(open.status).toBe(200);
      const after = await replayed();
      // The state before the last step: from the checkpoint at or below it, at most 9 events
      expect(after.read - before.read).toBe(head - 1 - Math.floor((head - 1) / 10) * 10);
      expect(after.read - before.read).toBeLessThan(10);
      expect(after.job).toBe(before.job);
      const all = await everyEvent(iid);
      expect(open.body.base.fields.title).toBe(replayHistory(all.filter((e) => e.seq < head)).fields.title);
      expect(replayHistory(open.body.events, open.body.base).fields.title).toBe('Checkpointed 34');
    } finally {
      store.checkpointEvery = HISTORY_CHECKPOINT_EVERY;
    }
  });

  it(`a log no write announced (${HISTORY_CHECKPOINT_EVERY * 2 + 500} events) is found by the sweep; the first open replays at most ${HISTORY_CHECKPOINT_EVERY - 1} events`, async () => {
    const { id, iid } = (await call<{ id: number; iid: number }>(app, 'POST', `/api/v4/projects/${P}/issues`, { auth: who.alice, body: { title: 'Long-lived' } })).body;
    const total = HISTORY_CHECKPOINT_EVERY * 2 + 500;
    // As an upgrade finds it: events in the log that no commit of this process announced
    const [{ event_seq: head0 }] = (await app.ds.query('SELECT event_seq FROM issues WHERE id = $1', [id])) as Array<{ event_seq: number }>;
    const [actor] = (await app.ds.query(`SELECT id, username, name, state, false AS locked, avatar_url, '' AS web_url FROM users WHERE username = 'alice'`)) as Array<{ id: number }>;
    await app.ds.query(
      `INSERT INTO issue_events (noteable_type, noteable_id, seq, type, payload, actor_id, created_at)
       SELECT 'Issue', $1::int, $3::int + k, 'issue.updated',
         jsonb_build_object('actor', $4::jsonb, 'issue', jsonb_build_object('id', $1::int, 'iid', $5::int, 'project_path', $6::text),
           'payload', jsonb_build_object('fields', jsonb_build_object('title', 'Long-lived, edit ' || k, 'lock_version', k))),
         $7::int, now() + k * interval '1 millisecond'
       FROM generate_series(1, $2::int) AS k`,
      [id, total - head0, head0, JSON.stringify(actor), iid, PROJECT, actor!.id],
    );
    await app.ds.query('UPDATE issues SET event_seq = $2 WHERE id = $1', [id, total]);
    expect(await checkpoints(id)).toEqual([]);

    const job = app.running.app.get(HistoryCheckpointJob);
    const before = await replayed();
    expect(await job.sweep()).toBeGreaterThanOrEqual(1);
    await app.running.app.get(JobQueue).drain();
    expect(await checkpoints(id)).toEqual([HISTORY_CHECKPOINT_EVERY, HISTORY_CHECKPOINT_EVERY * 2]);
    const afterJob = await replayed();
    expect(afterJob.job - before.job).toBe(HISTORY_CHECKPOINT_EVERY * 2);

    // The scrubber's first open (the last 250 events behind the state before them), and a link to any step
    const open = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot`, { auth: who.alice });
    expect(open.status).toBe(200);
    expect(open.body.base.seq).toBe(total - 250);
    expect(open.body.base.fields.title).toBe(`Long-lived, edit ${total - 250 - head0}`);
    const afterOpen = await replayed();
    expect(afterOpen.read - afterJob.read).toBe(total - 250 - HISTORY_CHECKPOINT_EVERY * 2);
    for (const atSeq of [2, HISTORY_CHECKPOINT_EVERY, HISTORY_CHECKPOINT_EVERY * 2 - 1, total]) {
      const r0 = (await replayed()).read;
      const at = await call<HistorySnapshotPage>(app, 'GET', `${issuePath(iid)}/history/snapshot?at_seq=${atSeq}&per_page=1`, { auth: who.alice });
      expect(at.body.base.seq).toBe(atSeq - 1);
      expect((await replayed()).read - r0).toBeLessThan(HISTORY_CHECKPOINT_EVERY);
    }
    // Reads wrote nothing; a sweep now finds every checkpoint kept
    expect(await checkpoints(id)).toEqual([HISTORY_CHECKPOINT_EVERY, HISTORY_CHECKPOINT_EVERY * 2]);
    expect(await job.sweep()).toBe(0);
  });
});
