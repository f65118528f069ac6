import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/core/jobs/job-queue';
import type { OutboxMessage } from '../src/core/mail/mailer';
import { bootApp, call, castOf, DB_MODES, enc, type Cast, type TestApp } from './harness';
import { FakeSmtp } from './support/fake-smtp';
import { waitFor } from './support/shared-harness';

const PRIVATE = 'acme/platform/secret-plans';

/**
 * Mail is not lost when the SMTP server refuses it: the invitation's mail (any mail) stays
 * 'pending' in the outbox with the server's answer, is retried with a doubling delay until the
 * server takes it, exactly once, and is marked 'failed' after MAIL_MAX_ATTEMPTS tries.
 */
describe.each(DB_MODES)('mail retried after SMTP refusals on %s', (mode) => {
  let app: TestApp;
  let who: Cast;
  const smtp = new FakeSmtp();
  const invite = (email: string) => call(app, 'POST', `/api/v4/projects/${enc(PRIVATE)}/invitations`, { auth: who.mallory, body: { email, access_level: 30 } });
  const outboxOf = async (email: string) => ((await call<OutboxMessage[]>(app, 'GET', '/-/outbox')).body).find((m) => m.to === email);
  const jobs = () => app.running.app.get(JobQueue);

  beforeAll(async () => {
    const url = await smtp.listen();
    // a 1 s base delay keeps the test short; a retry due before the next poll gets its own round
    app = await bootApp(mode, { SMTP_URL: url, MAIL_RETRY_BASE_SECONDS: '1', MAIL_MAX_ATTEMPTS: '3' });
    who = await castOf(app);
  });
  afterAll(async () => {
    await app?.close();
    await smtp.close();
  });

  it('a mail the server takes at once is sent once and marked smtp', async () => {
    const email = `at-once-${mode}@example.com`;
    expect((await invite(email)).status).toBe(201);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(await outboxOf(email)).toMatchObject({ delivered_by: 'smtp', attempts: 1, last_error: null, next_attempt_at: null });
  });

  it('a refused mail stays pending with the reason, then is delivered once by the retry', async () => {
    const email = `refused-${mode}@example.com`;
    smtp.refuseNext(2);
    // the invitation itself succeeds: the mail is the server's to retry, not the user's
    expect((await invite(email)).status).toBe(201);
    const pending = (await outboxOf(email))!;
    expect(pending).toMatchObject({ delivered_by: 'pending', attempts: 1 });
    expect(pending.last_error).toContain('451');
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
    // refused once more at the first retry, taken at the second (1 s, then 2 s later)
    const sent = await waitFor('the retried mail', async () => {
      const m = await outboxOf(email);
      return m?.delivered_by === 'smtp' ? m : null;
    }, 20_000, 200);
    expect(sent).toMatchObject({ attempts: 3, last_error: null, next_attempt_at: null });
    const got = smtp.received.filter((m) => m.to.includes(email));
    expect(got).toHaveLength(1);
    expect(got[0]!.data).toContain('/-/invites/');
  });

  it('a password-reset mail is stored pending and sent in the background, once; refused, it is retried', async () => {
    const ask = () => call(app, 'POST', '/users/password', { body: { email: 'carol@example.com' } });
    const resetMails = () => smtp.received.filter((m) => m.to.includes('carol@example.com') && m.data.includes('Subject: Reset password instructions'));
    expect((await ask()).status).toBe(200);
    await waitFor('the reset mail', () => resetMails().length === 1, 10_000, 50);
    smtp.refuseNext(1);
    expect((await ask()).status).toBe(200);
    await waitFor('the refused reset mail, retried', () => resetMails().length === 2, 20_000, 100);
    const rows = (await app.ds.query(`SELECT delivered_by, attempts FROM outbox_emails WHERE to_address = 'carol@example.com' ORDER BY id`)) as Array<{ delivered_by: string; attempts: number }>;
    expect(rows.map((r) => [r.delivered_by, Number(r.attempts)])).toEqual([['smtp', 1], ['smtp', 2]]);
  });

  it('retries racing on one database send a due message once', async () => {
    const email = `race-${mode}@example.com`;
    smtp.refuseNext(1);
    expect((await invite(email)).status).toBe(201);
    // make its job due now, then claim it from several rounds at once (the retry's own round may join them)
    await app.ds.query(
      `UPDATE background_jobs SET run_at = now() - interval '1 second' WHERE queue = 'mail' AND (payload->>'outbox_id')::int = (SELECT id FROM outbox_emails WHERE to_address = $1)`,
      [email],
    );
    await Promise.all([jobs().runDue(), jobs()['claimAndRun'](), jobs()['claimAndRun']()]);
    await waitFor('the raced mail', async () => ((await outboxOf(email))?.delivered_by === 'smtp' ? true : null), 10_000, 100);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await outboxOf(email))!.attempts).toBe(2);
  });

  it('after MAIL_MAX_ATTEMPTS refusals the message is marked failed and no longer tried', async () => {
    const email = `given-up-${mode}@example.com`;
    smtp.refuseNext(1000);
    try {
      expect((await invite(email)).status).toBe(201);
      const failed = await waitFor('the failed mail', async () => {
        const m = await outboxOf(email);
        return m?.delivered_by === 'failed' ? m : null;
      }, 20_000, 200);
      expect(failed).toMatchObject({ attempts: 3, next_attempt_at: null });
      expect(failed.last_error).toContain('451');
      const attemptsSoFar = smtp.attempts;
      expect(await jobs().runDue()).toBe(0);
      expect(smtp.attempts).toBe(attemptsSoFar);
    } finally {
      smtp.refuseNext(0);
    }
  });
});
