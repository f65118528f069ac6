import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootApp, call, castOf, enc, gql, issueRow, type Cast, type TestApp } from './harness';

/**
 * No AsyncLocalStorage is entered while Tandem answers requests (with PUBLIC_URL set, as every
 * deployment and benchmark has it): on Node 20 one entered store makes Node run an async hook for
 * every promise and tick of the whole process (about 1 µs of CPU per 304 poll, P3's fourth server;
 * docs/decisions.md, "No AsyncLocalStorage on the request path"). The request's spam facts travel
 * with its own actor instead (core/spam/spam-request.ts), and the request log line comes from
 * RequestLogMiddleware, not nestjs-pino's binding middleware. When this fails, something started
 * entering a store per request: pass the value along instead.
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;

describe('the request path enters no AsyncLocalStorage (postgres)', () => {
  let app: TestApp;
  let cast: Cast;
  let entered: string[] = [];

  beforeAll(async () => {
    app = await bootApp('postgres');
    cast = await castOf(app);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts stores entered from now on (run, enterWith), with where they were entered. */
  const watch = () => {
    entered = [];
    const note = (how: string) => entered.push(`${how}: ${new Error().stack?.split('\n').slice(3, 6).join(' | ')}`);
    const run = AsyncLocalStorage.prototype.run;
    const enterWith = AsyncLocalStorage.prototype.enterWith;
    vi.spyOn(AsyncLocalStorage.prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
      note('run');
      return run.apply(this, args);
    } as typeof run);
    vi.spyOn(AsyncLocalStorage.prototype, 'enterWith').mockImplementation(function (this: AsyncLocalStorage<unknown>, store: unknown) {
      note('enterWith');
      return enterWith.call(this, store);
    });
  };

  it('the spy sees a store entered (the check can fail)', () => {
    watch();
    new AsyncLocalStorage<number>().run(1, () => undefined);
    expect(entered).toHaveLength(1);
  });

  it('for reads, REST and page writes, the title PUT ahead of Express, GraphQL and polls', async () => {
    watch();
    const bob = cast.bob;
    expect((await call(app, 'GET', `${API}/issues/1`, { auth: bob })).status).toBe(200);
    // a token title PUT (answered ahead of Express) and the same through Express
    expect((await call(app, 'PUT', `${API}/issues/1`, { auth: bob, body: { title: 'Renamed once' } })).status).toBe(200);
    expect((await call(app, 'PUT', `${API}/issues/1?via=express`, { auth: bob, body: { title: 'Renamed twice' } })).status).toBe(200);
    expect((await call(app, 'POST', `${API}/issues/1/notes`, { auth: bob, body: { body: 'A comment' } })).status).toBe(201);
    const upd = await gql(app, 'mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors issue { title } } }', { input: { projectPath: PUBLIC, iid: '1', title: 'Renamed by GraphQL' } }, bob);
    expect(upd.data).toEqual({ updateIssue: { errors: [], issue: { title: 'Renamed by GraphQL' } } });
    const first = await call(app, 'GET', `/${PUBLIC}/-/issues/1/realtime_changes`, { auth: bob });
    expect(first.status).toBe(200);
    const again = await call(app, 'GET', `/${PUBLIC}/-/issues/1/realtime_changes`, { auth: bob, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await issueRow(app, PUBLIC, 1))?.title).toBe('Renamed by GraphQL');
    expect(entered).toEqual([]);
  });
});
