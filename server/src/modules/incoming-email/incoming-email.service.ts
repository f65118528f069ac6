import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { returnedRows } from '../../core/database/returned-rows';
import { buildIncomingEmailKey, incomingAddress } from './incoming-email-key';

/** 26 characters of [a-z0-9] (GitLab's incoming_email_token is of this kind): about 134 bits. */
const newToken = () =>
  Array.from(randomBytes(26), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36])
    .join('');

/** The issue email addresses users see in the sidebar (configured with INCOMING_EMAIL_ADDRESS). */
@Injectable()
export class IncomingEmailService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.INCOMING_EMAIL_ADDRESS);
  }

  /** The user's address for one issue; null when incoming mail is not configured. Makes the user's token on first use. */
  async addressFor(userId: number, project: { id: number; fullPath: string }, iid: number): Promise<string | null> {
    const pattern = this.config.INCOMING_EMAIL_ADDRESS;
    if (!pattern) return null;
    // One statement; the row is written only the first time (a page view is no write)
    const [row] = returnedRows<{ token: string | null }>(
      await this.ds.query(
        `WITH cur AS (SELECT incoming_email_token FROM users WHERE id = $1),
         made AS (UPDATE users SET incoming_email_token = $2 WHERE id = $1 AND incoming_email_token IS NULL RETURNING incoming_email_token)
         SELECT COALESCE((SELECT incoming_email_token FROM made), (SELECT incoming_email_token FROM cur)) AS token`,
        [userId, newToken()],
      ),
    );
    const token = row?.token;
    if (!token) return null;
    return incomingAddress(pattern, buildIncomingEmailKey(project.fullPath, { projectId: project.id, token, iid }));
  }
}
