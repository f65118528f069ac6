import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  delivered_by: 'outbox' | 'smtp';
  created_at: string;
}

/**
 * Outgoing mail. With SMTP_URL it is sent through that server (nodemailer); without, nothing
 * leaves the machine. Either way a copy goes to the `outbox_emails` table, which developers
 * read at GET /-/outbox (README, configuration).
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  /** Sends (or, without SMTP, only stores) a message; an SMTP failure is logged, never thrown at the caller. */
  async send(message: MailMessage): Promise<void> {
    let by: 'outbox' | 'smtp' = 'outbox';
    if (this.transport) {
      try {
        await this.transport.sendMail({ from: this.config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
        by = 'smtp';
      } catch (err) {
        this.logger.error({ err }, 'SMTP delivery failed; the message stays in the outbox');
      }
    }
    await this.ds.query('INSERT INTO outbox_emails (to_address, subject, body, delivered_by) VALUES ($1, $2, $3, $4)', [message.to, message.subject, message.text, by]);
  }

  /** The newest messages first. */
  async outbox(limit = 50): Promise<OutboxMessage[]> {
    const rows = (await this.ds.query('SELECT id, to_address, subject, body, delivered_by, created_at FROM outbox_emails ORDER BY id DESC LIMIT $1', [limit])) as Array<{
      id: number; to_address: string; subject: string; body: string; delivered_by: 'outbox' | 'smtp'; created_at: Date;
    }>;
    return rows.map((r) => ({ id: Number(r.id), to: r.to_address, subject: r.subject, body: r.body, delivered_by: r.delivered_by, created_at: new Date(r.created_at).toISOString() }));
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
