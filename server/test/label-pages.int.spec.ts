import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * GitLab's suggested label colours served to the label create form, and the group labels JSON
 * page route (Groups::LabelsController#index as json), on Postgres and PGlite.
 */
describe.each(DB_MODES)('label pages on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it("serves GitLab's suggested colours to anyone, hex to name in GitLab's order", async () => {
    const res = await call<Record<string, string>>(app, 'GET', '/-/labels/suggested_colors.json', { auth: who.anonymous });
    expect(res.status).toBe(200);
    const entries = Object.entries(res.body);
    expect(entries).toHaveLength(21);
    expect(entries[0]).toEqual(['#009966', 'Green-cyan']);
    expect(entries.at(-1)).toEqual(['#c39953', 'Aztec Gold']);
    expect(res.body['#dc143c']).toBe('Crimson');
    for (const [hex] of entries) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("lists a group's labels with its ancestors' (id, title, color, text_color); a group the viewer may not see is 404", async () => {
    const made = await call<{ id: number }>(app, 'POST', `/api/v4/groups/${enc('acme')}/labels`, { auth: who.alice, body: { name: `group-wide-${mode}`, color: '#dc143c' } });
    expect(made.status).toBe(201);
    const sub = await call<{ id: number }>(app, 'POST', `/api/v4/groups/${enc('acme/platform')}/labels`, { auth: who.alice, body: { name: `platform-only-${mode}`, color: '#eee600' } });
    expect(sub.status).toBe(201);
    const top = await call<Array<Record<string, unknown>>>(app, 'GET', '/groups/acme/-/labels.json', { auth: who.bob });
    expect(top.status).toBe(200);
    const mine = top.body.find((l) => l.title === `group-wide-${mode}`);
    expect(mine).toEqual({ id: made.body.id, title: `group-wide-${mode}`, color: '#dc143c', text_color: '#FFFFFF' });
    expect(top.body.map((l) => l.title)).not.toContain(`platform-only-${mode}`);
    const fromSub = await call<Array<{ title: string; text_color: string }>>(app, 'GET', '/groups/acme/platform/-/labels.json', { auth: who.alice });
    expect(fromSub.body.map((l) => l.title)).toEqual(expect.arrayContaining([`group-wide-${mode}`, `platform-only-${mode}`]));
    expect(fromSub.body.find((l) => l.title === `platform-only-${mode}`)!.text_color).toBe('#333333');
    const searched = await call<Array<{ title: string }>>(app, 'GET', `/groups/acme/platform/-/labels.json?search=platform-only`, { auth: who.alice });
    expect(searched.body.map((l) => l.title)).toEqual([`platform-only-${mode}`]);
    // the private subgroup is not found for a stranger; an unknown group neither
    expect((await call(app, 'GET', '/groups/acme/platform/-/labels.json', { auth: who.erin })).status).toBe(404);
    expect((await call(app, 'GET', '/groups/nope/-/labels.json', { auth: who.bob })).status).toBe(404);
  });
});
