import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';

/**
 * Invitations as an inviter and an invitee see them: the project invitations API (GitLab's
 * shapes and validation, past expiry refused), the mail in the outbox with the link, the link's
 * details, and sign-up through it making the membership (the new member then reads the
 * private project); sign-up's own validation messages.
 */
const PRIVATE = 'acme/platform/secret-plans';

interface Outbox {
  to: string;
  subject: string;
  body: string;
}

describe.each(DB_MODES)('invitations and sign-up on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const invitations = `/api/v4/projects/${enc(PRIVATE)}/invitations`;

  beforeAll(async () => {
    app = await bootApp(mode);
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('validates the body: email, access level and an expiry not in the past, each named', async () => {
    const res = await call<{ message: Record<string, string[]> }>(app, 'POST', invitations, { auth: who.mallory, body: { email: 'not-an-email', access_level: 35, expires_at: '2001-01-01' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual({ email: ['is invalid'], access_level: [expect.stringContaining('must be one of')], expires_at: ['cannot be a date in the past'] });
  });

  it('only maintainers and up may invite; others get 403, strangers 404, visitors 401', async () => {
    const body = { email: 'x@example.com', access_level: 30 };
    expect((await call(app, 'POST', invitations, { auth: who.bob, body })).status).toBe(403);
    expect((await call(app, 'POST', invitations, { auth: who.erin, body })).status).toBe(404);
    expect((await call(app, 'POST', invitations, { body })).status).toBe(401);
  });

  it('an existing user is added as a member at once; a member already is an error in GitLab shape', async () => {
    const [erin] = (await app.ds.query(`SELECT email FROM users WHERE username = 'erin'`)) as Array<{ email: string }>;
    const added = await call(app, 'POST', invitations, { auth: who.mallory, body: { email: erin!.email, access_level: 20 } });
    expect(added.body).toEqual({ status: 'success' });
    expect((await call(app, 'GET', `/api/v4/projects/${enc(PRIVATE)}`, { auth: who.erin })).status).toBe(200);
    const again = await call<{ status: string; message: Record<string, string> }>(app, 'POST', invitations, { auth: who.mallory, body: { email: erin!.email, access_level: 20 } });
    expect(again.body).toEqual({ status: 'error', message: { [erin!.email]: 'User already exists in source' } });
  });

  it('a new address gets an invitation and a mail with the link; signing up through it joins the project', async () => {
    const email = `newbie-${mode}@example.com`;
    const res = await call(app, 'POST', invitations, { auth: who.mallory, body: { email, access_level: 30, expires_at: '2999-12-31' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success' });
    const twice = await call<{ status: string; message: Record<string, string> }>(app, 'POST', invitations, { auth: who.mallory, body: { email, access_level: 30 } });
    expect(twice.body).toEqual({ status: 'error', message: { [email]: 'Invite email has already been taken' } });
    const listed = await call<Array<{ invite_email: string; access_level: number; expires_at: string }>>(app, 'GET', invitations, { auth: who.mallory });
    expect(listed.body).toContainEqual(expect.objectContaining({ invite_email: email, access_level: 30, expires_at: '2999-12-31' }));

    const outbox = await call<Outbox[]>(app, 'GET', '/-/outbox');
    const mail = outbox.body.find((m) => m.to === email)!;
    expect(mail.subject).toContain('Secret plans');
    const token = /\/-\/invites\/([0-9a-f]{48})/.exec(mail.body)![1]!;
    const details = await call<{ email: string; source_path: string; role: string }>(app, 'GET', `/-/invites/${token}/details`);
    expect(details.body).toMatchObject({ email, source_path: PRIVATE, role: 'Developer' });

    const signUp = await call<{ user: { username: string }; joined: string }>(app, 'POST', '/users', { body: { username: `newbie_${mode}`, name: 'New Bie', email, password: 'correct horse', invite_token: token } });
    expect(signUp.status).toBe(201);
    expect(signUp.body.joined).toBe(PRIVATE);
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    const project = await call<{ path_with_namespace: string }>(app, 'GET', `/api/v4/projects/${enc(PRIVATE)}`, { headers: { cookie } });
    expect(project.status).toBe(200);
    const [member] = (await app.ds.query(`SELECT m.access_level, m.expires_at::text AS expires_at FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1`, [`newbie_${mode}`])) as Array<{ access_level: number; expires_at: string }>;
    expect(member).toEqual({ access_level: 30, expires_at: '2999-12-31' });
    expect((await call(app, 'GET', `/-/invites/${token}/details`)).status).toBe(404);
    expect((await call<unknown[]>(app, 'GET', invitations, { auth: who.mallory })).body).not.toContainEqual(expect.objectContaining({ invite_email: email }));
  });

  it('an invitation can be revoked', async () => {
    await call(app, 'POST', invitations, { auth: who.mallory, body: { email: 'gone@example.com', access_level: 10 } });
    expect((await call(app, 'DELETE', `${invitations}/${enc('gone@example.com')}`, { auth: who.mallory })).status).toBe(204);
    expect((await call(app, 'DELETE', `${invitations}/${enc('gone@example.com')}`, { auth: who.mallory })).status).toBe(404);
  });

  it('sign-up names each bad field, and a taken username or email', async () => {
    const bad = await call<{ message: Record<string, string[]> }>(app, 'POST', '/users', { body: { username: '-x', name: '', email: 'nope', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({
      username: [expect.stringContaining("can contain only letters")],
      name: ["can't be blank"],
      email: ['is invalid'],
      password: ['is too short (minimum is 8 characters)'],
    });
    const taken = await call<{ message: Record<string, string[]> }>(app, 'POST', '/users', { body: { username: 'Alice', name: 'A', email: 'alice@example.com', password: 'long enough pw' } });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toEqual({ username: ['has already been taken'], email: ['has already been taken'] });
  });
});
