import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tandem/shared-types';
import { loadLabelLookup } from '../src/core/markdown/label-lookup';
import { MarkdownService } from '../src/core/markdown/markdown.service';
import { ANON, bootApp, call, DB_MODES, insertPat, projectId, tokenAuth, type TestApp } from './harness';

interface ApiUser {
  id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string;
  web_url: string;
}

describe.each(DB_MODES)('users API and label references on %s', (mode) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await bootApp(mode);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /users?username= finds one user, ignoring case, in GitLab basic shape and without e-mail', async () => {
    const r = await call<ApiUser[]>(app, 'GET', '/api/v4/users?username=Alice', { auth: ANON });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.body).toHaveLength(1);
    const [alice] = r.body;
    expect(alice).toMatchObject({ username: 'alice', state: 'active', web_url: `${app.url}/alice`, avatar_url: `${app.url}/-/avatars/alice.svg` });
    expect(Object.keys(alice!)).not.toContain('email');
    expect((await call<ApiUser[]>(app, 'GET', '/api/v4/users?username=nobody-here')).body).toEqual([]);
  });

  it('GET /users pages and searches by username or name', async () => {
    const r = await call<ApiUser[]>(app, 'GET', '/api/v4/users?per_page=2');
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(Number(r.headers.get('x-total'))).toBeGreaterThan(2);
    expect(r.headers.get('link')).toContain('rel="next"');
    const s = await call<ApiUser[]>(app, 'GET', '/api/v4/users?search=ali');
    expect(s.body.map((u) => u.username)).toContain('alice');
    const bad = await call(app, 'GET', '/api/v4/users?username[]=a');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('username');
  });

  it('GET /users/:id answers the user, and 404 for an unknown or malformed id', async () => {
    const [alice] = (await call<ApiUser[]>(app, 'GET', '/api/v4/users?username=alice')).body;
    const r = await call<ApiUser>(app, 'GET', `/api/v4/users/${alice!.id}`, { auth: tokenAuth(await insertPat(app, 'bob', ['read_api'])) });
    expect(r.status).toBe(200);
    expect(r.body.username).toBe('alice');
    for (const id of ['999999', 'abc', '1e3']) {
      const miss = await call<{ message: string }>(app, 'GET', `/api/v4/users/${id}`);
      expect({ id, status: miss.status }).toEqual({ id, status: 404 });
      expect(miss.text).toContain(ERRORS.USER_NOT_FOUND.message);
    }
  });

  it('GET /users/:id/projects lists the projects the user is a member of, as far as the viewer may read them', async () => {
    const names = async (who: string, auth = ANON) => {
      const r = await call<Array<{ path_with_namespace: string; web_url: string }>>(app, 'GET', `/api/v4/users/${who}/projects`, { auth });
      expect({ who, status: r.status }).toEqual({ who, status: 200 });
      return r.body.map((p) => p.path_with_namespace);
    };
    const [alice] = (await call<ApiUser[]>(app, 'GET', '/api/v4/users?username=alice')).body;
    const bob = tokenAuth(await insertPat(app, 'bob', ['read_api']));
    const erin = tokenAuth(await insertPat(app, 'erin', ['read_api']));
    // alice is in the acme group: its public project and its private subgroup's project
    expect(await names(String(alice!.id), bob)).toEqual(['acme/platform/secret-plans', 'acme/tandem']);
    expect(await names('Alice', bob)).toEqual(['acme/platform/secret-plans', 'acme/tandem']);
    // a non-member and an anonymous viewer see only the public one
    expect(await names('alice', erin)).toEqual(['acme/tandem']);
    expect(await names('alice')).toEqual(['acme/tandem']);
    const page = await call<unknown[]>(app, 'GET', `/api/v4/users/alice/projects?per_page=1`, { auth: bob });
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-total')).toBe('2');
    // erin is nobody's member until added straight to the private project
    expect(await names('erin', erin)).toEqual([]);
    const secret = await projectId(app, 'acme/platform/secret-plans');
    await app.ds.query(`INSERT INTO members (source_type, source_id, user_id, access_level) SELECT 'Project', $1, id, 20 FROM users WHERE username = 'erin'`, [secret]);
    expect(await names('erin', erin)).toEqual(['acme/platform/secret-plans']);
    expect(await names('erin')).toEqual([]);
    for (const who of ['999999', 'nobody-here']) {
      const miss = await call(app, 'GET', `/api/v4/users/${who}/projects`);
      expect({ who, status: miss.status }).toEqual({ who, status: 404 });
      expect(miss.text).toContain(ERRORS.USER_NOT_FOUND.message);
    }
  });

  it('a ~label links only when the project or one of its groups has that label', async () => {
    const pid = await projectId(app, 'acme/tandem');
    const [{ id: groupId }] = (await app.ds.query(`SELECT id FROM namespaces WHERE path = 'acme' AND parent_id IS NULL`)) as [{ id: number }];
    await app.ds.query(`INSERT INTO labels (group_id, title, color) VALUES ($1, 'group wide', '#123456')`, [groupId]);
    const text = 'Fixes ~bug for ~30% of users; see ~"group wide" and ~nonexistent';
    const labelExists = await loadLabelLookup(app.ds.manager, pid, text);
    const html = new MarkdownService().render(text, { projectPath: 'acme/tandem', labelExists });
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/acme/tandem/-/issues?label_name[]=bug', '/acme/tandem/-/issues?label_name[]=group%20wide']);
    expect(html).toContain('~30%');
    expect(html).toContain('~nonexistent');
  });
});
