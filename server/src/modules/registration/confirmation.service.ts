import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CONFIRMATION_TEXTS, EMAIL_CONFIRMATION, type ConfirmationOutcome } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { returnedRows } from '../../core/database/returned-rows';
import { Mailer } from '../../core/mail/mailer';
import { digest, randomToken } from '../auth/tokens';

const LIFETIME = `interval '${EMAIL_CONFIRMATION.tokenLifetimeHours} hours'`;

/**
 * E-mail confirmation (Devise's confirmable, as GitLab uses it): a single-use link whose token
 * is stored only as its sha256, valid for a day; the mail goes through the outbox like all
 * mail. Whether an unconfirmed account may be used is modules/user/email-confirmation.ts.
 */
@Injectable()
export class ConfirmationService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
  ) {}

  /** A new token and the values to store with it (its digest and sending time go in the user row). */
  newToken(): { token: string; digest: string } {
    const token = randomToken();
    return { token, digest: digest(token) };
  }

  /** Mails the link (into the outbox first; over SMTP when SMTP_URL is set). */
  async sendInstructions(to: { name: string; email: string }, token: string): Promise<void> {
    const link = `${this.config.publicUrl}${EMAIL_CONFIRMATION.linkPath}?confirmation_token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: to.email, subject: CONFIRMATION_TEXTS.mailSubject, text: CONFIRMATION_TEXTS.mailBody(to.name, to.email, link) });
  }

  /** Follows a link: confirms its account and spends the token; otherwise says why not. */
  async confirm(token: string): Promise<ConfirmationOutcome> {
    if (token.length > 128) return 'invalid';
    const d = digest(token);
    const confirmed = returnedRows<{ id: number }>(
      await this.ds.query(
        `UPDATE users SET confirmed_at = now(), confirmation_digest = NULL
         WHERE confirmation_digest = $1 AND confirmed_at IS NULL AND confirmation_sent_at > now() - ${LIFETIME} RETURNING id`,
        [d],
      ),
    );
    if (confirmed.length) return 'confirmed';
    const [stale] = (await this.ds.query('SELECT 1 AS one FROM users WHERE confirmation_digest = $1', [d])) as unknown[];
    return stale ? 'expired' : 'invalid';
  }

  /**
   * Sends a new link when the address belongs to an unconfirmed person's account (the earlier
   * link stops working); does nothing otherwise, and the caller answers the same either way.
   */
  async resend(email: string): Promise<void> {
    const { token, digest: d } = this.newToken();
    const [row] = returnedRows<{ name: string; email: string }>(
      await this.ds.query(
        `UPDATE users SET confirmation_digest = $2, confirmation_sent_at = now()
         WHERE lower(email) = lower($1) AND confirmed_at IS NULL AND user_type IS NULL AND state = 'active' RETURNING name, email`,
        [email, d],
      ),
    );
    if (row) await this.sendInstructions(row, token);
  }
}
