import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';

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

/** How long one node holds a message it is sending before another may try it. */
const LEASE_SQL = "now() + interval '10 minutes'";
const RETRY_BATCH = 20;

/**
 * Outgoing mail. Every message is written to the `outbox_emails` table first (developers read
 * it at GET /-/outbox; README, configuration). With SMTP_URL it is then sent through that
 * server (nodemailer); a refusal or an unreachable server leaves it 'pending', retried with
 * a doubling delay (MAIL_RETRY_BASE_SECONDS) by whichever node claims it first, until the
 * server takes it or MAIL_MAX_ATTEMPTS tries have failed ('failed', logged as an error).
 * Without SMTP_URL nothing leaves the machine.
 */
@Injectable()
export class Mailer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private retrying: Promise<number> | null = null;
  /** Set by enqueue: one more claim round is due once the running one ends. */
  private again = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  onApplicationBootstrap(): void {
    if (!this.transport) return;
    const every = Math.min(60, this.config.MAIL_RETRY_BASE_SECONDS) * 1000;
    this.timer = setInterval(() => void this.retryDue(), every);
    this.timer.unref();
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
    // Leased while this node sends it, so no retry elsewhere sends it at the same time
    const [row] = (await this.ds.query(
      `INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by, next_attempt_at) VALUES ($1, $2, $3, $4, $5::jsonb, 'pending', ${LEASE_SQL}) RETURNING id`,
      [message.to, message.subject, message.text, message.replyTo ?? null, headersJson(message)],
    )) as Array<{ id: number }>;
    await this.attempt({ ...message, id: Number(row!.id), attempts: 0 });
  }

  /**
   * Stores the message as due now and returns without waiting for SMTP: the send happens in the
   * background through the retry path (claimed, leased, retried). For answers that must take
   * the same time whether or not a mail was written (the password-reset request).
   */
  async enqueue(message: MailMessage): Promise<void> {
    await this.enqueueMany([message]);
  }

  /** `enqueue` for many messages, written in one statement (a notification's recipients). */
  async enqueueMany(messages: readonly MailMessage[]): Promise<void> {
    if (!messages.length) return;
    const status = this.transport ? 'pending' : 'outbox';
    await this.ds.query(
      `INSERT INTO outbox_emails (to_address, subject, body, reply_to, headers, delivered_by, next_attempt_at)
       SELECT m.to_address, m.subject, m.body, m.reply_to, m.headers::jsonb, $6, ${this.transport ? 'now()' : 'NULL'}
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m(to_address, subject, body, reply_to, headers, ord) ORDER BY m.ord`,
      [messages.map((m) => m.to), messages.map((m) => m.subject), messages.map((m) => m.text), messages.map((m) => m.replyTo ?? null), messages.map(headersJson), status],
    );
    if (!this.transport) return;
    if (this.retrying) this.again = true;
    else void this.retryDue();
  }

  /**
   * Sends the pending messages that are due, each claimed (FOR UPDATE SKIP LOCKED, then
   * leased) so that two nodes never send one twice; returns how many were tried.
   */
  retryDue(): Promise<number> {
    if (!this.transport) return Promise.resolve(0);
    this.retrying ??= this.claimAndSend()
      .then(async (n) => {
        // A message enqueued while this round ran is sent by one more round, not the next tick
        while (this.again) {
          this.again = false;
          n += await this.claimAndSend();
        }
        return n;
      })
      .finally(() => (this.retrying = null));
    return this.retrying;
  }

  private async claimAndSend(): Promise<number> {
    try {
      const rows = (await this.ds.query(
        `WITH claimed AS (
           UPDATE outbox_emails SET next_attempt_at = ${LEASE_SQL}
           WHERE id IN (SELECT id FROM outbox_emails WHERE delivered_by = 'pending' AND next_attempt_at <= now()
                        ORDER BY next_attempt_at, id LIMIT ${RETRY_BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING id, to_address, subject, body, reply_to, headers, attempts)
         SELECT * FROM claimed ORDER BY id`,
      )) as Array<{ id: number; to_address: string; subject: string; body: string; reply_to: string | null; headers: Record<string, string> | null; attempts: number }>;
      for (const r of rows) await this.attempt({ id: Number(r.id), to: r.to_address, subject: r.subject, text: r.body, replyTo: r.reply_to, headers: r.headers, attempts: Number(r.attempts) });
      return rows.length;
    } catch (err) {
      this.logger.warn({ err }, 'mail retry failed');
      return 0;
    }
  }

  private async attempt(m: Pending): Promise<void> {
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
      return;
    }
    await this.ds.query(`UPDATE outbox_emails SET delivered_by = 'smtp', attempts = $2, next_attempt_at = NULL, last_error = NULL WHERE id = $1`, [m.id, attempts]);
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

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.retrying;
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
