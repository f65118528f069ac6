import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, projectId, startNode, tokenFor, waitFor, type NodeProc, type TestDatabase } from './support/harness';

/**
 * The access log: one `request completed` line per request, as an operator reads it from a
 * node's stdout (LOG_LEVEL=info), with the credentials of the request redacted. Express's
 * requests get theirs from RequestLogMiddleware (nestjs-pino's own middleware is not applied:
 * docs/decisions.md, "No AsyncLocalStorage on the request path"), the title PUT answered ahead
 * of Express writes the same line itself (fast-route.ts); probes under `/-/` write none.
 */
interface LogLine {
  msg?: string;
  node?: string;
  responseTime?: number;
  req?: { method?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
}

describe('the request log line', () => {
  let db: TestDatabase;
  let node: NodeProc;
  let token: string;
  let pid: number;

  beforeAll(async () => {
    db = await createDatabase('request_log');
    node = await startNode({ name: 'log-node', databaseUrl: db.url, env: { LOG_LEVEL: 'info' } });
    token = await tokenFor(node.url, 'alice');
    pid = await projectId(node.url, token, 'acme/tandem');
  }, 90_000);
  afterAll(async () => {
    await node?.stop();
    await db?.drop();
  });

  /** The JSON lines of the node's output so far that say `request completed`. */
  const lines = (): LogLine[] =>
    node
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.msg === 'request completed');
  /** Waits for the line of `method url` (lines are written asynchronously). */
  const lineOf = (method: string, url: string) => waitFor(`the log line of ${method} ${url}`, () => lines().find((l) => l.req?.method === method && l.req?.url === url) ?? null, 10_000, 50);

  it('names the request, its status, time and node, and redacts every credential header', async () => {
    const secretCookie = '_tandem_session=cookie-secret-1234';
    const url = `/api/v4/projects/${pid}/issues/1`;
    const r = await fetch(`${node.url}${url}`, { headers: { authorization: `Bearer ${token}`, cookie: secretCookie, 'x-csrf-token': 'csrf-secret-9012' } });
    expect(r.status).toBe(200);
    const line = await lineOf('GET', url);
    expect(line.res?.statusCode).toBe(200);
    expect(line.node).toBe('log-node');
    expect(typeof line.responseTime).toBe('number');
    expect(line.req?.headers).toMatchObject({ authorization: '[Redacted]', cookie: '[Redacted]', 'x-csrf-token': '[Redacted]' });
    // A token nobody was given: refused, logged, and redacted all the same
    const other = `/api/v4/projects/${pid}`;
    expect((await fetch(`${node.url}${other}`, { headers: { 'private-token': 'private-secret-5678' } })).status).toBe(401);
    const refused = await lineOf('GET', other);
    expect(refused.res?.statusCode).toBe(401);
    expect(refused.req?.headers).toMatchObject({ 'private-token': '[Redacted]' });
    const out = node.output();
    for (const secret of [token, 'private-secret-5678', 'cookie-secret-1234', 'csrf-secret-9012']) expect(out).not.toContain(secret);
  });

  it('logs a refused request with its status, and the title PUT answered ahead of Express', async () => {
    const missing = `/api/v4/projects/${pid}/issues/99999`;
    expect((await fetch(`${node.url}${missing}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect((await lineOf('GET', missing)).res?.statusCode).toBe(404);

    const put = `/api/v4/projects/${pid}/issues/1`;
    const r = await fetch(`${node.url}${put}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Logged title' }) });
    expect(r.status).toBe(200);
    const line = await lineOf('PUT', put);
    expect(line.res?.statusCode).toBe(200);
    expect(line.node).toBe('log-node');
    expect(typeof line.responseTime).toBe('number');
    expect(line.req?.headers).toMatchObject({ authorization: '[Redacted]' });
    expect(node.output()).not.toContain(token);
  });

  it('writes no request line below LOG_LEVEL=info, and answers the same', async () => {
    const db2 = await createDatabase('request_log_warn');
    const quiet = await startNode({ name: 'quiet-node', databaseUrl: db2.url, env: { LOG_LEVEL: 'warn' } });
    try {
      const t = await tokenFor(quiet.url, 'alice');
      const p = await projectId(quiet.url, t, 'acme/tandem');
      expect((await fetch(`${quiet.url}/api/v4/projects/${p}/issues/1`, { headers: { authorization: `Bearer ${t}` } })).status).toBe(200);
      expect((await fetch(`${quiet.url}/api/v4/projects/${p}/issues/99999`, { headers: { authorization: `Bearer ${t}` } })).status).toBe(404);
      // lines are written asynchronously: the node's own output gets the time a line would take
      await new Promise((r) => setTimeout(r, 500));
      expect(quiet.output()).not.toContain('request completed');
    } finally {
      await quiet.stop();
      await db2.drop();
    }
  });

  it('writes no line for the probes under /-/', async () => {
    expect((await fetch(`${node.url}/-/readiness`)).status).toBe(200);
    // a later request's line is written, so the probe's would be too by then
    const after = `/api/v4/projects/${pid}/issues/2`;
    await fetch(`${node.url}${after}`, { headers: { authorization: `Bearer ${token}` } });
    await lineOf('GET', after);
    expect(lines().filter((l) => (l.req?.url ?? '').startsWith('/-/'))).toEqual([]);
  });
});
