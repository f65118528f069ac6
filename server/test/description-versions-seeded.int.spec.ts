import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * An issue whose description predates description versions (the demo seed writes rows
 * directly) still compares truly on its first edit: its previous description is saved as a
 * version first, as GitLab's save_description_version does.
 */
const PUBLIC = 'acme/tandem';

describe.each(DB_MODES)('the first description version of an older issue on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('diffs the first edit against the description the issue had', async () => {
    const [issue] = (await app.ds.query(`SELECT i.id, i.iid, i.description FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 1`, [PUBLIC])) as Array<{ id: number; iid: number; description: string }>;
    expect(Number((await app.ds.query('SELECT count(*) AS n FROM description_versions WHERE issue_id = $1', [issue!.id]))[0].n)).toBe(0);
    const res = await call(app, 'PUT', `/api/v4/projects/${enc(PUBLIC)}/issues/1`, { auth: who.bob, body: { description: `${issue!.description}\n\nOne more line.` } });
    expect(res.status).toBe(200);
    const versions = (await app.ds.query('SELECT id, description FROM description_versions WHERE issue_id = $1 ORDER BY id', [issue!.id])) as Array<{ id: number; description: string }>;
    expect(versions.map((v) => v.description)).toEqual([issue!.description, `${issue!.description}\n\nOne more line.`]);
    const diff = await call<{ diff: string }>(app, 'GET', `/${PUBLIC}/-/issues/1/descriptions/${versions[1]!.id}/diff`, { auth: who.dave });
    expect(diff.status).toBe(200);
    expect(diff.body.diff).toContain('<ins class="idiff addition">');
    expect(diff.body.diff).toContain('more');
    // the unchanged text is not marked as added
    expect(diff.body.diff).not.toMatch(/<ins class="idiff addition">[^<]*Every change/);
  });
});
