import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { ApiEpic, ApiEpicIssueLink, ApiIssue } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, insertPat, type Cast, type TestApp } from './harness';

const PUBLIC = 'acme/tandem';

type Live = { type: string; issue: { iid: number }; payload: { fields: Record<string, unknown> } };

/**
 * The epic tree is live at every level, on Postgres and PGlite: a change two levels down (a
 * grandchild added or removed, an issue joining a grandchild, a grandchild's title) reaches a
 * watcher of the top epic as `epic.updated` {descendants_changed}, which names nothing below
 * it, so a confidential grandchild stays unseen by a guest watching the top epic.
 */
describe.each(DB_MODES)('the epic tree live on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const epicsPath = '/api/v4/groups/acme/epics';
  const linksPath = (parent: ApiEpic) => `${epicsPath}/${parent.iid}/epics`;
  const createEpic = async (body: Record<string, unknown>) => (await call<ApiEpic>(app, 'POST', epicsPath, { auth: who.bob, body })).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it("tells a guest watching the top epic about every change below it, and nothing of a confidential grandchild's", async () => {
    const top = await createEpic({ title: 'Top' });
    const child = await createEpic({ title: 'Child', parent_id: top.id });
    const token = await insertPat(app, 'dave');
    const socket: Socket = io(app.url, { transports: ['websocket'], auth: { token }, reconnection: false });
    const live: Live[] = [];
    const waitFor = async (n: number) => {
      const deadline = Date.now() + 5000;
      while (live.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(live).toHaveLength(n);
    };
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.on('epic.updated', (e: Live) => live.push(e));
      expect(await socket.timeout(10_000).emitWithAck('subscribe', { channel: 'EpicsChannel', project_path: 'groups/acme', iid: top.iid })).toMatchObject({ ok: true });

      // a grandchild created under the child
      const grand = (await call<ApiEpic>(app, 'POST', linksPath(child), { auth: who.carol, body: { title: 'Grandchild' } })).body;
      await waitFor(1);
      expect(live[0]!.issue.iid).toBe(top.iid);
      expect(Object.keys(live[0]!.payload.fields).sort()).toEqual(['descendants_changed', 'updated_at']);

      // an issue joins the grandchild: three levels down from the top
      const issue = (await call<ApiIssue>(app, 'POST', `/api/v4/projects/${enc(PUBLIC)}/issues`, { auth: who.alice, body: { title: 'Deep issue' } })).body;
      const link = await call<ApiEpicIssueLink>(app, 'POST', `${epicsPath}/${grand.iid}/issues/${issue.id}`, { auth: who.carol });
      expect(link.status).toBe(201);
      await waitFor(2);
      // the grandchild's title, as the tree shows it
      expect((await call(app, 'PUT', `${epicsPath}/${grand.iid}`, { auth: who.carol, body: { title: 'Grandchild renamed' } })).status).toBe(200);
      await waitFor(3);

      // a confidential grandchild: the guest hears that something changed, and reads nothing of it
      const secret = await call<ApiEpic>(app, 'POST', linksPath(child), { auth: who.carol, body: { title: 'Secret grandchild', confidential: true } });
      expect(secret.status).toBe(201);
      await waitFor(4);
      expect(JSON.stringify(live[3])).not.toContain('Secret');
      expect(Object.keys(live[3]!.payload.fields).sort()).toEqual(['descendants_changed', 'updated_at']);
      expect((await call<ApiEpic[]>(app, 'GET', linksPath(child), { auth: who.dave })).body.map((e) => e.title)).toEqual(['Grandchild renamed']);

      // the grandchild removed from the child
      expect((await call(app, 'DELETE', `${linksPath(child)}/${grand.id}`, { auth: who.carol })).status).toBe(200);
      await waitFor(5);
      expect(live.every((e) => e.issue.iid === top.iid && e.payload.fields.descendants_changed === true)).toBe(true);
      // the top epic's own fields did not change: its lock_version is not in any of them
      expect(live.some((e) => 'lock_version' in e.payload.fields)).toBe(false);
    } finally {
      socket.close();
    }
  });
});
