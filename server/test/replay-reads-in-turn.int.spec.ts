import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgPool } from '../src/core/database/pg-pool';
import { EventLogService } from '../src/core/realtime/event-log.service';
import { Issue } from '../src/modules/issue/issue.entity';
import { Project } from '../src/modules/project/project.entity';
import { bootApp, call, DB_MODES, enc, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/**
 * A restart's replays (one per room coming back) are read together: the log reads asked in one
 * turn of the event loop are one statement (EventLogService.eventsAfterInTurn). Each caller must
 * get exactly what its own read gets: the same events, in seq order, within its own bounds and
 * limit, and none of another noteable's.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('replay reads of one turn on %s', (mode) => {
  let app: TestApp;
  let auth: Auth;

  beforeAll(async () => {
    app = await bootApp(mode);
    auth = tokenAuth(await insertPat(app, 'alice'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are one statement, each answered as its own read answers it', async () => {
    // Events on two issues: title changes (issue.updated and its system note each time)
    for (const iid of [1, 3]) {
      for (let k = 0; k < 4; k++) {
        const r = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/${iid}`, { auth, body: { title: `Replayed ${iid}.${k} ${Date.now()}` } });
        expect(r.status).toBe(200);
      }
    }
    const project = await app.ds.getRepository(Project).findOneByOrFail({ fullPath: PUBLIC });
    const [one, three] = await Promise.all([1, 3].map((iid) => app.ds.getRepository(Issue).findOneByOrFail({ projectId: project.id, iid })));
    const log = app.running.app.get(EventLogService);
    const head = async (id: number) => (await log.currentSeqs('Issue', [id])).get(id)!;
    const [h1, h3] = [await head(one!.id), await head(three!.id)];
    expect(h1).toBeGreaterThanOrEqual(8);
    expect(h3).toBeGreaterThanOrEqual(8);
    // (id, after, limit, upTo): whole tails, a middle range, a page cut by its limit, nothing after the head, a noteable with no events
    const reads: Array<[number, number, number, number]> = [
      [one!.id, 0, 1000, h1],
      [three!.id, 0, 1000, h3],
      [one!.id, h1 - 5, 1000, h1 - 1],
      [three!.id, 2, 3, h3],
      [one!.id, h1, 1000, h1],
      [one!.id, 0, 1000, h1],
      [2_000_000_000, 0, 1000, 2_147_483_647],
    ];
    const alone = [];
    for (const [id, after, limit, upTo] of reads) alone.push(await log.eventsAfter('Issue', id, after, limit, upTo));
    // Not a vacuous comparison: full tails, a cut page and empty answers are among them
    expect(alone.map((e) => e.length)).toEqual([h1, h3, 4, 3, 0, h1, 0]);
    expect(alone[3]!.map((e) => e.seq)).toEqual([3, 4, 5]);

    const query = vi.spyOn(pgPool(app.ds), 'query');
    try {
      const together = await Promise.all(reads.map(([id, after, limit, upTo]) => log.eventsAfterInTurn('Issue', id, after, limit, upTo)));
      expect(together).toEqual(alone);
      expect(query.mock.calls.map(([q]) => q.name)).toEqual(['events.after.many']);
    } finally {
      query.mockRestore();
    }
    // Alone in its turn: the single read
    expect(await log.eventsAfterInTurn('Issue', three!.id, 2, 3, h3)).toEqual(alone[3]);
  });
});
