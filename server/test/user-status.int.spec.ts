import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUserStatus } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, gql, type Cast, type TestApp } from './harness';

/**
 * A user's status as GitLab clients set and read it, on Postgres and PGlite: an emoji and a
 * message, cleared after one of the spec's durations (`clear_status_after`), read back by
 * anyone (REST `GET /users/:id/status`, GraphQL `User.status`); bad input is a 400 naming the
 * field and changes nothing; an expired status reads as none.
 */
describe.each(DB_MODES)('user status on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  let bobId = 0;
  const put = (body: unknown) => call<ApiUserStatus & { message?: unknown }>(app, 'PUT', '/api/v4/user/status', { auth: who.bob, body });
  const ofBob = async () => (await call<ApiUserStatus>(app, 'GET', `/api/v4/users/${bobId}/status`)).body;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
    bobId = Number(((await app.ds.query(`SELECT id FROM users WHERE username = 'bob'`)) as Array<{ id: number }>)[0]!.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sets an emoji and a message that clear themselves after the chosen duration; anyone reads it', async () => {
    const before = Date.now();
    const res = await put({ emoji: 'coffee', message: 'Lunch <b>break</b>', clear_status_after: '30_minutes' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ availability: 'not_set', emoji: 'coffee', message: 'Lunch <b>break</b>', message_html: 'Lunch &lt;b&gt;break&lt;/b&gt;' });
    const clears = Date.parse(res.body.clear_status_at!);
    expect(clears - before).toBeGreaterThan(29 * 60_000);
    expect(clears - before).toBeLessThan(31 * 60_000);
    expect(await ofBob()).toEqual(res.body);
    const read = await gql<{ currentUser: { status: { emoji: string; message: string; clearStatusAt: string } } }>(app, `{ currentUser { status { emoji message clearStatusAt } } }`, {}, who.bob);
    expect(read.data?.currentUser.status).toEqual({ emoji: 'coffee', message: 'Lunch <b>break</b>', clearStatusAt: res.body.clear_status_at });
  });

  it("a message alone gets GitLab's speech balloon; no clear_status_after keeps it; once past its time it reads as none", async () => {
    const res = await put({ message: 'Focusing', emoji: null });
    expect(res.body).toMatchObject({ emoji: 'speech_balloon', message: 'Focusing', clear_status_at: null });
    await put({ emoji: 'palm_tree', message: 'Away', clear_status_after: '8_hours' });
    await app.ds.query(`UPDATE user_statuses SET clear_status_at = now() - interval '1 minute' WHERE user_id = $1`, [bobId]);
    expect(await ofBob()).toMatchObject({ availability: 'not_set', emoji: null, message: null, clear_status_at: null });
  });

  it('refuses an unknown emoji, an unknown duration and a long message with a 400 naming the field; nothing changes', async () => {
    await put({ emoji: 'tada', message: 'Shipped', clear_status_after: '1_day' });
    const kept = await ofBob();
    for (const [body, field] of [
      [{ emoji: 'not_an_emoji_at_all' }, 'emoji'],
      [{ message: 'x', clear_status_after: '2_hours' }, 'clear_status_after'],
      [{ message: 'y'.repeat(101) }, 'message'],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(field);
    }
    expect(await ofBob()).toEqual(kept);
    expect((await call(app, 'PUT', '/api/v4/user/status', { body: { message: 'anon' } })).status).toBe(401);
  });
});
