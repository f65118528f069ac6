import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, demoMergeRequest, enc, type Auth, type Cast, type TestApp } from './harness';

/**
 * The hot reads are named statements, prepared once per connection (docs/decisions.md, "The
 * project read and the merge request read are named statements"). A prepared statement whose
 * result columns change under it fails ("cached plan must not change result type") instead of
 * planning again: with two nodes, the other node's migration adds a column while this node's
 * connections hold their statements. So none of them returns `table.*`: a column added to each
 * table they read leaves every one of these requests answering as before.
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;

describe.each(DB_MODES)('named reads across a migration on %s', (mode) => {
  let app: TestApp;
  let cast: Cast;
  let mrIid: number;

  beforeAll(async () => {
    app = await bootApp(mode);
    cast = await castOf(app);
    mrIid = (await demoMergeRequest(app, cast.alice, PUBLIC, 'A merge request read by a named statement')).iid;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Each request that starts with a named read, asked a few times (the pool hands back the same connection). */
  const reads = async (auth: Auth): Promise<number[]> => {
    const statuses: number[] = [];
    for (let k = 0; k < 3; k++) {
      statuses.push((await call(app, 'GET', `/${PUBLIC}/-/issues/1/discussions.json`, { auth })).status);
      statuses.push((await call(app, 'GET', `${API}/merge_requests/${mrIid}`, { auth })).status);
      statuses.push((await call(app, 'GET', `${API}/labels`, { auth })).status);
      statuses.push((await call(app, 'GET', '/api/v4/todos', { auth })).status);
      statuses.push((await call(app, 'GET', `${API}/issues/1/related_merge_requests`, { auth })).status);
    }
    return statuses;
  };

  it('answer as before after a column is added to every table they read', async () => {
    const auth = cast.alice;
    expect(await reads(auth)).toEqual(Array(15).fill(200));
    const before = (await call<unknown[]>(app, 'GET', `/${PUBLIC}/-/issues/1/discussions.json`, { auth })).body;
    const tables = ['notes', 'projects', 'namespaces', 'merge_requests', 'todos'];
    for (const t of tables) await app.ds.query(`ALTER TABLE ${t} ADD COLUMN migration_probe int`);
    try {
      expect(await reads(auth)).toEqual(Array(15).fill(200));
      // the same discussions, not one field more or less
      expect((await call<unknown[]>(app, 'GET', `/${PUBLIC}/-/issues/1/discussions.json`, { auth })).body).toEqual(before);
    } finally {
      for (const t of tables) await app.ds.query(`ALTER TABLE ${t} DROP COLUMN migration_probe`);
    }
    expect(await reads(auth)).toEqual(Array(15).fill(200));
  });
});
