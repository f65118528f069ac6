import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TRACKING } from '@tandem/shared-types';
import { sleep, startTwoNodes, tokenFor, waitFor, type NodeProc, type TwoNodes } from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * Error lists kept live across nodes: an error event ingested on node A reaches a list watcher on
 * node B as one coalesced `project_errors` signal naming the error; watching needs
 * read_error_tracking (a guest is refused as an HTTP read of the list would be).
 */
const PROJECT = 'acme/tandem';

describe('error watch on two nodes sharing Redis', () => {
  let nodes: TwoNodes;
  let a: NodeProc;
  let b: NodeProc;
  let alice: string;
  let pid: number;
  let publicKey: string;
  const clients: RtClient[] = [];
  const as = async (user: string, node: NodeProc) => {
    const c = new RtClient([node.url], await tokenFor(node.url, user), { autoReconnect: false });
    clients.push(c);
    await c.connect();
    return c;
  };
  const api = async (node: NodeProc, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${node.url}/api/v4/projects/${pid}/error_tracking/${path}`, { method, headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(r.status).toBeLessThan(300);
    return r.json();
  };
  const report = (node: NodeProc, type: string) => {
    const event = { event_id: crypto.randomUUID().replace(/-/g, ''), exception: { values: [{ type, value: 'boom', stacktrace: { frames: [{ filename: 'app.js', function: 'f', lineno: 1, in_app: true }] } }] } };
    return fetch(`${node.url}/api/v4/error_tracking/collector/api/${pid}/envelope/?sentry_key=${publicKey}`, { method: 'POST', body: `{}\n{"type":"event"}\n${JSON.stringify(event)}\n` });
  };

  beforeAll(async () => {
    nodes = await startTwoNodes('errwatch');
    ({ a, b, alice, pid } = nodes);
    await api(a, 'PUT', 'settings', { active: true, integrated: true });
    publicKey = ((await api(a, 'POST', 'client_keys')) as { public_key: string }).public_key;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await nodes?.stop();
  });

  it('a burst of events ingested on node A reaches a watcher on node B coalesced, naming the error; guests may not watch', async () => {
    const carol = await as('carol', b);
    const dave = await as('dave', b);
    expect(await carol.watchErrors(PROJECT)).toEqual({ ok: true });
    expect(await dave.watchErrors(PROJECT)).toEqual({ ok: false, message: '403 Forbidden' });
    for (let k = 0; k < 20; k++) expect((await report(a, 'CrossNodeError')).status).toBe(200);
    const [signal] = await waitFor('the error signal on node B', () => (carol.errorSignals.length ? carol.errorSignals : null));
    expect(signal).toMatchObject({ project_path: PROJECT, error_ids: [expect.any(Number)] });
    await sleep(ERROR_TRACKING.coalesceMs * 2);
    expect(carol.errorSignals.length).toBeLessThanOrEqual(3);
    expect(dave.errorSignals).toEqual([]);
  });
});
