import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib' with { 'resolution-mode': 'import' };
import { CAPTCHA_HEADERS, SPAM_TEXTS, type ApiIssue, type NeedsCaptchaResponse } from '@tandem/shared-types';
import { bootApp, call, castOf, DB_MODES, enc, gql, issueRow, type Cast, type TestApp } from './harness';

/**
 * The spam check and its captcha retry, as clients see them on Postgres and PGlite: a flagged
 * issue create/update or comment is refused with needs_captcha_response (409 on REST and the
 * page, extensions on GraphQL) and writes nothing but a spam log; the same request with a
 * solved challenge goes through; a wrong, expired or reused answer is a 400 and writes nothing.
 */
const PUBLIC = 'acme/tandem';
const API = `/api/v4/projects/${enc(PUBLIC)}`;
const SPAM = 'Get free money at our site';

/** The widget's payload: base64 JSON of {challenge, solution}. */
/** altcha-lib is an ES module (this package is CommonJS): loaded in beforeAll. */
let lib: typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } });
let deriveKey: (typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } }))['deriveKey'];
const solveChallenge: (typeof lib)['solveChallenge'] = (o) => lib.solveChallenge(o);
const createChallenge: (typeof lib)['createChallenge'] = (o) => lib.createChallenge(o);

const payloadOf = (challenge: Challenge, solution: unknown) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

