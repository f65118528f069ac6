import { describe, expect, it } from 'vitest';
import { createFetchStub, deferred, graphql, sequence, stubFetch } from './kit';
import { endFetchStub } from './stubFetch';
import { jsonResponse } from './jsonResponse';

const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('stubFetch', () => {
  it('answers by method and path, with :params, and logs what was sent', async () => {
    const api = stubFetch({
      'GET /api/v4/projects/:id/labels': (c) => [{ name: `label of ${c.params.id}` }],
      'POST /api/v4/projects/:id/labels': (c) => jsonResponse({ id: 9, ...c.body }, { status: 201 }),
    });
    expect(await (await fetch('/api/v4/projects/g%2Fp/labels?per_page=100')).json()).toEqual([{ name: 'label of g%2Fp' }]);
    const created = await fetch('/api/v4/projects/g%2Fp/labels', post({ name: 'bug' }, { 'X-CSRF-Token': 't' }));
    expect([created.status, await created.json()]).toEqual([201, { id: 9, name: 'bug' }]);
    const sent = api.lastCall('POST /api/v4/projects/:id/labels');
    expect([sent.body, sent.headers.get('x-csrf-token'), sent.query.size]).toEqual([{ name: 'bug' }, 't', 0]);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v4/projects/g%2Fp/labels?per_page=100', 'POST /api/v4/projects/g%2Fp/labels']);
    expect(api.callsTo('GET /api/v4/projects/g%2Fp/labels?per_page=100')).toHaveLength(1);
  });

  it('a request no route answers rejects, naming it, and is kept for the after-test check', async () => {
    const api = stubFetch({ 'GET /a': [] });
    await expect(fetch('/a', { method: 'DELETE' })).rejects.toThrow('stubFetch: no route for DELETE /a');
    await expect(fetch('/b?x=1')).rejects.toThrow('stubFetch: no route for GET /b?x=1');
    expect(api.unmatched.map((c) => c.url)).toEqual(['/a', '/b?x=1']);
    // what test/setup.ts turns into a failure after the test
    expect(endFetchStub()).toEqual(['DELETE /a', 'GET /b?x=1']);
  });

  it('the most specific route wins: query values, then literal segments; `*` ends a path', async () => {
    stubFetch({
      'GET /d.json': 'first page',
      'GET /d.json?cursor=c2': 'second page',
      'GET /users/:name': 'someone',
      'GET /users/bob': 'bob',
      '* /files/*': (c) => `${c.method} any file`,
    });
    const text = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();
    expect(await text('/d.json?per_page=20')).toBe('first page');
    expect(await text('/d.json?per_page=20&cursor=c2')).toBe('second page');
    expect(await text('/users/bob')).toBe('bob');
    expect(await text('/users/carol')).toBe('someone');
    expect(await text('/files/a/b.png', { method: 'PUT' })).toBe('PUT any file');
  });

  it('sequence answers in turn then repeats its last; deferred holds a request; undefined is a 204; a throw is a network error', async () => {
    const held = deferred();
    const api = stubFetch({
      'PUT /x': sequence(jsonResponse({ message: 'stale' }, { status: 409 }), { ok: 1 }),
      'GET /slow': held.handler,
      'DELETE /x': () => undefined,
      'POST /down': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch('/x', { method: 'PUT' })).status);
    expect(statuses).toEqual([409, 200, 200]);
    const slow = fetch('/slow');
    held.release({ late: true });
    expect(await (await slow).json()).toEqual({ late: true });
    expect((await fetch('/x', { method: 'DELETE' })).status).toBe(204);
    await expect(fetch('/down', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    api.on({ 'POST /down': { back: true } });
    expect(await (await fetch('/down', { method: 'POST' })).json()).toEqual({ back: true });
  });

  it('graphql() answers by operation name; an unlisted operation is unmatched', async () => {
    const api = createFetchStub({ 'POST /api/graphql': graphql({ issueSetEpic: (v) => ({ data: { issueSetEpic: { input: v.input } } }) }) });
    const res = await api.fetch('/api/graphql', post({ query: 'mutation issueSetEpic($input: X!) { issueSetEpic(input: $input) { errors } }', variables: { input: { iid: '1' } } }));
    expect(await res.json()).toEqual({ data: { issueSetEpic: { input: { iid: '1' } } } });
    await expect(api.fetch('/api/graphql', post({ query: 'query groupEpics { x }' }))).rejects.toThrow('no GraphQL operation groupEpics');
    // a stub that is handed to code (not installed) is checked after the test too
    expect(endFetchStub()).toEqual(['POST /api/graphql']);
  });
});
