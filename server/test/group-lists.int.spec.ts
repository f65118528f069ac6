import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, type Cast, type TestApp } from './harness';

/**
 * The group issues page's reads: GET /groups/:id/issues (the group's and its subgroups'
 * projects, only what the actor may read) and GET /groups/:id/projects (the "New issue in
 * project" picker's list: include_subgroups, search, archived=false).
 */
describe.each(DB_MODES)('group issue and project lists on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists the group's issues across its projects, private subgroup projects only for their readers", async () => {
    const mine = await call<Array<{ references: { full: string } }>>(app, 'GET', '/api/v4/groups/acme/issues?state=all&per_page=100', { auth: who.alice });
    expect(mine.status).toBe(200);
    const paths = new Set(mine.body.map((i) => i.references.full.replace(/#\d+$/, '')));
    expect(paths).toEqual(new Set(['acme/tandem', 'acme/platform/secret-plans']));
    const erin = await call<Array<{ references: { full: string } }>>(app, 'GET', '/api/v4/groups/acme/issues?state=all&per_page=100', { auth: who.erin });
    expect(new Set(erin.body.map((i) => i.references.full.replace(/#\d+$/, '')))).toEqual(new Set(['acme/tandem']));
    expect((await call(app, 'GET', '/api/v4/groups/nope/issues')).status).toBe(404);
  });

  it("lists the group's projects for the picker: subgroups included on request, searched, archived left out", async () => {
    const direct = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/groups/acme/projects', { auth: who.alice });
    expect(direct.body.map((p) => p.path_with_namespace)).toEqual(['acme/tandem']);
    const all = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/groups/acme/projects?include_subgroups=true&with_issues_enabled=true', { auth: who.alice });
    expect(all.body.map((p) => p.path_with_namespace).sort()).toEqual(['acme/platform/secret-plans', 'acme/tandem']);
    const erin = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/groups/acme/projects?include_subgroups=true', { auth: who.erin });
    expect(erin.body.map((p) => p.path_with_namespace)).toEqual(['acme/tandem']);
    const searched = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/groups/acme/projects?include_subgroups=true&search=%20secret%20', { auth: who.alice });
    expect(searched.body.map((p) => p.path_with_namespace)).toEqual(['acme/platform/secret-plans']);
    await app.ds.query(`UPDATE projects SET archived = true WHERE full_path = 'acme/platform/secret-plans'`);
    const active = await call<Array<{ path_with_namespace: string }>>(app, 'GET', '/api/v4/groups/acme/projects?include_subgroups=true&archived=false', { auth: who.alice });
    expect(active.body.map((p) => p.path_with_namespace)).toEqual(['acme/tandem']);
    await app.ds.query(`UPDATE projects SET archived = false WHERE full_path = 'acme/platform/secret-plans'`);
  });
});
