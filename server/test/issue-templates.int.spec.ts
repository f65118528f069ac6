import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@tandem/shared-types';
import { DEMO_ISSUE_TEMPLATES } from '../src/modules/demo/demo-issue-page.seed';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * Description templates as the edit form and GitLab's API clients see them: the project's list
 * ({key, name}), one template ({name, content}), readers of the project only, and maintainers
 * create, change and delete them; bad input is a 400 naming the field.
 */
const PUBLIC = 'acme/tandem';
const PRIVATE = 'acme/platform/secret-plans';

describe.each(DB_MODES)('issue templates on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const base = (p = PUBLIC) => `/api/v4/projects/${enc(p)}/templates/issues`;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the seeded templates and reads one, also for signed-out readers of a public project', async () => {
    const list = await call(app, 'GET', base(), { auth: who.anonymous });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.arrayContaining(DEMO_ISSUE_TEMPLATES.map((t) => ({ key: t.name, name: t.name }))));
    const one = await call(app, 'GET', `${base()}/${enc('feature proposal')}`, { auth: who.erin });
    expect(one.body).toEqual({ name: 'Feature proposal', content: DEMO_ISSUE_TEMPLATES[1].content });
    const missing = await call<{ message: string }>(app, 'GET', `${base()}/Nope`, { auth: who.bob });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('404 Template Not Found');
    expect((await call(app, 'GET', base(PRIVATE), { auth: who.erin })).status).toBe(404);
  });

  it('maintainers create, update and delete templates; developers may not', async () => {
    expect((await call(app, 'POST', base(), { auth: who.bob, body: { name: 'Chore', content: 'x' } })).status).toBe(403);
    expect((await call(app, 'POST', base(), { auth: who.anonymous, body: { name: 'Chore', content: 'x' } })).status).toBe(401);
    const created = await call(app, 'POST', base(), { auth: who.mallory, body: { name: ' Chore ', content: '- [ ] do it' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: 'Chore', content: '- [ ] do it' });
    const dup = await call<{ message: Record<string, string[]> }>(app, 'POST', base(), { auth: who.mallory, body: { name: 'chore', content: '' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toEqual({ name: ['has already been taken'] });

    const updated = await call(app, 'PUT', `${base()}/Chore`, { auth: who.mallory, body: { content: '- [ ] do it twice' } });
    expect(updated.body).toEqual({ name: 'Chore', content: '- [ ] do it twice' });
    expect((await call(app, 'GET', `${base()}/Chore`, { auth: who.bob })).body).toEqual({ name: 'Chore', content: '- [ ] do it twice' });

    expect((await call(app, 'DELETE', `${base()}/Chore`, { auth: who.bob })).status).toBe(403);
    expect((await call(app, 'DELETE', `${base()}/Chore`, { auth: who.mallory })).status).toBe(204);
    expect((await call(app, 'GET', `${base()}/Chore`, { auth: who.bob })).status).toBe(404);
    expect((await call(app, 'DELETE', `${base()}/Chore`, { auth: who.mallory })).status).toBe(404);
  });

  it('refuses bad input with a message naming the field', async () => {
    const blank = await call<{ message: Record<string, string[]> }>(app, 'POST', base(), { auth: who.mallory, body: { name: '  ', content: 'x' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toEqual({ name: [VALIDATION.required] });
    const slash = await call<{ message: Record<string, string[]> }>(app, 'POST', base(), { auth: who.mallory, body: { name: 'a/b', content: 'x' } });
    expect(Object.keys(slash.body.message)).toEqual(['name']);
    const noContent = await call<{ message: Record<string, string[]> }>(app, 'PUT', `${base()}/Bug`, { auth: who.mallory, body: { content: 5 } });
    expect(noContent.status).toBe(400);
    expect(noContent.body.message).toEqual({ content: [VALIDATION.notString] });
  });
});
