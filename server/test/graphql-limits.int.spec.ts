import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, gql, insertPat, tokenAuth, type Auth, type TestApp } from './harness';

/** Over-limit GraphQL documents are refused before execution, with an error naming the limit. */
describe('GraphQL limits (postgres)', () => {
  let app: TestApp;
  let bob: Auth;

  beforeAll(async () => {
    app = await bootApp('postgres');
    bob = tokenAuth(await insertPat(app, 'bob'));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('2,000 aliases of currentUser: refused at once, nothing executed', async () => {
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `u${i}: currentUser { id }`).join(' ')} }`;
    const started = Date.now();
    const r = await gql(app, query, {}, bob);
    const ms = Date.now() - started;
    expect(r.data).toBeUndefined();
    expect(r.errors?.map((e) => e.message)).toEqual(['Query has complexity of 4000, which exceeds max complexity of 250']);
    // executing it took 2.9 s before the limit; refusing is parse and count only
    expect(ms).toBeLessThan(2500);
    const anon = await gql(app, query);
    expect(anon.errors?.map((e) => e.message)).toEqual(['Query has complexity of 4000, which exceeds max complexity of 200']);
  });

  it('a deep document is refused naming the depth limit (15 anonymous, 20 signed in)', async () => {
    // __Type.ofType nests as deep as a client asks
    const deep = `{ __schema { types { ${'ofType { '.repeat(16)}name${' }'.repeat(16)} } } }`;
    const anon = await gql(app, deep);
    expect(anon.data).toBeUndefined();
    expect(anon.errors?.map((e) => e.message)).toEqual(['Query has depth of 19, which exceeds max depth of 15']);
    expect((await gql(app, deep, {}, bob)).errors).toBeUndefined();
  });

  it('more than 50 aliases is refused even under the complexity limit', async () => {
    const query = `{ ${Array.from({ length: 51 }, (_, i) => `u${i}: currentUser { id }`).join(' ')} }`;
    expect((await gql(app, query, {}, bob)).errors?.map((e) => e.message)).toEqual(['Query has 51 aliases, which exceeds max aliases of 50']);
  });

  it('a batch of up to 10 operations runs; 11 are refused', async () => {
    const op = { query: '{ currentUser { username } }' };
    const ok = await call<Array<{ data: { currentUser: { username: string } } }>>(app, 'POST', '/api/graphql', { auth: bob, body: Array(10).fill(op) });
    expect(ok.status).toBe(200);
    expect(ok.body.map((b) => b.data.currentUser.username)).toEqual(Array(10).fill('bob'));
    const over = await call<{ errors: Array<{ message: string }> }>(app, 'POST', '/api/graphql', { auth: bob, body: Array(11).fill(op) });
    expect(over.status).toBe(400);
    expect(over.body.errors.map((e) => e.message)).toEqual(['Batch has 11 operations, which exceeds max batch size of 10']);
  });

  it('ordinary documents are untouched', async () => {
    const r = await gql<{ currentUser: { username: string } }>(app, '{ currentUser { username } }', {}, bob);
    expect(r.data?.currentUser.username).toBe('bob');
  });
});
