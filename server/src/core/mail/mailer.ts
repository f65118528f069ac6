import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { JobQueue, RetryJobLater } from '../jobs/job-queue';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (Service Desk: the reply address). */
  replyTo?: string | null;
  /** Extra headers (Message-ID, In-Reply-To, References, List-Unsubscribe...), stored with the message and sent with it. */
  headers?: Record<string, string> | null;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  reply_to: string | null;
  headers: Record<string, string> | null;
  /** outbox: stored only (no SMTP); smtp: the SMTP server took it; pending: to be retried; failed: gave up. */
  delivered_by: 'outbox' | 'smtp' | 'pending' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
}

interface Pending extends MailMessage {
  id: number;
  attempts: number;
}

/** The job that delivers an outbox row, due now or (for the inline first try) once its lease ends. */
const LEASE_SQL = "now() + interval '10 minutes'";
const MAIL_QUEUE = 'mail';

/**
 * Outgoing mail. Every message is written to the `outbox_emails` table first (developers read
 * it at GET /-/outbox; README, configuration). With SMTP_URL it is then sent through that
 * server (nodemailer) by a 'mail' job of the one job queue (core/jobs), written in the same
 * statement as the row: a refusal or an unreachable server leaves it 'pending', retried with
 * a doubling delay (MAIL_RETRY_BASE_SECONDS) by whichever node claims the job first, until the
 * server takes it or MAIL_MAX_ATTEMPTS tries have failed ('failed', logged as an error).
 * Without SMTP_URL nothing leaves the machine.
 */
