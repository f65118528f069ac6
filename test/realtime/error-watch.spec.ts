import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TRACKING } from '@tandem/shared-types';
import { sleep, startTwoNodes, tokenFor, waitFor, type NodeProc, type TwoNodes } from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * Error lists kept live across nodes: an error event ingested on node A reaches a list watcher on
 * node B as one coalesced `project_errors` signal naming the error; watching needs
 * read_error_tracking (a guest is refused as an HTTP read of the list would be). A key revoked
 * on node B is refused on node A at once, though A had just accepted it (its key lookup cached).
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
  const report = (node: NodeProc, type: string, key = publicKey) => {
    const event = { event_id: crypto.randomUUID().replace(/-/g, ''), exception: { values: [{ type, value: 'boom', stacktrace: { frames: [{ filename: 'app.js', function: 'f', lineno: 1, in_app: true }] } }] } };
    return fetch(`${node.url}/api/v4/error_tracking/collector/api/${pid}/envelope/?sentry_key=${key}`, { method: 'POST', body: `{}\n{"type":"event"}\n${JSON.stringify(event)}\n` });
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

  it('a key revoked on node B is refused on node A at once, though A remembered it; a key made on B works on A', async () => {
    const made = (await api(b, 'POST', 'client_keys')) as { id: number; public_key: string };
    expect((await report(a, 'RevokedKeyError', made.public_key)).status).toBe(200);
    expect((await report(a, 'RevokedKeyError', made.public_key)).status).toBe(200);
    await api(b, 'DELETE', `client_keys/${made.id}`);
    // Node A's lookup is trusted for a minute; the bus tells it within a moment
    const t0 = Date.now();
    let status = 0;
    while (Date.now() - t0 < 2000 && (status = (await report(a, 'RevokedKeyError', made.public_key)).status) === 200) await sleep(20);
    expect(status).toBe(403);
    // Turned off on B: A refuses every key of the project at once, and takes them again once on
    await api(b, 'PUT', 'settings', { active: false });
    await waitFor('node A refusing the disabled project', async () => ((await report(a, 'RevokedKeyError')).status === 403 ? true : null));
    await api(b, 'PUT', 'settings', { active: true });
    await waitFor('node A taking events again', async () => ((await report(a, 'RevokedKeyError')).status === 200 ? true : null));
  });
});
