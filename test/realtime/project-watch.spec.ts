import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_WATCH } from '@tandem/shared-types';
import { sleep, startTwoNodes, tokenFor, updateIssue, waitFor, type NodeProc, type TwoNodes } from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * Issue lists kept live across nodes: a watcher of a project hears that its issues changed
 * (created, edited, closed) through whichever node it is on, coalesced, with no issue data;
 * a project the socket may not read cannot be watched.
 */
const PROJECT = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

describe('project watch on two nodes sharing Redis', () => {
  let nodes: TwoNodes;
  let a: NodeProc;
  let b: NodeProc;
  let alice: string;
  let pid: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    nodes = await startTwoNodes('projwatch');
    ({ a, b, alice, pid } = nodes);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await nodes?.stop();
  });

  const as = async (user: string | null, node: NodeProc) => {
    const c = new RtClient([node.url], user ? await tokenFor(node.url, user) : null, { autoReconnect: false });
    clients.push(c);
    await c.connect();
    return c;
  };

  it('an issue created on node A signals a list watcher on node B, carrying only the project path and the list that changed', async () => {
    const bob = await as('bob', b);
    expect(await bob.watchProject(PROJECT)).toEqual({ ok: true });
    const res = await fetch(`${a.url}/api/v4/projects/${pid}/issues`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Appears in every open list' }),
    });
    expect(res.status).toBe(201);
    const [signal] = await waitFor('the list signal on node B', () => (bob.projectSignals.length ? bob.projectSignals : null));
    expect(signal).toEqual({ project_path: PROJECT, lists: ['issues'], at: expect.any(Number) });
  });

  it('a burst of changes is coalesced; a watcher of another project hears none of it', async () => {
    const bob = await as('bob', a);
    const anonymous = await as(null, b);
    expect(await bob.watchProject(PROJECT)).toEqual({ ok: true });
    // anonymous may watch the public project but not the private one, which answers as missing
    expect(await anonymous.watchProject(PRIVATE)).toMatchObject({ ok: false, message: '404 Project Not Found' });
    const alicePrivate = await as('alice', b);
    expect(await alicePrivate.watchProject(PRIVATE)).toEqual({ ok: true });
    const t0 = Date.now();
    for (let k = 0; k < 10; k++) await updateIssue(a.url, alice, pid, 14, { title: `burst ${k}` });
    const took = Date.now() - t0;
    await sleep(PROJECT_WATCH.coalesceMs * 2);
    // at most one signal per interval while the burst lasted, plus the trailing one
    expect(bob.projectSignals.length).toBeGreaterThanOrEqual(1);
    expect(bob.projectSignals.length).toBeLessThanOrEqual(Math.ceil(took / PROJECT_WATCH.coalesceMs) + 1);
    expect(alicePrivate.projectSignals).toEqual([]);
    expect(anonymous.projectSignals).toEqual([]);
  });

  it('refuses bad input with a message naming the field', async () => {
    const bob = await as('bob', a);
    expect(await bob.watchProject('')).toEqual({ ok: false, message: 'project_path is invalid' });
  });
});