describe.each(DB_MODES)('spam check and captcha on %s', (mode) => {
  let app: TestApp;
  let who: Cast;

  /** What the client does: fetch the challenge of the spam log and solve it. */
  const solve = async (flagged: NeedsCaptchaResponse, auth = who.bob) => {
    const ch = await call<Challenge>(app, 'GET', `/-/captcha/challenge?site_key=${flagged.captcha_site_key}&spam_log_id=${flagged.spam_log_id}`, { auth });
    expect(ch.status).toBe(200);
    const solution = await solveChallenge({ challenge: ch.body, deriveKey });
    return payloadOf(ch.body, solution);
  };
  const spamLog = async (id: number) =>
    ((await app.ds.query('SELECT user_id, noteable_type, recaptcha_verified, reason, via_api, description FROM spam_logs WHERE id = $1', [id])) as Array<{ user_id: number; noteable_type: string; recaptcha_verified: boolean; reason: string; via_api: boolean; description: string }>)[0]!;

  beforeAll(async () => {
    lib = await import('altcha-lib');
    ({ deriveKey } = await import('altcha-lib/algorithms/pbkdf2'));
    app = await bootApp(mode);
    who = await castOf(app);
    await app.ds.query(`UPDATE users SET is_admin = true WHERE username = 'erin'`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a flagged REST update writes nothing; the same request with the solved captcha goes through, once', async () => {
    const before = await issueRow(app, PUBLIC, 3);
    const flagged = await call<NeedsCaptchaResponse>(app, 'PUT', `${API}/issues/3`, { auth: who.bob, body: { description: SPAM } });
    expect(flagged.status).toBe(409);
    expect(flagged.body).toMatchObject({ needs_captcha_response: true, captcha_site_key: 'tandem-altcha', message: { error: SPAM_TEXTS.recognizedAsSpam('issue') } });
    expect(typeof flagged.body.spam_log_id).toBe('number');
    expect(await issueRow(app, PUBLIC, 3)).toEqual(before);
    const log = await spamLog(flagged.body.spam_log_id);
    expect(log).toMatchObject({ noteable_type: 'Issue', recaptcha_verified: false, reason: 'spam word "free money"', via_api: true, description: SPAM });

    // only the user whose write was flagged gets the challenge, under the right site key
    expect((await call(app, 'GET', `/-/captcha/challenge?site_key=tandem-altcha&spam_log_id=${flagged.body.spam_log_id}`, { auth: who.carol })).status).toBe(404);
    expect((await call(app, 'GET', `/-/captcha/challenge?site_key=other&spam_log_id=${flagged.body.spam_log_id}`, { auth: who.bob })).status).toBe(404);

    const answer = await solve(flagged.body);
    const retried = await call<ApiIssue>(app, 'PUT', `${API}/issues/3`, { auth: who.bob, body: { description: SPAM, captcha_response: answer, spam_log_id: flagged.body.spam_log_id } });
    expect(retried.status).toBe(200);
    expect(retried.body.description).toBe(SPAM);
    expect((await spamLog(flagged.body.spam_log_id)).recaptcha_verified).toBe(true);

    // the same answer again: used up, nothing written
    const again = await call<{ message: string }>(app, 'PUT', `${API}/issues/3`, { auth: who.bob, body: { title: 'free money title', captcha_response: answer, spam_log_id: flagged.body.spam_log_id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SPAM_TEXTS.captchaInvalid);
    expect((await issueRow(app, PUBLIC, 3))!.title).toBe(before!.title);
  });

  it('a wrong, tampered, foreign or expired answer is a 400 and writes nothing', async () => {
    const body = { title: 'Casino bonus inside' };
    const flagged = (await call<NeedsCaptchaResponse>(app, 'POST', `${API}/issues`, { auth: who.bob, body })).body;
    expect(flagged.needs_captcha_response).toBe(true);
    const count = async () => ((await app.ds.query(`SELECT count(*)::int AS n FROM issues WHERE title = $1`, [body.title])) as Array<{ n: number }>)[0]!.n;
    expect(await count()).toBe(0);
    const ch = (await call<Challenge>(app, 'GET', `/-/captcha/challenge?site_key=tandem-altcha&spam_log_id=${flagged.spam_log_id}`, { auth: who.bob })).body;
    const solution = (await solveChallenge({ challenge: ch, deriveKey }))!;
    const retry = (captcha_response: string, spam_log_id = flagged.spam_log_id, auth = who.bob) => call<{ message: string }>(app, 'POST', `${API}/issues`, { auth, body: { ...body, captcha_response, spam_log_id } });

    const wrong = await retry(payloadOf(ch, { ...solution, counter: solution.counter + 1, derivedKey: '00'.repeat(32) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SPAM_TEXTS.captchaInvalid);
    expect((await retry('not a payload')).status).toBe(400);
    // signed by this server, but for another user's spam log
    expect((await retry(payloadOf(ch, solution), flagged.spam_log_id, who.carol)).status).toBe(400);
    // a challenge that expired (signed with the spam log's own secret)
    const [{ captcha_secret }] = (await app.ds.query('SELECT captcha_secret FROM spam_logs WHERE id = $1', [flagged.spam_log_id])) as Array<{ captcha_secret: string }>;
    const old = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 100, counter: 5, deriveKey, hmacSignatureSecret: captcha_secret, expiresAt: new Date(Date.now() - 1000), data: { spam_log_id: flagged.spam_log_id } });
    expect((await retry(payloadOf(old, await solveChallenge({ challenge: old, deriveKey })))).status).toBe(400);
    expect(await count()).toBe(0);
    expect((await spamLog(flagged.spam_log_id)).recaptcha_verified).toBe(false);

    // the right answer still works
    const created = await retry(payloadOf(ch, solution));
    expect(created.status).toBe(201);
    expect(await count()).toBe(1);
  });

  it('comments: REST 409 then 201; GraphQL answers in the error extensions and takes the answer in headers', async () => {
    const notes = async () => ((await app.ds.query(`SELECT count(*)::int AS n FROM notes WHERE note LIKE '%payday loan%'`)) as Array<{ n: number }>)[0]!.n;
    const flagged = await call<NeedsCaptchaResponse>(app, 'POST', `${API}/issues/4/notes`, { auth: who.carol, body: { body: 'Cheap payday loan here' } });
    expect(flagged.status).toBe(409);
    expect(flagged.body.message).toEqual({ error: SPAM_TEXTS.recognizedAsSpam('comment') });
    expect((await spamLog(flagged.body.spam_log_id)).noteable_type).toBe('Note');
    expect(await notes()).toBe(0);
    const ok = await call(app, 'POST', `${API}/issues/4/notes`, { auth: who.carol, body: { body: 'Cheap payday loan here', captcha_response: await solve(flagged.body, who.carol), spam_log_id: flagged.body.spam_log_id } });
    expect(ok.status).toBe(201);
    expect(await notes()).toBe(1);

    const [{ id }] = (await app.ds.query(`SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id WHERE p.full_path = $1 AND i.iid = 5`, [PUBLIC])) as Array<{ id: number }>;
    const mutation = `mutation($id: NoteableID!) { createNote(input: {noteableId: $id, body: "Another payday loan"}) { note { id } errors } }`;
    const g = await gql(app, mutation, { id: `gid://tandem/Issue/${id}` }, who.bob);
    expect(g.errors![0]!.message).toBe(SPAM_TEXTS.graphqlNeedsCaptcha);
    const ext = g.errors![0]!.extensions as unknown as NeedsCaptchaResponse;
    expect(ext).toMatchObject({ needs_captcha_response: true, captcha_site_key: 'tandem-altcha' });
    expect(await notes()).toBe(1);
    const answer = await solve(ext);
    const res = await call<{ data: { createNote: { note: { id: string } | null; errors: string[] } } }>(app, 'POST', '/api/graphql', {
      auth: who.bob,
      body: { query: mutation, variables: { id: `gid://tandem/Issue/${id}` } },
      headers: { [CAPTCHA_HEADERS.response]: answer, [CAPTCHA_HEADERS.spamLogId]: String(ext.spam_log_id) },
    });
    expect(res.body.data.createNote.note).not.toBeNull();
    expect(await notes()).toBe(2);
  });

  it('the page PUT answers the same 409; clean text, unchanged text and admins are not checked', async () => {
    const page = await call<NeedsCaptchaResponse>(app, 'PUT', `/${PUBLIC}/-/issues/6.json`, { auth: who.bob, body: { issue: { title: 'Viagra deals' } } });
    expect(page.status).toBe(409);
    expect(page.body.needs_captcha_response).toBe(true);
    expect((await call(app, 'PUT', `${API}/issues/6`, { auth: who.bob, body: { title: 'A normal title' } })).status).toBe(200);
    // an admin's write goes through
    expect((await call(app, 'PUT', `${API}/issues/6`, { auth: who.erin, body: { description: SPAM } })).status).toBe(200);
    // someone else saving other fields of an issue whose text is spam already is not stopped
    expect((await call(app, 'PUT', `${API}/issues/6`, { auth: who.bob, body: { description: SPAM, weight: 2 } })).status).toBe(200);
  });
});
