import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PASSWORD_RESET_PATHS, PASSWORD_RESET_TEXTS, passwordResetMailText, type PasswordResetInput } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { returnedRows } from '../../core/database/returned-rows';
import { ValidationError } from '../../core/errors/app-error';
import { Mailer } from '../../core/mail/mailer';
import { ThrottleService } from '../../core/throttle/throttle.service';
import { AuthService } from './auth.service';
import { digest, randomToken } from './tokens';

/** The people who may reset a password: active, and not a bot (the Support Bot never signs in). */
const RESETTABLE = `u.state = 'active' AND u.user_type IS NULL`;

const invalidToken = () => new ValidationError({ reset_password_token: [PASSWORD_RESET_TEXTS.tokenInvalid] });

/**
 * "Forgot your password?" (Devise's recoverable, as GitLab uses it): a request mails a link with
 * a random token to the account's own address; only the token's sha256 is stored, one per user
 * (a newer request replaces it), for PASSWORD_RESET_TTL_HOURS. Setting the new password uses it
 * up, and ends every browser session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly auth: AuthService,
    private readonly throttle: ThrottleService,
  ) {}

  /**
   * Mails a reset link when `email` is an account's address; resolves alike when it is not (the
   * caller answers the same text either way). The mail is stored, not sent, before this returns.
   */
  async request(email: string): Promise<void> {
    const [user] = (await this.ds.query(`SELECT u.id, u.name, u.email FROM users u WHERE lower(u.email) = lower($1) AND ${RESETTABLE}`, [email])) as Array<{ id: number; name: string; email: string }>;
    if (!user) return;
    const token = randomToken();
    await this.ds.query(
      `INSERT INTO password_reset_tokens (user_id, token_digest, created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET token_digest = EXCLUDED.token_digest, created_at = EXCLUDED.created_at`,
      [user.id, digest(token)],
    );
    const link = `${this.linkBase()}${PASSWORD_RESET_PATHS.edit}?reset_password_token=${encodeURIComponent(token)}`;
    // To the address on the account, never the one typed in the form (which only matched it)
    await this.mailer.enqueue({ to: user.email, subject: PASSWORD_RESET_TEXTS.mailSubject, text: passwordResetMailText(user.name, link, this.config.PASSWORD_RESET_TTL_HOURS) });
  }

  /** Sets the new password with a live token, uses the token up and signs the account out everywhere. */
  async reset(input: PasswordResetInput): Promise<void> {
    const tokenDigest = digest(input.reset_password_token);
    const ttlSeconds = this.config.PASSWORD_RESET_TTL_HOURS * 3600;
    const [found] = (await this.ds.query(
      `SELECT t.created_at > now() - make_interval(secs => $2::float8) AS fresh
       FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_digest = $1 AND ${RESETTABLE}`,
      [tokenDigest, ttlSeconds],
    )) as Array<{ fresh: boolean }>;
    if (!found) throw invalidToken();
    if (!found.fresh) throw new ValidationError({ reset_password_token: [PASSWORD_RESET_TEXTS.tokenExpired] });
    const passwordHash = await this.auth.hashPassword(input.password);
    const { userId, sessions } = await this.ds.transaction(async (m) => {
      // Deleting the row is the use: of two requests with one token, only one gets it back
      const [used] = returnedRows<{ user_id: number }>(
        await m.query(`DELETE FROM password_reset_tokens WHERE token_digest = $1 AND created_at > now() - make_interval(secs => $2::float8) RETURNING user_id`, [tokenDigest, ttlSeconds]),
      );
      if (!used) throw invalidToken();
      const [changed] = returnedRows<{ username: string; email: string }>(
        await m.query(`UPDATE users u SET password_hash = $2, updated_at = now() WHERE u.id = $1 AND ${RESETTABLE} RETURNING u.username, u.email`, [used.user_id, passwordHash]),
      );
      if (!changed) throw invalidToken();
      return { userId: Number(used.user_id), sessions: await this.auth.deleteSessionsOf(m, Number(used.user_id)) };
    });
    this.auth.announceRevoked(sessions);
    // The owner proved who they are: failed sign-ins no longer hold the account back
    await this.throttle.clearFailedSignIns({ accountId: userId });
  }

  /**
   * The mailed link's origin comes from configuration only (PUBLIC_URL), never from the request's
   * Host: a forged Host must not put a working token into a link to someone else's server.
   */
  private linkBase(): string {
    return this.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${this.config.PORT}`;
  }
}
