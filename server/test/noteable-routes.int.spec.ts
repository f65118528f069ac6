import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ApiAwardEmoji, type ApiEpic } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * The noteable routes are one set, mounted for every noteable type (noteableControllersFor):
 * what one type answers, the other does too. On Postgres and PGlite.
 */
describe.each(DB_MODES)('noteable routes on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const api = `/api/v4/groups/${enc('acme')}/epics`;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("REST v4 shows one award on an epic's note by its id, as on an issue's note (GitLab's award_emoji.rb)", async () => {
    const e = (await call<ApiEpic>(app, 'POST', api, { auth: who.carol, body: { title: 'Awarded epic' } })).body;
    const other = (await call<ApiEpic>(app, 'POST', api, { auth: who.carol, body: { title: 'Another epic' } })).body;
    const note = (await call<{ id: number }>(app, 'POST', `${api}/${e.iid}/notes`, { auth: who.dave, body: { body: 'React to me' } })).body;
    const awards = `${api}/${e.iid}/notes/${note.id}/award_emoji`;
    const created = await call<ApiAwardEmoji>(app, 'POST', awards, { auth: who.bob, body: { name: 'rocket' } });
    expect(created.status).toBe(201);

    const shown = await call<ApiAwardEmoji>(app, 'GET', `${awards}/${created.body.id}`, { auth: who.erin });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: created.body.id, name: 'rocket', awardable_type: 'Note', awardable_id: note.id, user: expect.objectContaining({ username: 'bob' }) });

    const unknown = await call<{ message: string }>(app, 'GET', `${awards}/999999`, { auth: who.erin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERRORS.AWARD_NOT_FOUND.message);
    const wrongEpic = await call<{ message: string }>(app, 'GET', `${api}/${other.iid}/notes/${note.id}/award_emoji/${created.body.id}`, { auth: who.erin });
    expect(wrongEpic.status).toBe(404);
    expect(wrongEpic.body.message).toBe(ERRORS.NOTE_NOT_FOUND.message);
  });
});