@Injectable()
export class Mailer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  onModuleInit(): void {
    // The mail's own attempts decide when to give up (RetryJobLater), so the queue's limit is only a backstop
    this.jobs.register<{ outbox_id: number | string }>(MAIL_QUEUE, (job) => this.deliverJob(Number(job.payload.outbox_id)), { maxAttempts: 1000 });
  }

  /**
   * Stores the message, then (with SMTP) sends it once now. An SMTP failure is logged and
   * retried later, never thrown at the caller: the write that caused the mail has happened.
   */
  async send(message: MailMessage): Promise<void> {
    if (!this.transport) {
      await this.ds.query(`INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by) VALUES ($1, $2, $3, $4, $5::jsonb, 'outbox')`, [message.to, message.subject, message.text, message.replyTo ?? null, headersJson(message)]);
      return;
    }
    // The row and its job in one statement; the job waits out a lease while this node tries once now
    const [row] = (await this.ds.query(
      `WITH m AS (INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by, next_attempt_at) VALUES ($1, $2, $3, $4, $5::jsonb, 'pending', now()) RETURNING id),
       j AS (INSERT INTO background_jobs (queue, payload, run_at) SELECT '${MAIL_QUEUE}', jsonb_build_object('outbox_id', m.id), ${LEASE_SQL} FROM m RETURNING id)
       SELECT m.id, j.id AS job_id FROM m, j`,
      [message.to, message.subject, message.text, message.replyTo ?? null, headersJson(message)],
    )) as Array<{ id: number; job_id: number }>;
    const retryIn = await this.attempt({ ...message, id: Number(row!.id), attempts: 0 });
    if (retryIn === null) await this.ds.query('DELETE FROM background_jobs WHERE id = $1', [row!.job_id]);
    else {
      await this.ds.query('UPDATE background_jobs SET run_at = now() + make_interval(secs => $2::float8) WHERE id = $1', [row!.job_id, retryIn]);
      this.jobs.wakeIn(retryIn);
    }
  }

  /**
   * Stores the message as due now and returns without waiting for SMTP: the send happens in the
   * background through its job (claimed, leased, retried). For answers that must take the same
   * time whether or not a mail was written (the password-reset request), and for mail written
   * by background work (notifications).
   */
  async enqueue(message: MailMessage): Promise<void> {
    await this.enqueueMany([message]);
  }

  /** `enqueue` for many messages, written (with their jobs) in one statement (a notification's recipients). */
  async enqueueMany(messages: readonly MailMessage[]): Promise<void> {
    if (!messages.length) return;
    const values = [messages.map((m) => m.to), messages.map((m) => m.subject), messages.map((m) => m.text), messages.map((m) => m.replyTo ?? null), messages.map(headersJson)];
    const rows = `SELECT m.to_address, m.subject, m.body, m.reply_to, m.headers::jsonb FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m(to_address, subject, body, reply_to, headers, ord) ORDER BY m.ord`;
    if (!this.transport) {
      await this.ds.query(`INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by) SELECT r.*, 'outbox' FROM (${rows}) r`, values);
      return;
    }
    await this.ds.query(
      `WITH m AS (INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by, next_attempt_at) SELECT r.*, 'pending', now() FROM (${rows}) r RETURNING id)
       INSERT INTO background_jobs (queue, payload) SELECT '${MAIL_QUEUE}', jsonb_build_object('outbox_id', m.id) FROM m ORDER BY m.id`,
      values,
    );
    this.jobs.kick();
  }

  /** The 'mail' job: one try of a pending message; another later (RetryJobLater) unless it went or was given up. */
  private async deliverJob(outboxId: number): Promise<void> {
    const [r] = (await this.ds.query(`SELECT id, to_address, subject, body, reply_to, headers, attempts FROM outbox_emails WHERE id = $1 AND delivered_by = 'pending'`, [outboxId])) as Array<{
      id: number; to_address: string; subject: string; body: string; reply_to: string | null; headers: Record<string, string> | null; attempts: number;
    }>;
    if (!r || !this.transport) return;
    const retryIn = await this.attempt({ id: Number(r.id), to: r.to_address, subject: r.subject, text: r.body, replyTo: r.reply_to, headers: r.headers, attempts: Number(r.attempts) });
    if (retryIn !== null) throw new RetryJobLater(retryIn, 'SMTP refused the message');
  }

  /** One try; returns the seconds until the next (null when sent or given up), the row updated either way. */
  private async attempt(m: Pending): Promise<number | null> {
    const attempts = m.attempts + 1;
    try {
      await this.transport!.sendMail({ from: this.config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, ...(m.replyTo ? { replyTo: m.replyTo } : {}), ...threadOptions(m.headers) });
    } catch (err) {
      const gaveUp = attempts >= this.config.MAIL_MAX_ATTEMPTS;
      const delaySeconds = Math.min(3600, this.config.MAIL_RETRY_BASE_SECONDS * 2 ** (attempts - 1));
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await this.ds.query(
        `UPDATE outbox_emails SET attempts = $2, last_error = $3,
           delivered_by = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,
           next_attempt_at = CASE WHEN $4::boolean THEN NULL ELSE now() + make_interval(secs => $5::float8) END
         WHERE id = $1`,
        [m.id, attempts, reason, gaveUp, delaySeconds],
      );
      if (gaveUp) this.logger.error({ err, outboxId: m.id, attempts }, 'SMTP delivery failed for good; the message is marked failed in the outbox');
      else this.logger.warn({ err, outboxId: m.id, attempts, retryInSeconds: delaySeconds }, 'SMTP delivery failed; it will be retried');
      return gaveUp ? null : delaySeconds;
    }
    await this.ds.query(`UPDATE outbox_emails SET delivered_by = 'smtp', attempts = $2, next_attempt_at = NULL, last_error = NULL WHERE id = $1`, [m.id, attempts]);
    return null;
  }

  /** The newest messages first. */
  async outbox(limit = 50): Promise<OutboxMessage[]> {
    const rows = (await this.ds.query(
      'SELECT id, to_address, subject, body, reply_to, headers, delivered_by, attempts, next_attempt_at, last_error, created_at FROM outbox_emails ORDER BY id DESC LIMIT $1',
      [limit],
    )) as Array<{
      id: number; to_address: string; subject: string; body: string; reply_to: string | null; headers: Record<string, string> | null; delivered_by: OutboxMessage['delivered_by']; attempts: number;
      next_attempt_at: Date | null; last_error: string | null; created_at: Date;
    }>;
    return rows.map((r) => ({
      id: Number(r.id),
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      reply_to: r.reply_to,
      headers: r.headers,
      delivered_by: r.delivered_by,
      attempts: Number(r.attempts),
      next_attempt_at: r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
      last_error: r.last_error,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

const headersJson = (m: MailMessage): string | null => (m.headers && Object.keys(m.headers).length ? JSON.stringify(m.headers) : null);

/** Stored headers as nodemailer's options: the thread's ids by their own options (nodemailer writes them), the rest as headers. */
function threadOptions(h: Record<string, string> | null | undefined) {
  if (!h) return {};
  const { 'Message-ID': messageId, 'In-Reply-To': inReplyTo, References: references, ...rest } = h;
  return { ...(messageId ? { messageId } : {}), ...(inReplyTo ? { inReplyTo } : {}), ...(references ? { references } : {}), headers: rest };
}
